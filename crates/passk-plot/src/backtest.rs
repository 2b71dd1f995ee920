//! "Would more samples help?": the expected extrapolation error at a target budget against
//! the number of samples per task, one line per estimator, from the backtest.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{count_tick, legend, log_axis, mapping, Frame, Keyed};
use super::{k_label, Mapping, Style};

/// The error curves: (estimator, [(samples per task m, error in probability units)]).
#[derive(Debug, Clone, PartialEq)]
pub struct MoreSamplesChart {
    /// The target budget.
    pub k: u64,
    /// One line per estimator.
    pub lines: Vec<(String, Vec<(u64, f64)>)>,
}

/// Draws the chart.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_more_samples<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &MoreSamplesChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let pts = chart.lines.iter().flat_map(|l| l.1.iter());
    let m_max = pts.clone().map(|p| p.0).max().unwrap_or(4).max(4) as f64;
    let m_min = pts
        .clone()
        .map(|p| p.0)
        .min()
        .unwrap_or(2)
        .clamp(1, m_max as u64 / 2) as f64;
    let e_max = (pts.map(|p| p.1).fold(0.0f64, f64::max) * 100.0 * 1.15).max(0.5);
    let y_desc = format!("expected error at k = {} (points)", k_label(chart.k as f64));
    let mut c = Frame::new("samples per task m (log scale)", y_desc)
        .x_fmt(&count_tick)
        .build(
            area,
            style,
            log_axis(
                m_min,
                m_max,
                chart
                    .lines
                    .iter()
                    .flat_map(|l| l.1.iter().map(|p| p.0 as f64)),
            ),
            0f64..e_max,
        )?;
    for (i, (name, line)) in chart.lines.iter().enumerate() {
        let color = style.series(i);
        let st = style.stroke(color, 2.0);
        let data: Vec<(f64, f64)> = line.iter().map(|&(m, e)| (m as f64, 100.0 * e)).collect();
        let r = style.px(3.5) as i32;
        c.draw_series(LineSeries::new(data.clone(), st))?
            .keyed(name.clone(), 16, st);
        c.draw_series(data.into_iter().map(|p| Circle::new(p, r, color.filled())))?;
    }
    if !chart.lines.is_empty() {
        legend(&mut c, style, SeriesLabelPosition::UpperRight, 12.0)?;
    }
    Ok(mapping(&c))
}
