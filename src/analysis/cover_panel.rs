//! The Cover@τ chart: plug-in steps and BB-posterior curves, markers at the chosen τ, the
//! note that the area under the curve is pass@1, hover readout and a data table.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};
use passk_protocol::JobKind;

use crate::analysis::series_key::SeriesKey;
use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use passk_io::display::percent;
use passk_plot::cover::CoverChart;
use passk_plot::Chart;
use passk_view::chart_data;

/// The Cover@τ panel.
#[component]
pub fn CoverPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    // The series the legend shows, with their colour slots.
    let shown = Memo::new(move |_| a.visible(a.cover.get(), |c| &c.name));
    // A log τ axis: as chosen, else as passk_plot::cover::log_tau_by_default says.
    let log_tau = Memo::new(move |_| {
        a.view
            .with(|v| v.cover_log)
            .unwrap_or_else(|| shown.with(|(s, _)| passk_plot::cover::log_tau_by_default(s)))
    });
    let chart = Signal::derive(move || {
        let (series, slots) = shown.get();
        let (tailpass_k, tailpass) = a.report.with(|r| passk_view::tailpass::lines(r, &series));
        Chart::Cover(CoverChart {
            series,
            posterior: true,
            slots,
            log_tau: log_tau.get(),
            tailpass,
            tailpass_k,
        })
    });
    let areas = move || {
        a.cover.with(|cs| {
            cs.iter()
                .map(|c| format!("{} {}", c.name, percent(c.area)))
                .collect::<Vec<_>>()
                .join(" · ")
        })
    };
    let stale = is_stale(analysis.pending, JobKind::Curves);
    view! {
        <section class="card" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("cover") aria-labelledby="cover-title">
            <FoldHead key="cover" title_id="cover-title">"Cover@τ"</FoldHead>
            <p class="answer" data-testid="cover-lead">{move || a.report.with(passk_view::leads::cover)}</p>
            <JobProgress pending=analysis.pending job_kind=JobKind::Curves />
            <p class="note small">
                "The share of tasks solved with success rate at least τ: the plug-in step curve (c/n ≥ τ) and the BB posterior "
                "(dashed). Markers at the τ list. The area under each curve equals its pass@1"
                {move || { let s = areas(); if s.is_empty() { " (given here once the curves are computed).".to_string() } else { format!(": {s}.") } }}
                <span data-testid="cover-tailpass-note">{move || a.report.with(|r| passk_view::tailpass::note(r, a.counts.get()))}</span>
            </p>
            <label class="toggle">
                <input type="checkbox" data-testid="cover-log" prop:checked=move || log_tau.get()
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        a.view.update(|v| v.cover_log = Some(on));
                    } />
                "log τ axis"
            </label>
            <SeriesKey names=Signal::derive(move || a.cover.with(|c| c.iter().map(|s| s.name.clone()).collect::<Vec<_>>())) dark=dark analysis=a />
            <ChartCanvas
                testid="chart-cover"
                label="Cover@τ against τ for each series, plug-in and BB posterior; the data table below lists the values."
                file="passk-cover"
                chart=chart
                dark=dark
                hover_id="cover-hover"
                table=Signal::derive(move || a.cover.with(|c| chart_data::cover(c)))
            />
        </section>
    }
}
