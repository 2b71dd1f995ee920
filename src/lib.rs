//! The page: the Leptos app (wasm32 only), components that wire signals to the view models
//! (`passk-view`), the readers (`passk-io`) and the engine (`passk-engine`).

#![cfg(target_arch = "wasm32")]
#![warn(missing_docs)]
//!
//! One component per file; logic lives in the pure modules, natively tested.

pub mod analysis;
pub mod calculator;
pub mod compare;
pub mod engine;
pub mod forecast;
pub mod inputs;
pub mod lazy_part;
pub mod share;
pub mod split_part;
pub mod steps;
pub mod widgets;

use leptos::prelude::*;

/// The whole page: its frame and the calculator paint first; the workspace (inputs, analysis,
/// share bar) follows as soon as its code has loaded (`workspace`).
#[component]
pub fn App() -> impl IntoView {
    // The engine's worker is started by `index.html`'s first script (its wasm compiles while
    // the page's loads); the workspace takes it over (`engine::client::warm_up`), so that the
    // code reading its replies stays out of the first wasm.
    let calc = calculator::calc::provide_calc();
    let calc_shown = RwSignal::new(false);
    set_timeout(
        move || _ = calc_shown.try_set(true),
        std::time::Duration::ZERO,
    );
    let ws = RwSignal::new(None::<Result<lazy_part::LazyPart, &'static str>>);
    leptos::task::spawn_local_scoped(async move {
        // The workspace's code, its state and its views each in a task of their own after
        // the first paint's (one task held them all: 189 ms with the example).
        engine::task_queue::yield_to_browser().await;
        let part = lazy_part::setup(calc).await;
        engine::task_queue::yield_to_browser().await;
        _ = ws.try_set(Some(part));
    });
    let loaded = move || ws.get().and_then(Result::ok);
    view! {
        <main class="page">
            <header class="masthead wide">
                <h1>"passk"</h1>
                <p class="tagline">
                    "Pass@k, computed in your browser — nothing you type leaves this page."
                </p>
                {move || match loaded() {
                    Some(w) => Suspend::new(async move { lazy_part::share_bar(w).await.ok() }).into_any(),
                    // The bar's place kept while its code loads, so nothing below it moves.
                    None => view! {
                        <div class="share-bar"><p class="actions"><button class="copy" disabled>"Copy link"</button></p></div>
                    }.into_any(),
                }}
            </header>
            <widgets::section_nav::SectionNav />
            // The answer first (once data is loaded); its place kept while the workspace's
            // code loads, so that the calculator below does not move when it arrives.
            {move || match ws.get() {
                None => view! { <section class="card summary summary-loading wide" data-testid="summary-loading" aria-busy="true"><h2>"Summary"</h2><p class="note">"Loading…"</p></section> }.into_any(),
                Some(Err(_)) => ().into_any(),
                Some(Ok(w)) => Suspend::new(async move { lazy_part::summary(w).await.ok() }).into_any(),
            }}
            // A task after the page's frame (the wasm's start held both).
            <Show when=move || calc_shown.get()>
                <calculator::calc::Calculator state=calc />
            </Show>
            {move || match ws.get() {
                None => view! { <p class="note wide workspace-loading" data-testid="workspace-loading" role="status">"Loading the data workspace…"</p> }.into_any(),
                Some(Err(e)) => view! { <p class="error wide" data-testid="workspace-failed" role="alert">{e}</p> }.into_any(),
                Some(Ok(w)) => Suspend::new(async move {
                    lazy_part::body(w).await.unwrap_or_else(|e| view! { <p class="error wide" role="alert">{e}</p> }.into_any())
                })
                .into_any(),
            }}
            <footer class="footnote wide">
                <p>
                    "Unbiased estimator of Chen et al. (2021): pass@k = 1 − C(n−c, k) / C(n, k), "
                    "evaluated as −expm1 of a log1p sum so that tiny values keep every digit."
                </p>
            </footer>
        </main>
    }
}

/// Mounts the app on `<body>` and removes the loading message.
pub fn mount() {
    console_error_panic_hook::set_once();
    if let Some(el) = document().get_element_by_id("loading") {
        el.remove();
    }
    share::state::note_stored_state();
    leptos::mount::mount_to_body(App);
}
