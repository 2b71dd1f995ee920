//! Streaming a dropped or picked file into the reader: slices of the file are read one at a
//! time, each fed to the reader and then given back to the browser, so the page stays
//! responsive and memory follows the number of tasks, not the file's size.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

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

/// Resolves after the browser has had a turn (a zero-delay timeout).
pub async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = leptos::prelude::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 0);
    });
    let _ = JsFuture::from(promise).await;
}

/// Resolves once the browser has drawn a frame (or after 100 ms, for a hidden tab), then had a
/// turn: heavy work started after it never delays what is already on screen.
pub async fn after_paint() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let w = leptos::prelude::window();
        let _ = w.request_animation_frame(resolve.unchecked_ref());
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 100);
    });
    let _ = JsFuture::from(promise).await;
    yield_to_browser().await;
}

/// Gives the browser a turn once a slice of work has run for [`SLICE_MS`]: a long job calls
/// [`TimeSlice::pause`] between small steps, yielding (and paying a timer's delay) only when
/// its time is up.
#[derive(Debug, Clone, Copy)]
pub struct TimeSlice {
    since: f64,
}

/// How long a job runs before the browser gets a turn, in milliseconds.
pub const SLICE_MS: f64 = 30.0;

impl TimeSlice {
    /// A slice starting now.
    pub fn new() -> Self {
        TimeSlice {
            since: js_sys::Date::now(),
        }
    }

    /// Yields when the slice is used up; true when it did.
    pub async fn pause(&mut self) -> bool {
        if js_sys::Date::now() - self.since < SLICE_MS {
            return false;
        }
        yield_to_browser().await;
        self.since = js_sys::Date::now();
        true
    }
}

impl Default for TimeSlice {
    fn default() -> Self {
        Self::new()
    }
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
