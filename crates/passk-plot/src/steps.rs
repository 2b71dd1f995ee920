//! "pass@k over training": the unbiased pass@k of the series of successive training steps
//! against the step, one line per chosen budget k with its band, so that pass@1
//! rising while pass@256 falls shows at a glance.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{count_tick, key, legend, line_sample, mapping, percent, Frame};
use super::{Mapping, Style};

/// One budget's values along the steps.
#[derive(Debug, Clone, PartialEq)]
pub struct StepLine {
    /// The budget.
    pub k: u64,
    /// Its colour slot.
    pub slot: usize,
    /// (step, pass@k, (band low, band high)); a step where pass@k is not defined is left out.
    pub points: Vec<(u64, f64, (f64, f64))>,
}

/// What the steps chart shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepsChart {
    /// One line per budget, smallest k first.
    pub lines: Vec<StepLine>,
}

impl StepsChart {
    /// The steps drawn, in order.
    pub fn steps(&self) -> Vec<u64> {
        let mut s: Vec<u64> = self
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.0))
            .collect();
        s.sort_unstable();
        s.dedup();
        s
    }
}

/// Draws the chart.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_steps<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &StepsChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let steps = chart.steps();
    let (lo, hi) = match (steps.first(), steps.last()) {
        (Some(&a), Some(&b)) if b > a => (a as f64, b as f64),
        (Some(&a), _) => (a as f64 - 1.0, a as f64 + 1.0),
        _ => (0.0, 1.0),
    };
    let pad = 0.03 * (hi - lo);
    let y_max = chart
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.2 .1))
        .fold(0.0f64, f64::max);
    let y_max = if y_max > 0.0 {
        (y_max * 1.08).min(1.0)
    } else {
        1.0
    };
    let mut c = Frame::new("training step", "pass@k")
        .x_fmt(&count_tick)
        .y_fmt(&percent)
        .build(area, style, (lo - pad)..(hi + pad), 0f64..y_max)?;
    let r = style.px(3.0) as i32;
    for l in &chart.lines {
        let color = style.series(l.slot);
        let band: Vec<(f64, f64)> = l
            .points
            .iter()
            .map(|&(s, _, (_, top))| (s as f64, top))
            .chain(
                l.points
                    .iter()
                    .rev()
                    .map(|&(s, _, (bottom, _))| (s as f64, bottom)),
            )
            .collect();
        if band.len() >= 4 {
            c.draw_series(std::iter::once(Polygon::new(
                band,
                color.mix(0.15).filled(),
            )))?;
        }
        let pts: Vec<(f64, f64)> = l.points.iter().map(|&(s, v, _)| (s as f64, v)).collect();
        let st = style.stroke(color, 2.0);
        style.series_line(&mut c, l.slot, pts.clone(), st)?;
        key(&mut c, format!("pass@{}", count_tick(&(l.k as f64))))?
            .legend(line_sample(style.px(18.0) as i32, st));
        c.draw_series(pts.iter().map(|&p| Circle::new(p, r, color.filled())))?;
    }
    let spot = emptiest_corner(chart, (lo - pad, hi + pad), y_max);
    legend(&mut c, style, spot, 12.0)?;
    Ok(mapping(&c))
}

/// The corner of the plot with the fewest points and band edges near it, for the legend box
/// (lines at training steps go anywhere: no corner is always free).
fn emptiest_corner(chart: &StepsChart, x: (f64, f64), y_max: f64) -> SeriesLabelPosition {
    let corners = [
        (SeriesLabelPosition::LowerRight, (0.55, 1.0), (0.0, 0.45)),
        (SeriesLabelPosition::UpperRight, (0.55, 1.0), (0.55, 1.0)),
        (SeriesLabelPosition::LowerLeft, (0.0, 0.45), (0.0, 0.45)),
        (SeriesLabelPosition::UpperLeft, (0.0, 0.45), (0.55, 1.0)),
    ];
    let share = |v: f64, (a, b): (f64, f64)| (v - a) / (b - a);
    let crowd = |(xs, ys): ((f64, f64), (f64, f64))| {
        let inside = |s: f64, v: f64| {
            let (u, w) = (share(s, x), v / y_max);
            u >= xs.0 && u <= xs.1 && w >= ys.0 && w <= ys.1
        };
        chart
            .lines
            .iter()
            .flat_map(|l| l.points.iter())
            .map(|&(s, v, (lo, hi))| [v, lo, hi].iter().filter(|&&y| inside(s as f64, y)).count())
            .sum::<usize>()
    };
    corners
        .into_iter()
        .min_by_key(|(_, xs, ys)| crowd((*xs, *ys)))
        .map_or(SeriesLabelPosition::LowerRight, |c| c.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chart;

    #[test]
    fn the_steps_chart_draws_one_keyed_line_per_budget() {
        let chart = StepsChart {
            lines: vec![
                StepLine {
                    k: 1,
                    slot: 0,
                    points: vec![
                        (0, 0.30, (0.25, 0.35)),
                        (50, 0.42, (0.37, 0.47)),
                        (100, 0.55, (0.5, 0.6)),
                    ],
                },
                StepLine {
                    k: 256,
                    slot: 1,
                    points: vec![
                        (0, 0.90, (0.86, 0.94)),
                        (50, 0.86, (0.82, 0.9)),
                        (100, 0.80, (0.75, 0.85)),
                    ],
                },
            ],
        };
        assert_eq!(chart.steps(), vec![0, 50, 100]);
        let svg = Chart::Steps(chart.clone())
            .svg(640, 360, false, None)
            .unwrap();
        let text = |t: &str| svg.contains(&format!("\n{t}\n</text>"));
        assert!(text("pass@1") && text("pass@256"), "both keys drawn");
        assert!(text("training step"));
        assert!(svg.contains("<polygon"), "bands drawn");
        // The two lines in two colours.
        let style = Style::default();
        for slot in [0, 1] {
            let css = style.series_css(slot);
            assert!(
                svg.contains(&css) || svg.contains(&css.to_uppercase()),
                "colour {css}"
            );
        }
        // Here the lower right is free; a line low on both sides sends the legend up.
        assert_eq!(
            emptiest_corner(&chart, (0.0, 100.0), 1.0),
            SeriesLabelPosition::LowerRight
        );
        let low = StepsChart {
            lines: vec![StepLine {
                k: 1,
                slot: 0,
                points: vec![(0, 0.1, (0.05, 0.15)), (100, 0.2, (0.15, 0.25))],
            }],
        };
        assert_eq!(
            emptiest_corner(&low, (0.0, 100.0), 1.0),
            SeriesLabelPosition::UpperRight
        );
        // An empty chart still draws its frame.
        assert!(Chart::Steps(StepsChart::default())
            .svg(320, 200, true, None)
            .is_some());
    }
}
