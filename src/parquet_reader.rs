//! Reading a Parquet file (lighteval details, verl generations): in a Web Worker of its own
//! (`crates/passk-parquet`), started for each such file and ended with it. The decoder is
//! large and loads only then; it may abort on a damaged file, which ends that worker, not the
//! page, and is reported as the file being damaged.

use passk_io::read::{FileRead, ReadOptions};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Whether `name` is read by the Parquet worker (by its extension: the engine worker,
/// which reads every other file, refuses Parquet with a note saying so).
pub fn is_parquet(name: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("parquet"))
}

/// Why a Parquet file was not read when its worker stopped without an answer.
const STOPPED: &str =
    "could not be read: the Parquet reader stopped inside it (the file is damaged, \
     or too large for the browser's memory)";

/// Reads `file` in the Parquet worker.
///
/// # Errors
/// A message naming the file when it cannot be read at all (the worker did not start, or
/// stopped); what is wrong inside a readable file is in the [`FileRead`]'s rejected rows.
pub async fn read(file: web_sys::File, options: &ReadOptions) -> Result<FileRead, String> {
    let name = file.name();
    let fail = |why: &str| format!("{name}: {why}");
    let bytes = JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| fail("could not be read from the disk"))?;
    let worker = web_sys::Worker::new("passk-parquet-loader.js")
        .map_err(|_| fail("the Parquet reader could not start"))?;
    // The worker's failure is this file's (said below), not an error of the page's.
    let mut stopped = None;
    let answered = js_sys::Promise::new(&mut |resolve, reject| {
        worker.set_onmessage(Some(&resolve));
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            e.prevent_default();
            let _ = reject.call0(&JsValue::NULL);
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        stopped = Some(on_error);
    });
    let options = serde_json::to_string(options).unwrap_or_default();
    let ask = js_sys::Array::of4(
        &bytes,
        &JsValue::from_str(&name),
        &JsValue::from_str(""),
        &JsValue::from_str(&options),
    );
    let posted = worker.post_message_with_transfer(&ask, &js_sys::Array::of1(&bytes));
    let answer = match posted {
        Ok(()) => JsFuture::from(answered).await,
        Err(e) => Err(e),
    };
    worker.terminate();
    drop(stopped);
    let text = answer
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::MessageEvent>().ok())
        .and_then(|e| e.data().as_string())
        .ok_or_else(|| fail(STOPPED))?;
    serde_json::from_str(&text).map_err(|_| fail(STOPPED))
}
