//! The two selects that choose the pair compared (A − B): in the summary and in the paired
//! panel, both writing the view's choice, so each shows what the other picked.

use leptos::prelude::*;

use crate::analysis::compared::Choice;
use passk_app::page::state::PageState;

/// A select per side of the pair, each listing the series with tasks.
#[component]
pub fn PairSelect(
    /// The view whose `compare_a` / `compare_b` the selects set.
    view: RwSignal<PageState>,
    /// The series with tasks.
    names: Memo<Vec<String>>,
    /// The series compared as A.
    name_a: Choice,
    /// The series compared as B.
    name_b: Choice,
    /// The text shown before each select.
    labels: (&'static str, &'static str),
    /// Each select's accessible name, when its shown text alone does not say what it picks.
    names_read: (&'static str, &'static str),
    /// The prefix of the selects' `data-testid`s (`{prefix}-a`, `{prefix}-b`).
    testid: &'static str,
) -> impl IntoView {
    let options = move |chosen: Choice| {
        names
            .get()
            .into_iter()
            .map(move |n| {
                let selected = chosen.get().as_deref() == Some(n.as_str());
                view! { <option value=n.clone() selected=selected>{n.clone()}</option> }
            })
            .collect_view()
    };
    view! {
        <label>{labels.0}<select aria-label=names_read.0 data-testid=format!("{testid}-a") on:change=move |ev| view.update(|v| v.compare_a = Some(event_target_value(&ev)))>{move || options(name_a)}</select></label>
        " "
        <label>{labels.1}<select aria-label=names_read.1 data-testid=format!("{testid}-b") on:change=move |ev| view.update(|v| v.compare_b = Some(event_target_value(&ev)))>{move || options(name_b)}</select></label>
    }
}
