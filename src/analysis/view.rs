//! The analysis section: settings, the Pass@k and Cover@τ charts, the results table and how
//! each number is computed.

use std::time::Duration;

use leptos::prelude::*;

use crate::analysis::job_progress::{is_stale, JobProgress};
use passk_protocol::JobKind;

use crate::analysis::cover_panel::CoverPanel;
use crate::analysis::graded_notes::GradedNotes;
use crate::analysis::method_notes::MethodNotes;
use crate::analysis::pass_at_k_panel::PassAtKPanel;
use crate::analysis::results_table::ResultsTable;
use crate::analysis::settings::AnalysisSettings;
use crate::analysis::stages::{Stages, ALL, TOP};
use crate::analysis::state::Analysis;
use crate::steps::panel::StepsPanel;
use crate::widgets::theme::use_dark;

/// The analysis section.
#[component]
pub fn AnalysisView(
    /// The analysis state.
    analysis: Analysis,
) -> impl IntoView {
    let dark = use_dark();
    let has_tasks = Memo::new(move |_| {
        analysis
            .datasets
            .with(|d| d.iter().any(|s| !s.tasks.is_empty()))
    });
    let empty = move || !has_tasks.get();
    let stale = is_stale(analysis.pending, JobKind::Fit);
    let failure = crate::engine::status::failure();
    // The panels mount one per task, in order: those down to the results at once, those
    // below after the first curves and table are there (or after a second, when there is
    // nothing to wait for or the engine failed). Mounted together with the rest, they held
    // the page's thread while the engine's first replies waited (first render, median of 7
    // navigations, 799–899 ms; 542–572 ms after); the panels below mounted together after
    // them in one task of 74 ms, the rest with the inputs in one of 114–167 ms.
    let stages = Stages::new(TOP);
    let first_results = move || {
        analysis.report.with(|r| !r.models.is_empty()) && !analysis.curves.with(Vec::is_empty)
    };
    // The panels below the results: their code (a part of its own in the release page) is
    // fetched once their place comes near the screen or the section bar is asked for one of
    // them, never before the first results; they then mount one per task.
    let place = NodeRef::<leptos::html::Div>::new();
    let near = RwSignal::new(false);
    Effect::new(move |_| {
        if let Some(el) = place.get() {
            crate::widgets::near_screen::watch_once(&el, near);
        }
    });
    let wanted: Signal<bool> = crate::widgets::section_nav::wanted_below().into();
    let lower_loaded = RwSignal::new(false);
    let waited = RwSignal::new(false);
    set_timeout(move || _ = waited.try_set(true), Duration::from_secs(1));
    // The first results are there, or there is nothing to wait for.
    let settled = Memo::new(move |_| first_results() || waited.get());
    Effect::new(move |_| {
        if lower_loaded.get() && settled.get() {
            stages.allow(ALL);
        }
    });
    Effect::new(move |_| {
        if stages.shown(ALL - 1) {
            crate::widgets::section_nav::arrived();
        }
    });
    let at = move |i: usize| move || has_tasks.get() && stages.shown(i);
    view! {
        // `data-panels`: "all" once every panel is shown (outside checks wait for it).
        <section class="card wide" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() aria-labelledby="settings-title" data-testid="analysis-settings" data-panels=move || if stages.shown(ALL - 1) { "all" } else { "some" }>
            <h2 id="settings-title">"Analysis"</h2>
            <JobProgress pending=analysis.pending job_kind=JobKind::Fit />
            <AnalysisSettings analysis=analysis />
            {move || failure.get().map(|(f, gave_up)| view! {
                <p class="error" data-testid="engine-failed" role="alert">
                    {f}
                    {gave_up.then(|| view! {
                        " " <button class="link-button" data-testid="engine-retry" on:click=move |_| crate::engine::client::retry()>"retry"</button>
                    })}
                </p>
            })}
            // The line is kept (one line, cut with an ellipsis) busy or not: a job starting or
            // ending never moves the panels below.
            <p class="note busy-line" data-testid="busy-line" role="status" class:hidden=move || empty() && analysis.busy.with(Option::is_none)>
                {move || analysis.busy.get().map(|b| view! { <span data-testid="analysis-busy">{format!("Computing: {b}")}</span> })}
            </p>
            <p class="note" class:hidden=move || !empty()>
                "No series with tasks yet: paste counts, drop or load a file, or pick an example above — the curves, tables and comparisons appear here."
            </p>
        </section>
        // Without data the panels collapse into the note above (no empty axes).
        <Show when=at(0)><PassAtKPanel analysis=analysis dark=dark /></Show>
        <Show when=at(1)><CoverPanel analysis=analysis dark=dark /></Show>
        <Show when=at(2)><ResultsTable analysis=analysis /></Show>
        <Show when=at(3)><GradedNotes analysis=analysis /></Show>
        <Show when=at(4)><StepsPanel analysis=analysis dark=dark /></Show>
        // Where the panels below go (an empty mark: they are the page grid's own items).
        <div class="wide lower-place" node_ref=place data-testid="lower-panels"></div>
        <Show when=move || at(TOP - 1)() && (near.get() || wanted.get()) && settled.get()>
            <Suspense fallback=|| view! { <p class="note wide" role="status" data-testid="lower-panels-loading">"Loading the panels below…"</p> }>
                {Suspend::new(async move {
                    let panels = crate::analysis::lower_panels::load(analysis, dark, stages, has_tasks).await;
                    _ = lower_loaded.try_set(panels.is_ok());
                    panels.unwrap_or_else(|e| view! { <p class="error wide" role="alert" data-testid="lower-panels-failed">{e}</p> }.into_any())
                })}
            </Suspense>
        </Show>
        <MethodNotes />
    }
}
