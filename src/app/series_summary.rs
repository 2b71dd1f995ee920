//! The series list: one row per series, with its colour, whether the charts show it, and how
//! its input was read.

use leptos::prelude::*;

use super::analysis_state::Analysis;
use super::series_key::swatch;
use super::theme::use_dark;
use crate::io::format::thousands;
use crate::io::workspace::Workspace;
use crate::plot::Style;

/// The series table.
#[component]
pub fn SeriesSummary(
    /// Every input assembled into series.
    workspace: Memo<Workspace>,
    /// The analysis (colour slots and hidden series).
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    let dark = use_dark();
    let rows = move || workspace.with(|w| w.summary());
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label="Table of the series read">
            <table class="summary" data-testid="series-summary">
                <caption>"Series read"</caption>
                <thead>
                    <tr>
                        <th scope="col">"shown"</th>
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
                                <tr><td colspan="9" class="left muted">"No series yet: paste counts, load a file or pick an example."</td></tr>
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
                                let style = Style { dark: dark.get(), ..Style::default() };
                                let swatch = swatch(&style, a.slots.with(|b| b.slot(&r.name)));
                                let (n1, n2) = (r.name.clone(), r.name.clone());
                                let shown = move || a.view.with(|v| !v.hidden.contains(&n1));
                                view! {
                                    <tr data-series=name>
                                        <td class="shown">
                                            <label class="toggle">
                                                <input type="checkbox" data-testid="series-shown" prop:checked=shown
                                                    aria-label=format!("show {} in the charts", r.name)
                                                    on:change=move |_| a.toggle_hidden(&n2) />
                                                <span class="swatch" style=swatch></span>
                                            </label>
                                        </td>
                                        <th scope="row" class="left">{r.name}</th>
                                        <td class="left small">{r.file} <span class="muted">{format!(" (read as {}{ignored})", r.read_as)}</span></td>
                                        <td data-col="tasks">{thousands(r.tasks)}</td>
                                        <td data-col="samples">{thousands(r.samples)}</td>
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
