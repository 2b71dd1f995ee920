//! The Bradley–Terry table under the comparison: each series' strength from the paired
//! per-task outcomes, with its interval, strongest first, and Kendall's τ-b between that
//! order and pass@k's at the budget the panel reads (`passk_view::bt_text`).

use leptos::prelude::*;

use crate::analysis::state::Analysis;
use crate::widgets::series_name::SeriesName;
use passk_io::display::full;
use passk_view::bt_text::{agreement, bt_rows};

/// The table.
#[component]
pub fn BtTable(
    /// The analysis state.
    analysis: Analysis,
    /// The budget the comparison panel reads.
    k: Memo<Option<u64>>,
) -> impl IntoView {
    let a = analysis;
    let names = Memo::new(move |_| {
        a.datasets.with(|ds| {
            ds.iter()
                .filter(|d| !d.tasks.is_empty())
                .map(|d| d.name.clone())
                .collect::<Vec<_>>()
        })
    });
    let body = move || {
        a.comparison.with(|c| {
            let c = c.as_ref()?;
            if let Some(e) = &c.bradley_terry_error {
                return Some(view! { <p class="note" data-testid="bt-error">{e.clone()}</p> }.into_any());
            }
            let fit = c.bradley_terry.as_ref()?;
            let names = names.get();
            let rows = bt_rows(&names, fit)
                .into_iter()
                .map(|r| {
                    let title = format!("π = {}, interval {} – {}", full(r.strength), full(r.interval.0), full(r.interval.1));
                    let key = r.name.clone();
                    view! {
                        <tr data-series=key>
                            <td>{r.rank}</td>
                            <th scope="row" class="left"><SeriesName name=r.name /></th>
                            <td title=title>{format!("{:.3} [{:.3} – {:.3}]", r.strength, r.interval.0, r.interval.1)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let tau = k.get().and_then(|k| a.report.with(|rep| agreement(&names, fit, rep, k))).map(|(_, s)| s);
            let left = (fit.tasks_left_out > 0).then(|| format!(" {} tasks not shared by every series (or of another n) were left out.", fit.tasks_left_out));
            Some(view! {
                <div class="table-wrap" tabindex="0" role="region" aria-label="Bradley–Terry strengths">
                    <table class="results" data-testid="bt-table">
                        <caption>"Bradley–Terry strength π (geometric mean 1) from every task's paired samples, with its interval"</caption>
                        <thead><tr><th scope="col">"rank"</th><th scope="col" class="left">"series"</th><th scope="col">"π [interval]"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <p class="note" data-testid="bt-agreement">{tau}{left}</p>
            }.into_any())
        })
    };
    view! {
        <h3>"Bradley–Terry: who beats whom, sample by sample"</h3>
        <p class="note small">
            "On each shared task, series i beats j max(cᵢ − cⱼ, 0) times (the samples paired as scorio pairs them); P(i beats j) = πᵢ/(πᵢ + πⱼ), fitted by maximum likelihood."
        </p>
        {body}
    }
}
