//! The engine's state as the page shows it: whether it failed (and whether the page gave up,
//! then offering a retry), and how many times the user retried.

use leptos::prelude::{ArcRwSignal, Get, GetUntracked, Set};
use passk_protocol::JobKind;

thread_local! {
    static FAILURE: ArcRwSignal<Option<(String, bool)>> = ArcRwSignal::new(None);
    static RETRIES: ArcRwSignal<u64> = ArcRwSignal::new(0);
    /// Whether the first engine, and the whole engine, said they take requests.
    static READY: ArcRwSignal<(bool, bool)> = ArcRwSignal::new((false, false));
}

/// What a job waiting for the engine's code says (on a slow network: rather than "fitting…").
pub const LOADING: &str = "waiting for the engine's code to arrive…";

/// Whether the engine that runs `job_kind`'s jobs has said it takes requests (its code has
/// arrived): the first engine or the whole for the fits and curves, the whole for the rest.
/// Until then a pending job says [`LOADING`]. Reactive.
pub fn ready_for(job_kind: JobKind) -> bool {
    let (first, whole) = READY.with(|r| r.get());
    whole || (first && job_kind.in_first())
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

/// An engine worker (the whole engine's, with `whole`) said it takes requests: the page no
/// longer says it waits for its code, nor that it failed.
pub fn now_ready(whole: bool) {
    let (failure, ready) = (failure(), READY.with(|r| r.clone()));
    let (first, all) = ready.get_untracked();
    let now = if whole { (first, true) } else { (true, all) };
    if now != (first, all) {
        ready.set(now);
    }
    if failure.get_untracked().is_some() {
        failure.set(None);
    }
}
