//! A glossary term where it appears: its definition shows on hover or keyboard focus (and is
//! read with it by screen readers).

use leptos::prelude::*;

use passk_view::glossary::define;

/// A term with its definition.
#[component]
pub fn Term(
    /// The term, as the glossary spells it (or a header's label, given its definition).
    #[prop(into)]
    term: String,
    /// Its definition, when the glossary does not hold it (a results table header).
    #[prop(optional, into)]
    definition: Option<String>,
    /// The key outside checks find it by (`data-term`; default: the term).
    #[prop(optional, into)]
    key: Option<String>,
) -> impl IntoView {
    let definition = definition.unwrap_or_else(|| define(&term).unwrap_or_default().to_string());
    let key = key.unwrap_or_else(|| term.clone());
    view! {
        <span class="term" tabindex="0" data-testid="term" data-term=key>
            <dfn>{term}</dfn>
            <span class="term-def" role="tooltip">{definition}</span>
        </span>
    }
}
