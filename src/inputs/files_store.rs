//! The loaded files kept across reloads. A file of 10^5 tasks is megabytes of JSON, which
//! took the page's thread for about 85 ms to write: the engine writes it (`Ask::Store`, the
//! same `serde_json` of the same types) and the page stores the text it answers; only the
//! latest files are written when they change quickly. Should the engine fail, or the page be
//! left (a reload) before it answers, the page writes them itself.

use std::cell::Cell;
use std::time::Duration;

use leptos::prelude::*;

use crate::engine::client;
use crate::engine::latest::Latest;
use crate::inputs::storage;
use passk_io::read::FileRead;
use passk_protocol::{Answer, Ask, JobKind, Request};

/// The fewest characters a task takes in the stored files' JSON (`{"counts":[1,0]},`).
const MIN_TASK_JSON: usize = 17;

/// Files of fewer tasks are written on the page at once (a few milliseconds at most): the
/// engine's round trip is for the large ones.
const ON_PAGE_TASKS: usize = 10_000;

thread_local! {
    /// Whether the files are still kept here (false once the page writes storage itself
    /// before a reload: `stop_keeping`).
    static KEEPING: Cell<bool> = const { Cell::new(true) };
}

/// Stops keeping the files: what is written in storage from now on is not overwritten by a
/// pending write (the page is about to reload with what it put there itself).
pub fn stop_keeping() {
    KEEPING.set(false);
}

/// Keeps `files` in local storage under `key` whenever they change, after the page has shown
/// them; `not_stored` says why they could not be kept.
pub fn keep_files(
    files: RwSignal<Vec<FileRead>>,
    key: &'static str,
    not_stored: RwSignal<Option<String>>,
) {
    // The job asked to write the latest files (0: none yet, since they changed), and whether
    // they changed since they were last kept.
    let asked = StoredValue::new(0u64);
    let unkept = StoredValue::new(false);
    let settle = move |result: Result<(), String>| {
        unkept.set_value(false);
        if result.is_err() {
            // Keep at least the fact that files were loaded, so the example does not return.
            let _ = storage::save(key, "[]");
        }
        not_stored.set(result.err());
    };
    client::on_reply(JobKind::Store, move |reply| {
        let latest = reply.job() == Some(asked.get_value()) && asked.get_value() != 0;
        if !latest || !unkept.get_value() || !KEEPING.get() {
            return;
        }
        match reply.answer {
            Answer::Stored { json } => settle(storage::save(key, &json)),
            Answer::Progress { .. } => {}
            // The engine could not: written here.
            _ => settle(written_here(files, key)),
        }
    });
    // Left before the engine answered (a reload while it works): written here, now.
    let leaving = move || {
        if unkept.get_value() && KEEPING.get() {
            settle(too_large(files).map_or_else(|| written_here(files, key), Err));
        }
    };
    let hide = window_event_listener(leptos::ev::pagehide, move |_| leaving());
    let hidden = window_event_listener(leptos::ev::visibilitychange, move |_| {
        if document().hidden() {
            leaving();
        }
    });
    on_cleanup(move || {
        hide.remove();
        hidden.remove();
    });
    let latest = Latest::default();
    Effect::new(move |_| {
        files.track();
        // A reply to a write asked before this change is of older files: not taken.
        asked.set_value(0);
        unkept.set_value(true);
        latest.after(Duration::ZERO, move || match too_large(files) {
            Some(why) => settle(Err(why)),
            None if tasks(files) < ON_PAGE_TASKS => settle(written_here(files, key)),
            None => {
                client::send(|job| {
                    // (Set first: a failure to post is answered at once.)
                    asked.set_value(job);
                    Request {
                        job,
                        ask: Ask::Store {
                            files: files.get_untracked(),
                        },
                    }
                });
            }
        });
    });
}

/// Why files too large for local storage are not written out at all (a million tasks are
/// 30 MB of JSON: work for a certain refusal).
fn too_large(files: RwSignal<Vec<FileRead>>) -> Option<String> {
    let tasks = tasks(files);
    (tasks * MIN_TASK_JSON > storage::LIMIT).then(|| {
        format!(
            "at least {:.1} MB is more than this browser keeps for a page",
            (tasks * MIN_TASK_JSON) as f64 / 1e6
        )
    })
}

/// The tasks of every series of `files`.
fn tasks(files: RwSignal<Vec<FileRead>>) -> usize {
    files.with_untracked(|f| f.iter().flat_map(|r| &r.series).map(|s| s.1.len()).sum())
}

/// The files written on the page's thread (when the engine cannot).
fn written_here(files: RwSignal<Vec<FileRead>>, key: &str) -> Result<(), String> {
    let json = files.with_untracked(|f| serde_json::to_string(f).unwrap_or_default());
    storage::save(key, &json)
}
