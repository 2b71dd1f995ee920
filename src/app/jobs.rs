//! Scheduling on the page's one thread: give the browser a turn, wait for a paint, run in
//! time slices, and the "latest job wins" pattern every heavy panel uses.

use std::future::Future;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Resolves after the browser has had a turn (a zero-delay timeout).
pub async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = leptos::prelude::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 0);
    });
    let _ = JsFuture::from(promise).await;
}

/// Resolves once the browser has drawn a frame (or after 100 ms, for a hidden tab), then had a
/// turn: heavy work started after it never delays what is already on screen.
pub async fn after_paint() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let w = leptos::prelude::window();
        let _ = w.request_animation_frame(resolve.unchecked_ref());
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 100);
    });
    let _ = JsFuture::from(promise).await;
    yield_to_browser().await;
}

/// Gives the browser a turn once a slice of work has run for [`SLICE_MS`]: a long job calls
/// [`TimeSlice::pause`] between small steps, yielding (and paying a timer's delay) only when
/// its time is up.
#[derive(Debug, Clone, Copy)]
pub struct TimeSlice {
    since: f64,
}

/// How long a job runs before the browser gets a turn, in milliseconds.
pub const SLICE_MS: f64 = 30.0;

impl TimeSlice {
    /// A slice starting now.
    pub fn new() -> Self {
        TimeSlice {
            since: js_sys::Date::now(),
        }
    }

    /// Yields when the slice is used up; true when it did.
    pub async fn pause(&mut self) -> bool {
        if js_sys::Date::now() - self.since < SLICE_MS {
            return false;
        }
        yield_to_browser().await;
        self.since = js_sys::Date::now();
        true
    }
}

impl Default for TimeSlice {
    fn default() -> Self {
        Self::new()
    }
}

/// When a job starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// At once (after the browser has had a turn when the input is large).
    Now,
    /// After the browser has drawn a frame: the results and charts come first.
    AfterPaint,
}

/// A family of jobs of which only the latest may finish: starting one supersedes the one
/// before it, which stops at its next check.
#[derive(Clone, Copy)]
pub struct Jobs(StoredValue<u64>);

/// One job of a [`Jobs`] family: says whether it is still the latest.
#[derive(Clone, Copy)]
pub struct Ticket {
    jobs: StoredValue<u64>,
    run: u64,
}

impl Jobs {
    /// A family with no job yet.
    pub fn new() -> Self {
        Jobs(StoredValue::new(0))
    }

    /// Starts `work` as the latest job (superseding any running one), at `start`; `work` is
    /// not started at all when a newer job arrived while it waited for a paint.
    pub fn spawn<F, Fut>(&self, start: Start, work: F)
    where
        F: FnOnce(Ticket) -> Fut + 'static,
        Fut: Future<Output = ()> + 'static,
    {
        let run = self.0.get_value() + 1;
        self.0.set_value(run);
        let ticket = Ticket { jobs: self.0, run };
        leptos::task::spawn_local(async move {
            if start == Start::AfterPaint {
                after_paint().await;
                if !ticket.live() {
                    return;
                }
            }
            work(ticket).await;
        });
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Self::new()
    }
}

impl Ticket {
    /// Whether no newer job of the family has started.
    pub fn live(&self) -> bool {
        self.jobs.get_value() == self.run
    }

    /// Gives the browser a turn; whether the job is still the latest afterwards.
    pub async fn yield_now(&self) -> bool {
        yield_to_browser().await;
        self.live()
    }
}
