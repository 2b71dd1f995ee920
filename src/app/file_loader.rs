//! Streaming a dropped or picked file into the reader: slices of the file are read one at a
//! time, each fed to the reader and then given back to the browser, so the page stays
//! responsive and memory follows the number of tasks, not the file's size.

use wasm_bindgen_futures::JsFuture;

use super::jobs::yield_to_browser;
use crate::io::read::{series_name_for, FileRead, Format, Reader};

/// Bytes read per slice.
pub const CHUNK: f64 = 4.0 * 1024.0 * 1024.0;

/// How far a load has got.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The file.
    pub name: String,
    /// Bytes read.
    pub done: f64,
    /// The file's size.
    pub total: f64,
    /// Tasks read so far.
    pub tasks: usize,
    /// Files still waiting after this one.
    pub queued: usize,
}

/// Reads `file` in slices of [`CHUNK`] bytes.
///
/// # Errors
/// "cancelled" when `cancelled()` turns true between slices; the browser's message when a
/// slice cannot be read.
pub async fn read_file(
    file: web_sys::File,
    format: Option<Format>,
    queued: usize,
    progress: impl Fn(Progress),
    cancelled: impl Fn() -> bool,
) -> Result<FileRead, String> {
    let name = file.name();
    let total = file.size();
    let mut reader = Reader::new(&name, &series_name_for(&name), format);
    let mut done = 0.0;
    while done < total {
        if cancelled() {
            return Err("cancelled".to_string());
        }
        let end = (done + CHUNK).min(total);
        let blob = file
            .slice_with_f64_and_f64(done, end)
            .map_err(|_| format!("{name}: the browser could not read the file"))?;
        let buffer = JsFuture::from(blob.array_buffer())
            .await
            .map_err(|_| format!("{name}: the browser could not read the file"))?;
        let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
        reader.feed(&bytes);
        done = end;
        progress(Progress {
            name: name.clone(),
            done,
            total,
            tasks: reader.tasks(),
            queued,
        });
        yield_to_browser().await;
    }
    if cancelled() {
        return Err("cancelled".to_string());
    }
    Ok(reader.finish())
}
