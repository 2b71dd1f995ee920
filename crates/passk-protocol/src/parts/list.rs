//! A part's rows as they travel: the codec's bytes of the list. In the browser they cross as
//! a `File` that holds them (made by the worker that computed them, beside the message like a
//! user's file: `source.rs`), so that the page hands them from worker to worker by reference
//! and never copies them on its own thread (a band's thousand resamples at k_max = 10⁶ are
//! tens of megabytes: copied into the page's wasm, decoded and encoded again, they made it
//! a 50–70 ms task); the worker running the job reads them back ([`List::opened`]).

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The encoded list.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum List {
    /// The bytes themselves.
    Bytes(Arc<[u8]>),
    /// A `File` holding them, as it crossed (in the browser only).
    #[cfg(target_arch = "wasm32")]
    Handed(crate::source::Source),
}

impl List {
    /// The bytes, when they are here (not while they are a `File` not yet read).
    pub(crate) fn bytes(&self) -> Option<&[u8]> {
        match self {
            List::Bytes(b) => Some(b),
            #[cfg(target_arch = "wasm32")]
            List::Handed(_) => None,
        }
    }

    /// The list with its bytes here: a `File` read back (as it was when it cannot be read:
    /// its rows then do not open, and the job does their part itself).
    pub(crate) async fn opened(self) -> List {
        match self {
            #[cfg(target_arch = "wasm32")]
            List::Handed(source) => match source.read(0, source.size()).await {
                Ok(bytes) => List::Bytes(bytes.into()),
                Err(_) => List::Handed(source),
            },
            list => list,
        }
    }
}

impl Serialize for List {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            List::Bytes(b) => s.serialize_bytes(b),
            #[cfg(target_arch = "wasm32")]
            List::Bytes(b) => {
                let bits = js_sys::Array::of1(&js_sys::Uint8Array::from(&b[..]));
                let file = web_sys::File::new_with_u8_array_sequence(&bits, "rows")
                    .map_err(|_| serde::ser::Error::custom("the rows could not be held"))?;
                crate::source::Source(file).serialize(s)
            }
            #[cfg(target_arch = "wasm32")]
            List::Handed(source) => source.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for List {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<List, D::Error> {
        #[cfg(target_arch = "wasm32")]
        return crate::source::Source::deserialize(d).map(List::Handed);
        #[cfg(not(target_arch = "wasm32"))]
        return bytes(d).map(|b| List::Bytes(b.into()));
    }
}

/// Bytes as one binary item (or, as another writer may put them, a list of numbers).
#[cfg(not(target_arch = "wasm32"))]
fn bytes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    struct Bytes;
    impl<'de> serde::de::Visitor<'de> for Bytes {
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
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Vec<u8>, A::Error> {
            let mut out = Vec::new();
            while let Some(b) = a.next_element()? {
                out.push(b);
            }
            Ok(out)
        }
    }
    d.deserialize_byte_buf(Bytes)
}
