//! The messages across the worker boundary, through serde-wasm-bindgen (no JSON strings):
//! 64-bit integers travel as BigInt so that no count, budget or seed is ever rounded or
//! refused.

use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::JsValue;

/// A message as a JavaScript value.
///
/// # Errors
/// What serde-wasm-bindgen reports (a value it cannot represent).
pub fn to_js<T: Serialize>(message: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    let s = serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true);
    message.serialize(&s)
}

/// A message read back.
///
/// # Errors
/// What serde-wasm-bindgen reports (a value of another shape).
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, serde_wasm_bindgen::Error> {
    serde_wasm_bindgen::from_value(value)
}
