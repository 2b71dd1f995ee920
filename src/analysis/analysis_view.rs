//! The analysis section: settings, the Pass@k and Cover@τ charts, the results table and how
//! each number is computed.

use std::time::Duration;

use leptos::prelude::*;

use crate::analysis::job_progress::{is_stale, JobProgress};
use passk_protocol::Family;

use crate::analysis::analysis_settings::AnalysisSettings;
use crate::analysis::analysis_state::Analysis;
use crate::analysis::cover_panel::CoverPanel;
use crate::analysis::fit_panel::FitPanel;
use crate::analysis::graded_notes::GradedNotes;
use crate::analysis::method_notes::MethodNotes;
use crate::analysis::pass_at_k_panel::PassAtKPanel;
use crate::analysis::ranking_panel::RankingPanel;
use crate::analysis::results_table::ResultsTable;
use crate::analysis::series_charts::{BestTemperaturePanel, DeltaPassPanel, PairedPanel};
use crate::compare::compare_panel::ComparePanel;
use crate::forecast::backtest_panel::BacktestPanel;
use crate::forecast::forecast_panel::ForecastPanel;
use crate::forecast::planner_panel::PlannerPanel;
use crate::steps::steps_panel::StepsPanel;
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
    let stale = is_stale(analysis.pending, Family::Fit);
    let failure = crate::engine::engine_client::failure();
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
    Effect::new(move |_| {
        if first_results() {
            stages.allow(ALL);
        }
    });
    set_timeout(move || stages.allow(ALL), Duration::from_secs(1));
    let at = move |i: usize| move || has_tasks.get() && stages.shown(i);
    view! {
        // `data-panels`: "all" once every panel is shown (outside checks wait for it).
        <section class="card wide" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() aria-labelledby="settings-title" data-testid="analysis-settings" data-panels=move || if stages.shown(ALL - 1) { "all" } else { "some" }>
            <h2 id="settings-title">"Analysis"</h2>
            <JobProgress pending=analysis.pending family=Family::Fit />
            <AnalysisSettings analysis=analysis />
            {move || failure.get().map(|(f, gave_up)| view! {
                <p class="error" data-testid="engine-failed" role="alert">
                    {f}
                    {gave_up.then(|| view! {
                        " " <button class="link-button" data-testid="engine-retry" on:click=move |_| crate::engine::engine_client::retry()>"retry"</button>
                    })}
                </p>
            })}
            {move || analysis.busy.get().map(|b| view! { <p class="note" data-testid="analysis-busy" role="status">{format!("Computing: {b}")}</p> })}
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
        // The panels below the results, once the first results are shown.
        <Show when=at(5)><PlannerPanel analysis=analysis dark=dark /></Show>
        <Show when=at(6)><BacktestPanel analysis=analysis dark=dark /></Show>
        <Show when=at(7)><ForecastPanel analysis=analysis dark=dark /></Show>
        <Show when=at(8)><RankingPanel analysis=analysis /></Show>
        <Show when=at(9)><PairedPanel analysis=analysis dark=dark /></Show>
        <Show when=at(10)><ComparePanel analysis=analysis dark=dark /></Show>
        <Show when=at(11)><FitPanel analysis=analysis dark=dark /></Show>
        <Show when=at(12)><DeltaPassPanel analysis=analysis dark=dark /></Show>
        <Show when=at(13)><BestTemperaturePanel analysis=analysis dark=dark /></Show>
        <MethodNotes />
    }
}

/// The panels down to the results (the charts, the table and its notes).
const TOP: usize = 5;
/// Every panel.
const ALL: usize = 14;

/// Panels shown one more per task, in order, up to the number allowed.
#[derive(Clone, Copy)]
struct Stages {
    shown: RwSignal<usize>,
    allowed: StoredValue<usize>,
    stepping: StoredValue<bool>,
}

impl Stages {
    /// Up to `allowed` panels shown, the first a task from now.
    fn new(allowed: usize) -> Stages {
        let s = Stages {
            shown: RwSignal::new(0),
            allowed: StoredValue::new(0),
            stepping: StoredValue::new(false),
        };
        s.allow(allowed);
        s
    }

    /// Whether panel `i` is shown (tracked).
    fn shown(self, i: usize) -> bool {
        self.shown.get() > i
    }

    /// Lets up to `n` panels show (never fewer than before).
    fn allow(self, n: usize) {
        let _ = self.allowed.try_update_value(|a| *a = (*a).max(n));
        if self.stepping.try_get_value() == Some(false) {
            self.stepping.set_value(true);
            self.step();
        }
    }

    /// Shows one more panel in a task of its own, then the next, while more are allowed.
    fn step(self) {
        set_timeout(
            move || {
                let Some(allowed) = self.allowed.try_get_value() else {
                    return;
                };
                let more = self.shown.try_update(|s| {
                    *s = (*s + 1).min(allowed);
                    *s < allowed
                });
                match more {
                    Some(true) => self.step(),
                    Some(false) => self.stepping.set_value(false),
                    None => {}
                }
            },
            Duration::ZERO,
        );
    }
}
