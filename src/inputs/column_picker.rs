//! The results table's column picker: every column with a tick box, the answer's columns
//! ticked by default; the choice is the view's (kept across reloads and in links).

use leptos::prelude::*;

use crate::analysis::state::Analysis;
use passk_view::table::columns::{choices, shown, toggle, Column, DEFAULT_SHOWN};

/// The column picker.
#[component]
pub fn ColumnPicker(
    /// The analysis state (the view holds the choice).
    analysis: Analysis,
    /// Every column the table has.
    columns: Memo<Vec<Column>>,
) -> impl IntoView {
    let a = analysis;
    let chosen = move || a.view.with(|v| v.columns.clone());
    let summary = move || {
        columns.with(|cols| {
            let on = shown(cols, chosen().as_deref());
            let offered = choices(cols);
            let n = offered
                .iter()
                .filter(|c| on.iter().any(|&i| cols[i].key == c.key))
                .count();
            format!("columns: {n} of {}", offered.len())
        })
    };
    let boxes = move || {
        columns.with(|cols| {
            let on = shown(cols, chosen().as_deref());
            choices(cols)
                .into_iter()
                .map(|c| {
                    let ticked_now = on.iter().any(|&i| cols[i].key == c.key);
                    let key = c.key.clone();
                    let change = move |ev: leptos::ev::Event| {
                        let ticked = event_target_checked(&ev);
                        let next = columns.with_untracked(|cols| {
                            a.view.with_untracked(|v| toggle(cols, v.columns.as_deref(), &key, ticked))
                        });
                        a.view.update(|v| v.columns = Some(next));
                    };
                    view! {
                        <label title=c.definition>
                            <input type="checkbox" data-col=c.key prop:checked=ticked_now on:change=change />
                            {c.label}
                        </label>
                    }
                })
                .collect_view()
        })
    };
    let reset = move |_| a.view.update(|v| v.columns = None);
    let every = move |_| {
        let all = columns.with_untracked(|cols| choices(cols).into_iter().map(|c| c.key).collect());
        a.view.update(|v| v.columns = Some(all));
    };
    view! {
        <details class="column-picker" data-testid="column-picker">
            <summary>{summary}</summary>
            <div class="column-boxes">{boxes}</div>
            <button class="link-button" data-testid="columns-all" on:click=every>"every column"</button>
            " · "
            <button class="link-button" data-testid="columns-default" on:click=reset
                disabled=move || chosen().is_none()>
                {format!("the default {} columns", DEFAULT_SHOWN.len())}
            </button>
        </details>
    }
}
