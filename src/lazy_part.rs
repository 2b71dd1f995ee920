//! The data workspace — the inputs, the analysis and the share bar — built by code the page
//! loads right after its first paint; and the panels below the results, built by code it
//! loads when their place nears the screen.
//!
//! With the `split` feature (the release page, `tools/split.mjs`) the functions marked
//! `wasm_split(workspace)` and everything only they reach go into a wasm file of their own,
//! which `index.html` fetches and compiles as the page starts, and links into the page's
//! memory: the first wasm holds only what paints the page's frame and answers the calculator.
//! The panels below the results are a third part (`analysis::lower_panels`), fetched when
//! first called; what both reach goes into a chunk fetched with the workspace.
//! Without the feature (the wasm tests) the same functions are plain calls.

use leptos::prelude::*;

use crate::split_part::Missing;

use crate::analysis::state::{self as analysis_state, Analysis};
use crate::analysis::summary_view::SummaryView;
use crate::analysis::view::AnalysisView;
use crate::calculator::calc::CalcState;
use crate::inputs::dataset_state::{self, Inputs};
use crate::inputs::dataset_view::DatasetView;
use crate::inputs::drop_zone::DropZone;
use crate::inputs::examples;
use crate::share::bar::ShareBar;
use crate::share::state::{self as share_state, Share};
use passk_app::page::examples::Example;

/// The workspace's state (signals: cheap to copy).
#[derive(Clone, Copy)]
pub struct LazyPart {
    inputs: Inputs,
    analysis: Analysis,
    share: Share,
}

/// Why the workspace is missing: its code did not load.
pub const LOAD_FAILED: &str =
    "The page's code for loading data did not arrive (reload the page): the calculator above works without it.";

/// Calls a `wasm_split` function: awaited (its code may still be loading) with the `split`
/// feature, a plain call without it.
macro_rules! deferred {
    ($f:ident($($arg:expr),*)) => {{
        #[cfg(feature = "split")]
        let result = $f($($arg),*).await;
        #[cfg(not(feature = "split"))]
        let result = $f($($arg),*);
        result.map_err(|Missing| LOAD_FAILED)
    }};
}

/// Creates the workspace's state (restoring what was saved, then the link the page was opened
/// with, which may also set `calc`).
///
/// # Errors
/// [`LOAD_FAILED`] when the workspace's code could not be loaded.
pub async fn setup(calc: CalcState) -> Result<LazyPart, &'static str> {
    // The code loaded (its instantiation is tens of milliseconds) and the views' loaders
    // settled first, then the state in a task of its own: the first poll of `share_bar` and
    // `body` is then ready, so the workspace mounts in the same pass as its state instead of
    // as suspended views resolved a task later.
    #[cfg(feature = "split")]
    {
        let ready = __wasm_split_preload_example_file_now().await.is_ok()
            && __wasm_split_preload_inputs_now().await.is_ok()
            && __wasm_split_preload_setup_now().await.is_ok()
            && __wasm_split_preload_share_bar_now().await.is_ok()
            && __wasm_split_preload_body_now().await.is_ok()
            && __wasm_split_preload_summary_now().await.is_ok();
        if !ready {
            return Err(LOAD_FAILED);
        }
        crate::engine::task_queue::yield_to_browser().await;
    }
    // The default example's files, each read in a task of its own (both in the inputs' task
    // made it 50 ms: `passk-io` is tuned for size on the page).
    while deferred!(example_file_now())? {
        crate::engine::task_queue::yield_to_browser().await;
    }
    let inputs = deferred!(inputs_now())?;
    #[cfg(feature = "split")]
    crate::engine::task_queue::yield_to_browser().await;
    deferred!(setup_now(calc, inputs))
}

/// The share bar (in the masthead).
///
/// # Errors
/// [`LOAD_FAILED`], as [`setup`].
pub async fn share_bar(ws: LazyPart) -> Result<AnyView, &'static str> {
    deferred!(share_bar_now(ws))
}

/// The summary at the top (what was read, the headline pass@k, the comparison's sentence).
///
/// # Errors
/// [`LOAD_FAILED`], as [`setup`].
pub async fn summary(ws: LazyPart) -> Result<AnyView, &'static str> {
    deferred!(summary_now(ws))
}

/// The inputs and the analysis sections, and the page-wide drop target.
///
/// # Errors
/// [`LOAD_FAILED`], as [`setup`].
pub async fn body(ws: LazyPart) -> Result<AnyView, &'static str> {
    deferred!(body_now(ws))
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(workspace, wasm_split_path = leptos::wasm_split, fallible)
)]
fn inputs_now() -> Result<Inputs, Missing> {
    Ok(untrack(|| {
        // The worker `index.html` started: its replies are read from now on.
        crate::engine::client::warm_up();
        // (What was saved, or the example, read: a task of its own.)
        let inputs = dataset_state::provide_inputs();
        // A new reward threshold reads the files again.
        crate::inputs::threshold_watch::watch_threshold(inputs);
        inputs
    }))
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(workspace, wasm_split_path = leptos::wasm_split, fallible)
)]
fn example_file_now() -> Result<bool, Missing> {
    Ok(examples::read_one(Example::DeepScaleR))
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(workspace, wasm_split_path = leptos::wasm_split, fallible)
)]
fn setup_now(calc: CalcState, inputs: Inputs) -> Result<LazyPart, Missing> {
    Ok(untrack(|| {
        let analysis = analysis_state::provide_analysis(inputs);
        // A link the page was opened with wins over what storage restored (kept aside).
        let share = share_state::provide_share(inputs, calc, analysis);
        LazyPart {
            inputs,
            analysis,
            share,
        }
    }))
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(workspace, wasm_split_path = leptos::wasm_split, fallible)
)]
fn share_bar_now(ws: LazyPart) -> Result<AnyView, Missing> {
    let analysis = ws.analysis;
    let on_report = Callback::new(move |()| crate::analysis::report_export::download(&analysis));
    Ok(view! { <ShareBar share=ws.share on_report=on_report /> }.into_any())
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(workspace, wasm_split_path = leptos::wasm_split, fallible)
)]
fn summary_now(ws: LazyPart) -> Result<AnyView, Missing> {
    Ok(view! { <SummaryView analysis=ws.analysis inputs=ws.inputs /> }.into_any())
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(workspace, wasm_split_path = leptos::wasm_split, fallible)
)]
fn body_now(ws: LazyPart) -> Result<AnyView, Missing> {
    // The analysis section a task after the inputs (one task built both).
    let later = RwSignal::new(false);
    set_timeout(move || _ = later.try_set(true), std::time::Duration::ZERO);
    Ok(view! {
        <DropZone inputs=ws.inputs />
        <DatasetView inputs=ws.inputs analysis=ws.analysis />
        <Show when=move || later.get()>
            <AnalysisView analysis=ws.analysis />
        </Show>
    }
    .into_any())
}
