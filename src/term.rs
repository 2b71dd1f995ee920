//! A glossary term where it appears: its definition shows on hover or keyboard focus (and is
//! read with it by screen readers).

use leptos::prelude::*;

use passk_view::glossary::define;

/// A term with its definition.
#[component]
pub fn Term(
    /// The term, as the glossary spells it.
    term: &'static str,
) -> impl IntoView {
    let definition = define(term).unwrap_or_default();
    view! {
        <span class="term" tabindex="0" data-testid="term" data-term=term>
            <dfn>{term}</dfn>
            <span class="term-def" role="tooltip">{definition}</span>
        </span>
    }
}
