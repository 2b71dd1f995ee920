//! The forecast chart: −log pass@k against k, both axes logarithmic (where the power law
//! −log pass@k ≈ A·k^(−b) is a straight line): each series' observed unbiased points up to
//! its n, the chosen forecast as a line to k = 10^6 with its bootstrap band, the other fits
//! as thin lines, all in the series' colour.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{k_tick, log_axis, mapping, Frame};
use super::{Mapping, Style};

/// One series on the forecast chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ForecastLine {
    /// Series name.
    pub name: String,
    /// Its colour slot.
    pub slot: usize,
    /// The budgets.
    pub ks: Vec<u64>,
    /// The unbiased pass@k (None beyond n).
    pub observed: Vec<Option<f64>>,
    /// The chosen forecast's pass@k.
    pub chosen: Vec<f64>,
    /// Its band (lo, hi), if resampled.
    pub band: Option<Vec<(f64, f64)>>,
    /// The other forecasts (label, pass@k), drawn thin.
    pub others: Vec<(String, Vec<f64>)>,
}

/// What the forecast chart shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ForecastChart {
    /// One entry per series shown.
    pub lines: Vec<ForecastLine>,
}

/// −ln p, the chart's y (None where p is 0 or 1).
pub fn neg_log(p: f64) -> Option<f64> {
    let v = -p.ln();
    (v.is_finite() && v > 0.0).then_some(v)
}

/// A y tick: 10^e as "1e-3", or a plain number from 0.01 to 100.
fn y_tick(v: &f64) -> String {
    if (0.01..100.0).contains(v) {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{v:.0e}")
    }
}

/// Draws the chart.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_forecast<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &ForecastChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let ys = || {
        chart.lines.iter().flat_map(|l| {
            l.chosen
                .iter()
                .copied()
                .chain(l.observed.iter().flatten().copied())
                .filter_map(neg_log)
        })
    };
    let (mut lo, mut hi) = (
        ys().fold(f64::INFINITY, f64::min),
        ys().fold(0.0f64, f64::max),
    );
    if !(lo.is_finite() && hi > lo) {
        (lo, hi) = (1e-3, 1.0);
    }
    let (lo, hi) = (lo.max(1e-12) * 0.8, hi * 1.25);
    let k_max = chart
        .lines
        .iter()
        .flat_map(|l| l.ks.last().copied())
        .max()
        .unwrap_or(10) as f64;
    let mut c = Frame::new("k (log scale)", "−ln pass@k (log scale)")
        .x_fmt(&k_tick)
        .y_fmt(&y_tick)
        .build(
            area,
            style,
            log_axis(1.0, k_max.max(10.0), std::iter::empty()),
            log_axis(lo, hi, std::iter::empty()),
        )?;
    let clip = |p: f64| neg_log(p).map(|v| v.clamp(lo, hi));
    for l in &chart.lines {
        let color = style.series(l.slot);
        let xs = || l.ks.iter().map(|&k| k as f64);
        if let Some(band) = &l.band {
            let poly: Vec<(f64, f64)> = xs()
                .zip(band)
                .filter_map(|(k, b)| Some((k, clip(b.0)?)))
                .chain(
                    xs().zip(band)
                        .rev()
                        .filter_map(|(k, b)| Some((k, clip(b.1)?))),
                )
                .collect();
            if poly.len() >= 4 {
                c.draw_series(std::iter::once(Polygon::new(
                    poly,
                    color.mix(0.16).filled(),
                )))?;
            }
        }
        for (_, values) in &l.others {
            let pts: Vec<(f64, f64)> = xs()
                .zip(values)
                .filter_map(|(k, &p)| Some((k, clip(p)?)))
                .collect();
            c.draw_series(std::iter::once(PathElement::new(
                pts,
                style.stroke(color.mix(0.45), 1.0),
            )))?;
        }
        let pts: Vec<(f64, f64)> = xs()
            .zip(&l.chosen)
            .filter_map(|(k, &p)| Some((k, clip(p)?)))
            .collect();
        style.series_line(&mut c, l.slot, pts, style.stroke(color, 2.0))?;
        let r = style.px(2.5) as i32;
        c.draw_series(
            xs().zip(&l.observed)
                .filter_map(|(k, p)| Some((k, clip((*p)?)?)))
                .map(|p| Circle::new(p, r, color.filled())),
        )?;
    }
    Ok(mapping(&c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chart;

    #[test]
    fn the_forecast_chart_draws_points_lines_and_band_in_the_series_colour() {
        let ks = vec![1, 10, 100, 1000, 1_000_000];
        let p = |k: u64| 1.0 - 0.5 * (k as f64).powf(-0.3);
        let line = ForecastLine {
            name: "m".into(),
            slot: 1,
            observed: ks.iter().map(|&k| (k <= 100).then(|| p(k))).collect(),
            chosen: ks.iter().map(|&k| p(k)).collect(),
            band: Some(
                ks.iter()
                    .map(|&k| (p(k) - 0.01, (p(k) + 0.001).min(1.0)))
                    .collect(),
            ),
            others: vec![("BB".into(), ks.iter().map(|&k| p(k) * 0.99).collect())],
            ks,
        };
        let svg = Chart::Forecast(ForecastChart { lines: vec![line] })
            .svg(600, 300, false, None)
            .unwrap();
        let colour = Style::default().series_css(1);
        assert!(
            svg.contains(&colour) || svg.contains(&colour.to_uppercase()),
            "series colour missing"
        );
        assert!(svg.contains("<circle"), "observed points missing");
        assert!(svg.contains("<polygon"), "band missing");
        assert!(svg.contains("−ln pass@k"));
        assert!(Chart::Forecast(ForecastChart::default())
            .svg(300, 200, true, None)
            .is_some());
    }
}
