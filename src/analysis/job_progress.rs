//! The progress of an engine job that has run for a while, where its result will appear: a
//! bar (when the engine counts its steps), what is being computed, and a cancel button. The
//! old result stays on screen meanwhile, marked stale by the panel.

use leptos::prelude::*;

use crate::analysis::jobs::{cancel, PendingJobs};
use crate::engine::status::{ready_for, LOADING};
use passk_protocol::JobKind;

/// Whether a job kind's job has run long enough to show (the panel marks its result stale).
pub fn is_stale(pending: PendingJobs, job_kind: JobKind) -> Signal<bool> {
    Signal::derive(move || {
        pending.with(|p| {
            p[job_kind.index()]
                .as_ref()
                .is_some_and(|q| q.shown && !q.answered)
        })
    })
}

/// What is being computed: the first job that has run long enough to show (while the engine
/// that runs it has not loaded, that it waits for it).
pub fn busy_text(pending: PendingJobs) -> Signal<Option<String>> {
    Signal::derive(move || {
        let shown = pending.with(|p| {
            let at = p.iter().position(|q| q.as_ref().is_some_and(|q| q.shown))?;
            Some((JobKind::ALL[at], p[at].as_ref()?.text.clone()))
        });
        shown.map(|(f, t)| if ready_for(f) { t } else { LOADING.to_string() })
    })
}

/// The progress bar of one job kind's job.
#[component]
pub fn JobProgress(
    /// The pending jobs.
    pending: PendingJobs,
    /// Whose job.
    job_kind: JobKind,
) -> impl IntoView {
    move || {
        pending.with(|p| p[job_kind.index()].clone()).filter(|q| q.shown).map(|mut q| {
            if !ready_for(job_kind) {
                q.text = LOADING.to_string();
            }
            let bar = match q.done {
                Some((done, total)) => view! { <progress max=total value=done></progress> }.into_any(),
                None => view! { <progress></progress> }.into_any(),
            };
            view! {
                <div class="load" data-testid="job-progress" role="status">
                    {bar}
                    <span>{q.text}</span>
                    <button class="copy" data-testid="job-cancel" on:click=move |_| cancel(pending, job_kind)>
                        "cancel"
                    </button>
                </div>
            }
        })
    }
}
