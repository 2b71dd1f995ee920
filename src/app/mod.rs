//! The Leptos app (wasm32 only): components that wire signals to `io` and `core`.
//!
//! One component per file; logic lives in the pure modules, natively tested.

pub mod analysis_jobs;
pub mod analysis_settings;
pub mod analysis_state;
pub mod analysis_view;
pub mod backtest_panel;
pub mod calculator;
pub mod chart_canvas;
pub mod compare_charts;
pub mod cover_panel;
pub mod dataset_input;
pub mod dataset_view;
pub mod download;
pub mod drop_zone;
pub mod engine;
pub mod examples;
pub mod fit_panel;
pub mod job_progress;
pub mod k_table;
pub mod load_files;
pub mod method_notes;
pub mod number_field;
pub mod pass_at_k_panel;
pub mod planner_panel;
pub mod ranking_panel;
pub mod rejected_list;
pub mod results_table;
pub mod section_nav;
pub mod series_key;
pub mod series_summary;
pub mod setting_field;
pub mod share_bar;
pub mod share_state;
pub mod state;
pub mod storage;
pub mod term;
pub mod theme;

use leptos::prelude::*;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    // The engine's wasm loads and compiles in its worker while the page mounts.
    engine::warm_up();
    let inputs = state::provide_inputs();
    let calc = calculator::provide_calc();
    let analysis = analysis_state::provide_analysis(inputs);
    // A link the page was opened with wins over what storage restored (which is kept aside).
    let share = share_state::provide_share(inputs, calc, analysis);
    let on_report = Callback::new(move |()| analysis.download_report());
    view! {
        <drop_zone::DropZone inputs=inputs />
        <main class="page">
            <header class="masthead wide">
                <h1>"passk"</h1>
                <p class="tagline">
                    "Pass@k, computed in your browser — nothing you type leaves this page."
                </p>
                <share_bar::ShareBar share=share on_report=on_report />
            </header>
            <section_nav::SectionNav />
            <calculator::Calculator state=calc />
            <dataset_view::DatasetView inputs=inputs analysis=analysis />
            <analysis_view::AnalysisView analysis=analysis />
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
