//! A series name where a table prints it: it may wrap after its separators (a `<wbr>` after each
//! `_`, `-`, `.`, …; `passk_view::wrap`), not in the middle of a word.

use leptos::prelude::*;

use passk_view::wrap::pieces;

/// A series name with its break opportunities.
#[component]
pub fn SeriesName(
    /// The name.
    #[prop(into)]
    name: String,
) -> impl IntoView {
    let parts: Vec<String> = pieces(&name).into_iter().map(str::to_string).collect();
    let last = parts.len().saturating_sub(1);
    parts
        .into_iter()
        .enumerate()
        .map(|(i, p)| view! { {p}{(i < last).then(|| view! { <wbr /> })} })
        .collect_view()
}
