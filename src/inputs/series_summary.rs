//! The series list: one row per series, with its colour, whether the charts show it, its name
//! (editable), buttons to move it up or down and to remove it, and how its input was read.
//! Messages and the undo of a removal sit below the table.

use leptos::prelude::*;

use crate::analysis::series_key::swatch;
use crate::analysis::state::Analysis;
use crate::inputs::dataset_state::Inputs;
use crate::widgets::theme::use_dark;
use passk_app::page::series_edits::{remove_series, Removal, SeriesEdits};
use passk_io::display::thousands;
use passk_io::read::FileRead;
use passk_plot::Style;

/// What a removal changed, to undo it.
#[derive(Debug, Clone, PartialEq)]
struct Undo {
    files: Vec<FileRead>,
    text: String,
    edits: SeriesEdits,
}

/// The series table.
#[component]
pub fn SeriesSummary(
    /// The inputs (removing a series takes it from them).
    inputs: Inputs,
    /// The analysis (the series as edited, colour slots, hidden series).
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    let dark = use_dark();
    let message = RwSignal::new(None::<String>);
    let undo = RwSignal::new(None::<Undo>);
    let shown_names = move || {
        a.shown.with_untracked(|w| {
            w.datasets
                .iter()
                .map(|d| d.name.clone())
                .collect::<Vec<_>>()
        })
    };
    let rename = move |key: String, origin: String, from: String, to: String| {
        let mut edits = a.view.with_untracked(|v| v.series.clone());
        match edits.rename(&key, &origin, &to, &shown_names()) {
            Ok(()) => {
                let to = edits.renamed_as(&key).unwrap_or(&origin).to_string();
                a.view.update(|v| {
                    v.series = edits;
                    v.rename_refs(&from, &to);
                });
                message.set(None);
                true
            }
            Err(e) => {
                message.set(Some(format!("'{from}' was not renamed: {e}.")));
                false
            }
        }
    };
    let move_one = move |key: String, up: bool| {
        let keys = a.shown.with_untracked(|w| w.keys.clone());
        a.view.update(|v| v.series.move_one(&keys, &key, up));
    };
    let remove = move |index: usize, name: String, key: String| {
        let removal = a
            .shown
            .with_untracked(|w| inputs.files.with_untracked(|f| remove_series(w, f, index)));
        let Some(removal) = removal else { return };
        undo.set(Some(Undo {
            files: inputs.files.get_untracked(),
            text: inputs.text.get_untracked(),
            edits: a.view.with_untracked(|v| v.series.clone()),
        }));
        a.view.update(|v| v.series.forget(&key));
        match removal {
            Removal::Pasted => {
                inputs.text.set(String::new());
                inputs.settled.set(String::new());
                message.set(Some(format!(
                    "Removed '{name}' with the pasted text it came from."
                )));
            }
            Removal::Files(files) => {
                inputs.files.set(files);
                message.set(Some(format!("Removed '{name}'.")));
            }
        }
    };
    let restore = move |_| {
        if let Some(u) = undo.get_untracked() {
            inputs.files.set(u.files);
            inputs.text.set(u.text.clone());
            inputs.settled.set(u.text);
            a.view.update(|v| v.series = u.edits);
        }
        undo.set(None);
        message.set(None);
    };
    let rows = move || {
        a.shown.with(|w| {
            let count = w.datasets.len();
            w.summary()
                .into_iter()
                .zip(w.origins.iter().cloned().zip(w.keys.iter().cloned()))
                .enumerate()
                .map(move |(i, (r, (origin, key)))| (i, count, r, origin, key))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label="Table of the series read">
            <table class="summary" data-testid="series-summary">
                <caption>"Series read"</caption>
                <thead>
                    <tr>
                        <th scope="col">"shown"</th>
                        <th scope="col" class="left">"series"</th>
                        <th scope="col">"order · remove"</th>
                        <th scope="col" class="left">"read from"</th>
                        {crate::widgets::lists::col_headers(&["tasks", "samples", "n", "c = 0", "c = n", "pass@1"])}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let rows = rows();
                        if rows.is_empty() {
                            return view! {
                                <tr><td colspan="10" class="left muted">"No series yet: paste counts, load a file or pick an example."</td></tr>
                            }
                            .into_any();
                        }
                        rows.into_iter()
                            .map(|(i, count, r, origin, key)| {
                                let ignored = if r.ignored.is_empty() {
                                    String::new()
                                } else {
                                    format!("; ignored columns: {}", r.ignored.join(", "))
                                };
                                let name = r.name.clone();
                                let style = Style { dark: dark.get(), ..Style::default() };
                                let swatch = swatch(&style, a.slots.with(|b| b.slot(&r.name)));
                                let (n1, n2) = (r.name.clone(), r.name.clone());
                                let shown = move || !a.is_hidden(&n1);
                                let (k1, k2, k3, k4) = (key.clone(), key.clone(), key.clone(), key.clone());
                                let (from, removed) = (r.name.clone(), r.name.clone());
                                let read_as = origin.clone();
                                let on_rename = move |ev: leptos::ev::Event| {
                                    let input = event_target::<web_sys::HtmlInputElement>(&ev);
                                    if !rename(k1.clone(), origin.clone(), from.clone(), input.value()) {
                                        input.set_value(&from);
                                    }
                                };
                                view! {
                                    <tr data-series=name data-key=key>
                                        <td class="shown">
                                            <label class="toggle">
                                                <input type="checkbox" data-testid="series-shown" prop:checked=shown
                                                    aria-label=format!("show {} in the charts", r.name)
                                                    on:change=move |_| a.toggle_hidden(&n2) />
                                                <span class="swatch" style=swatch></span>
                                            </label>
                                        </td>
                                        <th scope="row" class="left">
                                            <input class="series-name" data-testid="series-name" type="text"
                                                prop:value=r.name.clone() title=format!("read as {read_as}")
                                                aria-label=format!("name of series {}", r.name) on:change=on_rename />
                                        </th>
                                        <td class="series-actions">
                                            <button class="icon" data-testid="series-up" disabled=i == 0
                                                aria-label=format!("move {} up", r.name) on:click=move |_| move_one(k2.clone(), true)>"↑"</button>
                                            <button class="icon" data-testid="series-down" disabled=i + 1 == count
                                                aria-label=format!("move {} down", r.name) on:click=move |_| move_one(k3.clone(), false)>"↓"</button>
                                            <button class="icon" data-testid="series-remove"
                                                aria-label=format!("remove {}", r.name) on:click=move |_| remove(i, removed.clone(), k4.clone())>"×"</button>
                                        </td>
                                        <td class="left small">{r.file} <span class="muted">{format!(" (read as {}{ignored})", r.read_as)}</span></td>
                                        <td data-col="tasks">{thousands(r.tasks)}</td>
                                        <td data-col="samples">{thousands(r.samples)}</td>
                                        <td data-col="n">{r.n_range}</td>
                                        <td data-col="none">{r.frac_none}</td>
                                        <td data-col="all">{r.frac_all}</td>
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
        <p class="note" role="status" data-testid="series-message">
            {move || message.get()}
            {move || undo.get().is_some().then(|| view! {
                " " <button class="link-button" data-testid="series-undo" on:click=restore>"undo"</button>
            })}
        </p>
    }
}
