//! A long text (the stored files' JSON of `Answer::Stored`) across the worker boundary as its
//! UTF-8 bytes: a string is converted character by character on each side (about 20 ms for
//! the 3 MB of a 10^5-task file on the page's thread), a byte array is copied.

use serde::{Deserialize, Deserializer, Serializer};

use crate::wire::tasks::Bytes;

/// Writes the text as its UTF-8 bytes.
///
/// # Errors
/// The serializer's.
pub fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bytes(text.as_bytes())
}

/// Reads it back.
///
/// # Errors
/// The deserializer's, or that the bytes are not UTF-8.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::from_utf8(Bytes::deserialize(d)?.0)
        .map_err(|_| serde::de::Error::custom("text: not UTF-8"))
}
