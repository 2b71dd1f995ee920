//! The Pass@1 vs ΔPass scatter, the best temperature per budget, and the paired difference of
//! two series.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};
use crate::analysis::jobs::{ask, handle};
use crate::analysis::pair_select::PairSelect;
use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use crate::widgets::term::Term;
use passk_core::analysis::{best_temperature, delta_pass_point};

use crate::analysis::compare_job::PAIRED_RESAMPLES;
use passk_core::analysis::{k_grid, round_budgets};
use passk_core::analysis::{PairError, PairedOutcome};
use passk_core::settings::Settings;
use passk_plot::series_charts::{BestTemperatureChart, DeltaPassChart, PairedChart};
use passk_plot::Chart;
use passk_protocol::{Answer, Ask, JobKind, Reply, Request};
use passk_view::chart_data;
use passk_view::panel_notes::{paired_note, paired_se_note};
use passk_view::readout::temperature_lines;

/// Pass@1 against ΔPass, one point per series.
#[component]
pub fn DeltaPassPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let points = Memo::new(move |_| {
        a.fits.with(|f| {
            f.iter()
                .filter_map(|s| delta_pass_point(s).map(|(p, d)| (s.name.clone(), p, d)))
                .collect::<Vec<_>>()
        })
    });
    view! {
        <section class="card" class:folded=move || is_folded("dp") aria-labelledby="dp-title">
            <FoldHead key="dp" title_id="dp-title">"Pass@1 and " <Term term="ΔPass" /></FoldHead>
            <p class="note small">"At equal pass@1 = a/(a+b), a larger ΔPass = a + b means pass@k grows faster with k (k ≥ 2)."</p>
            <ChartCanvas
                testid="chart-delta-pass"
                label="Pass@1 against ΔPass (log scale), one labelled point per series; the data table below lists the values."
                file="passk-delta-pass"
                chart=Signal::derive(move || {
                    let (points, slots) = a.visible(points.get(), |p| &p.0);
                    Chart::DeltaPass(DeltaPassChart { points, slots })
                })
                dark=dark
                table=Signal::derive(move || points.with(|p| chart_data::delta_pass(p)))
            />
        </section>
    }
}

/// T*(k) for each model whose series carry temperatures.
#[component]
pub fn BestTemperaturePanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let best = Memo::new(move |_| {
        let k_max = a.k_max.get();
        let settings = a.settings.with(|s| s.opts.settings.clone());
        a.datasets.with(|ds| {
            a.fits.with(|f| {
                let pairs: Vec<_> = ds
                    .iter()
                    .zip(f)
                    .filter(|(d, f)| d.name == f.name && !d.tasks.is_empty())
                    .collect();
                let ks = k_grid(k_max, 30, &round_budgets(k_max));
                best_temperature(&pairs, &settings, &ks)
            })
        })
    });
    let chart = Signal::derive(move || {
        Chart::BestTemperature(BestTemperatureChart {
            models: best.with(|b| temperature_lines(b)),
        })
    });
    view! {
        <section class="card" class:folded=move || is_folded("temp") aria-labelledby="temp-title">
            <FoldHead key="temp" title_id="temp-title">"Best temperature per k"</FoldHead>
            <p class="note small answer" class:hidden=move || best.with(|b| !b.is_empty())>
                "No model here has series at two or more temperatures: give a temperature column (or series named “… T=0.6”) to see T*(k)."
            </p>
            <div class:hidden=move || best.with(|b| b.is_empty())>
            <ChartCanvas
                testid="chart-best-temperature"
                label="For each model, the temperature with the highest pass@k at each k, on a log axis; the data table below lists the values."
                file="passk-best-temperature"
                chart=chart
                dark=dark
                table=Signal::derive(move || best.with(|b| chart_data::best_temperature(b)))
            />
            </div>
        </section>
    }
}

/// pass@k(A) − pass@k(B) on the tasks both series share.
#[component]
pub fn PairedPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let (names, name_a, name_b) = a.pairing.compared(a.view);
    // The paired bootstrap takes a while: the engine computes it, and a newer request
    // supersedes it.
    let result = RwSignal::new(None::<PairedResult>);
    handle(a.pending, JobKind::Paired, move |reply| {
        if let Reply {
            answer: Answer::Paired { outcome, .. },
            ..
        } = reply
        {
            result.set(outcome);
        }
    });
    Effect::new(move |_| {
        let pair = name_a.get().zip(name_b.get());
        let settings = a.settings.with(|s| Settings {
            bootstrap: s.opts.settings.bootstrap.max(PAIRED_RESAMPLES),
            ..s.opts.settings.clone()
        });
        let Some((na, nb)) = pair else {
            return result.set(None);
        };
        let data = a.data.get();
        ask(a.pending, "paired bootstrap…", |job| Request {
            job,
            ask: Ask::Paired {
                data,
                a: na,
                b: nb,
                settings,
            },
        });
    });
    let chart = Signal::derive(move || {
        let (label, curve) = match result.get() {
            Some(Ok(p)) => (p.label, p.curve),
            _ => (String::new(), Default::default()),
        };
        Chart::Paired(PairedChart { label, curve })
    });
    let summary = move || result.with(|r| paired_note(r.as_ref()));
    let stale = is_stale(a.pending, JobKind::Paired);
    view! {
        <section class="card" id="compare" tabindex="-1" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("compare") aria-labelledby="paired-title">
            <FoldHead key="compare" title_id="paired-title">"Paired difference"</FoldHead>
            <JobProgress pending=a.pending job_kind=JobKind::Paired />
            <div class="input-row">
                <PairSelect view=a.view names=names name_a=name_a name_b=name_b labels=("A ", "minus B ") names_read=("series A", "series B") testid="paired" />
            </div>
            <p class="note answer" data-testid="paired-summary">{summary}</p>
            <ChartCanvas
                testid="chart-paired"
                label="pass@k of A minus pass@k of B against k on a log axis, with its bootstrap band; the data table below lists the values."
                file="passk-paired"
                chart=chart
                dark=dark
                table=Signal::derive(move || match result.get() { Some(Ok(p)) => chart_data::paired(&p.curve), _ => Vec::new() })
            />
            <p class="note small">{move || result.with(|r| r.as_ref().and_then(|r| r.as_ref().ok()).and_then(paired_se_note))}</p>
        </section>
    }
}

/// The paired difference, or why there is none.
type PairedResult = Result<PairedOutcome, PairError>;
