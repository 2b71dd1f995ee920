//! Every rejected row: a banner with the count, the rows listed with line and reason (those
//! of one file with one reason grouped under the first), and all of them downloadable.

use leptos::prelude::*;

use crate::widgets::download::save_text;
use passk_app::page::loaded::{Loaded, LISTED};
use passk_io::display::thousands;

/// The rejected-rows report (empty when every row was read).
#[component]
pub fn RejectedList(
    /// Every input assembled into series.
    shown: Memo<Loaded>,
) -> impl IntoView {
    // Listed grouped (one line per file and reason); downloaded whole.
    let lines = Memo::new(move |_| shown.with(|w| w.rejected_grouped()));
    let count = Memo::new(move |_| shown.with(|w| w.rejected_count()));
    let download = move |_| {
        let text = shown.with_untracked(|w| w.rejected_lines()).join("\n") + "\n";
        let _ = save_text("passk-rejected-rows.txt", "text/plain", &text);
    };
    view! {
        <div id="rejected-rows" tabindex="-1" data-testid="rejected-lines" class="rejected" class:hidden=move || count.get() == 0>
            <p class="banner" role="alert">
                {move || {
                    let n = count.get();
                    let s = if n == 1 { "" } else { "s" };
                    format!("{} row{s} rejected; the valid rows are still analysed.", thousands(n))
                }}
                " "
                <button class="link-button" data-testid="download-rejected" on:click=download>
                    "download all"
                </button>
            </p>
            <ol class="rejected-rows">
                {move || lines.with(|l| {
                    l.iter().take(LISTED).map(|line| view! { <li>{line.clone()}</li> }).collect_view()
                })}
            </ol>
            {move || {
                let more = lines.with(|l| l.len().saturating_sub(LISTED));
                (more > 0).then(|| view! { <p class="muted">{format!("… and {more} more kinds of rejected row, in the download.")}</p> })
            }}
        </div>
    }
}
