//! The comparison charts: Pass@1 against ΔPass (one labelled point per series), the best
//! temperature per budget, and the paired difference of two series with its band.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{band, k_tick, legend, mapping, percent, rule, Frame, Keyed};
use super::{Mapping, Style};
use crate::core::analysis::compare::{DiffAtK, PairedCurve};

/// One point per series: (name, pass@1, ΔPass).
#[derive(Debug, Clone, PartialEq)]
pub struct DeltaPassChart {
    /// The points.
    pub points: Vec<(String, f64, f64)>,
    /// Each point's colour slot (empty: in order).
    pub slots: Vec<usize>,
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
    let delta = |v: &f64| {
        if *v >= 10.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.2}")
        }
    };
    let mut c = Frame::new("pass@1 = mean c/n", "ΔPass = a + b (BB, log scale)")
        .x_fmt(&percent)
        .y_fmt(&delta)
        .build(area, style, 0f64..1f64, (lo..hi).log_scale())?;
    for (i, (name, p1, dp)) in chart.points.iter().enumerate() {
        let color = style.series(super::slot(&chart.slots, i));
        let r = style.px(5.0) as i32;
        c.draw_series(std::iter::once(
            EmptyElement::at((*p1, *dp))
                + Circle::new((0, 0), r, color.filled())
                + Text::new(name.clone(), (r + 3, -r - 3), style.text(12.0)),
        ))?;
    }
    Ok(mapping(&c))
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
    let mut c = Frame::new("k (log scale)", "best temperature T*(k)")
        .sizes(14.0, 42.0, 52.0)
        .x_fmt(&k_tick)
        .build(area, style, (1f64..k_max).log_scale(), t_lo..t_hi)?;
    for (i, (model, pts)) in chart.models.iter().enumerate() {
        let st = style.stroke(style.series(i), 2.2);
        // A step line: T* holds until the next budget.
        let mut path = Vec::with_capacity(2 * pts.len());
        for (j, &(k, t)) in pts.iter().enumerate() {
            path.push((k as f64, t));
            if let Some(&(k2, _)) = pts.get(j + 1) {
                path.push((k2 as f64, t));
            }
        }
        c.draw_series(LineSeries::new(path, st))?
            .keyed(model.clone(), 16, st);
    }
    if !chart.models.is_empty() {
        legend(&mut c, style, SeriesLabelPosition::LowerRight, 12.0)?;
    }
    Ok(mapping(&c))
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
    let interval = |r: &DiffAtK| r.bootstrap.unwrap_or(r.normal);
    let (lo, hi) = rows.iter().fold((0.0f64, 0.0f64), |a, r| {
        let (l, h) = interval(r);
        (a.0.min(l).min(r.mean), a.1.max(h).max(r.mean))
    });
    let pad = ((hi - lo) * 0.08).max(1e-3);
    let (lo, hi) = (lo - pad, hi + pad);
    let mut c = Frame::new("k (log scale)", "pass@k(A) − pass@k(B)")
        .sizes(14.0, 42.0, 60.0)
        .x_fmt(&k_tick)
        .y_fmt(&|d| format!("{:+.1} pts", d * 100.0))
        .build(area, style, (1f64..k_max).log_scale(), lo..hi)?;
    let color = style.series(0);
    let rows_band = rows
        .iter()
        .map(|r| (r.k as f64, interval(r).0, interval(r).1));
    band(&mut c, rows_band, color.mix(0.18).filled())?;
    let zero = style.stroke(style.muted(), 1.2);
    c.draw_series(LineSeries::new([(1.0, 0.0), (k_max, 0.0)], zero))?;
    let st = style.stroke(color, 2.4);
    c.draw_series(LineSeries::new(
        rows.iter().map(|r| (r.k as f64, r.mean)),
        st,
    ))?;
    if let Some(k) = chart.curve.sign_change {
        let x = k as f64;
        rule(
            &mut c,
            style,
            x,
            (lo, hi),
            (4.0, 3.0),
            style.stroke(style.ink(), 1.2),
        )?;
        c.draw_series(std::iter::once(Text::new(
            format!("sign changes at k = {k}"),
            (x * 1.08, hi - (hi - lo) * 0.06),
            style.text(12.0),
        )))?;
    }
    Ok(mapping(&c))
}
