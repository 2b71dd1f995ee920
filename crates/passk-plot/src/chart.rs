//! Any chart of the page, as one type the canvas component draws, exports and maps.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingAreaErrorKind, DrawingBackend};

use crate::mapping::Mapping;
use crate::style::Style;
use crate::{
    backtest, cover, difficulty, fit, forecast, pass_at_k, planner, ranks, record, series_charts,
    steps, svg,
};

/// Any chart of the page, so that one canvas component can draw, export and map them all.
#[derive(Debug, Clone, PartialEq)]
pub enum Chart {
    /// The Pass@k curves.
    PassAtK(pass_at_k::PassAtKChart),
    /// The Cover@τ curves.
    Cover(cover::CoverChart),
    /// A series' fit diagnostics.
    Fit(Box<passk_core::analysis::Diagnostics>),
    /// Pass@1 against ΔPass.
    DeltaPass(series_charts::DeltaPassChart),
    /// The best temperature per budget.
    BestTemperature(series_charts::BestTemperatureChart),
    /// The paired difference of two series.
    Paired(series_charts::PairedChart),
    /// The backtest's error against the samples per task.
    MoreSamples(backtest::MoreSamplesChart),
    /// The planner's half-width against the samples per task.
    Planner(planner::PlannerChart),
    /// Each series' rank against k.
    Ranks(ranks::RankChart),
    /// −log pass@k against k, observed and forecast.
    Forecast(forecast::ForecastChart),
    /// pass@k against the training step.
    Steps(steps::StepsChart),
    /// Each task's Rasch difficulty, hardest first, and each series' ability.
    Difficulty(difficulty::DifficultyChart),
}

impl Chart {
    /// Draws the chart on `area`.
    ///
    /// # Errors
    /// The backend's drawing errors.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
        match self {
            Chart::PassAtK(c) => pass_at_k::draw_pass_at_k(area, c, style),
            Chart::Cover(c) => cover::draw_cover(area, c, style),
            Chart::Fit(d) => fit::draw_fit(area, d, style),
            Chart::DeltaPass(c) => series_charts::draw_delta_pass(area, c, style),
            Chart::BestTemperature(c) => series_charts::draw_best_temperature(area, c, style),
            Chart::Paired(c) => series_charts::draw_paired(area, c, style),
            Chart::MoreSamples(c) => backtest::draw_more_samples(area, c, style),
            Chart::Planner(c) => planner::draw_planner(area, c, style),
            Chart::Ranks(c) => ranks::draw_ranks(area, c, style),
            Chart::Forecast(c) => forecast::draw_forecast(area, c, style),
            Chart::Steps(c) => steps::draw_steps(area, c, style),
            Chart::Difficulty(c) => difficulty::draw_difficulty(area, c, style),
        }
    }

    /// Whether the page draws this chart's legend (above it) instead of the chart: the Pass@k
    /// and Cover@τ charts, whose series the legend hides and shows, and the steps chart,
    /// whose lines go anywhere (its exports keep the legend in the chart).
    pub fn legend_on_page(&self) -> bool {
        matches!(self, Chart::PassAtK(_) | Chart::Cover(_) | Chart::Steps(_))
    }

    /// The full x range of a chart the page lets the user zoom into (by dragging across it,
    /// or + and − on the keyboard): the Pass@k chart's 1 … k_max on a log axis.
    pub fn zoomable(&self) -> Option<(f64, f64)> {
        match self {
            Chart::PassAtK(c) => Some(c.x_extent()),
            _ => None,
        }
    }

    /// The chart as an SVG document, `width` × `height` pixels, zoomed to `zoom`.
    pub fn svg(
        &self,
        width: u32,
        height: u32,
        dark: bool,
        zoom: Option<(f64, f64)>,
    ) -> Option<String> {
        let style = Style {
            dark,
            zoom,
            ..Style::default()
        };
        let (drawn, drawing) = self.drawing((width, height), &style);
        drawn?;
        svg::played(&drawing, (width, height))
    }

    /// The chart drawn on a recorder of `size` pixels, to be played onto the page's canvas or
    /// into SVG (one copy of the charts' code for both), and its mapping (None if drawing
    /// failed: what was drawn before is kept).
    pub fn drawing(&self, size: (u32, u32), style: &Style) -> (Option<Mapping>, record::Drawing) {
        record::record(size, |a| self.draw(a, style).ok())
    }
}
