//! Reading a Parquet file (lighteval details, verl generations): in a Web Worker of its own
//! (`crates/passk-parquet`), started for each such file and ended with it. The decoder is
//! large and loads only then; it may abort on a damaged file, which ends that worker, not the
//! page, and is reported as the file being damaged.

use passk_io::read::{FileRead, Format, ReadOptions};
use passk_protocol::codec::{from_js, to_js};
use passk_protocol::source::Source;
use passk_protocol::{Answer, Ask, ReadFile, Reply, Request};
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
    // The protocol's own request: the worker reads the file itself (not copied here).
    let req = Request {
        job: 1,
        ask: Ask::Read(ReadFile {
            source: Source(file),
            name: name.clone(),
            format: Some(Format::Parquet),
            options: options.clone(),
        }),
    };
    let posted = to_js(&req).map_err(|_| fail(STOPPED))?;
    let answer = match worker.post_message_with_transfer(&posted.value, &posted.transfer) {
        Ok(()) => JsFuture::from(answered).await,
        Err(e) => Err(e),
    };
    worker.terminate();
    drop(stopped);
    let reply = answer
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::MessageEvent>().ok())
        .and_then(|e| from_js::<Reply>(e.data()).ok());
    match reply {
        Some(Reply {
            answer: Answer::Read { read },
            ..
        }) => Ok(*read),
        _ => Err(fail(STOPPED)),
    }
}
