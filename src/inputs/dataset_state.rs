//! The dataset view's state: the pasted text, the files loaded, the format override, and the
//! one-way chain from them to the assembled series. What users type or load is kept in local
//! storage; the only `Effect`s here write it there.

use std::time::Duration;

use leptos::prelude::*;

use crate::inputs::examples;
use crate::inputs::load_progress::Progress;
use crate::inputs::storage;
use passk_app::page::admit::{admit, readmit, Admit};
use passk_app::page::examples::Example;
use passk_app::page::loaded::{number_files, Loaded};
use passk_io::read::{FileRead, Format, ReadOptions, Reader};

/// Where the pasted text is kept across reloads.
pub const PASTE_KEY: &str = "passk.paste.v1";
/// Where the format override is kept.
pub const FORMAT_KEY: &str = "passk.format.v1";
/// Where the loaded files are kept.
pub const FILES_KEY: &str = "passk.files.v1";
/// Where the reading options (answers' case, lm-eval metric) are kept.
pub const READ_KEY: &str = "passk.read.v1";

/// Milliseconds of quiet after the last keystroke before pasted text is parsed.
pub const DEBOUNCE_MS: u64 = 150;

/// The inputs of the dataset view.
#[derive(Clone, Copy)]
pub struct Inputs {
    /// The pasted text, as typed.
    pub text: RwSignal<String>,
    /// The pasted text once typing has paused: what is parsed.
    pub settled: RwSignal<String>,
    /// The format override (None: detect).
    pub format: RwSignal<Option<Format>>,
    /// How answers are compared and which lm-eval metric counts (like the format, for the
    /// pasted text and files loaded after it is set).
    pub read_options: RwSignal<ReadOptions>,
    /// The files loaded, as read.
    pub files: RwSignal<Vec<FileRead>>,
    /// The load in progress, if any.
    pub load: RwSignal<Option<Progress>>,
    /// A message about the last load (an error, or that it was cancelled).
    pub load_message: RwSignal<Option<String>>,
    /// Why the loaded files could not be kept across a reload, if they could not.
    pub not_stored: RwSignal<Option<String>>,
    /// Why the pasted text could not be kept across a reload, if it could not.
    pub text_not_stored: RwSignal<Option<String>>,
    /// The built-in example a load replaced, until the user undoes it or edits on.
    pub replaced: RwSignal<Option<Vec<FileRead>>>,
    /// The pasted text, read.
    pub pasted: Memo<Option<FileRead>>,
    /// Every input assembled into series.
    pub loaded: Memo<Loaded>,
}

impl Inputs {
    /// Sets the pasted text, parsing it after [`DEBOUNCE_MS`] without a keystroke.
    pub fn type_text(&self, value: String) {
        self.text.set(value.clone());
        let (text, settled) = (self.text, self.settled);
        set_timeout(
            move || {
                if text.get_untracked() == value {
                    settled.set(value);
                }
            },
            Duration::from_millis(DEBOUNCE_MS),
        );
    }

    /// Replaces every input with a built-in example.
    pub fn show_example(&self, e: Example) {
        self.replaced.set(None);
        self.text.set(String::new());
        self.settled.set(String::new());
        self.files.set(examples::files(e));
    }

    /// Replaces every input with these (a share link's).
    pub fn show_files(&self, files: Vec<FileRead>) {
        self.text.set(String::new());
        self.settled.set(String::new());
        self.format.set(None);
        let mut files = files;
        number_files(&mut files);
        self.files.set(files);
    }

    /// Adds a file read as [`admit`] says: it replaces the built-in example when only that is
    /// shown (the example can be brought back with [`Inputs::undo_replace`]), else it is
    /// added; a file with nothing to add, or the same data as one loaded, is refused in one
    /// line. Its id when it was taken.
    pub fn add_file(&self, mut read: FileRead) -> Option<u32> {
        // Its id: after every file shown (and the example it may replace, which an undo
        // brings back before it).
        let id = self
            .files
            .with_untracked(|f| f.iter().map(|f| f.id).max().unwrap_or(0))
            + 1;
        read.id = id;
        let only_example = self.settled.with_untracked(|t| t.trim().is_empty())
            && self.files.with_untracked(|f| examples::which(f).is_some());
        match self
            .files
            .with_untracked(|shown| admit(shown, only_example, &read))
        {
            // Every refusal of a load is said (the message is cleared when a load starts).
            Admit::Refused(why) => {
                self.say(why);
                return None;
            }
            Admit::ReplacesExample => {
                self.replaced.set(Some(self.files.get_untracked()));
                self.files.set(vec![read]);
            }
            Admit::Added => self.files.update(|f| f.push(read)),
        }
        Some(id)
    }

    /// Puts `read`, the file `id` read again with other options, in its place ([`readmit`]);
    /// a refusal is said and the file kept as it was.
    pub fn replace_file(&self, id: u32, read: FileRead) {
        match self.files.with_untracked(|f| readmit(f, id, read)) {
            Ok(files) => self.files.set(files),
            Err(why) => self.say(format!("Not read again: {why}")),
        }
    }

    /// Adds `why` to the message under the file chooser (cleared when a load starts).
    pub fn say(&self, why: String) {
        self.load_message.update(|m| {
            *m = Some(match m.take() {
                Some(before) => format!("{before} {why}"),
                None => why,
            })
        });
    }

    /// Brings back the example a load replaced, keeping the loaded files after it.
    pub fn undo_replace(&self) {
        if let Some(mut example) = self.replaced.get_untracked() {
            self.files.update(|f| {
                example.append(f);
                *f = example;
            });
            self.replaced.set(None);
        }
    }

    /// Removes every input (and what local storage keeps of them); a load under way is
    /// cancelled first by the caller (`load_files::cancel_load`).
    pub fn clear(&self) {
        self.text.set(String::new());
        self.settled.set(String::new());
        self.files.set(Vec::new());
        self.load_message.set(None);
        self.replaced.set(None);
    }
}

/// Creates the state, restoring what was saved; on the very first visit the DeepScaleR
/// example is shown.
pub fn provide_inputs() -> Inputs {
    let saved_text = storage::load(PASTE_KEY).unwrap_or_default();
    let saved_files = storage::load(FILES_KEY);
    let files: Vec<FileRead> = match &saved_files {
        Some(json) => {
            let mut files: Vec<FileRead> = serde_json::from_str(json).unwrap_or_default();
            // Files kept by an older page have no ids yet.
            number_files(&mut files);
            files
        }
        None if saved_text.trim().is_empty() => examples::files(Example::DeepScaleR),
        None => Vec::new(),
    };
    let format = storage::load(FORMAT_KEY).and_then(|k| Format::from_key(&k));
    let text = RwSignal::new(saved_text.clone());
    let settled = RwSignal::new(saved_text);
    let format = RwSignal::new(format);
    let read_options: ReadOptions = storage::load(READ_KEY)
        .and_then(|j| serde_json::from_str(&j).ok())
        .unwrap_or_default();
    let read_options = RwSignal::new(read_options);
    let files = RwSignal::new(files);
    let pasted = Memo::new(move |_| {
        let t = settled.get();
        (!t.trim().is_empty()).then(|| {
            let mut r = Reader::for_text("pasted text", "pasted", format.get())
                .with_options(read_options.get());
            r.feed(t.as_bytes());
            r.finish()
        })
    });
    let loaded = Memo::new(move |_| Loaded::with_pasted(pasted.get(), files.get()));
    let inputs = Inputs {
        text,
        settled,
        format,
        read_options,
        files,
        load: RwSignal::new(None),
        load_message: RwSignal::new(None),
        not_stored: RwSignal::new(None),
        text_not_stored: RwSignal::new(None),
        replaced: RwSignal::new(None),
        pasted,
        loaded,
    };
    // The outside world: keep the inputs across reloads.
    Effect::new(move |_| {
        let result = text.with(|t| storage::save(PASTE_KEY, t));
        inputs.text_not_stored.set(result.err());
    });
    Effect::new(move |_| {
        let json = read_options.with(|o| serde_json::to_string(o).unwrap_or_default());
        let _ = storage::save(READ_KEY, &json);
    });
    Effect::new(move |_| match format.get() {
        Some(f) => {
            let _ = storage::save(FORMAT_KEY, f.key());
        }
        None => storage::remove(FORMAT_KEY),
    });
    crate::inputs::files_store::keep_files(files, FILES_KEY, inputs.not_stored);
    inputs
}
