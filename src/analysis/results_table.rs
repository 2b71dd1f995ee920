//! The results table for the k list: every estimator, its interval, pass^k; Cover@τ rows;
//! copy as Markdown, LaTeX or CSV, and the JSON report download.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::state::Analysis;
use crate::inputs::column_picker::ColumnPicker;
use crate::widgets::series_name::SeriesName;
use crate::widgets::term::Term;
use passk_app::page::state::PageState;
use passk_io::display::percent;
use passk_protocol::JobKind;
use passk_view::table::columns::{columns, pick, shown};
use passk_view::table::{
    cover_rows, csv, latex, markdown, rows_while, se_note, voting, Cell, CountScores, Row, WAITING,
};

/// Puts text on the clipboard; the status says whether it worked.
fn copy(text: String, status: RwSignal<String>, what: &'static str) {
    let promise = window().navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set(if ok {
            format!("{what} copied")
        } else {
            "copy blocked: use the download instead".into()
        });
    });
}

/// The headers of `columns`.
fn labels(columns: &[passk_view::table::columns::Column]) -> Vec<String> {
    columns.iter().map(|c| c.label.clone()).collect()
}

/// The results table.
#[component]
pub fn ResultsTable(
    /// The analysis state.
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    // The standard error shown, as the view (and a link) says.
    let se = Memo::new(move |_| a.view.with(PageState::se_kind));
    // The report with the page's backtests attached (the auto column), every column.
    // The count scores still to come (the table's report answered without them first).
    let counting = Memo::new(move |_| a.counts.get() == CountScores::Coming);
    let full = Memo::new(move |_| {
        let kind = se.get();
        let counts = a.counts.get();
        a.with_backtests.with(|r| {
            (
                rows_while(r, kind, counts),
                cover_rows(r),
                columns(r, kind),
                (r.g_tau.clone(), voting(r)),
            )
        })
    });
    let all_columns = Memo::new(move |_| full.with(|t| t.2.clone()));
    // The columns shown (the view's choice, else the answer first), and the rows cut to them:
    // what the page shows and what Markdown and LaTeX copy.
    let table = Memo::new(move |_| {
        full.with(|(rows, cover, cols, extra)| {
            let idx = a.view.with(|v| shown(cols, v.columns.as_deref()));
            let rows: Vec<Row> = rows
                .iter()
                .map(|r| Row {
                    cells: pick(&r.cells, &idx),
                    ..r.clone()
                })
                .collect();
            (rows, cover.clone(), pick(cols, &idx), extra.clone())
        })
    });
    let status = RwSignal::new(String::new());
    // A download asked for while the series are being fitted waits for the fits (the engine
    // reports only fitted series), and says so.
    let fitting = move || a.pending.with(|p| p[JobKind::Fit.index()].is_some());
    let held = RwSignal::new(false);
    let download = move |_| {
        if fitting() {
            held.set(true);
        } else {
            crate::analysis::report_export::download(&a);
        }
    };
    Effect::new(move |_| {
        if held.get() && !fitting() {
            held.set(false);
            crate::analysis::report_export::download(&a);
        }
    });
    let report_status = move || {
        if held.get() {
            return "the report downloads once the series are fitted…".to_string();
        }
        a.pending
            .with(|p| {
                p[JobKind::FullReport.index()]
                    .as_ref()
                    .map(|q| q.text.clone())
            })
            .unwrap_or_default()
    };
    // The auto column before the backtest: in words, with the backtest's progress.
    let waiting = move || {
        a.pending.with(|p| match &p[JobKind::Backtest.index()] {
            Some(q) => match q.done {
                Some((done, all)) => format!("{WAITING} ({done} of {all})…"),
                None => format!("{WAITING}…"),
            },
            None => WAITING.to_string(),
        })
    };
    let body = move || {
        table.with(|(rows, ..)| {
            rows.iter()
                .map(|r| {
                    let cells = r
                        .cells
                        .iter()
                        .map(|c| match c {
                            // Marked on a line of its own (the cell wraps: no wider column).
                            Cell::Unbiased(v) => view! {
                                <td title=c.title() class="unbiased">{percent(*v)}<span class="mark">" unbiased"</span></td>
                            }
                            .into_any(),
                            Cell::Waiting => view! { <td title=c.title() class="waiting">{waiting()}</td> }.into_any(),
                            // A value with its note ("(error 0.30)"): the note on a line of its own.
                            _ => {
                                let (value, note) = c.parts();
                                let marked = note.is_some();
                                view! {
                                    <td title=c.title() class:excludes=c.excludes_unbiased() class:marked=marked>
                                        {value}{note.map(|n| view! { <span class="mark">" "{n}</span> })}
                                    </td>
                                }
                                .into_any()
                            }
                        })
                        .collect_view();
                    view! { <tr><th scope="row" class="left series" title=r.series.clone()><SeriesName name=r.series.clone() /></th><td class="k">{r.k.to_string()}</td>{cells}</tr> }
                })
                .collect_view()
        })
    };
    let cover_body = move || {
        table.with(|(_, cover, ..)| {
            cover
                .iter()
                .map(|c| {
                    view! {
                        <tr>
                            <th scope="row" class="left"><SeriesName name=c.series.clone() /></th>
                            <td>{c.tau.to_string()}</td>
                            <td title=c.cells[0].title()>{c.cells[0].text()}</td>
                            <td title=c.cells[1].title()>{c.cells[1].text()}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="card wide" id="results" tabindex="-1" class:folded=move || is_folded("results") aria-labelledby="results-title">
            <FoldHead key="results" title_id="results-title">"Results"</FoldHead>
            <p class="answer" data-testid="results-lead">{move || analysis.report.with(passk_view::leads::results)}</p>
            <ColumnPicker analysis=a columns=all_columns />
            <div class="table-wrap" tabindex="0" role="region" aria-label="Pass@k results by estimator">
                <table class="results" data-testid="results-table" data-counting=move || counting.get().to_string()>
                    <caption>"Pass@k by estimator (hover a header for what it is, a cell for every digit or why it is empty)"</caption>
                    <thead>
                        <tr>
                            <th scope="col" class="left series">"series"</th>
                            <th scope="col" class="k">"k"</th>
                            {move || table.with(|t| t.2.iter().map(|c| view! {
                                <th scope="col" data-col=c.key.clone()>
                                    <Term term=c.label.clone() definition=c.definition.clone() key=c.key.clone() />
                                </th>
                            }).collect_view())}
                        </tr>
                    </thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
            <p class="se-choice">
                <label>
                    "Standard error (SE) "
                    <select data-testid="se-kind"
                        prop:value=move || se.get().key()
                        on:change=move |ev| {
                            let key = event_target_value(&ev);
                            a.view.update(|v| v.se = Some(key));
                        }>
                        <option value="tasks">"over tasks"</option>
                        <option value="sampling">"over samples"</option>
                    </select>
                </label>
                " "
                <span class="note small" data-testid="se-note">{move || se_note(se.get())}</span>
            </p>
            <p class="note small">"auto: per budget, the estimator the backtest chose; a value marked " <Term term="unbacked" /> " has no measured error behind that choice."</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Cover@τ results">
                <table class="results" data-testid="cover-table">
                    <caption>"Cover@τ"</caption>
                    <thead><tr><th scope="col" class="left">"series"</th><th scope="col">"τ"</th><th scope="col">"plug-in"</th><th scope="col">"BB posterior"</th></tr></thead>
                    <tbody>{cover_body}</tbody>
                </table>
            </div>
            <p class="actions">
                <button class="copy" data-testid="copy-markdown" on:click=move |_| copy(table.with(|(r, c, h, _)| markdown(&labels(h), r, c)), status, "Markdown")>"copy Markdown"</button>
                <button class="copy" data-testid="copy-latex" on:click=move |_| copy(table.with(|(r, c, h, _)| latex(&labels(h), r, c)), status, "LaTeX")>"copy LaTeX"</button>
                <button class="copy" data-testid="copy-csv" on:click=move |_| copy(full.with(|(r, _, _, t)| csv(r, &t.0, t.1)), status, "CSV")>"copy CSV"</button>
                <button class="copy" data-testid="download-report" on:click=download>"download JSON report"</button>
                <span class="copied" data-testid="table-copy-status">{move || status.get()}</span>
                <span class="copied" data-testid="report-status" role="status">{report_status}</span>
            </p>
        </section>
    }
}
