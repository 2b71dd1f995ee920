//! "Copy link": the link of everything shown, its length, the warning for long links, what
//! was wrong with the link the page was opened with, and the way back to the user's own input.

use leptos::prelude::*;

use crate::share::state::Share;
use passk_app::share::LONG_LINK;
use passk_io::display::thousands;

/// The share bar.
#[component]
pub fn ShareBar(
    /// The share state.
    share: Share,
    /// Offers the JSON report instead of a long link.
    on_report: Callback<()>,
) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let copy = move |_| {
        let Some(url) = share.make_link() else {
            status.set(String::new());
            return;
        };
        let promise = window().navigator().clipboard().write_text(&url);
        let len = thousands(url.chars().count() as u64);
        status.set(format!("Link of {len} characters made…"));
        leptos::task::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            status.set(if ok {
                format!("Link copied: {len} characters.")
            } else {
                format!("Link of {len} characters made (the browser blocked the clipboard: copy it from the box).")
            });
        });
    };
    let made = move || {
        share.made.get().map(|m| match m {
            Ok(url) => {
                let long = url.len() > LONG_LINK;
                view! {
                    <input class="share-url" data-testid="share-url" readonly prop:value=url.clone() aria-label="The link" on:focus=|ev| { event_target::<web_sys::HtmlInputElement>(&ev).select(); } />
                    {long.then(|| view! {
                        <p class="warning" data-testid="share-long">
                            {format!("This link is {} characters long: some chat tools cut links longer than about {}. ", thousands(url.len() as u64), thousands(LONG_LINK as u64))}
                            "For those, send the JSON report instead: "
                            <button class="copy" data-testid="share-report" on:click=move |_| on_report.run(())>"download report (JSON)"</button>
                        </p>
                    })}
                }
                .into_any()
            }
            Err(e) => view! {
                <p class="warning" data-testid="share-long">
                    {format!("No link: {e}. ")}
                    <button class="copy" data-testid="share-report" on:click=move |_| on_report.run(())>"download report (JSON)"</button>
                </p>
            }
            .into_any(),
        })
    };
    let messages = move || {
        let m = share.messages.get();
        (!m.is_empty()).then(|| {
            view! {
                <div class="share-message warning" role="alert" data-testid="share-message">
                    {m.into_iter().map(|t| view! { <p>{t}</p> }).collect_view()}
                </div>
            }
        })
    };
    let previous = move || {
        share.previous.get().then(|| {
            view! {
                <p class="note" data-testid="previous-note">
                    "A link replaced your own input, which is kept aside. "
                    <button class="copy" data-testid="restore-previous" on:click=move |_| share.restore_previous()>"restore my previous input"</button>
                    " "
                    <button class="link-button" data-testid="forget-previous" on:click=move |_| share.forget_previous()>"keep this one"</button>
                </p>
            }
        })
    };
    view! {
        <div class="share-bar" data-testid="share-bar">
            <p class="actions">
                <button class="copy" data-testid="share-link" title="A link that opens this page as you see it: inputs, settings and view; the data travels in the part after #, which browsers never send to a server" on:click=copy>
                    "Copy link"
                </button>
                <span class="copied" data-testid="share-status" role="status">{move || status.get()}</span>
            </p>
            {made}
            {messages}
            {previous}
        </div>
    }
}
