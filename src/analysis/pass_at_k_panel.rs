//! The Pass@k chart with its legend toggles, band choice, hover read-out, warnings about the
//! fits behind extrapolations, and a data table for screen readers.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};
use crate::widgets::term::Term;
use passk_protocol::JobKind;

use crate::analysis::series_key::SeriesKey;
use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use passk_core::estimators::Estimator;
use passk_core::settings::BandKind;
use passk_plot::pass_at_k::PassAtKChart;
use passk_plot::Chart;
use passk_view::chart_data;

/// The Pass@k panel.
#[component]
pub fn PassAtKPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    // The curves with the auto curve of each series filled in from its backtest.
    let curves = Memo::new(move |_| {
        let mut curves = a.curves.get();
        a.backtests.with(|bts| {
            for c in &mut curves {
                let chosen = bts.iter().find(|b| b.name == c.name).map(|b| b.chosen());
                if let Some(chosen) = chosen {
                    c.set_auto(chosen);
                }
            }
        });
        curves
    });
    // The series the legend shows, with their colour slots.
    let shown = Memo::new(move |_| a.visible(curves.get(), |c| &c.name));
    let chart = Signal::derive(move || {
        let (series, slots) = shown.get();
        Chart::PassAtK(PassAtKChart {
            series,
            enabled: a.enabled.get(),
            k_max: a.k_max.get(),
            band: a.band.get() != BandKind::None,
            slots,
        })
    });
    // Whether some series has values of `e` (maj@k and BoN@k only where the input gave
    // answers or scores).
    let has = move |e: Estimator| {
        curves.with(|cs| cs.iter().any(|c| c.curve(e).iter().any(Option::is_some)))
    };
    let toggles = Estimator::ALL
        .into_iter()
        .map(|e| {
            let checked = move || a.enabled.with(|v| v.contains(&e));
            let toggle = move |_| {
                a.enabled.update(|v| {
                    if v.contains(&e) {
                        v.retain(|x| *x != e);
                    } else {
                        v.push(e);
                        v.sort();
                    }
                })
            };
            // maj@k and BoN@k are offered only where some series has them.
            let absent = move || e.beside_pass() && !has(e);
    view! {
                <label class="toggle" hidden=absent>
                    <input type="checkbox" data-testid=format!("toggle-{}", e.key()) prop:checked=checked on:change=toggle />
                    {e.label()}
                </label>
            }
        })
        .collect_view();
    let warnings = move || {
        curves.with(|cs| {
            cs.iter()
                .flat_map(|s| s.warnings.iter().map(move |w| format!("{}: {w}", s.name)))
                .map(|w| view! { <li>{w}</li> })
                .collect_view()
        })
    };
    let voting = Memo::new(move |_| has(Estimator::Majority) || has(Estimator::BestOf));
    let stale = is_stale(analysis.pending, JobKind::Curves);
    view! {
        <section class="card" id="curves" tabindex="-1" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("curves") aria-labelledby="pass-title">
            <FoldHead key="curves" title_id="pass-title">"Pass@k"</FoldHead>
            <p class="answer" data-testid="curves-lead">{move || a.report.with(passk_view::leads::curves)}</p>
            <JobProgress pending=analysis.pending job_kind=JobKind::Curves />
            <div class="legend-toggles" role="group" aria-label="Estimators drawn">
                {toggles}
                <label class="toggle">
                    "band "
                    <select data-testid="band-kind"
                        prop:value=move || a.band.get().key()
                        on:change=move |ev| {
                            if let Some(b) = BandKind::from_key(&event_target_value(&ev)) {
                                a.band.set(b);
                            }
                        }>
                        {crate::widgets::lists::options(&[
                            ("se-tasks", "± z·SE over tasks"),
                            ("se-sampling", "± z·SE over samples"),
                            ("bootstrap", "task bootstrap"),
                            ("credible", "Bayesian credible"),
                            ("none", "none"),
                        ])}
                    </select>
                </label>
            </div>
            <SeriesKey names=Signal::derive(move || a.curves.with(|c| c.iter().map(|s| s.name.clone()).collect::<Vec<_>>())) dark=dark analysis=a />
            <ChartCanvas
                testid="chart-pass-at-k"
                label="Pass@k against k on a log axis for each series and estimator; the data table below lists the values."
                file="passk-pass-at-k"
                zoom=(
                    Signal::derive(move || a.view.with(|v| v.zoom)),
                    SignalSetter::map(move |z| a.view.update(|v| v.zoom = z)),
                )
                chart=chart
                dark=dark
                hover_id="chart-hover"
                table=Signal::derive(move || shown.with(|(c, _)| chart_data::pass_at_k(c, &a.enabled.get())))
            />
            <p class="note small">
                "Solid up to k = n (the dotted vertical line); the fitted estimators are dashed beyond it, where they extrapolate. "
                "Markers: ○ BB, □ " <Term term="ZOIBB" /> ", △ " <Term term="LinMix" /> ", ◇ scaled Beta, ▽ Kumaraswamy (these two dotted beyond n); dotted throughout: naive. The combinatorial estimator stops at the smallest n."
                {move || voting.get().then_some(
                    " × maj@k: the majority answer of k samples is right; ● BoN@k: the best-scored of k is right (up to the smallest n). The gap between pass@k and maj@k is what a verifier could win."
                )}
            </p>
            <ul class="warnings" data-testid="fit-warnings">{warnings}</ul>
        </section>
    }
}
