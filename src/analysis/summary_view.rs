//! The summary at the top of the page once data is loaded: what was read, each series'
//! headline pass@k ± its interval (z·SE, as the results table), what the comparison says, and links to the
//! sections that say more. Stale while a new table is being computed, and says so.

use leptos::prelude::*;

use crate::analysis::pair_select::PairSelect;
use crate::analysis::state::Analysis;
use crate::engine::client::retry;
use crate::engine::status::{failure, ready_for};
use crate::inputs::dataset_state::Inputs;
use crate::inputs::input_notes::input_notes;
use crate::widgets::section_nav::section_link;
use crate::widgets::series_name::SeriesName;
use passk_app::page::state::PageState;
use passk_core::data::Dataset;
use passk_io::display::thousands;
use passk_protocol::JobKind;
use passk_view::ranking::ranking_line;
use passk_view::summary::{caption, compare_line, summary};

/// The sections the summary links to: (element id, label).
const LINKS: [(&str, &str); 4] = [
    ("results", "Results table"),
    ("curves", "Curves"),
    ("compare", "Comparison"),
    ("backtest", "Backtest"),
];

/// The summary.
#[component]
pub fn SummaryView(
    /// The analysis state.
    analysis: Analysis,
    /// The inputs: what the last load refused and which inputs were read in part are said
    /// first, where the eye is when a file is dropped.
    inputs: Inputs,
) -> impl IntoView {
    let a = analysis;
    let notes = move || input_notes(inputs, "summary");
    // The series with tasks, and the pair compared (A − B).
    let (names, name_a, name_b) = a.pairing.compared(a.view);
    let default_pair = a.pairing.default_shown(a.view);
    let series = Memo::new(move |_| names.with(Vec::len));
    // The standard error the results table shows (the view's, as a link says).
    let se = Memo::new(move |_| a.view.with(PageState::se_kind));
    let shown = Memo::new(move |_| a.report.with(|r| summary(r, se.get())));
    // A new table asked for: what is shown is the last one's until it arrives.
    // (Not while only the count scores are to come: the summary shows none.)
    let updating = Signal::derive(move || {
        a.pending.with(|p| {
            p[JobKind::TableReport.index()]
                .as_ref()
                .is_some_and(|q| !q.answered)
        })
    });
    let failed = failure();
    let compare = Memo::new(move |_| {
        let (x, y) = (name_a.get(), name_b.get());
        let want = a.view.with(|v| v.compare_k);
        let default = default_pair.get();
        let comparing = a.pending.with(|p| p[JobKind::Compare.index()].is_some());
        a.comparison.with(|d| {
            let pair = x.as_deref().zip(y.as_deref());
            compare_line(series.get(), d.as_ref(), comparing, pair, (want, default))
        })
    });
    // With three series or more, one line of ranking at pass@1 (what is and is not separable).
    let ranking = Memo::new(move |_| {
        a.comparison.with(|d| {
            let d = d.as_ref()?;
            a.datasets.with(|ds| {
                let with: Vec<&Dataset> = ds.iter().filter(|d| !d.tasks.is_empty()).collect();
                ranking_line(&with, d)
            })
        })
    });
    let links = LINKS
        .into_iter()
        .map(|(id, label)| {
            view! {
                <li>{section_link(id, label, format!("summary-link-{id}"))}</li>
            }
        })
        .collect_view();
    let body = move || {
        if series.get() == 0 {
            return view! {
                <p data-testid="summary-empty">"No data loaded: paste counts or drop a file below, or pick an example."</p>
            }
            .into_any();
        }
        let Some(s) = shown.get() else {
            // Said here too: the engine failed (with a retry), or its code is on its way.
            if let Some((f, gave_up)) = failed.get() {
                return view! {
                    <p class="error" data-testid="summary-engine-failed">
                        {f}
                        {gave_up.then(|| view! { " " <button class="link-button" on:click=move |_| retry()>"retry"</button> })}
                    </p>
                }
                .into_any();
            }
            let text = if ready_for(JobKind::TableReport) {
                "Tabulating…"
            } else {
                "Waiting for the engine's code to arrive…"
            };
            return view! { <p class="note" data-testid="summary-waiting" role="status">{text}</p> }.into_any();
        };
        let caption = caption(s.level, s.se);
        let head = s
            .ks
            .iter()
            .map(|&k| view! { <th scope="col">{format!("pass@{}", thousands(k))}<span class="muted">" ± "</span></th> })
            .collect_view();
        let rows = s
            .series
            .into_iter()
            .map(|line| {
                let cells = line
                    .cells
                    .into_iter()
                    .map(|c| match c {
                        Some((value, interval)) => view! {
                            <td><b>{value}</b>" "<span class="muted interval">{interval.unwrap_or_default()}</span></td>
                        }
                        .into_any(),
                        None => view! { <td>"—"</td> }.into_any(),
                    })
                    .collect_view();
                let (name, key) = (line.name.clone(), line.name);
                view! {
                    <tr data-series=key>
                        <th scope="row" class="left"><SeriesName name=name /><span class="muted">{format!("{} tasks", thousands(line.tasks))}</span></th>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <p data-testid="summary-data">{s.data}</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Headline pass@k">
                <table class="results summary-table" data-testid="summary-table">
                    <caption>{caption}</caption>
                    <thead><tr><th scope="col" class="left">"series"</th>{head}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="summary-compare" data-testid="summary-compare">{move || compare.get()}</p>
            {move || (series.get() >= 2).then(|| view! {
                <p class="input-row summary-pair" data-testid="summary-pair">
                    <PairSelect view=a.view names=names name_a=name_a name_b=name_b labels=("", "vs ") names_read=("compare", "with") testid="summary-pair" />
                </p>
            })}
            {move || ranking.get().map(|r| view! { <p class="summary-ranking" data-testid="summary-ranking">{r}</p> })}
        }
        .into_any()
    };
    view! {
        <section class="card summary wide" id="summary" data-testid="summary" aria-labelledby="summary-h"
            class:stale=updating aria-busy=move || updating.get().to_string()>
            <h2 id="summary-h">"Summary"</h2>
            {notes}
            {body}
            <nav aria-label="More in"><ul class="summary-links">
                {links}
                // On a phone the panels below are folded to their one-line answers.
                <li class="open-all"><button class="link-button" data-testid="open-all" on:click=|_| crate::widgets::fold::open_all()>"Open every section"</button></li>
            </ul></nav>
        </section>
    }
}
