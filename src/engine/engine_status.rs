//! The engine's state as the page shows it: whether it failed (and whether the page gave up,
//! then offering a retry), and how many times the user retried.

use leptos::prelude::ArcRwSignal;

thread_local! {
    static FAILURE: ArcRwSignal<Option<(String, bool)>> = ArcRwSignal::new(None);
    static RETRIES: ArcRwSignal<u64> = ArcRwSignal::new(0);
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
