//! The analysis section: settings, the Pass@k and Cover@τ charts, the results table and how
//! each number is computed.

use std::time::Duration;

use leptos::prelude::*;

use super::job_progress::{is_stale, JobProgress};
use passk_engine::protocol::Family;

use super::analysis_settings::AnalysisSettings;
use super::analysis_state::Analysis;
use super::backtest_panel::BacktestPanel;
use super::compare_charts::{BestTemperaturePanel, DeltaPassPanel, PairedPanel};
use super::cover_panel::CoverPanel;
use super::decide_panel::DecidePanel;
use super::fit_panel::FitPanel;
use super::forecast_panel::ForecastPanel;
use super::graded_notes::GradedNotes;
use super::method_notes::MethodNotes;
use super::pass_at_k_panel::PassAtKPanel;
use super::planner_panel::PlannerPanel;
use super::ranking_panel::RankingPanel;
use super::results_table::ResultsTable;
use super::steps_panel::StepsPanel;
use super::theme::use_dark;

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
    let stale = is_stale(analysis.pending, Family::Fit);
    let failure = super::engine_client::failure();
    // The panels below the results table mount a task after the first curves and table are
    // there (or after a second, when there is nothing to wait for or the engine failed).
    // Mounted together with the rest, they held the page's thread while the engine's first
    // replies waited: first render (median of 7 navigations) 799–899 ms, 542–572 ms after.
    let below = RwSignal::new(false);
    let first_results = move || {
        analysis.report.with(|r| !r.models.is_empty()) && !analysis.curves.with(Vec::is_empty)
    };
    Effect::new(move |_| {
        if !below.get_untracked() && first_results() {
            set_timeout(move || _ = below.try_set(true), Duration::ZERO);
        }
    });
    set_timeout(move || _ = below.try_set(true), Duration::from_secs(1));
    view! {
        <section class="card wide" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() aria-labelledby="settings-title">
            <h2 id="settings-title">"Analysis"</h2>
            <JobProgress pending=analysis.pending family=Family::Fit />
            <AnalysisSettings analysis=analysis />
            {move || failure.get().map(|(f, gave_up)| view! {
                <p class="error" data-testid="engine-failed" role="alert">
                    {f}
                    {gave_up.then(|| view! {
                        " " <button class="link-button" data-testid="engine-retry" on:click=move |_| super::engine_client::retry()>"retry"</button>
                    })}
                </p>
            })}
            {move || analysis.busy.get().map(|b| view! { <p class="note" data-testid="analysis-busy" role="status">{format!("Computing: {b}")}</p> })}
            <p class="note" class:hidden=move || !empty()>
                "No series with tasks yet: paste counts, drop or load a file, or pick an example above — the curves, tables and comparisons appear here."
            </p>
        </section>
        // Without data the panels collapse into the note above (no empty axes).
        <Show when=move || has_tasks.get()>
            <PassAtKPanel analysis=analysis dark=dark />
            <CoverPanel analysis=analysis dark=dark />
            <ResultsTable analysis=analysis />
            <GradedNotes analysis=analysis />
            <StepsPanel analysis=analysis dark=dark />
        </Show>
        // The panels below the results, once the first results are shown (`below`).
        <Show when=move || has_tasks.get() && below.get()>
            <PlannerPanel analysis=analysis dark=dark />
            <BacktestPanel analysis=analysis dark=dark />
            <ForecastPanel analysis=analysis dark=dark />
            <RankingPanel analysis=analysis />
            <PairedPanel analysis=analysis dark=dark />
            <DecidePanel analysis=analysis dark=dark />
            <FitPanel analysis=analysis dark=dark />
            <DeltaPassPanel analysis=analysis dark=dark />
            <BestTemperaturePanel analysis=analysis dark=dark />
        </Show>
        <MethodNotes />
    }
}
