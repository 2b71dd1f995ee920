//! Loading the files a user picks or drops, one after the other: the engine worker reads each
//! in slices (the page only shows its progress), and a cancel or a newer load stops it.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

use leptos::prelude::*;

use crate::engine::client;
use crate::inputs::dataset_state::Inputs;
use crate::inputs::load_progress::Progress;
use crate::inputs::parquet_reader;
use passk_io::read::Format;
use passk_protocol::source::Source;
use passk_protocol::{Answer, Ask, JobKind, ReadFile, Reply, Request};

/// A file to read: how, and the file shown it replaces when it is read again.
struct Entry {
    file: web_sys::File,
    format: Option<Format>,
    replaces: Option<u32>,
}

/// The load under way: the files still to read and the engine's job reading the current one.
struct Load {
    inputs: Inputs,
    files: VecDeque<Entry>,
    /// The file being read.
    current: Option<Entry>,
    job: u64,
    /// Which load this is: runs (SWE-bench reports, NeMo-Skills seeds) combine only with
    /// those loaded together.
    batch: u64,
}

thread_local! {
    static LOAD: RefCell<Option<Load>> = const { RefCell::new(None) };
    /// The files loaded in this visit, by their id on the page: read again when an option
    /// that made their counts changes (files restored from storage have none).
    static HANDLES: RefCell<HashMap<u32, web_sys::File>> = RefCell::new(HashMap::new());
}

/// The file loaded in this visit as the input `id`, if it was.
pub fn handle(id: u32) -> Option<web_sys::File> {
    HANDLES.with_borrow(|h| h.get(&id).cloned())
}

/// Loads `files` into the inputs: the first replaces the built-in example when only that is
/// shown (with an undo), the others add series. A load under way is replaced.
pub fn load_files(inputs: Inputs, files: Vec<web_sys::File>) {
    if files.is_empty() {
        return;
    }
    inputs.load_message.set(None);
    let format = inputs.format.get_untracked();
    let entries = files.into_iter().map(|file| Entry {
        file,
        format,
        replaces: None,
    });
    start(inputs, entries.collect());
}

/// Reads the files `again` (id, file, format) once more, with the options now set, each into
/// the place of the input it was; after the load under way, if any.
pub fn read_again(inputs: Inputs, again: Vec<(u32, web_sys::File, Option<Format>)>) {
    let entries: VecDeque<Entry> = again
        .into_iter()
        .map(|(id, file, format)| Entry {
            file,
            format,
            replaces: Some(id),
        })
        .collect();
    if entries.is_empty() {
        return;
    }
    let queued = LOAD.with_borrow_mut(|l| match l.as_mut() {
        Some(load) => {
            load.files.extend(entries);
            None
        }
        None => Some(entries),
    });
    if let Some(entries) = queued {
        start(inputs, entries);
    }
}

fn start(inputs: Inputs, files: VecDeque<Entry>) {
    client::on_reply(JobKind::Read, on_reply);
    LOAD.with_borrow_mut(|l| {
        *l = Some(Load {
            inputs,
            files,
            current: None,
            job: 0,
            batch: js_sys::Date::now() as u64,
        })
    });
    next();
}

/// Takes the file just read: in the place of the one it replaces, else added (and its
/// handle kept); then reads the next.
fn take(inputs: Inputs, read: passk_io::read::FileRead) {
    let current = LOAD.with_borrow_mut(|l| l.as_mut().and_then(|l| l.current.take()));
    match current {
        Some(Entry {
            replaces: Some(id), ..
        }) => inputs.replace_file(id, read),
        entry => {
            if let (Some(id), Some(e)) = (inputs.add_file(read), entry) {
                HANDLES.with_borrow_mut(|h| h.insert(id, e.file));
            }
        }
    }
    next();
}

/// Asks the engine to read the next file, or ends the load.
fn next() {
    let Some((inputs, file, format, queued)) = LOAD.with_borrow_mut(|l| {
        let load = l.as_mut()?;
        match load.files.pop_front() {
            Some(e) => {
                let (file, format) = (e.file.clone(), e.format);
                load.current = Some(e);
                Some((load.inputs, file, format, load.files.len()))
            }
            None => {
                load.inputs.load.set(None);
                *l = None;
                None
            }
        }
    }) else {
        return;
    };
    let name = file.name();
    inputs.load.set(Some(Progress {
        name: name.clone(),
        done: 0.0,
        total: file.size(),
        text: "reading…".into(),
        queued,
    }));
    let options = inputs.read_options.get_untracked();
    if parquet_reader::is_parquet(&name) || format == Some(Format::Parquet) {
        return read_parquet(inputs, file, options);
    }
    let job = client::send(|job| Request {
        job,
        ask: Ask::Read(ReadFile {
            source: Source(file),
            name,
            format,
            options,
        }),
    });
    LOAD.with_borrow_mut(|l| {
        if let Some(load) = l.as_mut() {
            load.job = job;
        }
    });
}

/// Reads a Parquet file in its own worker (not the engine's), then goes on with the next.
fn read_parquet(inputs: Inputs, file: web_sys::File, options: passk_io::read::ReadOptions) {
    let batch = LOAD.with_borrow(|l| l.as_ref().map(|l| l.batch));
    inputs.load.update(|p| {
        if let Some(p) = p.as_mut() {
            p.text = "reading Parquet…".into();
        }
    });
    leptos::task::spawn_local(async move {
        let read = parquet_reader::read(file, &options).await;
        // A cancel or a newer load meanwhile: this answer is not wanted.
        if LOAD.with_borrow(|l| l.as_ref().map(|l| l.batch)) != batch {
            return;
        }
        match read {
            Ok(read) => take(inputs, read),
            Err(message) => {
                end(inputs);
                inputs.load_message.set(Some(message));
            }
        }
    });
}

/// The engine's replies about the current file.
fn on_reply(reply: Reply) {
    let current = LOAD.with_borrow(|l| {
        l.as_ref()
            .filter(|load| Some(load.job) == reply.job())
            .map(|load| (load.inputs, load.batch))
    });
    let Some((inputs, batch)) = current else {
        return;
    };
    match reply {
        Reply {
            answer: Answer::Progress { text, done, .. },
            ..
        } => inputs.load.update(|p| {
            if let (Some(p), Some((done, total))) = (p.as_mut(), done) {
                p.done = done as f64;
                p.total = total as f64;
                p.text = text;
            }
        }),
        Reply {
            answer: Answer::Read { mut read, .. },
            ..
        } => {
            if let Some(runs) = &mut read.runs_of {
                runs.push_str(&format!(" (load {batch})"));
            }
            // (A task after its reply was decoded: `engine::client`'s inbox.)
            take(inputs, *read);
        }
        Reply {
            answer: Answer::Failed { message, .. },
            ..
        } => {
            end(inputs);
            inputs.load_message.set(Some(message));
        }
        _ => {}
    }
}

/// Ends the load under way, if any: the engine stops reading; files read before are kept.
pub fn cancel_load(inputs: Inputs) {
    if LOAD.with_borrow(Option::is_some) {
        client::cancel(JobKind::Read);
        end(inputs);
        inputs.load_message.set(Some(
            "Loading cancelled; files read before it are kept.".into(),
        ));
    }
}

fn end(inputs: Inputs) {
    LOAD.with_borrow_mut(|l| *l = None);
    inputs.load.set(None);
}

/// Pasted text longer than this (characters, as JavaScript counts them: bytes for the ASCII
/// of counts and logs) is read like a file, by the engine, instead of going
/// into the paste box: Chromium takes 164 ms to lay out a box of 100 KB of `n c` lines, 1.3 s
/// at 700 KB and 12 s at 7 MB (measured here), and the page would then parse it on its own
/// thread. About 4,600 `n c` lines fit under it.
pub const LARGE_PASTE: u32 = 32 * 1024;

/// What a large paste is called: its series is `pasted`, as the paste box's.
pub const PASTED_NAME: &str = "pasted";

/// Reads a large pasted text (see [`LARGE_PASTE`]) as a file named [`PASTED_NAME`], with the
/// progress and cancel of a file load; the text never enters the page's memory.
pub fn load_pasted(inputs: Inputs, text: &js_sys::JsString) {
    let parts = js_sys::Array::of1(text);
    match web_sys::File::new_with_str_sequence(&parts, PASTED_NAME) {
        Ok(file) => {
            load_files(inputs, vec![file]);
            inputs.load_message.set(Some(format!(
                "The pasted text ({:.1} MB) is read like a file, not kept in the box: text this large \
                 takes the browser seconds to show there.",
                text.length() as f64 / 1e6
            )));
        }
        Err(_) => inputs
            .load_message
            .set(Some("The pasted text could not be read.".into())),
    }
}

/// The text of a paste, as the browser holds it (not copied into the page's memory).
pub fn pasted_text(ev: &web_sys::ClipboardEvent) -> Option<js_sys::JsString> {
    use wasm_bindgen::JsCast;
    let data = ev.clipboard_data()?;
    let get: js_sys::Function = js_sys::Reflect::get(&data, &"getData".into())
        .ok()?
        .dyn_into()
        .ok()?;
    get.call1(&data, &"text/plain".into()).ok()?.dyn_into().ok()
}

/// The files of a `FileList` (a file input's or a drop's).
pub fn file_list(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    let Some(list) = list else {
        return Vec::new();
    };
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}
