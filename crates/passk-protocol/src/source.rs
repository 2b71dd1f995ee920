//! A file the engine reads: in the browser the user's `File` itself (it crosses to the worker
//! as a JavaScript object beside the message's bytes, which hold its place in the list of
//! files handed over, and is read there in slices); natively (the runner's tests) its bytes.

/// A file to read.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone, PartialEq)]
pub struct Source(pub web_sys::File);

#[cfg(target_arch = "wasm32")]
pub(crate) use handed::{handing, receiving};

/// The files of the message being encoded or decoded, by their place in it.
#[cfg(target_arch = "wasm32")]
mod handed {
    use super::Source;
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};
    use std::cell::RefCell;

    thread_local! {
        static FILES: RefCell<Vec<Option<web_sys::File>>> = const { RefCell::new(Vec::new()) };
    }

    /// Runs `encode`, collecting the files it names (the JavaScript objects themselves).
    pub fn handing<T>(encode: impl FnOnce() -> T) -> (T, Vec<web_sys::File>) {
        FILES.with_borrow_mut(Vec::clear);
        let out = encode();
        let files = FILES.with_borrow_mut(std::mem::take);
        (out, files.into_iter().flatten().collect())
    }

    /// Runs `decode` with the files that came with the message.
    pub fn receiving<T>(files: Vec<web_sys::File>, decode: impl FnOnce() -> T) -> T {
        FILES.with_borrow_mut(|f| *f = files.into_iter().map(Some).collect());
        let out = decode();
        FILES.with_borrow_mut(Vec::clear);
        out
    }

    impl Serialize for Source {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let at = FILES.with_borrow_mut(|f| {
                f.push(Some(self.0.clone()));
                f.len() - 1
            });
            s.serialize_u32(at as u32)
        }
    }

    impl<'de> Deserialize<'de> for Source {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Source, D::Error> {
            let at = u32::deserialize(d)? as usize;
            FILES
                .with_borrow_mut(|f| f.get_mut(at).and_then(Option::take))
                .map(Source)
                .ok_or_else(|| D::Error::custom("a file the message did not carry"))
        }
    }
}

/// A file to read.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Source(pub Vec<u8>);

/// Why a slice could not be read.
pub const UNREADABLE: &str = "the browser could not read the file";

impl Source {
    /// Its size in bytes.
    pub fn size(&self) -> u64 {
        #[cfg(target_arch = "wasm32")]
        return self.0.size() as u64;
        #[cfg(not(target_arch = "wasm32"))]
        return self.0.len() as u64;
    }

    /// The bytes `start..end`.
    ///
    /// # Errors
    /// [`UNREADABLE`] when the browser cannot read them (the file changed or went away).
    pub async fn read(&self, start: u64, end: u64) -> Result<Vec<u8>, String> {
        #[cfg(target_arch = "wasm32")]
        {
            let blob = self
                .0
                .slice_with_f64_and_f64(start as f64, end as f64)
                .map_err(|_| UNREADABLE.to_string())?;
            let buffer = wasm_bindgen_futures::JsFuture::from(blob.array_buffer())
                .await
                .map_err(|_| UNREADABLE.to_string())?;
            Ok(js_sys::Uint8Array::new(&buffer).to_vec())
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (start, end) = (start as usize, (end as usize).min(self.0.len()));
            self.0
                .get(start..end.max(start))
                .map(<[u8]>::to_vec)
                .ok_or_else(|| UNREADABLE.to_string())
        }
    }
}
