//! The calculator's table of pass@k over standard budgets.

use leptos::prelude::*;

use passk_io::display::{full, percent};
use passk_view::calculator::TableRow;

/// pass@k, pass^k and the naive plug-in for k ∈ {1, 2, 5, …, 1000, n} up to n.
#[component]
pub fn KTable(
    /// The rows to show (empty while the input is not valid).
    rows: Signal<Vec<TableRow>>,
) -> impl IntoView {
    view! {
        <table class="k-table" data-testid="k-table">
            <caption>"Pass@k at standard budgets (k ≤ n)"</caption>
            <thead>
                <tr>
                    {crate::widgets::lists::col_headers(&["k", "pass@k", "pass^k", "naive 1−(1−c/n)^k"])}
                </tr>
            </thead>
            <tbody>
                {move || {
                    rows.get()
                        .into_iter()
                        .map(|r| {
                            view! {
                                <tr data-k=r.k.to_string()>
                                    <th scope="row">{r.k.to_string()}</th>
                                    <td title=full(r.pass_at_k)>{percent(r.pass_at_k)}</td>
                                    <td title=full(r.pass_hat_k)>{percent(r.pass_hat_k)}</td>
                                    <td title=full(r.naive)>{percent(r.naive)}</td>
                                </tr>
                            }
                        })
                        .collect_view()
                }}
            </tbody>
        </table>
    }
}
