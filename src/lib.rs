//! The page: the Leptos app (wasm32 only), components that wire signals to the view models
//! (`passk-view`), the readers (`passk-io`) and the engine (`passk-engine`).

#![cfg(target_arch = "wasm32")]
#![warn(missing_docs)]
//!
//! One component per file; logic lives in the pure modules, natively tested.

pub mod analysis_jobs;
pub mod analysis_settings;
pub mod analysis_state;
pub mod analysis_view;
pub mod backtest_panel;
pub mod calculator;
pub mod chart_canvas;
pub mod chart_readout;
pub mod column_picker;
pub mod compare_panel;
pub mod cover_panel;
pub mod dataset_input;
pub mod dataset_state;
pub mod dataset_view;
pub mod download;
pub mod drop_zone;
pub mod engine_client;
pub mod engine_pool;
pub mod examples;
pub mod files_store;
pub mod fit_panel;
pub mod forecast_panel;
pub mod graded_notes;
pub mod job_progress;
pub mod k_table;
pub mod latest;
pub mod lazy_part;
pub mod load_files;
pub mod load_progress;
pub mod method_notes;
pub mod number_field;
pub mod parquet_reader;
pub mod pass_at_k_panel;
pub mod planner_panel;
pub mod ranking_panel;
pub mod rejected_list;
pub mod report_export;
pub mod results_table;
pub mod section_nav;
pub mod series_charts;
pub mod series_key;
pub mod series_summary;
pub mod setting_field;
pub mod share_bar;
pub mod share_state;
pub mod steps_panel;
pub mod storage;
pub mod task_queue;
pub mod term;
pub mod text_measure;
pub mod theme;

use leptos::prelude::*;

/// The whole page: its frame and the calculator paint first; the workspace (inputs, analysis,
/// share bar) follows as soon as its code has loaded (`workspace`).
#[component]
pub fn App() -> impl IntoView {
    // The engine's worker is started by `index.html`'s first script (its wasm compiles while
    // the page's loads); the workspace takes it over (`engine_client::warm_up`), so that the
    // code reading its replies stays out of the first wasm.
    let calc = calculator::provide_calc();
    let calc_shown = RwSignal::new(false);
    set_timeout(
        move || _ = calc_shown.try_set(true),
        std::time::Duration::ZERO,
    );
    let ws = RwSignal::new(None::<Result<lazy_part::LazyPart, &'static str>>);
    leptos::task::spawn_local_scoped(async move {
        // The workspace's code, its state and its views each in a task of their own after
        // the first paint's (one task held them all: 189 ms with the example).
        task_queue::next_task().await;
        let part = lazy_part::setup(calc).await;
        task_queue::next_task().await;
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
            <section_nav::SectionNav />
            // A task after the page's frame (the wasm's start held both).
            <Show when=move || calc_shown.get()>
                <calculator::Calculator state=calc />
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
    leptos::mount::mount_to_body(App);
}
