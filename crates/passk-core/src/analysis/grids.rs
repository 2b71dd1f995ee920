//! The points a chart's curves are drawn at: the budgets k of the Pass@k curves (log-spaced,
//! through the round budgets and the series' n) and the τ of the posterior Cover@τ curve
//! (the page's engine, in every worker, and the JavaScript module's chart).

use crate::eval::fit::SeriesFit;
use crate::num::libm_math::LibmMath;

/// Integer budgets from 1 to `k_max`: about `points` log-spaced, plus `marks` (such as n)
/// that the curves must pass through; sorted, distinct.
pub fn k_grid(k_max: u64, points: usize, marks: &[u64]) -> Vec<u64> {
    let k_max = k_max.max(1);
    let top = (k_max as f64).libm_ln();
    let mut ks: Vec<u64> = (0..points.max(2))
        .map(|i| {
            (top * i as f64 / (points.max(2) - 1) as f64)
                .libm_exp()
                .round() as u64
        })
        .chain(marks.iter().copied().filter(|&m| m >= 1 && m <= k_max))
        .chain([1, k_max])
        .map(|k| k.clamp(1, k_max))
        .collect();
    ks.sort_unstable();
    ks.dedup();
    ks
}

/// About how many budgets a chart's curves are drawn at ([`curve_grid`]).
pub const K_GRID_POINTS: usize = 60;

/// The budgets a series' curves are drawn at, up to `k_max`: about [`K_GRID_POINTS`]
/// log-spaced, the round budgets and the series' smallest and largest n (the page's engine, in
/// every worker, and the JavaScript module's chart).
pub fn curve_grid(f: &SeriesFit, k_max: u64) -> Vec<u64> {
    let (lo, hi) = f.n_range();
    let mut marks = round_budgets(k_max);
    marks.extend([lo, hi]);
    k_grid(k_max, K_GRID_POINTS, &marks)
}

/// The round budgets 1, 2, 5, 10, 20, 50, … up to k_max (the chart's data table lists them,
/// so the grid includes them).
pub fn round_budgets(k_max: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut decade = 1u64;
    while decade <= k_max {
        for m in [1, 2, 5] {
            let k = decade.saturating_mul(m);
            if k <= k_max {
                out.push(k);
            }
        }
        decade = decade.saturating_mul(10);
    }
    out
}

/// Points of τ the posterior Cover curve is drawn on (the page's and the JavaScript module's
/// charts).
pub const COVER_POINTS: usize = 50;

/// Values of τ below the linear grid's first step at which the posterior is also computed
/// (log-spaced from 10⁻⁶), so that a log τ axis shows it where success rates are low.
pub const COVER_LOW_POINTS: usize = 30;

/// The τ grid of the posterior Cover curve: `points` + 1 evenly spaced values from 0 to 1,
/// and [`COVER_LOW_POINTS`] log-spaced values from 10⁻⁶ up to (not including) 1/`points`.
pub fn cover_grid(points: usize) -> Vec<f64> {
    let points = points.max(1);
    let first = 1.0 / points as f64;
    let (lo, hi) = (-6.0f64, first.libm_log10());
    let low = (0..COVER_LOW_POINTS)
        .map(|j| 10f64.libm_pow(lo + (hi - lo) * j as f64 / COVER_LOW_POINTS as f64));
    let mut taus: Vec<f64> = (0..=points).map(|i| i as f64 / points as f64).collect();
    taus.extend(low);
    taus.sort_by(f64::total_cmp);
    taus.dedup();
    taus
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_hit_their_marks() {
        let ks = k_grid(1280, 40, &[128, 5000]);
        assert_eq!(ks[0], 1);
        assert_eq!(*ks.last().unwrap(), 1280);
        assert!(ks.contains(&128));
        assert!(!ks.contains(&5000));
        assert!(ks.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(k_grid(1, 10, &[]), vec![1]);
    }
}
