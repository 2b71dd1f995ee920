//! The reward threshold changed: the files loaded in this visit whose samples it made pass or
//! fail are read again at the new one, each in its place; those restored from an earlier
//! visit (kept as counts, not as the file) are named, with how to apply it to them.

use std::time::Duration;

use leptos::prelude::*;

use crate::engine::latest::Latest;
use crate::inputs::dataset_state::Inputs;
use crate::inputs::load_files::{handle, read_again};

/// Quiet after the last keystroke in the threshold's box before the files are read again.
const SETTLE: Duration = Duration::from_millis(600);

/// Reads the files again whenever the threshold's value changes (not at the start).
pub fn watch_threshold(inputs: Inputs) {
    let latest = Latest::default();
    Effect::new(move |before: Option<Option<f64>>| {
        let now = inputs.read_options.with(|o| o.threshold_value());
        if before.is_some_and(|b| b != now) {
            latest.after(SETTLE, move || again(inputs, now));
        }
        now
    });
}

fn again(inputs: Inputs, threshold: Option<f64>) {
    let mut files = Vec::new();
    let mut kept = Vec::new();
    inputs.files.with_untracked(|f| {
        for r in f.iter().filter(|r| r.read_at_threshold()) {
            match handle(r.id) {
                Some(file) => files.push((r.id, file, r.format, r.file.clone())),
                None => kept.push(r.file.clone()),
            }
        }
    });
    if files.is_empty() && kept.is_empty() {
        return;
    }
    let at = threshold.map_or("the file's largest reward (at least 1)".to_string(), |t| {
        format!("reward ≥ {t}")
    });
    inputs.load_message.set(None);
    if !files.is_empty() {
        let names: Vec<&str> = files.iter().map(|f| f.3.as_str()).collect();
        inputs.say(format!("Read again at {at}: {}.", names.join(", ")));
    }
    if !kept.is_empty() {
        inputs.say(format!(
            "{} {} kept from an earlier visit as counts, not as the file: load {} again to read {} at {at}.",
            kept.join(", "),
            if kept.len() == 1 { "was" } else { "were" },
            if kept.len() == 1 { "it" } else { "them" },
            if kept.len() == 1 { "it" } else { "them" },
        ));
    }
    read_again(
        inputs,
        files
            .into_iter()
            .map(|(id, file, format, _)| (id, file, format))
            .collect(),
    );
}
