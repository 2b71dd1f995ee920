//! The Pass@k chart: k on a log axis, one colour per series, the estimators as line styles
//! (combinatorial solid and thick; BB, ZOIBB and LinMix solid with their own markers and
//! dashed beyond n; naive dotted; the log-logit extrapolation thin and dashed), and a shaded
//! band.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{k_label, Mapping, Style};
use crate::core::analysis::curves::SeriesCurves;
use crate::core::estimators::kind::Estimator;

/// What the Pass@k chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PassAtKChart {
    /// The series.
    pub series: Vec<SeriesCurves>,
    /// The estimators drawn.
    pub enabled: Vec<Estimator>,
    /// The largest k on the axis.
    pub k_max: u64,
    /// Whether the series' bands are shaded.
    pub band: bool,
}

/// Markers every this many grid points on the fitted curves.
const MARK_EVERY: usize = 12;

type Ctx<'a, DB> = ChartContext<'a, DB, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;

/// One estimator's curve of one series, in its line style.
fn draw_estimator<DB: DrawingBackend>(
    c: &mut Ctx<'_, DB>,
    e: Estimator,
    pts: Vec<(f64, f64)>,
    n: f64,
    color: RGBColor,
    style: &Style,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if pts.is_empty() {
        return Ok(());
    }
    let thick = ShapeStyle::from(color).stroke_width(style.px(2.6));
    let thin = ShapeStyle::from(color).stroke_width(style.px(1.6));
    match e {
        Estimator::Combinatorial => {
            c.draw_series(LineSeries::new(pts, thick))?;
        }
        Estimator::Naive => {
            let r = style.px(1.1) as i32;
            c.draw_series(DottedLineSeries::new(
                pts,
                0,
                style.px(5.0) as i32,
                move |p| Circle::new(p, r, color.filled()),
            ))?;
        }
        Estimator::Extrapolated => {
            let st = ShapeStyle::from(color.mix(0.8)).stroke_width(style.px(1.2));
            c.draw_series(DashedLineSeries::new(pts, style.px(8.0), style.px(3.0), st))?;
        }
        Estimator::Auto => {
            let n_pts = pts.iter().copied();
            let inside: Vec<(f64, f64)> = n_pts.clone().filter(|p| p.0 <= n).collect();
            let beyond: Vec<(f64, f64)> = n_pts.filter(|p| p.0 >= n).collect();
            let st = ShapeStyle::from(color.mix(0.55)).stroke_width(style.px(4.0));
            c.draw_series(LineSeries::new(inside, st))?;
            c.draw_series(DashedLineSeries::new(
                beyond,
                style.px(10.0),
                style.px(4.0),
                st,
            ))?;
        }
        Estimator::Bb | Estimator::Zoibb | Estimator::LinMix => {
            let inside: Vec<(f64, f64)> = pts.iter().copied().filter(|p| p.0 <= n).collect();
            let beyond: Vec<(f64, f64)> = pts.iter().copied().filter(|p| p.0 >= n).collect();
            let marks: Vec<(f64, f64)> = pts.iter().copied().step_by(MARK_EVERY).collect();
            c.draw_series(LineSeries::new(inside, thin))?;
            c.draw_series(DashedLineSeries::new(
                beyond,
                style.px(6.0),
                style.px(4.0),
                thin,
            ))?;
            let r = style.px(3.5) as i32;
            let ms = ShapeStyle::from(color).stroke_width(style.px(1.4));
            match e {
                Estimator::Bb => {
                    c.draw_series(marks.into_iter().map(|p| Circle::new(p, r, ms)))?;
                }
                Estimator::Zoibb => {
                    c.draw_series(
                        marks
                            .into_iter()
                            .map(|p| EmptyElement::at(p) + Rectangle::new([(-r, -r), (r, r)], ms)),
                    )?;
                }
                _ => {
                    c.draw_series(
                        marks
                            .into_iter()
                            .map(|p| TriangleMarker::new(p, r + 1, ms.filled())),
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// Draws the chart on `area`; returns the mapping of its plotting area.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_pass_at_k<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &PassAtKChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let k_max = chart.k_max.max(2) as f64;
    let y_lo = y_floor(chart);
    let font = |size: f64| {
        ("sans-serif", style.font(size))
            .into_font()
            .color(&style.ink())
    };
    let mut c = ChartBuilder::on(area)
        .margin(style.px(12.0))
        .x_label_area_size(style.px(44.0))
        .y_label_area_size(style.px(52.0))
        .build_cartesian_2d((1f64..k_max).log_scale(), y_lo..1f64)?;
    c.configure_mesh()
        .x_desc("k (samples per task, log scale)")
        .y_desc("pass@k")
        .x_label_formatter(&|k| k_label(*k))
        .y_label_formatter(&|p| format!("{:.0}%", p * 100.0))
        .label_style(font(14.0))
        .axis_desc_style(font(15.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .y_labels(6)
        .draw()?;
    for (i, s) in chart.series.iter().enumerate() {
        let color = style.series(i);
        if chart.band {
            let upper: Vec<(f64, f64)> =
                s.ks.iter()
                    .zip(&s.band)
                    .filter_map(|(&k, b)| b.map(|b| (k as f64, b.1)))
                    .collect();
            let mut lower: Vec<(f64, f64)> =
                s.ks.iter()
                    .zip(&s.band)
                    .filter_map(|(&k, b)| b.map(|b| (k as f64, b.0)))
                    .collect();
            lower.reverse();
            if upper.len() >= 2 {
                let poly: Vec<(f64, f64)> = upper.into_iter().chain(lower).collect();
                c.draw_series(std::iter::once(Polygon::new(
                    poly,
                    color.mix(0.16).filled(),
                )))?;
            }
        }
        // Where the fitted curves start to extrapolate: k = n (largest n of the series).
        if (s.n_max as f64) < k_max {
            let x = s.n_max as f64;
            c.draw_series(DashedLineSeries::new(
                [(x, y_lo), (x, 1.0)],
                style.px(3.0),
                style.px(4.0),
                style.muted().mix(0.7).stroke_width(style.px(1.0)),
            ))?;
        }
        for &e in &chart.enabled {
            let pts: Vec<(f64, f64)> =
                s.ks.iter()
                    .zip(s.curve(e))
                    .filter_map(|(&k, v)| v.map(|v| (k as f64, v)))
                    .collect();
            draw_estimator(&mut c, e, pts, s.n_max as f64, color, style)?;
        }
        // The legend names each series by its colour…
        let sample = ShapeStyle::from(color).stroke_width(style.px(2.6));
        c.draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
            .label(s.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], sample));
    }
    // …and each estimator by its line style, in a neutral colour.
    if !chart.series.is_empty() {
        let neutral = style.muted();
        let r = style.px(3.5) as i32;
        let thin = ShapeStyle::from(neutral).stroke_width(style.px(1.6));
        let thick = ShapeStyle::from(neutral).stroke_width(style.px(2.6));
        let line = move |p: (i32, i32)| {
            EmptyElement::at(p) + PathElement::new(vec![(0, 0), (18, 0)], thin)
        };
        for &e in &chart.enabled {
            let proto = c.draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?;
            let proto = proto.label(match e {
                Estimator::Combinatorial => "combinatorial (thick)",
                Estimator::Bb => "BB ○ (dashed beyond n)",
                Estimator::Zoibb => "ZOIBB □ (dashed beyond n)",
                Estimator::LinMix => "LinMix △ (dashed beyond n)",
                Estimator::Naive => "naive (dotted)",
                Estimator::Extrapolated => "log-logit extrapolation (dashed)",
                Estimator::Auto => "auto (backtested; wide, dashed beyond n)",
            });
            match e {
                Estimator::Combinatorial => {
                    proto.legend(move |p| {
                        EmptyElement::at(p) + PathElement::new(vec![(0, 0), (18, 0)], thick)
                    });
                }
                Estimator::Bb => {
                    proto.legend(move |p| line(p) + Circle::new((9, 0), r, thin));
                }
                Estimator::Zoibb => {
                    proto
                        .legend(move |p| line(p) + Rectangle::new([(9 - r, -r), (9 + r, r)], thin));
                }
                Estimator::LinMix => {
                    proto.legend(move |p| {
                        line(p) + TriangleMarker::new((9, 0), r + 1, thin.filled())
                    });
                }
                Estimator::Naive => {
                    proto.legend(move |p| {
                        EmptyElement::at(p)
                            + Circle::new((3, 0), 1, neutral.filled())
                            + Circle::new((9, 0), 1, neutral.filled())
                            + Circle::new((15, 0), 1, neutral.filled())
                    });
                }
                Estimator::Auto => {
                    let wide = ShapeStyle::from(neutral.mix(0.55)).stroke_width(style.px(4.0));
                    proto.legend(move |p| {
                        EmptyElement::at(p) + PathElement::new(vec![(0, 0), (18, 0)], wide)
                    });
                }
                Estimator::Extrapolated => {
                    proto.legend(move |p| {
                        EmptyElement::at(p)
                            + PathElement::new(vec![(0, 0), (7, 0)], thin)
                            + PathElement::new(vec![(11, 0), (18, 0)], thin)
                    });
                }
            }
        }
    }
    if !style.compact && !chart.enabled.is_empty() && !chart.series.is_empty() {
        c.configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(style.bg().mix(0.88))
            .border_style(style.grid())
            .label_font(font(13.0))
            .draw()?;
    }
    let (xr, yr) = c.plotting_area().get_pixel_range();
    Ok(Mapping {
        x: (xr.start, xr.end),
        y: (yr.start, yr.end),
        x_range: (1.0, k_max),
        x_log: true,
        y_range: (y_lo, 1.0),
    })
}

/// The bottom of the y axis: the lowest value drawn, less a margin, down to a multiple of
/// 10 %, so that the curves fill the chart (0 when nothing is drawn).
pub fn y_floor(chart: &PassAtKChart) -> f64 {
    let mut lo = f64::INFINITY;
    for s in &chart.series {
        for &e in &chart.enabled {
            for v in s.curve(e).iter().flatten() {
                lo = lo.min(*v);
            }
        }
        if chart.band {
            for b in s.band.iter().flatten() {
                lo = lo.min(b.0);
            }
        }
    }
    if !lo.is_finite() {
        return 0.0;
    }
    (((lo - 0.03) * 10.0).floor() / 10.0).clamp(0.0, 0.9)
}
