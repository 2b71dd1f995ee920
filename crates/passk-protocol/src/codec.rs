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

/// Byte arrays shorter than this are copied with their message (handing over costs more).
const MIN_HANDED_OVER: u32 = 1 << 16;

/// The buffers of a message's large byte arrays (a task list's columns), to be handed over
/// with it (`postMessage`'s transfer list) instead of copied: the message's own copies, made
/// by serde-wasm-bindgen, so nothing else loses them. Looks through plain objects and short
/// arrays only (a long array is data, not the place columns are kept), a few levels deep.
pub fn handed_over(message: &JsValue) -> js_sys::Array {
    fn walk(v: &JsValue, depth: u32, out: &js_sys::Array) {
        use wasm_bindgen::JsCast;
        if let Some(bytes) = v.dyn_ref::<js_sys::Uint8Array>() {
            if bytes.byte_length() >= MIN_HANDED_OVER {
                out.push(&bytes.buffer());
            }
            return;
        }
        if depth == 0 {
            return;
        }
        if let Some(list) = v.dyn_ref::<js_sys::Array>() {
            if list.length() <= 64 {
                list.iter().for_each(|x| walk(&x, depth - 1, out));
            }
        } else if let Some(object) = v.dyn_ref::<js_sys::Object>() {
            js_sys::Object::values(object)
                .iter()
                .for_each(|x| walk(&x, depth - 1, out));
        }
    }
    let out = js_sys::Array::new();
    walk(message, 8, &out);
    out
}
