//! Keener's Perron–Frobenius ranking (scorio 0.2.3, `rank/graph.py:spectral`).

use super::linalg::{check_iteration, l1_dist, mat_vec};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking, Stop, StopReason};
use super::win_probability::{checked_pairwise, totals};

/// The power iteration's settings; the default is scorio's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpectralOptions {
    /// The most power iterations (10,000).
    pub max_iter: u32,
    /// Stop once an iteration moves the vector less than this in L1 (1e-12).
    pub tol: f64,
}

impl Default for SpectralOptions {
    fn default() -> Self {
        SpectralOptions {
            max_iter: 10_000,
            tol: 1e-12,
        }
    }
}

/// Keener's spectral ranking, as scorio's `rank/graph.py:spectral`: the Perron vector of the
/// Laplace-smoothed preference matrix by scorio's power iteration (same start, update and
/// stopping rule), so the scores are scorio's to rounding, and within about `tol` of the
/// Perron vector.
///
/// Series with unequal n per task are compared sample by sample on each task.
///
/// # Formula
/// `A_ij = (W_ij + T_ij/2 + 1) / (W_ij + W_ji + T_ij + 2)` (i ≠ j), `A_ii = 0`; `v ∝ A v`,
/// `Σ v = 1`. From `v₀ = 1/m`, `v ← (A + I) v / Σ (A + I) v` (the shift keeps the
/// eigenvectors and makes the iteration primitive) until `‖v_new − v‖₁ < tol` (answering
/// v_new) or `max_iter` steps (answering the last). Scores v, higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task,
/// [`RankError::Other`] for `max_iter` 0 or a `tol` not positive.
pub fn spectral(o: &Outcomes, opts: SpectralOptions) -> Result<Ranking, RankError> {
    check_iteration(opts.max_iter, opts.tol)?;
    let (wins, ties) = checked_pairwise(o)?;
    let total = totals(&wins, &ties);
    let m = wins.len();
    let shifted: Vec<Vec<f64>> = (0..m)
        .map(|i| {
            (0..m)
                .map(|j| {
                    if i == j {
                        1.0
                    } else {
                        (wins[i][j] + 0.5 * ties[i][j] + 1.0) / (total[i][j] + 2.0)
                    }
                })
                .collect()
        })
        .collect();
    let mut v = vec![1.0 / m as f64; m];
    for it in 1..=opts.max_iter {
        let mut next = mat_vec(&shifted, &v);
        let s: f64 = next.iter().sum();
        // The matrix is positive: the mass cannot vanish.
        if s.is_nan() || s <= 0.0 || next.iter().any(|x| !x.is_finite()) {
            return Err(RankError::Other(
                "the power iteration lost its mass".to_string(),
            ));
        }
        next.iter_mut().for_each(|x| *x /= s);
        if l1_dist(&next, &v) < opts.tol {
            let mut out = Ranking::of_scores(next);
            out.stop = Some(Stop {
                reason: StopReason::Converged,
                iterations: it,
            });
            return Ok(out);
        }
        v = next;
    }
    let mut out = Ranking::of_scores(v);
    out.stop = Some(Stop {
        reason: StopReason::MaxIterations,
        iterations: opts.max_iter,
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_series_by_hand() {
        // One task, n = 4, c = 3 and 1: W01 = 2, W10 = 0, T = 2, total 4.
        // A01 = (2 + 1 + 1)/6 = 2/3, A10 = (0 + 1 + 1)/6 = 1/3. The Perron vector of
        // [[0, 2/3], [1/3, 0]] is v ∝ (√(2/3), √(1/3)) = (√2, 1): v = (√2, 1)/(1 + √2).
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let r = spectral(&o, SpectralOptions::default()).expect("ranks");
        let want = 2f64.sqrt() / (1.0 + 2f64.sqrt());
        assert!((r.scores[0] - want).abs() < 1e-12, "{:?}", r.scores);
        assert_eq!(r.ranks, vec![1.0, 2.0]);
        assert_eq!(r.stop.map(|s| s.reason), Some(StopReason::Converged));
        let few = SpectralOptions {
            max_iter: 1,
            tol: 1e-12,
        };
        let r = spectral(&o, few).expect("ranks");
        assert_eq!(r.stop.map(|s| s.reason), Some(StopReason::MaxIterations));
        let bad = SpectralOptions {
            max_iter: 0,
            tol: 1e-12,
        };
        assert!(matches!(spectral(&o, bad), Err(RankError::Other(_))));
        let none = Outcomes::from_counts(vec![], vec![vec![], vec![]]);
        assert_eq!(
            spectral(&none, SpectralOptions::default()),
            Err(RankError::NoTasks)
        );
    }
}
