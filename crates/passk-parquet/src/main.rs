//! The Parquet reader's Web Worker (built for wasm32 by Trunk, started by the page only when a
//! Parquet file is loaded: `src/inputs/parquet_reader.rs`).
//!
//! It speaks the page's one protocol (`passk-protocol`), of which it understands `Ask::Read`
//! alone ([`ReadRequest`](passk_protocol::ReadRequest)): it reads the user's file there,
//! decodes it with [`read_parquet`] and answers `Answer::Read`
//! ([`ReadReply`](passk_protocol::ReadReply)), one buffer handed over.
//! The decoder may panic on a damaged file (see `passk_io::read`'s Parquet module); in wasm
//! that aborts this worker, not the page, which reports the file as damaged.

use passk_io::read::{read_parquet, series_name_for, FileRead, ReadOptions};

/// Reads `bytes` as the Parquet file `file` with `options` (its series named after the file).
pub fn read_file(bytes: &[u8], file: &str, options: ReadOptions) -> FileRead {
    read_parquet(file, &series_name_for(file), bytes, options)
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use passk_protocol::codec::{from_js, to_js};
    use passk_protocol::{ReadAnswer, ReadAsk, ReadFile, ReadReply, ReadRequest};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let answer = {
        let scope = scope.clone();
        move |e: web_sys::MessageEvent| {
            let scope = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Not understood, or unreadable: no answer (the page reports the file).
                let Ok(ReadRequest { job, ask }) = from_js::<ReadRequest>(e.data()) else {
                    return;
                };
                let ReadAsk::Read(ReadFile {
                    source,
                    name,
                    options,
                    ..
                }) = ask;
                let Ok(bytes) = source.read(0, source.size()).await else {
                    return;
                };
                let read = Box::new(read_file(&bytes, &name, options));
                let reply = ReadReply {
                    job,
                    answer: ReadAnswer::Read { read },
                };
                if let Ok(p) = to_js(&reply) {
                    let _ = scope.post_message_with_transfer(&p.value, &p.transfer);
                }
            });
        }
    };
    // What the page posted while the wasm loaded, first.
    let early = js_sys::Reflect::get(&scope, &"__passkEarly".into()).unwrap_or(JsValue::UNDEFINED);
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(answer.clone());
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    if early.is_object() {
        for e in js_sys::Array::from(&early).iter() {
            answer(e.unchecked_into());
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("passk-parquet is the page's Parquet worker: `./dev build` builds it with the page.");
    std::process::exit(2);
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_details_file_is_read_as_the_command_line_reads_it() {
        let path = passk_fixtures::root().join(
            "tests/fixtures/harness/lighteval/details_lighteval|aime24|0_2025-06-01T12-00-00.000000.parquet",
        );
        let bytes = std::fs::read(&path).unwrap();
        let read = read_file(&bytes, "d.parquet", ReadOptions::default());
        assert_eq!(read.default_name, "d");
        let tasks = &read.series[0].1;
        let counts: Vec<(u64, u64)> = tasks.iter().map(|t| (t.counts.n(), t.counts.c())).collect();
        assert_eq!(counts, [(4, 3), (4, 2), (4, 1), (4, 0), (4, 4)]);
        // Damaged: a reason, never a panic out of the reader.
        let read = read_file(
            &bytes[..bytes.len() / 2],
            "d.parquet",
            ReadOptions::default(),
        );
        assert!(read.series.iter().all(|s| s.1.is_empty()));
        assert!(!read.rejected.is_empty());
    }
}
