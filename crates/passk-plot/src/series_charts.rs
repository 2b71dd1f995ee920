//! The comparison charts: Pass@1 against ΔPass (one labelled point per series), the best
//! temperature per budget, and the paired difference of two series with its band.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::frame::{
    band, k_tick, legend, log_ticks, mapping, percent, rule, share_tick, Frame, Keyed,
};
use super::{Mapping, Style};
use passk_core::analysis::{DiffAtK, PairedCurve};

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
            share_tick(*v)
        }
    };
    // pass@1 from 0 to a little beyond the largest (low pass@1 values spread out).
    let top = chart.points.iter().map(|p| p.1).fold(0.0f64, f64::max);
    let top = (top * 1.25).clamp(0.01, 1.0);
    let step = if top < 0.1 { 0.01 } else { 0.1 };
    let x_hi = ((top / step).ceil() * step).min(1.0);
    // Ticks with a decimal when the axis ends below 10 %.
    let x_tick = |v: &f64| {
        if x_hi <= 0.1 {
            format!("{:.1}%", v * 100.0)
        } else {
            percent(v)
        }
    };
    let mut c = Frame::new("pass@1 = mean c/n", "ΔPass = a + b (BB, log scale)")
        .x_fmt(&x_tick)
        .y_fmt(&delta)
        .build(
            area,
            style,
            0f64..x_hi,
            (lo..hi).log_scale().with_key_points(log_ticks(lo, hi)),
        )?;
    let r = style.px(5.0) as i32;
    let mut anchors = Vec::with_capacity(chart.points.len());
    for (i, (name, p1, dp)) in chart.points.iter().enumerate() {
        let color = style.series(super::slot(&chart.slots, i));
        c.draw_series(std::iter::once(Circle::new((*p1, *dp), r, color.filled())))?;
        let (x, y) = c.backend_coord(&(*p1, *dp));
        let (w, h) = area
            .estimate_text_size(name, &style.text(12.0))
            .unwrap_or((name.len() as u32 * style.px(7.0), style.px(14.0)));
        anchors.push(((x, y), (w as i32, h as i32), name.clone()));
    }
    // The labels beside their points, moved down until none overlaps another; a label moved
    // away from its point is tied to it by a thin line.
    let (bx, by) = area.get_base_pixel();
    for (point, top_left, name) in place_labels(&anchors, r) {
        let local = (top_left.0 - bx, top_left.1 - by);
        if (top_left.1 - (point.1 - r - 3)).abs() > r + 2 {
            let half = anchors
                .iter()
                .find(|a| a.2 == name)
                .map_or(0, |a| a.1 .1 / 2);
            let line = vec![(point.0 - bx, point.1 - by), (local.0, local.1 + half)];
            area.draw(&PathElement::new(line, style.stroke(style.muted(), 0.8)))?;
        }
        area.draw(&Text::new(name, local, style.text(12.0)))?;
    }
    Ok(mapping(&c))
}

/// A difference of shares as signed percentage points with one decimal: "+2.5 pts",
/// "−1.0 pts", and "0 pts" (never "−0.0").
pub fn signed_points(d: &f64) -> String {
    let v = (d * 1000.0).round() / 10.0;
    if v == 0.0 {
        "0 pts".to_string()
    } else if v > 0.0 {
        format!("+{v:.1} pts")
    } else {
        format!("−{:.1} pts", -v)
    }
}

/// A pixel position or size.
pub type Px = (i32, i32);

/// A label on a scatter: its point, a corner or size of its box (see [`place_labels`]), its
/// text.
pub type Label = (Px, Px, String);

/// Where each label goes: (point, its label's top-left corner, label). A label starts up and
/// to the right of its point (`r` its marker's radius) and moves down, a label height at a
/// time, past every label placed before it that it would overlap; labels are placed from the
/// highest point down.
pub fn place_labels(anchors: &[Label], r: i32) -> Vec<Label> {
    let mut order: Vec<usize> = (0..anchors.len()).collect();
    order.sort_by_key(|&i| (anchors[i].0 .1, anchors[i].0 .0));
    let mut placed: Vec<(Px, Px)> = Vec::new();
    let mut out = Vec::with_capacity(anchors.len());
    for i in order {
        let ((x, y), (w, h), ref name) = anchors[i];
        let mut at = (x + r + 3, y - r - 3 - h / 2);
        let overlaps = |at: Px, placed: &[(Px, Px)]| {
            placed.iter().any(|&(p, s)| {
                at.0 < p.0 + s.0 && p.0 < at.0 + w && at.1 < p.1 + s.1 && p.1 < at.1 + h
            })
        };
        let mut tries = 0;
        while overlaps(at, &placed) && tries < 4 * anchors.len() + 4 {
            at.1 += h;
            tries += 1;
        }
        placed.push((at, (w, h)));
        out.push(((x, y), at, name.clone()));
    }
    out
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
        .sizes(14.0, 42.0, 78.0)
        .x_fmt(&k_tick)
        .y_fmt(&signed_points)
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
        // The label right of the rule where it fits, else left of it, else shortened: never
        // clipped (a clipped "k = 2" for 22 reads as a wrong number).
        let y = hi - (hi - lo) * 0.06;
        let (px, _) = c.backend_coord(&(x, y));
        let (xs, _) = c.plotting_area().get_pixel_range();
        let room = |label: &str| style.font(12.0) * 0.6 * label.chars().count() as f64 + 6.0;
        let long = format!("sign changes at k = {k}");
        let short = format!("k = {k}");
        let (right, left) = (f64::from(xs.end - px), f64::from(px - xs.start));
        let (label, before) = if right >= room(&long) {
            (long, false)
        } else if left >= room(&long) {
            (long, true)
        } else {
            (short, right < left)
        };
        let text = if before {
            style.text(12.0).pos(Pos::new(HPos::Right, VPos::Top))
        } else {
            style.text(12.0)
        };
        let at = if before { x / 1.08 } else { x * 1.08 };
        c.draw_series(std::iter::once(Text::new(label, (at, y), text)))?;
    }
    Ok(mapping(&c))
}
