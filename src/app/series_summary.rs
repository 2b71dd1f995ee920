//! The summary of the series read: one row per series, with how its input was read.

use leptos::prelude::*;

use crate::io::workspace::Workspace;

/// The series table.
#[component]
pub fn SeriesSummary(
    /// Every input assembled into series.
    workspace: Memo<Workspace>,
) -> impl IntoView {
    let rows = move || workspace.with(|w| w.summary());
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label="Table of the series read">
            <table class="summary" data-testid="series-summary">
                <caption>"Series read"</caption>
                <thead>
                    <tr>
                        <th scope="col" class="left">"series"</th>
                        <th scope="col" class="left">"read from"</th>
                        <th scope="col">"tasks"</th>
                        <th scope="col">"samples"</th>
                        <th scope="col">"n"</th>
                        <th scope="col">"c = 0"</th>
                        <th scope="col">"c = n"</th>
                        <th scope="col">"pass@1"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let rows = rows();
                        if rows.is_empty() {
                            return view! {
                                <tr><td colspan="8" class="left muted">"No series yet: paste counts, load a file or pick an example."</td></tr>
                            }
                            .into_any();
                        }
                        rows.into_iter()
                            .map(|r| {
                                let ignored = if r.ignored.is_empty() {
                                    String::new()
                                } else {
                                    format!("; ignored columns: {}", r.ignored.join(", "))
                                };
                                let name = r.name.clone();
                                view! {
                                    <tr data-series=name>
                                        <th scope="row" class="left">{r.name}</th>
                                        <td class="left small">{r.file} <span class="muted">{format!(" (read as {}{ignored})", r.read_as)}</span></td>
                                        <td data-col="tasks">{r.tasks.to_string()}</td>
                                        <td data-col="samples">{r.samples.to_string()}</td>
                                        <td data-col="n">{r.n_range}</td>
                                        <td data-col="none">{r.share_none}</td>
                                        <td data-col="all">{r.share_all}</td>
                                        <td data-col="pass1">{r.pass1}</td>
                                    </tr>
                                }
                            })
                            .collect_view()
                            .into_any()
                    }}
                </tbody>
            </table>
        </div>
    }
}
