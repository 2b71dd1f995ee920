//! "Which estimator should I trust?": the backtest table of one series with the chosen
//! estimator highlighted, how far it extrapolates and with what error, and whether more
//! samples per task would help.

use leptos::prelude::*;

use super::analysis_state::{Analysis, BACKTEST_REPEATS};
use super::chart_canvas::ChartCanvas;
use crate::core::analysis::backtest::candidate::Candidate;
use crate::core::analysis::backtest::choose::more_samples;
use crate::core::analysis::backtest::run::Backtest;
use crate::io::chart_data::Table;
use crate::io::format::full;
use crate::plot::backtest::MoreSamplesChart;
use crate::plot::{k_label, Chart};

/// Error in points with two decimals.
fn pts(e: f64) -> String {
    format!("{:.2}", 100.0 * e)
}

/// The sentence on how far the chosen estimator extrapolates, and with what error.
fn extrapolates(bt: &Backtest, c: Candidate) -> String {
    let errs = bt.mae.iter().find(|(x, _)| *x == c).map(|x| &x.1);
    let Some(errs) = errs else {
        return String::new();
    };
    let (mut lines, mut last) = (Vec::new(), None);
    for (r, e) in bt.ratios.iter().zip(errs) {
        if e.is_finite() {
            lines.push(format!("{r}× with {} points", pts(*e)));
            last = Some((r, e));
        }
    }
    match last {
        Some((r, e)) => format!(
            "On your data, {} extrapolates {r}× with {} points of error (mean absolute error over {} subsamples; {}).",
            c.label(),
            pts(*e),
            bt.repeats,
            lines.join(", ")
        ),
        None => String::new(),
    }
}

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
        current.with(|cur| {
            let Some(cur) = cur else {
                return MoreSamplesChart { k, lines: vec![] };
            };
            let Ok((bt, auto)) = &cur.result else {
                return MoreSamplesChart { k, lines: vec![] };
            };
            let mut cands = vec![
                Candidate::Naive,
                Candidate::Bb,
                Candidate::Zoibb,
                Candidate::LinMix,
            ];
            if let Some(c @ Candidate::Mix(_)) = auto.candidate {
                cands.push(c);
            }
            let lines = cands
                .into_iter()
                .map(|c| {
                    let pts: Vec<(u64, f64)> = more_samples(bt, c, k, cur.n_min)
                        .into_iter()
                        .filter_map(|(m, e)| e.map(|e| (m, e)))
                        .collect();
                    (c.label(), pts)
                })
                .filter(|l| !l.1.is_empty())
                .collect();
            MoreSamplesChart { k, lines }
        })
    });
    let table_rows = move || {
        current.with(|cur| {
            let cur = cur.as_ref()?;
            let Ok((bt, auto)) = &cur.result else { return None };
            let head = bt.ratios.iter().map(|r| view! { <th scope="col">{format!("{r}×")}</th> }).collect_view();
            let body = bt
                .mae
                .iter()
                .map(|(c, errs)| {
                    let is = auto.candidate == Some(*c);
                    let cells = errs.iter().map(|e| view! { <td title=full(*e)>{if e.is_finite() { pts(*e) } else { "—".into() }}</td> }).collect_view();
                    view! { <tr class:chosen=is data-candidate=c.key()><th scope="row" class="left">{c.label()}{if is { " ← chosen" } else { "" }}</th>{cells}</tr> }
                })
                .collect_view();
            Some(view! {
                <table class="results" data-testid="backtest-table">
                    <caption>"Mean absolute error (percentage points) when extrapolating by a factor ρ = k/m′ from a subsample of m′ samples per task"</caption>
                    <thead><tr><th scope="col" class="left">"estimator"</th>{head}</tr></thead>
                    <tbody>{body}</tbody>
                </table>
            })
        })
    };
    let summary = move || {
        current.with(|cur| {
            let cur = cur.as_ref()?;
            Some(match &cur.result {
                Err(e) => format!(
                    "The backtest cannot run for {}: {e}. BB is used for k > n.",
                    cur.name
                ),
                Ok((bt, auto)) => {
                    let c = auto.candidate.unwrap_or(Candidate::Bb);
                    let err = match auto.error {
                        Some(e) => format!("its backtest error there: ±{} points", pts(e)),
                        None => "unbacked: the budgets go beyond the largest ratio measured".into(),
                    };
                    format!(
                        "auto (backtested) = {} for k > n: {}; {err}. {}",
                        c.label(),
                        auto.reason,
                        extrapolates(bt, c)
                    )
                }
            })
        })
    };
    let gain = move || {
        let chart = more.get();
        let line = chart.lines.last()?;
        let (m2, e2) = *line.1.last()?;
        let (m1, e1) = *line
            .1
            .iter()
            .rev()
            .find(|p| p.0 * 4 <= m2)
            .or(line.1.first())?;
        (m1 < m2).then(|| {
            format!(
                "Going from {m1} to {m2} samples per task cuts the expected error at k = {} from ~{} to ~{} points ({}).",
                k_label(chart.k as f64),
                pts(e1),
                pts(e2),
                line.0
            )
        })
    };
    view! {
        <section class="card" aria-labelledby="backtest-title" data-testid="backtest-panel">
            <h2 id="backtest-title">"Which estimator should I trust?"</h2>
            <p class="note small">
                {format!("Each task is subsampled to m′ = ⌈n/s⌉ samples (s = 2, 4, 8, …; {BACKTEST_REPEATS} seeded repeats), every estimator extrapolates from the subsample, and its pass@k is compared with the unbiased pass@k of all n samples. ")}
                "The estimator with the smallest error at the ratios you extrapolate to (the k list beyond n and k_max) is used for k > n as “auto (backtested)”; ties within 1 % go to the simpler one."
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
            <div class="table-wrap">{table_rows}</div>
            <h3>"Would more samples help?"</h3>
            <p class="note" data-testid="backtest-gain">{gain}</p>
            <ChartCanvas
                testid="chart-more-samples"
                label="Expected extrapolation error at k_max against the number of samples per task, per estimator; the data table below lists the values."
                file="passk-more-samples"
                chart=Signal::derive(move || Chart::MoreSamples(more.get()))
                dark=dark
                on_hover=move |_| {}
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
