//! "Which estimator should I trust?": the backtest table of one series with the chosen
//! estimator highlighted, how far it extrapolates and with what error, and whether more
//! samples per task would help.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};
use crate::widgets::term::Term;
use passk_protocol::JobKind;

use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use passk_core::analysis::backtest::more_samples_lines;
use passk_core::estimators::Estimator;
use passk_io::display::full;
use passk_page::jobs::BACKTEST_REPEATS;
use passk_plot::backtest::MoreSamplesChart;
use passk_plot::{k_label, Chart};
use passk_view::backtest_lead::backtest_lead;
use passk_view::chart_data::Table;
use passk_view::panel_notes::{
    backtest_note, more_samples_gain, more_samples_missing, points, subsamples,
};
use passk_view::table::auto_at_largest_k;

/// The backtest panel.
#[component]
pub fn BacktestPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let names = Memo::new(move |_| {
        a.backtests
            .with(|b| b.iter().map(|s| s.name.clone()).collect::<Vec<_>>())
    });
    let current = Memo::new(move |_| {
        let want = a.view.with(|v| v.backtest.clone());
        a.backtests.with(|b| {
            want.and_then(|n| b.iter().find(|s| s.name == n).cloned())
                .or_else(|| b.first().cloned())
        })
    });
    let more = Memo::new(move |_| {
        let k = a.k_max.get();
        current.with(|cur| MoreSamplesChart {
            k,
            lines: cur
                .as_ref()
                .filter(|c| c.failed.is_none())
                .map_or(Vec::new(), |c| {
                    more_samples_lines(&c.backtest, c.chosen(), k, c.n_min)
                        .into_iter()
                        .map(|(e, pts)| (e.label(), pts))
                        .collect()
                }),
        })
    });
    // The fixed mixtures' rows (w = 0, 0.1, …, 1) only when asked for; a chosen one shows.
    let all = RwSignal::new(false);
    let table_rows = move || {
        current.with(|cur| {
            let cur = cur.as_ref().filter(|c| c.failed.is_none())?;
            let (bt, auto) = (&cur.backtest, &cur.auto);
            let head = bt.ratios.iter().map(|r| view! { <th scope="col">{format!("{r}×")}</th> }).collect_view();
            let sizes = (0..bt.ratios.len()).map(|j| view! { <th scope="col" class="small">{subsamples(bt, j).unwrap_or_default()}</th> }).collect_view();
            let show_all = all.get();
            let mixes = bt.mae.iter().filter(|(c, _)| matches!(c, Estimator::Mix(_))).count();
            let body = bt
                .mae
                .iter()
                .filter(|(c, _)| show_all || !matches!(c, Estimator::Mix(_)) || auto.estimator == *c)
                .map(|(c, errs)| {
                    let is = auto.estimator == *c;
                    let cells = errs.iter().map(|e| match e.filter(|e| e.is_finite()) {
                        Some(e) => view! { <td title=full(e)>{points(e)}</td> }.into_any(),
                        None => view! { <td title="not measured at this ratio">"—"</td> }.into_any(),
                    }).collect_view();
    view! { <tr class:chosen=is data-candidate=c.key()><th scope="row" class="left">{c.label()}{if is { " ← chosen" } else { "" }}</th>{cells}</tr> }
                })
                .collect_view();
            Some(view! {
                <table class="results" data-testid="backtest-table">
                    <caption>"Mean absolute error (percentage points) when extrapolating by a factor ρ = k/m′ from a subsample of m′ samples per task"</caption>
                    <thead>
                        <tr><th scope="col" class="left">"estimator · ratio ρ"</th>{head}</tr>
                        <tr data-testid="backtest-subsamples"><th scope="col" class="left small">"from subsamples of m′ ="</th>{sizes}</tr>
                    </thead>
                    <tbody>{body}</tbody>
                </table>
                <p class="note small">"Besides BB, " <Term term="ZOIBB" /> ", " <Term term="LinMix" /> ", the scaled Beta and the Kumaraswamy (these two from three samples per task on: with two their three parameters are not identified, —) the backtest tries " <Term term="fixed mixtures" /> "."</p>
                <button class="link-button" data-testid="backtest-show-all" aria-expanded=show_all.to_string()
                    on:click=move |_| all.update(|v| *v = !*v)>
                    {if show_all { "hide the fixed mixtures".to_string() } else { format!("show all {mixes} fixed mixtures (w = 0 … 1)") }}
                </button>
            })
        })
    };
    let summary = move || current.with(|cur| cur.as_ref().map(backtest_note));
    // The lead: the results table's auto figures at the largest k of the list.
    let lead = move || {
        current.with(|cur| {
            let b = cur.as_ref()?;
            let (k, cell) = a.with_backtests.with(|r| auto_at_largest_k(r, &b.name))?;
            Some(backtest_lead(b, k, &cell))
        })
    };
    // The gain from more samples, or (small n, far k) why the chart cannot show one.
    let gain = move || {
        more.with(|c| {
            let k_text = k_label(c.k as f64);
            let chosen = current.with(|cur| cur.as_ref().map(|b| b.chosen().label()));
            more_samples_gain(&k_text, &c.lines, &chosen.unwrap_or_default()).or_else(|| {
                current.with(|cur| {
                    cur.as_ref()
                        .and_then(|b| more_samples_missing(b, c.k, &k_text, &c.lines))
                })
            })
        })
    };
    let stale = is_stale(analysis.pending, JobKind::Backtest);
    view! {
        <section class="card" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("backtest") aria-labelledby="backtest-title" data-testid="backtest-panel" id="backtest" tabindex="-1">
            <FoldHead key="backtest" title_id="backtest-title">"Which estimator should I trust?"</FoldHead>
            <JobProgress pending=analysis.pending job_kind=JobKind::Backtest />
            <p class="lead" data-testid="backtest-lead">{lead}</p>
            <p class="note small">
                {format!("Each task is subsampled to m′ = ⌈n/s⌉ samples (s = 2, 4, 8, …; {BACKTEST_REPEATS} seeded repeats), every estimator extrapolates from the subsample, and its pass@k is compared with the unbiased pass@k of all n samples. ")}
                "For the ratios you extrapolate to (the k list beyond n), the levels where the fitted estimators differ beyond noise decide, at the informative ratio nearest each target and the largest subsamples first; BB, the simplest, is kept unless another beats it beyond the spread of the repeats; naive is shown but never chosen. The result is “auto (backtested)” for k > n; beyond the largest ratio tested its error is grown with the distance."
            </p>
            <label>
                "Series "
                <select data-testid="backtest-series" on:change=move |ev| a.view.update(|v| v.backtest = Some(event_target_value(&ev)))>
                    {move || names.get().into_iter().map(|n| {
                        let sel = current.with(|c| c.as_ref().map(|c| c.name == n).unwrap_or(false));
                        view! { <option value=n.clone() selected=sel>{n.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
            <p class="note" data-testid="backtest-summary">{summary}</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Backtest errors by estimator">{table_rows}</div>
            <h3>"Would more samples help?"</h3>
            <p class="note" data-testid="backtest-gain">{gain}</p>
            <ChartCanvas
                testid="chart-more-samples"
                label="Expected extrapolation error at k_max against the number of samples per task, per estimator; the data table below lists the values."
                file="passk-more-samples"
                chart=Signal::derive(move || Chart::MoreSamples(more.get()))
                dark=dark
                table=Signal::derive(move || {
                    let c = more.get();
                    let mut t: Table = vec![vec!["estimator".into(), "samples per task".into(), format!("error at k = {}", c.k)]];
                    for (name, pts) in &c.lines {
                        t.extend(pts.iter().map(|(m, e)| vec![name.clone(), m.to_string(), full(*e)]));
                    }
                    t
                })
            />
        </section>
    }
}
