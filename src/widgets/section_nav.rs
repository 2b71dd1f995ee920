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

/// Scrolls to the section `id` and focuses it.
fn go(id: &str) {
    let Some(el) = document().get_element_by_id(id) else {
        return;
    };
    el.scroll_into_view();
    if let Ok(h) = el.dyn_into::<web_sys::HtmlElement>() {
        let _ = h.focus();
    }
}

/// The navigation bar.
#[component]
pub fn SectionNav() -> impl IntoView {
    let links = SECTIONS
        .into_iter()
        .map(|(id, label)| {
            view! {
                <li>
                    <a href=format!("#{id}") data-testid=format!("nav-{id}")
                        on:click=move |ev| {
                            ev.prevent_default();
                            go(id);
                        }>
                        {label}
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav class="section-nav wide" aria-label="Sections" data-testid="section-nav">
            <ul>{links}</ul>
        </nav>
    }
}
