//! The share link's side of the page: the state a link opens, the link kept in the address
//! bar while the user edits (one history entry, replaced), and the user's own input kept aside
//! until they restore it or let it go. The pure encoding is [`passk_app::share`].

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::analysis::state::Analysis;
use crate::calculator::calc::{self, CalcState};
use crate::engine::latest::Latest;
use crate::inputs::dataset_state::{self, Inputs};
use crate::inputs::examples;
use crate::inputs::storage;
use passk_app::page::state::PageState;
use passk_app::share::{carried, decode, encode, encode_data, Decoded, Shared};
use passk_page::opening::{self, address, Now, Opening, Store, PREVIOUS_KEY};

/// The page's local storage, as the link's logic takes it.
struct Local;

impl Store for Local {
    fn load(&self, key: &str) -> Option<String> {
        storage::load(key)
    }
    fn save(&mut self, key: &str, value: &str) -> Result<(), String> {
        storage::save(key, value)
    }
    fn remove(&mut self, key: &str) {
        storage::remove(key)
    }
}

/// The stored state a link replaces.
const STATE_KEYS: [&str; 5] = [
    dataset_state::PASTE_KEY,
    dataset_state::FORMAT_KEY,
    dataset_state::FILES_KEY,
    calc::STORAGE_KEY,
    passk_page::saved::KEY,
];

thread_local! {
    /// Whether storage held state of the user's as the page started (None until
    /// [`note_stored_state`] looked).
    static STORED_AT_START: std::cell::Cell<Option<bool>> = const { std::cell::Cell::new(None) };
}

/// Notes whether storage holds state of the user's, before the page saves its own: on a first
/// visit the state a link replaces is the page's own start (the example, the calculator's
/// example), no input of the user's to keep aside.
pub fn note_stored_state() {
    let stored = STATE_KEYS
        .iter()
        .chain([&PREVIOUS_KEY])
        .any(|k| storage::load(k).is_some());
    STORED_AT_START.set(Some(stored));
}

/// Milliseconds of quiet before the address bar's link follows an edit.
const FOLLOW_MS: u64 = 400;

/// Which parts of the page the address bar's link carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts {
    /// The calculator.
    pub calc: bool,
    /// The dataset view and the analysis.
    pub data: bool,
}

/// The share state.
#[derive(Clone, Copy)]
pub struct Share {
    inputs: Inputs,
    calc: CalcState,
    analysis: Analysis,
    /// What was wrong with the link the page was opened with, or with keeping the user's
    /// input aside.
    pub messages: RwSignal<Vec<String>>,
    /// The parts the address bar's link follows (None: the address bar carries no state).
    pub linked: RwSignal<Option<Parts>>,
    /// Whether the user's own input is kept aside (a link replaced it).
    pub previous: RwSignal<bool>,
    /// The last link made by "Copy link", or why none could be.
    pub made: RwSignal<Option<Result<String, String>>>,
}

impl Share {
    /// The dataset view and analysis as they are now (untracked).
    fn shared_now(&self) -> Shared {
        // The built-in example alone travels by name.
        let example = self
            .inputs
            .pasted
            .with_untracked(|p| p.is_none())
            .then(|| self.inputs.files.with_untracked(|f| examples::which(f)))
            .flatten();
        let mut inputs: Vec<_> = Vec::new();
        if example.is_none() {
            self.inputs
                .pasted
                .with_untracked(|p| inputs.extend(p.iter().map(carried)));
            self.inputs
                .files
                .with_untracked(|f| inputs.extend(f.iter().map(carried)));
        }
        let a = self.analysis;
        Shared {
            inputs,
            settings: a.fields.get_untracked(),
            enabled: a.enabled.get_untracked(),
            band: a.band.get_untracked(),
            view: PageState {
                colours: untrack(|| a.colours()),
                ..a.view.get_untracked()
            },
            example: example.map(|e| e.key().to_string()),
        }
    }

    /// Makes the link of everything shown, puts it in the address bar and on the clipboard;
    /// the address bar then follows every edit.
    pub fn make_link(&self) -> Option<String> {
        let parts = Parts {
            calc: true,
            data: true,
        };
        let made = encode(
            Some(&self.calc.fields_untracked()),
            Some(&self.shared_now()),
        )
        .map(|f| format!("{}#{f}", page_address()));
        self.made.set(Some(made.clone()));
        let url = made.ok()?;
        replace_address(&url);
        self.linked.set(Some(parts));
        Some(url)
    }

    /// Puts the user's own input back and reloads the page without the link.
    pub fn restore_previous(&self) {
        if storage::load(PREVIOUS_KEY).is_none() {
            self.previous.set(false);
            return;
        }
        // A write of the link's files still pending must not land over the user's own.
        crate::inputs::files_store::stop_keeping();
        match opening::restore_previous(&mut Local, &STATE_KEYS) {
            Ok(true) => {
                replace_address(&page_address());
                let _ = window().location().reload();
            }
            Ok(false) => self.previous.set(false),
            Err(e) => self
                .messages
                .update(|m| m.push(format!("Your previous input could not be restored: {e}."))),
        }
    }

    /// Lets the kept-aside input go.
    pub fn forget_previous(&self) {
        storage::remove(PREVIOUS_KEY);
        self.previous.set(false);
    }
}

/// The page's address without its fragment.
fn page_address() -> String {
    let href = window().location().href().unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// Replaces the current history entry's address (no new entry, no reload).
fn replace_address(url: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(url));
    }
}

/// Reads the link the page was opened with and applies it over what storage restored
/// (keeping that aside), and keeps the address bar's link following the edits.
pub fn provide_share(inputs: Inputs, calc: CalcState, analysis: Analysis) -> Share {
    let share = Share {
        inputs,
        calc,
        analysis,
        messages: RwSignal::new(Vec::new()),
        linked: RwSignal::new(None),
        previous: RwSignal::new(storage::load(PREVIOUS_KEY).is_some()),
        made: RwSignal::new(None),
    };
    let hash = window().location().hash().unwrap_or_default();
    let decoded = decode(&hash);
    if decoded.carries() {
        open_link(&share, decoded);
    } else {
        share.messages.set(decoded.messages);
    }
    follow_edits(share);
    // Back/forward (or a new link typed into the address bar of this tab): the page starts
    // again from that link; the edits replaced the entries, so each holds its own state.
    let reload = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
        let _ = window().location().reload();
    });
    let _ =
        window().add_event_listener_with_callback("hashchange", reload.as_ref().unchecked_ref());
    reload.forget();
    share
}

/// Applies a link's state, keeping the user's differing input aside ([`opening::open`]).
fn open_link(share: &Share, decoded: Decoded) {
    let parts = Parts {
        calc: decoded.calc.is_some(),
        data: decoded.data.is_some(),
    };
    let now = Now {
        calc: share.calc.fields_untracked(),
        data: share.shared_now(),
        // On a first visit only what was typed into the calculator meanwhile is the user's own.
        own: STORED_AT_START.get().unwrap_or(true)
            || share.calc.fields_untracked() != calc::EXAMPLE,
    };
    let Opening {
        keep_aside,
        calc,
        data,
        mut messages,
    } = opening::open(decoded, &now);
    if keep_aside {
        match opening::keep_previous(&mut Local, &STATE_KEYS, dataset_state::FILES_KEY) {
            Ok(kept) => share.previous.set(kept),
            Err(e) => messages.push(format!(
                "Your own input could not be kept aside ({e}): the link's state replaces it."
            )),
        }
    }
    if let Some(fields) = calc {
        share.calc.set(fields);
    }
    if let Some((d, example)) = data {
        match (d.example.is_some(), example) {
            (false, _) => share.inputs.show_files(d.inputs.clone()),
            (true, Some(e)) => share.inputs.show_files(examples::files(e)),
            // (An unknown example, said: the dataset view shows what it had.)
            (true, None) => {}
        }
        let a = share.analysis;
        a.fields.set(d.settings);
        a.enabled.set(d.enabled);
        a.band.set(d.band);
        a.view.set(d.view);
    }
    share.linked.set(Some(parts));
    share.messages.set(messages);
}

/// While the address bar carries state, it follows every edit (one entry, replaced). The data
/// part (the costly deflate) is re-encoded only when the data changes, after a pause; the
/// calculator's fields go straight in.
fn follow_edits(share: Share) {
    // None: not encoded yet; Some(None): too large for a link (the calculator only).
    let data_part = RwSignal::new(None::<Option<String>>);
    let latest = Latest::default();
    Effect::new(move |_| {
        if !share.linked.get().is_some_and(|p| p.data) {
            return;
        }
        share.inputs.pasted.track();
        share.inputs.files.track();
        let a = share.analysis;
        a.fields.track();
        a.enabled.track();
        a.band.track();
        a.view.track();
        a.slot_keys.track();
        latest.after(Duration::from_millis(FOLLOW_MS), move || {
            data_part.set(Some(encode_data(&share.shared_now()).ok()));
        });
    });
    Effect::new(move |_| {
        let Some(parts) = share.linked.get() else {
            return;
        };
        let calc = parts.calc.then(|| share.calc.fields());
        let data = match (parts.data, data_part.get()) {
            (false, _) => None,
            // Still encoding: the address bar keeps its link meanwhile.
            (true, None) => return,
            (true, Some(d)) => d,
        };
        replace_address(&address(&page_address(), calc.as_ref(), data.as_deref()));
    });
}
