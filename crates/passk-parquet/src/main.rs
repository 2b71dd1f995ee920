//! The Parquet reader's Web Worker (built for wasm32 by Trunk, started by the page only when a
//! Parquet file is loaded: `src/parquet_reader.rs`).
//!
//! It takes `[bytes, file, default name, read options as JSON]`, reads the file with
//! [`read_parquet`] and answers the [`FileRead`](passk_io::read::FileRead) as JSON.
//! The decoder may panic on a damaged file (see `passk_io::read`'s Parquet module); in wasm
//! that aborts this worker, not the page, which reports the file as damaged.

use passk_io::read::{read_parquet, series_name_for, ReadOptions};

/// Reads `bytes` as the file `file` (series `default_name`), with the options given as JSON
/// (the defaults if they do not parse); the read as JSON.
pub fn read_json(bytes: &[u8], file: &str, default_name: &str, options: &str) -> String {
    let options: ReadOptions = serde_json::from_str(options).unwrap_or_default();
    let name = if default_name.is_empty() {
        series_name_for(file)
    } else {
        default_name.to_string()
    };
    serde_json::to_string(&read_parquet(file, &name, bytes, options)).unwrap_or_default()
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let answer = {
        let scope = scope.clone();
        move |e: web_sys::MessageEvent| {
            let ask = js_sys::Array::from(&e.data());
            let bytes = js_sys::Uint8Array::new(&ask.get(0)).to_vec();
            let text = |i| ask.get(i).as_string().unwrap_or_default();
            let read = read_json(&bytes, &text(1), &text(2), &text(3));
            let _ = scope.post_message(&JsValue::from_str(&read));
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
    fn a_details_file_is_answered_as_the_command_line_reads_it() {
        let path = passk_fixtures::root().join(
            "tests/fixtures/harness/lighteval/details_lighteval|aime24|0_2025-06-01T12-00-00.000000.parquet",
        );
        let bytes = std::fs::read(&path).unwrap();
        let json = read_json(&bytes, "d.parquet", "", "{}");
        let read: passk_io::read::FileRead = serde_json::from_str(&json).unwrap();
        assert_eq!(read.default_name, "d");
        let tasks = &read.series[0].1;
        let counts: Vec<(u64, u64)> = tasks.iter().map(|t| (t.counts.n(), t.counts.c())).collect();
        assert_eq!(counts, [(4, 3), (4, 2), (4, 1), (4, 0), (4, 4)]);
        // Damaged: a reason, never a panic out of the reader.
        let json = read_json(&bytes[..bytes.len() / 2], "d.parquet", "", "not json");
        let read: passk_io::read::FileRead = serde_json::from_str(&json).unwrap();
        assert!(read.series.iter().all(|s| s.1.is_empty()));
        assert!(!read.rejected.is_empty());
    }
}
