//! The panels below the results: planner, backtest, forecasts, ranking, paired difference,
//! comparison, fit diagnostics, ΔPass and best temperature. With the release page's `split`
//! feature (`tools/split.mjs`) the function marked `wasm_split(panels)` and all only it
//! reaches are a wasm part of their own, fetched when [`load`] is first called (their place
//! near the screen, see `analysis::view`); without it (the wasm tests) a plain call.

use leptos::prelude::*;

use crate::analysis::fit_panel::FitPanel;
use crate::analysis::ranking_panel::RankingPanel;
use crate::analysis::series_charts::{BestTemperaturePanel, DeltaPassPanel, PairedPanel};
use crate::analysis::stages::{Stages, TOP};
use crate::analysis::state::Analysis;
use crate::compare::panel::ComparePanel;
use crate::compare::rankings::RankingsPanel;
use crate::forecast::backtest_panel::BacktestPanel;
use crate::forecast::panel::ForecastPanel;
use crate::forecast::planner_panel::PlannerPanel;
use crate::split_part::Missing;

/// Why the panels below the results are missing: their code did not load.
pub const PANELS_FAILED: &str =
    "The code of the panels below did not arrive (reload the page): the results above are complete without it.";

/// The panels below the results, their code loaded first (awaited with the `split` feature).
///
/// # Errors
/// [`PANELS_FAILED`] when their code could not be loaded.
pub async fn load(
    analysis: Analysis,
    dark: ReadSignal<bool>,
    stages: Stages,
    has_tasks: Memo<bool>,
) -> Result<AnyView, &'static str> {
    #[cfg(feature = "split")]
    let panels = panels_now(analysis, dark, stages, has_tasks).await;
    #[cfg(not(feature = "split"))]
    let panels = panels_now(analysis, dark, stages, has_tasks);
    panels.map_err(|Missing| PANELS_FAILED)
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(panels, wasm_split_path = leptos::wasm_split, fallible)
)]
fn panels_now(
    analysis: Analysis,
    dark: ReadSignal<bool>,
    stages: Stages,
    has_tasks: Memo<bool>,
) -> Result<AnyView, Missing> {
    Ok(panels(analysis, dark, stages, has_tasks))
}

/// The panels below the results, each shown at its stage (`stages`, from [`TOP`] on) while
/// there are tasks.
fn panels(
    analysis: Analysis,
    dark: ReadSignal<bool>,
    stages: Stages,
    has_tasks: Memo<bool>,
) -> AnyView {
    let at = move |i: usize| move || has_tasks.get() && stages.shown(TOP + i);
    view! {
        <Show when=at(0)><PlannerPanel analysis=analysis dark=dark /></Show>
        <Show when=at(1)><BacktestPanel analysis=analysis dark=dark /></Show>
        <Show when=at(2)><ForecastPanel analysis=analysis dark=dark /></Show>
        <Show when=at(3)><RankingPanel analysis=analysis /></Show>
        <Show when=at(4)><PairedPanel analysis=analysis dark=dark /></Show>
        <Show when=at(5)><ComparePanel analysis=analysis dark=dark /><RankingsPanel analysis=analysis dark=dark /></Show>
        <Show when=at(6)><FitPanel analysis=analysis dark=dark /></Show>
        <Show when=at(7)><DeltaPassPanel analysis=analysis dark=dark /></Show>
        <Show when=at(8)><BestTemperaturePanel analysis=analysis dark=dark /></Show>
    }
    .into_any()
}
