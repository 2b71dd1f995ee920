//! Fit diagnostics for one series: the histogram and ECDF of c/n against the fitted BB and
//! ZOIBB, their parameters, CV-ELPD, and a sentence on which fits better.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};

use crate::analysis::jobs::{ask, handle};
use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use passk_core::analysis::Diagnostics;
use passk_io::display::{full, sig};
use passk_plot::Chart;
use passk_protocol::{Answer, Ask, JobKind, Reply, Request};
use passk_view::chart_data;

/// The fit diagnostics panel.
#[component]
pub fn FitPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    // The series shown (the link's or the user's choice, else the first).
    let (names, chosen) = a.series_choice(|v| v.fit.clone());
    let diag = RwSignal::new(None::<Diagnostics>);
    // Diagnostics include ten CV refits: the engine computes them.
    handle(a.pending, JobKind::Diagnose, move |reply| {
        if let Reply {
            answer: Answer::Diagnostics { diagnostics, .. },
            ..
        } = reply
        {
            diag.set(diagnostics.map(|d| *d));
        }
    });
    // Only the folds of the settings matter here.
    let folds = Memo::new(move |_| a.settings.with(|s| s.opts.settings.folds));
    Effect::new(move |_| {
        let series = chosen.get();
        let folds = folds.get();
        let data = a.data.get();
        ask(a.pending, "fit diagnostics…", |job| Request {
            job,
            ask: Ask::Diagnose {
                data,
                series,
                folds,
            },
        });
    });
    let chart = Signal::derive(move || {
        diag.get()
            .map(|d| Chart::Fit(Box::new(d)))
            .unwrap_or_else(|| Chart::Fit(Box::default()))
    });
    // The fits' parameters to 4 significant digits, every digit on hover.
    let params = move || {
        let name = diag.with(|d| d.as_ref().map(|d| d.name.clone()))?;
        a.fits.with(|fits| {
            let f = fits.iter().find(|f| f.name == name)?.fits?;
            let (bb, z) = (f.bb, f.zoibb);
            let item = |label: &'static str, v: f64| {
                view! { <span title=full(v)>{format!("{label} {}", sig(v, 4))}</span> }
            };
            let edge = if bb.at_bound { " (at the edge of the box)" } else { "" };
            Some(view! {
                "BB: " {item("a =", bb.a)} ", " {item("b =", bb.b)} ", "
                {item("ΔPass = a + b =", bb.delta_pass)} ", " {item("log-likelihood", bb.log_likelihood)}
                {edge} ". ZOIBB: " {item("a =", z.a)} ", " {item("b =", z.b)} ", "
                {item("π0 =", z.pi0)} ", " {item("π1 =", z.pi1)} ", "
                {item("log-likelihood", z.log_likelihood)} "."
            })
        })
    };
    let stale = is_stale(a.pending, JobKind::Diagnose);
    view! {
        <section class="card" id="fit" tabindex="-1" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("fit") aria-labelledby="fit-title">
            <FoldHead key="fit" title_id="fit-title">"Fit diagnostics"</FoldHead>
            <JobProgress pending=a.pending job_kind=JobKind::Diagnose />
            <label>
                "Series "
                <select data-testid="fit-series" on:change=move |ev| a.view.update(|v| v.fit = Some(event_target_value(&ev)))>
                    {move || names.get().into_iter().map(|n| { let sel = chosen.get().as_deref() == Some(n.as_str()); view! { <option value=n.clone() selected=sel>{n.clone()}</option> } }).collect_view()}
                </select>
            </label>
            <ChartCanvas
                testid="chart-fit"
                label="Histogram of c/n with the fitted Beta densities, and the ECDF of c/n with both fits' predictive CDFs; the data table below lists the values."
                file="passk-fit"
                chart=chart
                dark=dark
                table=Signal::derive(move || diag.with(|d| d.as_ref().map(chart_data::fit).unwrap_or_default()))
            />
            <p class="note small" data-testid="fit-params">{params}</p>
            <p class="note answer" data-testid="fit-verdict">{move || diag.with(|d| d.as_ref().map(|d| d.verdict.clone()))}</p>
        </section>
    }
}
