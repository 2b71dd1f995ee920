//! The Pass@k chart: k on a log axis, one colour per series, the estimators as line styles
//! (combinatorial solid and thick; BB, ZOIBB, LinMix, the scaled Beta and the Kumaraswamy
//! solid with their own markers and dashed beyond n; naive dotted; the log-logit
//! extrapolation thin and dashed), and a shaded band.

use plotters::coord::combinators::WithKeyPoints;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{
    band, k_tick, key, legend, line_sample, log_ticks_for, mapping, rule, Drawn, Frame, Plot,
};
use super::{Mapping, Style};
use passk_core::analysis::SeriesCurves;
use passk_core::estimators::Estimator;

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
    /// Each series' colour slot (empty: in order).
    pub slots: Vec<usize>,
}

impl PassAtKChart {
    /// The whole x axis: k from 1 to k_max (at least 2).
    pub fn x_extent(&self) -> (f64, f64) {
        (1.0, self.k_max.max(2) as f64)
    }
}

/// Markers every this many grid points on the fitted curves.
const MARK_EVERY: usize = 12;

type Ctx<'a, DB> = Plot<'a, DB, WithKeyPoints<LogCoord<f64>>, RangedCoordf64>;

/// A curve solid up to k = n and dashed beyond (dashes and gaps in CSS pixels).
fn solid_then_dashed<DB: DrawingBackend>(
    c: &mut Ctx<'_, DB>,
    style: &Style,
    pts: &[(f64, f64)],
    n: f64,
    st: ShapeStyle,
    dash: (f64, f64),
) -> Drawn<(), DB> {
    let inside: Vec<(f64, f64)> = pts.iter().copied().filter(|p| p.0 <= n).collect();
    let beyond: Vec<(f64, f64)> = pts.iter().copied().filter(|p| p.0 >= n).collect();
    c.draw_series(LineSeries::new(inside, st))?;
    c.draw_series(style.dashed(beyond, dash.0, dash.1, st))?;
    Ok(())
}

/// One estimator's curve of one series, in its line style.
fn draw_estimator<DB: DrawingBackend>(
    c: &mut Ctx<'_, DB>,
    e: Estimator,
    pts: Vec<(f64, f64)>,
    n: f64,
    (color, slot): (RGBColor, usize),
    style: &Style,
) -> Drawn<(), DB> {
    if pts.is_empty() {
        return Ok(());
    }
    match e {
        Estimator::Combinatorial => {
            style.series_line(c, slot, pts, style.stroke(color, 2.6))?;
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
            c.draw_series(style.dashed(pts, 8.0, 3.0, style.stroke(color.mix(0.8), 1.2)))?;
        }
        Estimator::Auto => {
            let wide = style.stroke(color.mix(0.55), 4.0);
            solid_then_dashed(c, style, &pts, n, wide, (10.0, 4.0))?;
        }
        Estimator::Majority | Estimator::BestOf => {
            let st = style.stroke(color, 2.0);
            let (dash, gap) = if e == Estimator::Majority {
                (3.0, 3.0)
            } else {
                (12.0, 3.0)
            };
            let marks: Vec<(f64, f64)> = pts.iter().copied().step_by(MARK_EVERY).collect();
            c.draw_series(style.dashed(pts, dash, gap, st))?;
            let r = style.px(3.5) as i32;
            if e == Estimator::Majority {
                c.draw_series(marks.into_iter().map(|p| Cross::new(p, r, st)))?;
            } else {
                c.draw_series(
                    marks
                        .into_iter()
                        .map(|p| Circle::new(p, r - 1, st.filled())),
                )?;
            }
        }
        Estimator::ScaledBeta | Estimator::Kumaraswamy => {
            solid_then_dashed(c, style, &pts, n, style.stroke(color, 1.6), (2.0, 3.0))?;
            let r = style.px(4.0) as i32;
            let ms = style.stroke(color, 1.4);
            let shape = outline(e, r);
            c.draw_series(
                pts.into_iter()
                    .step_by(MARK_EVERY)
                    .map(|p| EmptyElement::at(p) + PathElement::new(shape.clone(), ms)),
            )?;
        }
        Estimator::Bb | Estimator::Zoibb | Estimator::LinMix | Estimator::Mix(_) => {
            solid_then_dashed(c, style, &pts, n, style.stroke(color, 1.6), (6.0, 4.0))?;
            let marks = pts.into_iter().step_by(MARK_EVERY);
            let r = style.px(3.5) as i32;
            let ms = style.stroke(color, 1.4);
            match e {
                Estimator::Bb => {
                    c.draw_series(marks.map(|p| Circle::new(p, r, ms)))?;
                }
                Estimator::Zoibb => {
                    c.draw_series(
                        marks.map(|p| EmptyElement::at(p) + Rectangle::new([(-r, -r), (r, r)], ms)),
                    )?;
                }
                _ => {
                    c.draw_series(marks.map(|p| TriangleMarker::new(p, r + 1, ms.filled())))?;
                }
            }
        }
    }
    Ok(())
}

/// The closed outline of the scaled fits' markers around (0, 0): a diamond ◇ for the scaled
/// Beta, a triangle pointing down ▽ for the Kumaraswamy.
fn outline(e: Estimator, r: i32) -> Vec<(i32, i32)> {
    if e == Estimator::ScaledBeta {
        vec![(0, -r), (r, 0), (0, r), (-r, 0), (0, -r)]
    } else {
        vec![(-r, -r * 3 / 4), (r, -r * 3 / 4), (0, r), (-r, -r * 3 / 4)]
    }
}

/// The estimator's entry in the legend: its line style, in a neutral colour.
fn estimator_key<'a, DB: DrawingBackend + 'a>(
    c: &mut Ctx<'a, DB>,
    e: Estimator,
    style: &Style,
) -> Drawn<(), DB> {
    let neutral = style.muted();
    let r = style.px(3.5) as i32;
    let thin = style.stroke(neutral, 1.6);
    // A line from 0 to 18 pixels right of the sample's point.
    let solid = |st: ShapeStyle| {
        move |p: (i32, i32)| EmptyElement::at(p) + PathElement::new(vec![(0, 0), (18, 0)], st)
    };
    let line = solid(thin);
    let entry = key(
        c,
        match e {
            Estimator::Combinatorial => "combinatorial (thick)",
            Estimator::Bb => "BB ○ (dashed beyond n)",
            Estimator::Zoibb => "ZOIBB □ (dashed beyond n)",
            Estimator::LinMix => "LinMix △ (dashed beyond n)",
            Estimator::ScaledBeta => "scaled Beta ◇ (dotted beyond n)",
            Estimator::Kumaraswamy => "Kumaraswamy ▽ (dotted beyond n)",
            Estimator::Mix(_) => "mix of BB and ZOIBB △ (dashed beyond n)",
            Estimator::Naive => "naive (dotted)",
            Estimator::Extrapolated => "logit line, a heuristic (dashed)",
            Estimator::Auto => "auto (backtested; wide, dashed beyond n)",
            Estimator::Majority => "maj@k × (short dashes)",
            Estimator::BestOf => "BoN@k ● (long dashes)",
        },
    )?;
    match e {
        Estimator::Combinatorial => {
            entry.legend(solid(style.stroke(neutral, 2.6)));
        }
        Estimator::Auto => {
            entry.legend(solid(style.stroke(neutral.mix(0.55), 4.0)));
        }
        Estimator::Bb => {
            entry.legend(move |p| line(p) + Circle::new((9, 0), r, thin));
        }
        Estimator::Zoibb => {
            entry.legend(move |p| line(p) + Rectangle::new([(9 - r, -r), (9 + r, r)], thin));
        }
        Estimator::LinMix | Estimator::Mix(_) => {
            entry.legend(move |p| line(p) + TriangleMarker::new((9, 0), r + 1, thin.filled()));
        }
        Estimator::ScaledBeta | Estimator::Kumaraswamy => {
            let shape: Vec<(i32, i32)> = outline(e, r + 1)
                .into_iter()
                .map(|(x, y)| (x + 9, y))
                .collect();
            entry.legend(move |p| line(p) + PathElement::new(shape.clone(), thin));
        }
        Estimator::Naive => {
            entry.legend(move |p| {
                EmptyElement::at(p)
                    + Circle::new((3, 0), 1, neutral.filled())
                    + Circle::new((9, 0), 1, neutral.filled())
                    + Circle::new((15, 0), 1, neutral.filled())
            });
        }
        Estimator::Extrapolated => {
            entry.legend(move |p| {
                EmptyElement::at(p)
                    + PathElement::new(vec![(0, 0), (7, 0)], thin)
                    + PathElement::new(vec![(11, 0), (18, 0)], thin)
            });
        }
        Estimator::Majority => {
            entry.legend(move |p| {
                EmptyElement::at(p)
                    + PathElement::new(vec![(0, 0), (3, 0)], thin)
                    + PathElement::new(vec![(6, 0), (9, 0)], thin)
                    + PathElement::new(vec![(12, 0), (15, 0)], thin)
                    + Cross::new((9, 0), r, thin)
            });
        }
        Estimator::BestOf => {
            entry.legend(move |p| {
                EmptyElement::at(p)
                    + PathElement::new(vec![(0, 0), (12, 0)], thin)
                    + PathElement::new(vec![(15, 0), (18, 0)], thin)
                    + Circle::new((9, 0), r - 1, thin.filled())
            });
        }
    }
    Ok(())
}

/// The width of the main frame's plotting area in `area` (its margins and y label area off:
/// `Frame::main`'s 12, 12 and 52 CSS pixels), where the x tick labels must fit.
fn plot_width<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, style: &Style) -> u32 {
    area.dim_in_pixel()
        .0
        .saturating_sub(style.px(12.0 + 12.0 + 52.0))
}

/// Draws the chart on `area`; returns the mapping of its plotting area. With
/// [`Style::zoom`] the x axis shows only that range of k (within 1 … k_max), and the y axis
/// fits the values drawn there.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_pass_at_k<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &PassAtKChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let (_, k_max) = chart.x_extent();
    let (x_lo, x_hi) = style.zoomed(chart.x_extent());
    let inside = |k: f64| k >= x_lo * (1.0 - 1e-9) && k <= x_hi * (1.0 + 1e-9);
    let (y_lo, y_hi) = y_span(chart, &inside, style.zoom.is_some());
    let mut c = Frame::main("k (samples per task, log scale)", "pass@k")
        .x_fmt(&k_tick)
        .build(
            area,
            style,
            (x_lo..x_hi).log_scale().with_key_points(log_ticks_for(
                x_lo,
                x_hi,
                plot_width(area, style),
                style,
            )),
            y_lo..y_hi,
        )?;
    for (i, s) in chart.series.iter().enumerate() {
        let slot = super::slot(&chart.slots, i);
        let color = style.series(slot);
        if chart.band {
            let rows = s.ks.iter().zip(&s.band).filter(|r| inside(*r.0 as f64));
            let rows = rows.filter_map(|(&k, b)| b.map(|b| (k as f64, b.0, b.1)));
            band(&mut c, rows, color.mix(0.16).filled())?;
        }
        // Where the fitted curves start to extrapolate: k = n (largest n of the series).
        let n = s.n_max as f64;
        if n < k_max && inside(n) {
            let st = style.stroke(style.muted().mix(0.7), 1.0);
            rule(&mut c, style, n, (y_lo, y_hi), (3.0, 4.0), st)?;
        }
        for &e in &chart.enabled {
            let pts: Vec<(f64, f64)> =
                s.ks.iter()
                    .zip(s.curve(e))
                    .filter(|p| inside(*p.0 as f64))
                    .filter_map(|(&k, v)| v.map(|v| (k as f64, v)))
                    .collect();
            draw_estimator(&mut c, e, pts, n, (color, slot), style)?;
        }
        // The legend names each series by its colour…
        key(&mut c, s.name.clone())?.legend(line_sample(18, style.stroke(color, 2.6)));
    }
    // …and each estimator by its line style, in a neutral colour.
    if !chart.series.is_empty() {
        for &e in &chart.enabled {
            estimator_key(&mut c, e, style)?;
        }
    }
    if !chart.enabled.is_empty() && !chart.series.is_empty() {
        legend(&mut c, style, SeriesLabelPosition::LowerRight, 13.0)?;
    }
    Ok(mapping(&c))
}

/// The lowest and highest value drawn at the budgets `inside` keeps: the curves of the
/// enabled estimators, and the band when it is shaded (None when nothing is drawn).
fn extent(chart: &PassAtKChart, inside: &dyn Fn(f64) -> bool) -> Option<(f64, f64)> {
    let mut ext = None::<(f64, f64)>;
    let mut add = |v: f64| ext = Some(ext.map_or((v, v), |(l, h)| (l.min(v), h.max(v))));
    for s in &chart.series {
        let kept = |k: &u64| inside(*k as f64);
        for &e in &chart.enabled {
            let drawn = s.ks.iter().zip(s.curve(e)).filter(|p| kept(p.0));
            drawn.filter_map(|p| *p.1).for_each(&mut add);
        }
        if chart.band {
            let shaded = s.ks.iter().zip(&s.band).filter(|p| kept(p.0));
            for b in shaded.filter_map(|p| *p.1) {
                add(b.0);
                add(b.1);
            }
        }
    }
    ext
}

/// `lo` less a margin, down to a multiple of 10 % (at most 90 %).
fn floor_10(lo: f64) -> f64 {
    (((lo - 0.03) * 10.0).floor() / 10.0).clamp(0.0, 0.9)
}

/// The y axis: [`y_floor`] up to 100 %, or, zoomed, the values drawn at the budgets
/// `inside` keeps, with a margin, to multiples of 10 %.
fn y_span(chart: &PassAtKChart, inside: &dyn Fn(f64) -> bool, zoomed: bool) -> (f64, f64) {
    if !zoomed {
        return (y_floor(chart), 1.0);
    }
    extent(chart, inside).map_or((0.0, 1.0), |(lo, hi)| {
        let lo = floor_10(lo);
        (
            lo,
            (((hi + 0.03) * 10.0).ceil() / 10.0).clamp(lo + 0.1, 1.0),
        )
    })
}

/// The bottom of the y axis: the lowest value drawn, less a margin, down to a multiple of
/// 10 %, so that the curves fill the chart (0 when nothing is drawn).
pub fn y_floor(chart: &PassAtKChart) -> f64 {
    extent(chart, &|_| true).map_or(0.0, |(lo, _)| floor_10(lo))
}
