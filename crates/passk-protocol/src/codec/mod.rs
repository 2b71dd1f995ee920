//! The messages across the worker boundary: each one binary buffer, MessagePack with named
//! fields (the types skip absent fields, which a format without field names could not
//! follow), handed over to the other side (`postMessage`'s transfer list), not copied. Every
//! number keeps its bits (a 64-bit integer stays one, a float its NaN payload), and a long
//! list of numbers is bytes, not a JavaScript value per number.
//!
//! The writer and reader are the project's own (`write`, `serialize`; `read`, `visit`): rmp-serde, the
//! well-kept MessagePack crate, made every type's encoding larger (its reader's one generic
//! dispatch is 12 KB of code per type read): the first visit's wasm grew by 414 KB gzipped
//! against serde-wasm-bindgen's. Its output is still the reference the tests compare with.
//!
//! A user's `File` cannot be bytes: it crosses as itself beside the buffer, and the buffer
//! holds its place in that list (`source.rs`).

use serde::{de::DeserializeOwned, Serialize};

mod fault;
mod read;
mod serialize;
mod visit;
mod write;

/// Why a message could not be encoded or decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The message could not be written (a value the format cannot hold).
    Encode(String),
    /// The bytes are not a message of the type expected.
    Decode(String),
    /// What arrived is not a message (no buffer, or no list of files beside it).
    NotAMessage,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Encode(e) => write!(f, "the message could not be encoded: {e}"),
            Error::Decode(e) => write!(f, "the message could not be decoded: {e}"),
            Error::NotAMessage => f.write_str("what arrived is not a message"),
        }
    }
}

impl std::error::Error for Error {}

/// A message as its bytes.
///
/// # Errors
/// [`Error::Encode`] for a value MessagePack cannot hold (none of the protocol's).
pub fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, Error> {
    let mut w = write::Writer { out: Vec::new() };
    message
        .serialize(&mut w)
        .map_err(|e| Error::Encode(e.to_string()))?;
    Ok(w.out)
}

/// A message read back from its bytes.
///
/// # Errors
/// [`Error::Decode`] when the bytes are not a `T` (cut short, another type, a later version,
/// bytes left after it).
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    let mut r = read::Reader::new(bytes);
    let message = T::deserialize(&mut r).map_err(|e| Error::Decode(e.to_string()))?;
    if !r.done() {
        return Err(Error::Decode("bytes after the message".into()));
    }
    Ok(message)
}

#[cfg(target_arch = "wasm32")]
pub use browser::{from_js, to_js, Posted};

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{decode, encode, Error};
    use crate::source;
    use serde::{de::DeserializeOwned, Serialize};
    use wasm_bindgen::{JsCast, JsValue};

    /// A message ready to post: `{ bytes: Uint8Array, files: [File, …] }` and its transfer
    /// list (the bytes' buffer).
    pub struct Posted {
        /// What to post.
        pub value: JsValue,
        /// What to hand over with it.
        pub transfer: js_sys::Array,
    }

    /// A message as what crosses.
    ///
    /// # Errors
    /// [`Error::Encode`] (none of the protocol's messages).
    pub fn to_js<T: Serialize>(message: &T) -> Result<Posted, Error> {
        let (bytes, files) = source::handing(|| encode(message));
        let bytes = js_sys::Uint8Array::from(&bytes?[..]);
        let files: js_sys::Array = files.iter().collect();
        let value = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&value, &JsValue::from_str(k), v);
        set("bytes", &bytes)
            .and(set("files", &files))
            .map_err(|_| Error::NotAMessage)?;
        Ok(Posted {
            value: value.into(),
            transfer: js_sys::Array::of1(&bytes.buffer()),
        })
    }

    /// A message read back from what crossed.
    ///
    /// # Errors
    /// [`Error::NotAMessage`] when `value` is not `{ bytes, files }`; [`Error::Decode`] when
    /// its bytes are not a `T`.
    pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, Error> {
        let get = |k: &str| js_sys::Reflect::get(&value, &JsValue::from_str(k)).ok();
        let bytes = get("bytes").and_then(|b| b.dyn_into::<js_sys::Uint8Array>().ok());
        let files = get("files").and_then(|f| f.dyn_into::<js_sys::Array>().ok());
        let (Some(bytes), Some(files)) = (bytes, files) else {
            return Err(Error::NotAMessage);
        };
        let files = files
            .iter()
            .map(|f| {
                f.dyn_into::<web_sys::File>()
                    .map_err(|_| Error::NotAMessage)
            })
            .collect::<Result<Vec<_>, _>>()?;
        source::receiving(files, || decode(&bytes.to_vec()))
    }
}
