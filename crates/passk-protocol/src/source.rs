//! A file the engine reads: in the browser the user's `File` itself (it crosses to the worker
//! as a JavaScript object, passed through serde-wasm-bindgen unchanged, and is read there in
//! slices); natively (the runner's tests) its bytes.

use serde::{Deserialize, Serialize};

/// A file to read.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Source(#[serde(with = "serde_wasm_bindgen::preserve")] pub web_sys::File);

/// A file to read.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
