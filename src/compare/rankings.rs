//! The Rankings panel, beside the comparison: every ranking method's order of the series
//! (paired-comparison likelihoods, ratings, voting, item response, spectral, and pass@k's
//! relatives), each with its rank interval from task resamples, why it stopped, and the
//! verdict on whether the order depends on the method (`passk_view::rank_text`). The engine
//! computes it (`Ask::Rank`, as `passk rank`).

use leptos::prelude::*;

use crate::analysis::job_progress::{is_stale, JobProgress};
use crate::analysis::state::Analysis;
use crate::compare::rank_tasks::RankTasks;
use crate::widgets::download::save_text;
use crate::widgets::fold::{is_folded, FoldHead};
use crate::widgets::series_name::SeriesName;
use passk_io::display::full;
use passk_protocol::JobKind;
use passk_view::rank_text::{rank_csv, stop_text, subset_csv, subset_line, verdict};

/// The panel.
#[component]
pub fn RankingsPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Whether to draw in dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let rankings = a.rankings;
    let sentence = move || {
        rankings.with(|r| {
            r.as_ref().map(|(all, names)| {
                let w = all.agreement.as_ref().map_or(String::new(), |g| {
                    format!(" Kendall's W over the methods: {:.3}.", g.w)
                });
                format!("{}{w}", verdict(names, all))
            })
        })
    };
    let head = move || {
        rankings.with(|r| {
            r.as_ref().map(|(_, names)| {
                names
                    .iter()
                    .map(|n| view! { <th scope="col"><SeriesName name=n.clone() /></th> })
                    .collect_view()
            })
        })
    };
    let rows = move || {
        rankings.with(|r| {
            let (all, names) = r.as_ref()?;
            Some(
                all.methods
                    .iter()
                    .map(|m| {
                        let cells = match &m.ranking {
                            Some(r) => r
                                .ranks
                                .iter()
                                .enumerate()
                                .map(|(i, rank)| {
                                    let ri = m.rank_intervals.as_ref().and_then(|x| x.ranks.get(i));
                                    let text = match ri {
                                        Some((lo, hi)) if lo != hi => format!("{rank} ({lo}–{hi})"),
                                        _ => format!("{rank}"),
                                    };
                                    let title = format!("score {}", full(r.scores[i]));
                                    view! { <td title=title>{text}</td> }.into_any()
                                })
                                .collect_view()
                                .into_any(),
                            None => view! {
                                <td class="left note" colspan=names.len().to_string()>{m.error.clone()}</td>
                            }
                            .into_any(),
                        };
                        view! {
                            <tr data-method=m.key.clone()>
                                <th scope="row" class="left">{m.label.clone()}</th>
                                <td class="left family">{m.group.label()}</td>
                                {cells}
                                <td class="left small">{stop_text(m)}</td>
                            </tr>
                        }
                    })
                    .collect_view(),
            )
        })
    };
    let csv = move |_| {
        let text = rankings.with(|r| r.as_ref().map(|(all, names)| rank_csv(names, all)));
        if let Some(text) = text {
            let _ = save_text("passk-rankings.csv", "text/csv", &text);
        }
    };
    let subset = move || {
        rankings.with(|r| {
            let (all, _) = r.as_ref()?;
            let Some(s) = &all.subset else {
                return Some(view! { <p class="note" data-testid="rankings-subset-error">{all.subset_error.clone()}</p> }.into_any());
            };
            let curve = s
                .curve
                .iter()
                .filter(|p| p.size <= 10 || p.size % 10 == 0 || p.size == all.tasks || p.size == s.size)
                .map(|p| {
                    view! {
                        <tr class:chosen=p.size == s.size>
                            <td>{p.size}</td>
                            <td>{format!("{:.3}", p.tau_b)}</td>
                            <td>{format!("{:.2}", 100.0 * p.max_points_off)}</td>
                            <td>{if p.keeps { "yes" } else { "no" }}</td>
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <h3>"The smallest benchmark that keeps the order"</h3>
                <p class="note" data-testid="rankings-subset-line">{subset_line(all)}</p>
                <div class="table-wrap" tabindex="0" role="region" aria-label="Tasks kept against agreement">
                    <table class="results" data-testid="rankings-subset">
                        <caption>"Tasks kept against agreement with every task: Kendall's τ-b of pass@1, the largest pass@1 change (points), and whether the order holds"</caption>
                        <thead><tr><th scope="col">"tasks"</th><th scope="col">"τ-b"</th><th scope="col">"largest change"</th><th scope="col">"keeps the order"</th></tr></thead>
                        <tbody>{curve}</tbody>
                    </table>
                </div>
            }.into_any())
        })
    };
    let subset_download = move |_| {
        let text = rankings.with(|r| {
            r.as_ref()
                .and_then(|(all, _)| all.subset.as_ref().map(subset_csv))
        });
        if let Some(text) = text {
            let _ = save_text("passk-smallest-benchmark.csv", "text/csv", &text);
        }
    };
    let stale = is_stale(a.pending, JobKind::Rank);
    view! {
        <section class="card wide" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("rankings") aria-labelledby="rankings-title" data-testid="rankings-panel">
            <FoldHead key="rankings" title_id="rankings-title">"Rankings: does the order depend on the method?"</FoldHead>
            <JobProgress pending=a.pending job_kind=JobKind::Rank />
            <p class="lead" data-testid="rankings-verdict">{sentence}</p>
            <p class="note small">
                "Each method's rank of every series (1 best) on the tasks all series share, and in brackets its 95 % rank interval over task resamples (Glicko, TrueSkill, MCMC and the 2PL fits: their own intervals, in the CSV). The methods are scorio's, but for “2PL (priors on ln a, b)”, passk's own for data where scorio's 2PL has no interior estimate. Paired-comparison likelihoods read every task's paired samples, voting rules take each task as a voter, and pass@k, pass^k and G-Pass rank by their mean over tasks."
            </p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Rankings by method">
                <table class="results" data-testid="rankings-table">
                    <caption>"Rank of each series under each method, with its rank interval"</caption>
                    <thead><tr><th scope="col" class="left">"method"</th><th scope="col" class="left family">"family"</th>{head}<th scope="col" class="left">"stopped"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="actions">
                <button class="copy" data-testid="rankings-csv" on:click=csv>"CSV of every method's ranks"</button>
            </p>
            <RankTasks analysis=a dark=dark />
            {subset}
            <p class="actions">
                <button class="copy" data-testid="rankings-subset-csv" on:click=subset_download>"CSV of the curve and the tasks kept"</button>
            </p>
        </section>
    }
}
