//! The Cover@τ chart: the share of tasks solved with success rate at least τ, as the plug-in
//! step curve and the BB-posterior smooth curve, with markers at the chosen τ.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{key, legend, line_sample, mapping, rule, Frame};
use super::{Mapping, Style};
use crate::core::analysis::curves::CoverCurves;

/// What the Cover@τ chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverChart {
    /// The series.
    pub series: Vec<CoverCurves>,
    /// Whether the BB-posterior curves are drawn.
    pub posterior: bool,
    /// Each series' colour slot (empty: in order).
    pub slots: Vec<usize>,
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
    let mut c = Frame::main("τ (success-rate threshold)", "Cover@τ (share of tasks)")
        .x_fmt(&|t| format!("{t:.1}"))
        .ticks(Some(6), None)
        .build(area, style, 0f64..1f64, 0f64..1f64)?;
    for (i, s) in chart.series.iter().enumerate() {
        let slot = super::slot(&chart.slots, i);
        let color = style.series(slot);
        let plug = style.stroke(color, 2.2);
        style.series_line(&mut c, slot, step_path(&s.steps), plug)?;
        key(&mut c, s.name.clone())?.legend(line_sample(18, plug));
        if chart.posterior && !s.posterior.is_empty() {
            let post = style.stroke(color.mix(0.85), 1.4);
            c.draw_series(style.dashed(s.posterior.clone(), 6.0, 3.0, post))?;
        }
        for &(tau, plugin, _) in &s.marks {
            let r = style.px(4.0) as i32;
            c.draw_series(std::iter::once(Circle::new(
                (tau, plugin),
                r,
                color.filled(),
            )))?;
        }
    }
    if chart.posterior && !chart.series.is_empty() {
        let neutral = style.stroke(style.muted(), 1.4);
        key(&mut c, "plug-in: solid steps; BB posterior: dashed")?.legend(line_sample(7, neutral));
    }
    if let Some(first) = chart.series.first() {
        let muted = style.stroke(style.muted().mix(0.8), 1.0);
        for &(tau, _, _) in &first.marks {
            rule(&mut c, style, tau, (0.0, 1.0), (3.0, 3.0), muted)?;
        }
        legend(&mut c, style, SeriesLabelPosition::UpperRight, 13.0)?;
    }
    Ok(mapping(&c))
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
