//! "Would more samples help?": the expected extrapolation error at a target budget against
//! the number of samples per task, one line per estimator, from the backtest.

use plotters::coord::Shift;
use plotters::prelude::*;

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
    let font = |size: f64| {
        ("sans-serif", style.font(size))
            .into_font()
            .color(&style.ink())
    };
    let pts = chart.lines.iter().flat_map(|l| l.1.iter());
    let m_max = pts.clone().map(|p| p.0).max().unwrap_or(4).max(4) as f64;
    let m_min = pts
        .clone()
        .map(|p| p.0)
        .min()
        .unwrap_or(2)
        .clamp(1, m_max as u64 / 2) as f64;
    let e_max = (pts.map(|p| p.1).fold(0.0f64, f64::max) * 100.0 * 1.15).max(0.5);
    let mut c = ChartBuilder::on(area)
        .margin(style.px(14.0))
        .x_label_area_size(style.px(42.0))
        .y_label_area_size(style.px(56.0))
        .build_cartesian_2d((m_min..m_max).log_scale(), 0f64..e_max)?;
    c.configure_mesh()
        .x_desc("samples per task m (log scale)")
        .y_desc(format!(
            "expected error at k = {} (points)",
            k_label(chart.k as f64)
        ))
        .x_label_formatter(&|m| k_label(*m))
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .draw()?;
    for (i, (name, line)) in chart.lines.iter().enumerate() {
        let color = style.series(i);
        let st = ShapeStyle::from(color).stroke_width(style.px(2.0));
        let data: Vec<(f64, f64)> = line.iter().map(|&(m, e)| (m as f64, 100.0 * e)).collect();
        let r = style.px(3.5) as i32;
        c.draw_series(LineSeries::new(data.clone(), st))?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], st));
        c.draw_series(data.into_iter().map(|p| Circle::new(p, r, color.filled())))?;
    }
    if !chart.lines.is_empty() && !style.compact {
        c.configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(style.bg().mix(0.88))
            .border_style(style.grid())
            .label_font(font(12.0))
            .draw()?;
    }
    let (xr, yr) = c.plotting_area().get_pixel_range();
    Ok(Mapping {
        x: (xr.start, xr.end),
        y: (yr.start, yr.end),
        x_range: (m_min, m_max),
        x_log: true,
        y_range: (0.0, e_max),
    })
}
