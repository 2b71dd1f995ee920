//! The rank chart: each series' mean rank over the paired resamples against k (log axis), its
//! 95 % rank interval as a band, rank 1 at the top, in the series' own colours, each line named
//! where it starts.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::frame::{k_tick, log_axis, mapping, Frame};
use super::{Mapping, Style};

/// One series' ranks along k.
#[derive(Debug, Clone, PartialEq)]
pub struct RankLine {
    /// Series name.
    pub name: String,
    /// Its colour slot.
    pub slot: usize,
    /// (k, mean rank, (low, high) of the rank interval).
    pub points: Vec<(u64, f64, (f64, f64))>,
}

/// What the rank chart shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RankChart {
    /// One line per series.
    pub lines: Vec<RankLine>,
}

/// The y coordinate of a rank: rank 1 at the top (−1), rank N at the bottom (−N).
fn y(rank: f64) -> f64 {
    -rank
}

/// A y tick label: the rank (whole ranks only).
fn rank_tick(v: &f64) -> String {
    let r = -v;
    if (r - r.round()).abs() < 1e-9 && r >= 1.0 {
        format!("{}", r.round() as u64)
    } else {
        String::new()
    }
}

/// Draws the chart.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_ranks<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &RankChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let ks = || {
        chart
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.0 as f64))
    };
    let lo = ks().fold(f64::INFINITY, f64::min);
    let hi = ks().fold(0.0f64, f64::max);
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (1.0, 10.0)
    };
    let n = chart.lines.len().max(2) as f64;
    let mut c = Frame::new("k (log scale)", "rank (1 = best)")
        .x_fmt(&k_tick)
        .y_fmt(&rank_tick)
        .ticks(None, Some(chart.lines.len().max(2) + 1))
        .build(area, style, log_axis(lo, hi, ks()), y(n + 0.4)..y(0.6))?;
    for l in &chart.lines {
        let color = style.series(l.slot);
        let band: Vec<(f64, f64)> = l
            .points
            .iter()
            .map(|&(k, _, (_, top))| (k as f64, y(top)))
            .chain(
                l.points
                    .iter()
                    .rev()
                    .map(|&(k, _, (bottom, _))| (k as f64, y(bottom))),
            )
            .collect();
        if band.len() >= 4 {
            c.draw_series(std::iter::once(Polygon::new(
                band,
                color.mix(0.18).filled(),
            )))?;
        }
        let pts: Vec<(f64, f64)> = l.points.iter().map(|&(k, m, _)| (k as f64, y(m))).collect();
        style.series_line(&mut c, l.slot, pts.clone(), style.stroke(color, 2.0))?;
        let r = style.px(3.0) as i32;
        c.draw_series(pts.iter().map(|&p| Circle::new(p, r, color.filled())))?;
        // Each line named where it starts, just above it (a legend box would cover lines on a
        // narrow chart).
        if let Some(&(x0, y0)) = pts.first() {
            let label = style
                .text(12.0)
                .color(&color)
                .pos(Pos::new(HPos::Left, VPos::Bottom));
            c.draw_series(std::iter::once(Text::new(
                l.name.clone(),
                (x0 * 1.04, y0 + 0.1),
                label,
            )))?;
        }
    }
    Ok(mapping(&c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chart;

    #[test]
    fn the_rank_chart_draws_each_series_in_its_colour_best_on_top() {
        let chart = RankChart {
            lines: vec![
                RankLine {
                    name: "big".into(),
                    slot: 2,
                    points: vec![
                        (1, 1.0, (1.0, 1.0)),
                        (10, 1.2, (1.0, 2.0)),
                        (100, 1.0, (1.0, 1.0)),
                    ],
                },
                RankLine {
                    name: "small".into(),
                    slot: 0,
                    points: vec![
                        (1, 2.0, (2.0, 2.0)),
                        (10, 1.8, (1.0, 2.0)),
                        (100, 2.0, (2.0, 2.0)),
                    ],
                },
            ],
        };
        let svg = Chart::Ranks(chart).svg(600, 300, false, None).unwrap();
        let style = Style::default();
        for slot in [0, 2] {
            assert!(
                svg.contains(&style.series_css(slot).to_uppercase())
                    || svg.contains(&style.series_css(slot)),
                "slot {slot}"
            );
        }
        // plotters writes each text on a line of its own.
        let text = |t: &str| svg.contains(&format!("\n{t}\n</text>"));
        assert!(
            text("rank (1 = best)") && text("big") && text("small"),
            "{svg}"
        );
        assert_eq!(rank_tick(&-1.0), "1");
        assert_eq!(rank_tick(&-1.5), "");
        // An empty chart still draws its frame.
        assert!(Chart::Ranks(RankChart::default())
            .svg(300, 200, true, None)
            .is_some());
    }
}
