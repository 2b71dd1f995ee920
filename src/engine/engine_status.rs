//! The engine's state as the page shows it: whether it failed (and whether the page gave up,
//! then offering a retry), and how many times the user retried.

use leptos::prelude::{ArcRwSignal, GetUntracked, Set};

thread_local! {
    static FAILURE: ArcRwSignal<Option<(String, bool)>> = ArcRwSignal::new(None);
    static RETRIES: ArcRwSignal<u64> = ArcRwSignal::new(0);
    static READY: ArcRwSignal<bool> = ArcRwSignal::new(false);
}

/// What a job waiting for the engine's code says (on a slow network: rather than "fitting…").
pub const LOADING: &str = "waiting for the engine's code to arrive…";

/// Whether an engine worker has said it takes requests (its code has arrived): until then a
/// pending job says [`LOADING`].
pub fn ready() -> ArcRwSignal<bool> {
    READY.with(|r| r.clone())
}

/// What the page says while a failed worker restarts.
pub const RESTARTING: &str = "The engine stopped (its worker failed or could not load): \
                              restarting it and asking again…";

/// What the page says once the worker has failed again.
pub const GAVE_UP: &str = "The engine worker could not load or stopped again, so the curves \
                           and tables cannot be computed now. The single-problem calculator \
                           above still works: it runs on the page.";

/// The engine's state as the page shows it: None while it works, else what is wrong, and
/// whether the page has given up (then it offers a retry).
pub fn failure() -> ArcRwSignal<Option<(String, bool)>> {
    FAILURE.with(|f| f.clone())
}

/// How many times the user asked to retry: the page asks for its analysis again when it
/// changes (the requests that failed meanwhile were answered with their failure).
pub fn retries() -> ArcRwSignal<u64> {
    RETRIES.with(|r| r.clone())
}

/// An engine worker said it takes requests: the page no longer says it waits for its code, nor
/// that it failed.
pub fn now_ready() {
    let (failure, ready) = (failure(), ready());
    if !ready.get_untracked() {
        ready.set(true);
    }
    if failure.get_untracked().is_some() {
        failure.set(None);
    }
}
