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
//! A user's `File` cannot be bytes: it crosses as itself beside the buffer (serde-wasm-bindgen,
//! which hands JavaScript values through unchanged), and the buffer holds its place in that
//! list (`source.rs`).

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
    use serde::{de::DeserializeOwned, Deserialize, Serialize};
    use wasm_bindgen::JsValue;

    /// What crosses: the message's bytes and the files it names, as one JavaScript object
    /// (`{ bytes: Uint8Array, files: [File, …] }`).
    #[derive(Serialize, Deserialize)]
    struct Envelope {
        #[serde(with = "serde_bytes_buf")]
        bytes: Vec<u8>,
        #[serde(default)]
        files: Vec<source::Handed>,
    }

    /// `Vec<u8>` as one `Uint8Array` (serde-wasm-bindgen writes bytes so; a plain `Vec<u8>`
    /// would be an array of numbers).
    mod serde_bytes_buf {
        use serde::{Deserializer, Serializer};

        pub fn serialize<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(b)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Vec<u8>;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("bytes")
                }
                fn visit_bytes<E>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                    Ok(v.to_vec())
                }
                fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
                    Ok(v)
                }
            }
            d.deserialize_byte_buf(V)
        }
    }

    /// A message ready to post: the value and its transfer list (the bytes' buffer).
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
        let envelope = Envelope {
            bytes: bytes?,
            files,
        };
        let value =
            serde_wasm_bindgen::to_value(&envelope).map_err(|e| Error::Encode(e.to_string()))?;
        let transfer = js_sys::Array::new();
        if let Ok(b) = js_sys::Reflect::get(&value, &JsValue::from_str("bytes")) {
            if let Some(b) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Uint8Array>(&b) {
                transfer.push(&b.buffer());
            }
        }
        Ok(Posted { value, transfer })
    }

    /// A message read back from what crossed.
    ///
    /// # Errors
    /// [`Error::NotAMessage`] when `value` is not an envelope; [`Error::Decode`] when its bytes
    /// are not a `T`.
    pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, Error> {
        let Envelope { bytes, files } =
            serde_wasm_bindgen::from_value(value).map_err(|_| Error::NotAMessage)?;
        source::receiving(files, || decode(&bytes))
    }
}
