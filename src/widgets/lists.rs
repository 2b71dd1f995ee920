//! Markup made from lists: a table's plain column headers, a menu's options.

use leptos::prelude::*;

/// `<th scope="col">` for each header, in order.
pub fn col_headers(headers: &'static [&'static str]) -> impl IntoView {
    headers
        .iter()
        .map(|h| view! { <th scope="col">{*h}</th> })
        .collect_view()
}

/// `<option value=…>` for each (value, label), in order.
pub fn options(items: &'static [(&'static str, &'static str)]) -> impl IntoView {
    items
        .iter()
        .map(|(value, label)| view! { <option value=*value>{*label}</option> })
        .collect_view()
}
