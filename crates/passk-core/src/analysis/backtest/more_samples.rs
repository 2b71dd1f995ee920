//! "Would more samples help?": the expected extrapolation error at a budget against the
//! number of samples per task, read from the backtest where it was measured.

use super::choose::bucket;
use super::evidence::Evidence;
use super::run::Backtest;
use crate::estimators::kind::Estimator;

/// The backtest error of a candidate at extrapolation ratio ρ, the mean over the levels that
/// measured its bucket (None beyond the largest ratio measured: unbacked).
pub fn error_at(bt: &Backtest, c: Estimator, rho: f64) -> Option<f64> {
    let j = bt.ratios.iter().position(|&x| x == bucket(rho))?;
    bt.mae
        .iter()
        .find(|(x, _)| *x == c)
        .and_then(|(_, e)| e.get(j).copied().flatten())
        .filter(|e| e.is_finite())
}

/// The error of `c` at ratio ρ as measured with the most samples per task: the largest
/// subsample level that measured ρ's bucket (a smaller level says less about m samples),
/// provided that level is informative (its fitted candidates differ beyond noise): where
/// every fit scores the same, as with two samples per task, the level cannot stand for
/// more samples. Falls back to [`error_at`] for a backtest without levels.
fn nearest_error(bt: &Backtest, ev: &Evidence, c: Estimator, rho: f64) -> Option<f64> {
    if bt.levels.is_empty() {
        return error_at(bt, c, rho);
    }
    let j = bt.ratios.iter().position(|&x| x == bucket(rho))?;
    let i = bt.candidates().iter().position(|&x| x == c)?;
    let (depth, l) = bt.levels.iter().enumerate().find(|(_, l)| {
        l.mae
            .get(i)
            .and_then(|r| r.get(j))
            .copied()
            .flatten()
            .is_some()
    })?;
    let informative = ev.cells.iter().any(|cell| {
        cell.depth as usize == depth + 1 && cell.q as usize == j + 1 && cell.informative
    });
    l.mae[i][j].filter(|e| e.is_finite() && informative)
}

/// "Would more samples help?": for each number of samples per task m (the subsample sizes
/// and the full n), the expected extrapolation error of `c` at budget `k`: the error at the
/// ratio k/m measured on the largest subsample that reached it, about n/k of m samples per
/// task (None where that ratio was not measured, where the subsample that measured it
/// separates no candidates, and where m ≥ k: no extrapolation is needed there, the unbiased
/// estimator applies). Nothing is extrapolated beyond the backtest here: a missing point is
/// a ratio the data were too small to test.
pub fn more_samples(bt: &Backtest, c: Estimator, k: u64, n: u64) -> Vec<(u64, Option<f64>)> {
    let ev = Evidence::new(bt);
    let mut ms: Vec<u64> = bt.levels.iter().map(|l| l.m).collect();
    ms.push(n);
    ms.sort_unstable();
    ms.dedup();
    ms.into_iter()
        .map(|m| {
            (
                m,
                if k <= m {
                    None
                } else {
                    nearest_error(bt, &ev, c, k as f64 / m as f64)
                },
            )
        })
        .collect()
}

/// The "Would more samples help?" chart's lines: for naive, BB, ZOIBB, LinMix, the scaled
/// Beta and the Kumaraswamy (where the backtest measured them) and, when the choice is a
/// fixed mix, that mix, the expected error at budget `k` per number of samples per task
/// where it was measured (estimators with no measured point are left out).
pub fn more_samples_lines(
    bt: &Backtest,
    chosen: Estimator,
    k: u64,
    n: u64,
) -> Vec<(Estimator, Vec<(u64, f64)>)> {
    let mut shown = crate::estimators::kind::BASES.to_vec();
    if let Estimator::Mix(_) = chosen {
        shown.push(chosen);
    }
    shown
        .into_iter()
        .map(|c| {
            let pts: Vec<(u64, f64)> = more_samples(bt, c, k, n)
                .into_iter()
                .filter_map(|(m, e)| e.map(|e| (m, e)))
                .collect();
            (c, pts)
        })
        .filter(|l| !l.1.is_empty())
        .collect()
}
