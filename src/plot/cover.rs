//! The Cover@τ chart: the share of tasks solved with success rate at least τ, as the plug-in
//! step curve and the BB-posterior smooth curve, with markers at the chosen τ.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{Mapping, Style};
use crate::core::analysis::curves::CoverCurves;

/// What the Cover@τ chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverChart {
    /// The series.
    pub series: Vec<CoverCurves>,
    /// Whether the BB-posterior curves are drawn.
    pub posterior: bool,
}

/// The plug-in step function as a path: G = share_j on (r_{j−1}, r_j], 0 after the last rate.
pub fn step_path(steps: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut pts = Vec::with_capacity(2 * steps.len() + 2);
    let Some(&(_, first)) = steps.first() else {
        return vec![(0.0, 0.0), (1.0, 0.0)];
    };
    pts.push((0.0, first));
    for (j, &(r, share)) in steps.iter().enumerate() {
        pts.push((r, share));
        let next = steps.get(j + 1).map(|s| s.1).unwrap_or(0.0);
        if r < 1.0 {
            pts.push((r, next));
        }
    }
    if steps.last().map(|s| s.0 < 1.0).unwrap_or(true) {
        pts.push((1.0, 0.0));
    }
    pts
}

/// Draws the chart on `area`; returns the mapping of its plotting area.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_cover<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &CoverChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let font = |size: f64| {
        ("sans-serif", style.font(size))
            .into_font()
            .color(&style.ink())
    };
    let mut c = ChartBuilder::on(area)
        .margin(style.px(12.0))
        .x_label_area_size(style.px(44.0))
        .y_label_area_size(style.px(52.0))
        .build_cartesian_2d(0f64..1f64, 0f64..1f64)?;
    c.configure_mesh()
        .x_desc("τ (success-rate threshold)")
        .y_desc("Cover@τ (share of tasks)")
        .x_label_formatter(&|t| format!("{t:.1}"))
        .y_label_formatter(&|p| format!("{:.0}%", p * 100.0))
        .label_style(font(14.0))
        .axis_desc_style(font(15.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .x_labels(6)
        .y_labels(6)
        .draw()?;
    for (i, s) in chart.series.iter().enumerate() {
        let color = style.series(i);
        let plug = ShapeStyle::from(color).stroke_width(style.px(2.2));
        c.draw_series(LineSeries::new(step_path(&s.steps), plug))?
            .label(s.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], plug));
        if chart.posterior && !s.posterior.is_empty() {
            let post = ShapeStyle::from(color.mix(0.85)).stroke_width(style.px(1.4));
            c.draw_series(DashedLineSeries::new(
                s.posterior.clone(),
                style.px(6.0),
                style.px(3.0),
                post,
            ))?;
        }
        for &(tau, plugin, _) in &s.marks {
            c.draw_series(std::iter::once(Circle::new(
                (tau, plugin),
                style.px(4.0) as i32,
                color.filled(),
            )))?;
        }
    }
    if chart.posterior && !chart.series.is_empty() {
        let neutral = ShapeStyle::from(style.muted()).stroke_width(style.px(1.4));
        c.draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
            .label("plug-in: solid steps; BB posterior: dashed")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 7, y)], neutral));
    }
    if let Some(first) = chart.series.first() {
        let muted = style.muted().mix(0.8).stroke_width(style.px(1.0));
        for &(tau, _, _) in &first.marks {
            c.draw_series(DashedLineSeries::new(
                [(tau, 0.0), (tau, 1.0)],
                style.px(3.0),
                style.px(3.0),
                muted,
            ))?;
        }
        if style.compact {
            return mapping(&c);
        }
        c.configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(style.bg().mix(0.88))
            .border_style(style.grid())
            .label_font(font(13.0))
            .draw()?;
    }
    mapping(&c)
}

/// The mapping of the chart's plotting area.
fn mapping<DB: DrawingBackend>(
    c: &ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    let (xr, yr) = c.plotting_area().get_pixel_range();
    Ok(Mapping {
        x: (xr.start, xr.end),
        y: (yr.start, yr.end),
        x_range: (0.0, 1.0),
        x_log: false,
        y_range: (0.0, 1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_fall_at_each_rate() {
        // Rates 0 (all tasks ≥ 0), 0.5 (two of four), 1 (one of four).
        let p = step_path(&[(0.0, 1.0), (0.5, 0.5), (1.0, 0.25)]);
        assert_eq!(
            p,
            vec![
                (0.0, 1.0),
                (0.0, 1.0),
                (0.0, 0.5),
                (0.5, 0.5),
                (0.5, 0.25),
                (1.0, 0.25)
            ]
        );
    }
}
