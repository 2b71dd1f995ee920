//! The Cover@τ chart: the share of tasks solved with success rate at least τ, as the plug-in
//! step curve and the BB-posterior smooth curve, with markers at the chosen τ.

use plotters::coord::Shift;
use plotters::prelude::*;

use plotters::coord::types::RangedCoordf64;

use super::frame::{key, legend, line_sample, mapping, rule, Drawn, Frame, Plot};
use super::{Mapping, Style};
use passk_core::analysis::CoverCurves;

/// What the Cover@τ chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverChart {
    /// The series.
    pub series: Vec<CoverCurves>,
    /// Whether the BB-posterior curves are drawn.
    pub posterior: bool,
    /// Each series' colour slot (empty: in order).
    pub slots: Vec<usize>,
    /// τ on a log axis (for low success rates).
    pub log_tau: bool,
    /// TailPass@K beside each series (aligned with `series`; empty: none): the posterior
    /// share of tasks whose K fresh samples would reach each share r/K of passes, as
    /// (r/K, μ_r) — Cover@τ at a finite budget.
    pub tailpass: Vec<Vec<(f64, f64)>>,
    /// The budget K of `tailpass`.
    pub tailpass_k: u64,
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

/// The pass@1 under which (for every series) the τ axis is logarithmic unless chosen.
pub const LOG_BELOW: f64 = 0.1;

/// Whether the τ axis is logarithmic when nobody chose: when every series' pass@1 is below
/// [`LOG_BELOW`] (their curves would crowd against τ = 0).
pub fn log_tau_by_default(series: &[CoverCurves]) -> bool {
    !series.is_empty() && series.iter().all(|c| c.area < LOG_BELOW)
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
    let y_desc = "Cover@τ (share of tasks)";
    if chart.log_tau {
        let lo = tau_floor(chart);
        let mut c = Frame::main("τ (success-rate threshold, log scale)", y_desc)
            .x_fmt(&|t| super::frame::share_tick(*t))
            .build(area, style, (lo..1f64).log_scale(), 0f64..1f64)?;
        body(&mut c, chart, style, lo)?;
        Ok(mapping(&c))
    } else {
        let mut c = Frame::main("τ (success-rate threshold)", y_desc)
            .x_fmt(&|t| format!("{t:.1}"))
            .ticks(Some(6), None)
            .build(area, style, 0f64..1f64, 0f64..1f64)?;
        body(&mut c, chart, style, 0.0)?;
        Ok(mapping(&c))
    }
}

/// The smallest τ a log axis shows: a power of ten below the smallest positive success rate
/// of any series (at least 10⁻⁶, at most 10⁻²).
pub fn tau_floor(chart: &CoverChart) -> f64 {
    let least = chart
        .series
        .iter()
        .flat_map(|s| s.steps.iter().map(|p| p.0))
        .filter(|&r| r > 0.0)
        .fold(f64::INFINITY, f64::min);
    if least.is_finite() {
        10f64.powf(least.log10().floor()).clamp(1e-6, 1e-2)
    } else {
        1e-2
    }
}

/// The series, posterior curves, markers and legend on either axis; points left of `lo` (a
/// log axis' floor) are drawn at `lo`.
fn body<'a, DB: DrawingBackend + 'a, X>(
    c: &mut Plot<'a, DB, X, RangedCoordf64>,
    chart: &CoverChart,
    style: &Style,
    lo: f64,
) -> Drawn<(), DB>
where
    X: Ranged<ValueType = f64>,
{
    let clip = |pts: Vec<(f64, f64)>| -> Vec<(f64, f64)> {
        pts.into_iter().map(|(t, v)| (t.max(lo), v)).collect()
    };
    for (i, s) in chart.series.iter().enumerate() {
        let slot = super::slot(&chart.slots, i);
        let color = style.series(slot);
        let plug = style.stroke(color, 2.2);
        style.series_line(c, slot, clip(step_path(&s.steps)), plug)?;
        key(c, s.name.clone())?.legend(line_sample(18, plug));
        if chart.posterior && !s.posterior.is_empty() {
            let post = style.stroke(color.mix(0.85), 1.4);
            let pts: Vec<(f64, f64)> = s.posterior.iter().copied().filter(|p| p.0 >= lo).collect();
            c.draw_series(style.dashed(pts, 6.0, 3.0, post))?;
        }
        if let Some(tp) = chart.tailpass.get(i).filter(|t| !t.is_empty()) {
            let dots = style.stroke(color.mix(0.9), 1.6);
            c.draw_series(style.dashed(clip(tp.clone()), 1.5, 3.0, dots))?;
        }
        for &(tau, plugin, _) in &s.marks {
            let r = style.px(4.0) as i32;
            c.draw_series(std::iter::once(Circle::new(
                (tau.max(lo), plugin),
                r,
                color.filled(),
            )))?;
        }
    }
    if chart.posterior && !chart.series.is_empty() {
        let neutral = style.stroke(style.muted(), 1.4);
        key(c, "plug-in: solid steps; BB posterior: dashed")?.legend(line_sample(7, neutral));
    }
    if chart.tailpass.iter().any(|t| !t.is_empty()) {
        let neutral = style.stroke(style.muted(), 1.6);
        let k = chart.tailpass_k;
        key(
            c,
            format!("TailPass@{k} (≥ τ of {k} fresh samples): dotted"),
        )?
        .legend(line_sample(3, neutral));
    }
    if let Some(first) = chart.series.first() {
        let muted = style.stroke(style.muted().mix(0.8), 1.0);
        for &(tau, _, _) in &first.marks {
            rule(c, style, tau.max(lo), (0.0, 1.0), (3.0, 3.0), muted)?;
        }
        legend(c, style, SeriesLabelPosition::UpperRight, 13.0)?;
    }
    Ok(())
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
