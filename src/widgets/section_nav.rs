//! The sticky navigation between the page's sections. Each entry scrolls to its section and
//! moves the focus there, without touching the address's fragment (which holds share links).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The sections: (element id, label).
pub const SECTIONS: [(&str, &str); 7] = [
    ("calculator", "Calculator"),
    ("data", "Data"),
    ("curves", "Curves"),
    ("compare", "Compare"),
    ("fit", "Fit"),
    ("backtest", "Backtest"),
    ("results", "Results"),
];

thread_local! {
    /// A section asked for before its panel's code had loaded (see [`wanted_below`]).
    static PENDING: std::cell::Cell<Option<&'static str>> = const { std::cell::Cell::new(None) };
    /// Whether a section below the results was asked for (the panels' code then loads).
    static WANTED: ArcRwSignal<bool> = ArcRwSignal::new(false);
}

/// True once the bar was asked for a section whose panel is not on the page yet (the panels
/// below the results load their code then, wherever the screen is).
pub fn wanted_below() -> ArcRwSignal<bool> {
    WANTED.with(ArcRwSignal::clone)
}

/// The panels below the results are all shown: goes to the section asked for meanwhile.
pub fn arrived() {
    if let Some(id) = PENDING.with(|p| p.take()) {
        go(id);
    }
}

/// Scrolls to the section `id` and focuses it; a section not on the page yet is gone to once
/// its panel is shown ([`arrived`]).
pub fn go(id: &'static str) {
    // A folded panel (on a phone) is opened first and gone to once it is laid out open.
    if crate::widgets::fold::open(id) {
        return request_animation_frame(move || go(id));
    }
    let Some(el) = document().get_element_by_id(id) else {
        PENDING.with(|p| p.set(Some(id)));
        WANTED.with(|w| w.set(true));
        return;
    };
    el.scroll_into_view();
    if let Ok(h) = el.dyn_into::<web_sys::HtmlElement>() {
        let _ = h.focus();
    }
}

/// A link to the section `id` that goes there as [`go`] does (the summary's links too).
pub fn section_link(id: &'static str, label: &'static str, testid: String) -> impl IntoView {
    view! {
        <a href=format!("#{id}") data-testid=testid
            on:click=move |ev| {
                ev.prevent_default();
                go(id);
            }>
            {label}
        </a>
    }
}

/// The navigation bar.
#[component]
pub fn SectionNav() -> impl IntoView {
    let links = SECTIONS
        .into_iter()
        .map(|(id, label)| view! { <li>{section_link(id, label, format!("nav-{id}"))}</li> })
        .collect_view();
    view! {
        <nav class="section-nav wide" aria-label="Sections" data-testid="section-nav">
            <ul>{links}</ul>
        </nav>
    }
}
