//! "Is A better than B, from which k, and how sure?": the sentence first, then the paired
//! test of the chosen pair (the paired panel's A and B) at each k, the expected solved sets at
//! the chosen k, and for three series or more the matrix of P(row better) and the ranks there.
//! The engine computes every pair (`Ask::Compare`), as `passk compare` does.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};
use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use crate::widgets::download::save_text;
use crate::widgets::series_name::SeriesName;
use passk_io::display::{full, percent, thousands};
use passk_plot::ranks::{RankChart, RankLine};
use passk_plot::Chart;
use passk_protocol::JobKind;
use passk_view::chart_data::Table;
use passk_view::compare_text::{chosen_k, comparisons_csv, p_text, pair_rows, pair_sentence};

/// Expected tasks with one decimal.
fn tasks(x: f64) -> String {
    format!("{x:.1}")
}

/// The comparison panel.
#[component]
pub fn ComparePanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let comparison = a.comparison;
    // The pair: the paired panel's (A − B; by default passk_view::pair's).
    let (_, name_a, name_b) = a.pairing.compared(a.view);
    let pair = Memo::new(move |_| name_a.get().zip(name_b.get()));
    let rows = Memo::new(move |_| {
        let Some((x, y)) = pair.get() else {
            return Vec::new();
        };
        comparison.with(|d| d.as_ref().map(|d| pair_rows(d, &x, &y)).unwrap_or_default())
    });
    // The budget read: the view's, else the largest the pair was tested at.
    let k = Memo::new(move |_| {
        let (x, y) = pair.get()?;
        let want = a.view.with(|v| v.compare_k);
        comparison.with(|d| chosen_k(d.as_ref()?, &x, &y, want))
    });
    let sentence = move || {
        let (x, y) = pair.get()?;
        let k = k.get()?;
        comparison.with(|d| pair_sentence(d.as_ref()?, &x, &y, k))
    };
    let family = move || {
        comparison.with(|d| {
            d.as_ref()
                .map(|d| {
                    let tests = d.comparisons.iter().filter(|c| c.test.p.is_some()).count();
                    format!(
                        "Holm (this k) and Benjamini–Hochberg correct over {}; Holm (all k) over every pair at every k, {tests} tests — the one to read when you pick the k after looking.",
                        d.family
                    )
                })
        })
    };
    let table = move || {
        rows.with(|rows| {
            rows.iter()
                .map(|c| {
                    let t = &c.test;
                    let diff = format!("{:+.2}", 100.0 * t.diff);
                    let se = t.se.map_or("—".into(), |s| format!("{:.2}", 100.0 * s));
                    // The column says p: the cells need not.
                    let bare = |p: f64| p_text(p).trim_start_matches("p = ").to_string();
                    let p = t.p.map_or("—".into(), bare);
                    let holm = c.p_holm.map_or("—".into(), bare);
                    let holm_all = c.p_holm_all.map_or("—".into(), bare);
                    let better = t.prob_a_better.map_or("—".into(), percent);
                    view! {
                        <tr data-k=t.k>
                            <td>{thousands(t.k)}</td>
                            <td title=full(t.diff)>{diff}</td>
                            <td>{se}</td>
                            <td title=t.p.map(full).unwrap_or_else(|| t.why_null.clone().unwrap_or_default())>{p}</td>
                            <td title=c.p_holm.map(full).unwrap_or_default()>{holm}</td>
                            <td title=c.p_holm_all.map(full).unwrap_or_default()>{holm_all}</td>
                            <td>{better}</td>
                            <td>{tasks(t.solved.a_only)}</td>
                            <td>{tasks(t.solved.b_only)}</td>
                            <td>{tasks(t.solved.both)}</td>
                            <td>{tasks(t.solved.neither)}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    // P(row better) at k for every pair, Holm-significant cells marked; three series or more.
    let matrix = move || {
        let k = k.get()?;
        comparison.with(|d| {
            let d = d.as_ref()?;
            let names: Vec<String> = d.ranks.as_ref()?.first()?.series.iter().map(|s| s.series.clone()).collect();
            (names.len() > 2).then(|| {
                let head = names.iter().map(|n| view! { <th scope="col">{n.clone()}</th> }).collect_view();
                let body = names
                    .iter()
                    .map(|r| {
                        let cells = names
                            .iter()
                            .map(|c| {
                                if r == c {
                                    return view! { <td class="muted">"—"</td> }.into_any();
                                }
                                let row = pair_rows(d, r, c).into_iter().find(|x| x.test.k == k);
                                let prob = row.as_ref().and_then(|x| x.test.prob_a_better);
                                let sig = row.as_ref().and_then(|x| x.p_holm).is_some_and(|p| p < 0.05);
                                let shade = prob.map_or(String::new(), |p| format!("--p:{:.3}", p));
                                view! { <td class="prob" class:sig=sig style=shade title=row.and_then(|x| x.p_holm).map(|p| format!("Holm {}", p_text(p))).unwrap_or_default()>{prob.map_or("—".into(), percent)}</td> }.into_any()
                            })
                            .collect_view();
                        view! { <tr><th scope="row" class="left"><SeriesName name=r.clone() /></th>{cells}</tr> }
                    })
                    .collect_view();
                view! {
                    <div class="table-wrap" tabindex="0" role="region" aria-label="P(row better) matrix">
                        <table class="results matrix" data-testid="decide-matrix">
                            <caption>{format!("P(row better than column) at k = {}; a ring marks Holm-adjusted p < 0.05", thousands(k))}</caption>
                            <thead><tr><th scope="col" class="left">"row beats column"</th>{head}</tr></thead>
                            <tbody>{body}</tbody>
                        </table>
                    </div>
                }
            })
        })
    };
    let ranks = move || {
        let k = k.get()?;
        comparison.with(|d| {
            let at = d.as_ref()?.ranks.as_ref()?.iter().find(|r| r.k == k)?.clone();
            let body = at
                .series
                .into_iter()
                .map(|s| {
                    let interval = s.interval.map_or("—".into(), |(lo, hi)| format!("{lo}–{hi}"));
                    view! {
                        <tr>
                            <th scope="row" class="left"><SeriesName name=s.series /></th>
                            <td>{s.rank.to_string()}</td>
                            <td>{s.mean_rank.map_or("—".into(), |m| format!("{m:.2}"))}</td>
                            <td>{interval}</td>
                            <td>{s.p_first.map_or("—".into(), percent)}</td>
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <table class="results" data-testid="decide-ranks">
                    <caption>{format!("Ranks at k = {} on {} tasks every series has (paired resamples)", thousands(k), thousands(at.tasks))}</caption>
                    <thead><tr><th scope="col" class="left">"series"</th><th scope="col">"rank"</th><th scope="col">"mean rank"</th><th scope="col">"95 % interval"</th><th scope="col">"P(rank 1)"</th></tr></thead>
                    <tbody>{body}</tbody>
                </table>
            })
        })
    };
    // The expected solved sets at k: a two-by-two table and a bar.
    let solved = move || {
        let k = k.get()?;
        let (x, y) = pair.get()?;
        rows.with(|rows| {
            let s = rows.iter().find(|c| c.test.k == k)?.test.solved;
            let all = s.a_only + s.b_only + s.both + s.neither;
            let bar = [("both", s.both), ("a-only", s.a_only), ("b-only", s.b_only), ("neither", s.neither)]
                .into_iter()
                .map(|(class, v)| {
                    let style = format!("flex-grow:{:.4}", if all > 0.0 { v / all } else { 0.0 });
                    view! { <span class=format!("seg {class}") style=style title=format!("{class}: {v:.1}")></span> }
                })
                .collect_view();
            Some(view! {
                <div class="table-wrap" tabindex="0" role="region" aria-label="Expected tasks solved">
                <table class="results solved" data-testid="decide-solved">
                    <caption>{format!("Expected tasks solved at k = {}: rows {x}, columns {y}", thousands(k))}</caption>
                    <thead><tr><th scope="col" class="left">{format!("{x} ╲ {y}")}</th><th scope="col">"solves"</th><th scope="col">"does not"</th></tr></thead>
                    <tbody>
                        <tr><th scope="row" class="left">"solves"</th><td class="both">{tasks(s.both)}</td><td class="a-only">{tasks(s.a_only)}</td></tr>
                        <tr><th scope="row" class="left">"does not"</th><td class="b-only">{tasks(s.b_only)}</td><td class="neither">{tasks(s.neither)}</td></tr>
                    </tbody>
                </table>
                </div>
                <div class="solved-bar" aria-hidden="true">{bar}</div>
            })
        })
    };
    // Each series' mean rank and interval along k, in its colour.
    let rank_chart = Signal::derive(move || {
        let slots = a.slots.get();
        let lines = comparison.with(|d| {
            let Some(ranks) = d.as_ref().and_then(|d| d.ranks.as_ref()) else {
                return Vec::new();
            };
            let names: Vec<String> = ranks.first().map_or(Vec::new(), |r| {
                r.series.iter().map(|s| s.series.clone()).collect()
            });
            names
                .iter()
                .enumerate()
                .map(|(i, name)| RankLine {
                    name: name.clone(),
                    slot: slots.slot(name),
                    points: ranks
                        .iter()
                        .filter_map(|r| {
                            let s = r.series.get(i)?;
                            Some((
                                r.k,
                                s.mean_rank.unwrap_or(s.rank),
                                s.interval.unwrap_or((s.rank, s.rank)),
                            ))
                        })
                        .collect(),
                })
                .collect()
        });
        Chart::Ranks(RankChart { lines })
    });
    let rank_table = Signal::derive(move || {
        let mut t: Table = vec![vec![
            "series".into(),
            "k".into(),
            "mean rank".into(),
            "rank interval low".into(),
            "high".into(),
        ]];
        if let Chart::Ranks(c) = rank_chart.get() {
            for l in c.lines {
                t.extend(l.points.into_iter().map(|(k, m, (lo, hi))| {
                    vec![l.name.clone(), k.to_string(), full(m), full(lo), full(hi)]
                }));
            }
        }
        t
    });
    let csv = move |_| {
        let text = comparison.with(|d| d.as_ref().map(comparisons_csv));
        if let Some(text) = text {
            let _ = save_text("passk-comparisons.csv", "text/csv", &text);
        }
    };
    let ks = move || rows.with(|r| r.iter().map(|c| c.test.k).collect::<Vec<_>>());
    let stale = is_stale(a.pending, JobKind::Compare);
    view! {
        <section class="card wide" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("decide") aria-labelledby="decide-title" data-testid="decide-panel">
            <FoldHead key="decide" title_id="decide-title">"Is A better than B?"</FoldHead>
            <JobProgress pending=a.pending job_kind=JobKind::Compare />
            <p class="lead" data-testid="decide-sentence">{sentence}</p>
            <p class="note small" data-testid="decide-pair">{move || pair.get().map(|(x, y)| format!("A = {x}, B = {y} (chosen in the paired panel); a positive difference favours A. "))}{family}</p>
            <label>
                "Read at k "
                <select data-testid="decide-k" on:change=move |ev| a.view.update(|v| v.compare_k = event_target_value(&ev).parse().ok())>
                    {move || ks().into_iter().map(|x| view! { <option value=x.to_string() selected=k.get() == Some(x)>{thousands(x)}</option> }).collect_view()}
                </select>
            </label>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Paired test at each k">
                <table class="results" data-testid="decide-table">
                    <caption>{move || pair.get().map(|(x, y)| format!("A − B = {x} − {y} at each k (points), with the expected tasks solved by A only, B only, both and neither"))}</caption>
                    <thead><tr>
                        <th scope="col">"k"</th><th scope="col">"A − B"</th><th scope="col">"SE"</th><th scope="col">"p"</th>
                        <th scope="col">"p (Holm, this k)"</th><th scope="col">"p (Holm, all k)"</th><th scope="col">"P(A better)"</th><th scope="col">"A only"</th>
                        <th scope="col">"B only"</th><th scope="col">"both"</th><th scope="col">"neither"</th>
                    </tr></thead>
                    <tbody>{table}</tbody>
                </table>
            </div>
            {solved}
            {matrix}
            <div class="table-wrap" tabindex="0" role="region" aria-label="Ranks">{ranks}</div>
            <ChartCanvas
                testid="chart-ranks"
                label="Each series' mean rank over the paired resamples against k on a log axis, rank 1 at the top, with its 95 % rank interval; the data table below lists the values."
                file="passk-ranks"
                chart=rank_chart
                dark=dark
                table=rank_table
            />
            <p class="actions">
                <button class="copy" data-testid="decide-csv" on:click=csv>"CSV of every pair and k"</button>
            </p>
            <crate::compare::bt_table::BtTable analysis=a k=k />
        </section>
    }
}
