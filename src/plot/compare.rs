//! The comparison charts: Pass@1 against ΔPass (one labelled point per series), the best
//! temperature per budget, and the paired difference of two series with its band.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{k_label, Mapping, Style};
use crate::core::analysis::compare::PairedCurve;

/// One point per series: (name, pass@1, ΔPass).
#[derive(Debug, Clone, PartialEq)]
pub struct DeltaPassChart {
    /// The points.
    pub points: Vec<(String, f64, f64)>,
}

/// The best temperature per budget for each model: (model, [(k, T*)]).
#[derive(Debug, Clone, PartialEq)]
pub struct BestTemperatureChart {
    /// One line per model.
    pub models: Vec<(String, Vec<(u64, f64)>)>,
}

/// pass@k(A) − pass@k(B) with its band.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedChart {
    /// "A − B".
    pub label: String,
    /// The curve.
    pub curve: PairedCurve,
}

fn mesh_font(style: &Style, size: f64) -> TextStyle<'static> {
    ("sans-serif", style.font(size))
        .into_font()
        .color(&style.ink())
}

fn mapping<X: Ranged<ValueType = f64>, Y: Ranged<ValueType = f64>, DB: DrawingBackend>(
    c: &ChartContext<'_, DB, Cartesian2d<X, Y>>,
    x_range: (f64, f64),
    x_log: bool,
    y_range: (f64, f64),
) -> Mapping {
    let (xr, yr) = c.plotting_area().get_pixel_range();
    Mapping {
        x: (xr.start, xr.end),
        y: (yr.start, yr.end),
        x_range,
        x_log,
        y_range,
    }
}

/// Draws Pass@1 (x) against ΔPass = a + b (y, log scale), each point labelled.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_delta_pass<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &DeltaPassChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let (lo, hi) = chart
        .points
        .iter()
        .fold((f64::INFINITY, 0.0f64), |a, p| (a.0.min(p.2), a.1.max(p.2)));
    let (lo, hi) = if lo.is_finite() && lo > 0.0 {
        (lo / 3.0, hi * 3.0)
    } else {
        (0.01, 100.0)
    };
    let mut c = ChartBuilder::on(area)
        .margin(style.px(14.0))
        .x_label_area_size(style.px(42.0))
        .y_label_area_size(style.px(56.0))
        .build_cartesian_2d(0f64..1f64, (lo..hi).log_scale())?;
    c.configure_mesh()
        .x_desc("pass@1 = mean c/n")
        .y_desc("ΔPass = a + b (BB, log scale)")
        .x_label_formatter(&|p| format!("{:.0}%", p * 100.0))
        .y_label_formatter(&|v| {
            if *v >= 10.0 {
                format!("{v:.0}")
            } else {
                format!("{v:.2}")
            }
        })
        .label_style(mesh_font(style, 12.0))
        .axis_desc_style(mesh_font(style, 13.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .draw()?;
    for (i, (name, p1, dp)) in chart.points.iter().enumerate() {
        let color = style.series(i);
        let r = style.px(5.0) as i32;
        let label = name.clone();
        let f = mesh_font(style, 12.0);
        c.draw_series(std::iter::once(
            EmptyElement::at((*p1, *dp))
                + Circle::new((0, 0), r, color.filled())
                + Text::new(label, (r + 3, -r - 3), f),
        ))?;
    }
    Ok(mapping(&c, (0.0, 1.0), false, (lo, hi)))
}

/// Draws T*(k) for each model on a log-k axis.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_best_temperature<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &BestTemperatureChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let k_max = chart
        .models
        .iter()
        .flat_map(|m| m.1.iter().map(|p| p.0))
        .max()
        .unwrap_or(10)
        .max(2) as f64;
    let (t_lo, t_hi) = chart
        .models
        .iter()
        .flat_map(|m| m.1.iter().map(|p| p.1))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |a, t| {
            (a.0.min(t), a.1.max(t))
        });
    let (t_lo, t_hi) = if t_lo.is_finite() {
        (t_lo - 0.1, t_hi + 0.1)
    } else {
        (0.0, 1.0)
    };
    let mut c = ChartBuilder::on(area)
        .margin(style.px(14.0))
        .x_label_area_size(style.px(42.0))
        .y_label_area_size(style.px(52.0))
        .build_cartesian_2d((1f64..k_max).log_scale(), t_lo..t_hi)?;
    c.configure_mesh()
        .x_desc("k (log scale)")
        .y_desc("best temperature T*(k)")
        .x_label_formatter(&|k| k_label(*k))
        .label_style(mesh_font(style, 12.0))
        .axis_desc_style(mesh_font(style, 13.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .draw()?;
    for (i, (model, pts)) in chart.models.iter().enumerate() {
        let color = style.series(i);
        let st = ShapeStyle::from(color).stroke_width(style.px(2.2));
        // A step line: T* holds until the next budget.
        let mut path = Vec::with_capacity(2 * pts.len());
        for (j, &(k, t)) in pts.iter().enumerate() {
            path.push((k as f64, t));
            if let Some(&(k2, _)) = pts.get(j + 1) {
                path.push((k2 as f64, t));
            }
        }
        c.draw_series(LineSeries::new(path, st))?
            .label(model.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], st));
    }
    if !chart.models.is_empty() && !style.compact {
        c.configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(style.bg().mix(0.88))
            .border_style(style.grid())
            .label_font(mesh_font(style, 12.0))
            .draw()?;
    }
    Ok(mapping(&c, (1.0, k_max), true, (t_lo, t_hi)))
}

/// Draws the paired difference against k (log axis) with its band, the zero line and the
/// budget where the sign changes.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_paired<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &PairedChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let rows = &chart.curve.rows;
    let k_max = rows.last().map(|r| r.k).unwrap_or(2).max(2) as f64;
    let band = |r: &crate::core::analysis::compare::DiffAtK| r.bootstrap.unwrap_or(r.normal);
    let (lo, hi) = rows.iter().fold((0.0f64, 0.0f64), |a, r| {
        let (l, h) = band(r);
        (a.0.min(l).min(r.mean), a.1.max(h).max(r.mean))
    });
    let pad = ((hi - lo) * 0.08).max(1e-3);
    let (lo, hi) = (lo - pad, hi + pad);
    let mut c = ChartBuilder::on(area)
        .margin(style.px(14.0))
        .x_label_area_size(style.px(42.0))
        .y_label_area_size(style.px(60.0))
        .build_cartesian_2d((1f64..k_max).log_scale(), lo..hi)?;
    c.configure_mesh()
        .x_desc("k (log scale)")
        .y_desc("pass@k(A) − pass@k(B)")
        .x_label_formatter(&|k| k_label(*k))
        .y_label_formatter(&|d| format!("{:+.1} pts", d * 100.0))
        .label_style(mesh_font(style, 12.0))
        .axis_desc_style(mesh_font(style, 13.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .draw()?;
    let color = style.series(0);
    if rows.len() >= 2 {
        let upper = rows.iter().map(|r| (r.k as f64, band(r).1));
        let lower: Vec<(f64, f64)> = rows.iter().rev().map(|r| (r.k as f64, band(r).0)).collect();
        c.draw_series(std::iter::once(Polygon::new(
            upper.chain(lower).collect::<Vec<_>>(),
            color.mix(0.18).filled(),
        )))?;
    }
    c.draw_series(LineSeries::new(
        [(1.0, 0.0), (k_max, 0.0)],
        style.muted().stroke_width(style.px(1.2)),
    ))?;
    let st = ShapeStyle::from(color).stroke_width(style.px(2.4));
    c.draw_series(LineSeries::new(
        rows.iter().map(|r| (r.k as f64, r.mean)),
        st,
    ))?;
    if let Some(k) = chart.curve.sign_change {
        let x = k as f64;
        c.draw_series(DashedLineSeries::new(
            [(x, lo), (x, hi)],
            style.px(4.0),
            style.px(3.0),
            style.ink().stroke_width(style.px(1.2)),
        ))?;
        c.draw_series(std::iter::once(Text::new(
            format!("sign changes at k = {k}"),
            (x * 1.08, hi - (hi - lo) * 0.06),
            mesh_font(style, 12.0),
        )))?;
    }
    Ok(mapping(&c, (1.0, k_max), true, (lo, hi)))
}
