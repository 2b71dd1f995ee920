//! The sample-size planner's small chart: the half-width of pass@k's interval against the
//! number of samples per task (log axis), with the target as a dashed line and the samples
//! drawn as a dotted one.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{count_tick, log_axis, mapping, rule, Frame};
use super::{Mapping, Style};

/// What the planner's chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannerChart {
    /// The budget.
    pub k: u64,
    /// The target half-width (probability units).
    pub target: f64,
    /// (samples per task n, half-width in probability units).
    pub rows: Vec<(u64, f64)>,
    /// The samples per task drawn (the largest n), if any.
    pub drawn: Option<u64>,
}

/// Draws the chart.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_planner<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &PlannerChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let pts: Vec<(f64, f64)> = chart
        .rows
        .iter()
        .filter(|r| r.1.is_finite())
        .map(|&(n, h)| (n as f64, 100.0 * h))
        .collect();
    let n_lo = pts.first().map_or(1.0, |p| p.0).max(1.0);
    let n_hi = pts.last().map_or(10.0, |p| p.0).max(n_lo * 2.0);
    let h_max = pts
        .iter()
        .map(|p| p.1)
        .chain([100.0 * chart.target])
        .fold(0.0f64, f64::max)
        * 1.15;
    let h_max = if h_max > 0.0 { h_max } else { 1.0 };
    let y_desc = format!("half-width of pass@{} (points)", chart.k);
    let mut c = Frame::new("samples per task n (log scale)", y_desc)
        .x_fmt(&count_tick)
        .build(
            area,
            style,
            log_axis(n_lo, n_hi, pts.iter().map(|p| p.0)),
            0f64..h_max,
        )?;
    let color = style.series(0);
    c.draw_series(LineSeries::new(pts.clone(), style.stroke(color, 2.0)))?;
    let r = style.px(3.0) as i32;
    c.draw_series(pts.iter().map(|&p| Circle::new(p, r, color.filled())))?;
    let target = 100.0 * chart.target;
    let muted = style.stroke(style.muted(), 1.4);
    c.draw_series(style.dashed([(n_lo, target), (n_hi, target)], 6.0, 4.0, muted))?;
    if let Some(n) = chart
        .drawn
        .map(|n| n as f64)
        .filter(|n| *n >= n_lo && *n <= n_hi)
    {
        rule(&mut c, style, n, (0.0, h_max), (2.0, 3.0), muted)?;
    }
    Ok(mapping(&c))
}
