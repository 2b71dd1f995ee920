//! Inverse difficulty: per-task accuracy weighted by the reciprocal of the task's solve rate.

use super::outcomes::Outcomes;
use super::preferences::check;
use super::ranking::{RankError, Ranking};

/// scorio's default `clip_range` for the tasks' solve rates: (0.01, 0.99).
pub const INVERSE_DIFFICULTY_CLIP: (f64, f64) = (0.01, 0.99);

/// Ranks the series by inverse-difficulty-weighted accuracy (scorio 0.2.3
/// `rank/pointwise.py:inverse_difficulty`; default `clip_range` [`INVERSE_DIFFICULTY_CLIP`]).
///
/// # Formula
/// With p̂_lt = c_lt / n_t and the task's solve rate p̄_t = Σ_l c_lt / (L n_t),
/// w_t = (1 / clip(p̄_t, a, b)) / Σ_u (1 / clip(p̄_u, a, b)) and s_l = Σ_t w_t p̂_lt.
/// Higher is better. scorio's tensor has one n; each task's own n_t generalises it (the same
/// values when every task has the same n).
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task;
/// [`RankError::Other`] when `clip` is not 0 < a < b ≤ 1 (finite) or a task has n = 0.
pub fn inverse_difficulty(o: &Outcomes, clip: (f64, f64)) -> Result<Ranking, RankError> {
    check(o)?;
    let (a, b) = clip;
    if !(a.is_finite() && b.is_finite() && 0.0 < a && a < b && b <= 1.0) {
        return Err(RankError::Other(
            "the clip range must satisfy 0 < low < high <= 1".to_string(),
        ));
    }
    if o.n.contains(&0) {
        return Err(RankError::Other(
            "inverse difficulty needs at least one sample on every task".to_string(),
        ));
    }
    let l = o.series();
    let inverse: Vec<f64> = (0..o.tasks())
        .map(|t| {
            let passes: u64 = o.c.iter().map(|row| row[t]).sum();
            let rate = passes as f64 / (l as f64 * o.n[t] as f64);
            1.0 / rate.clamp(a, b)
        })
        .collect();
    let total: f64 = inverse.iter().sum();
    let scores =
        o.c.iter()
            .map(|row| {
                row.iter()
                    .zip(&o.n)
                    .zip(&inverse)
                    .map(|((c, n), v)| *c as f64 / *n as f64 * (v / total))
                    .sum()
            })
            .collect();
    Ok(Ranking::of_scores(scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_difficulty_by_hand() {
        // scorio's example: n = 2, A = (2, 0, 0), B = (0, 2, 0). Solve rates ½, ½, 0 → clipped
        // 0.5, 0.5, 0.01: inverses 2, 2, 100, weights 2/104, 2/104, 100/104. Both score
        // 1 · 2/104: tied.
        let o = Outcomes::from_counts(vec![2; 3], vec![vec![2, 0, 0], vec![0, 2, 0]]);
        let r = inverse_difficulty(&o, INVERSE_DIFFICULTY_CLIP).unwrap();
        assert_eq!(r.ranks, vec![1.0, 1.0]);
        assert!((r.scores[0] - 2.0 / 104.0).abs() < 1e-15);
        // A = (1, 1), B = (1, 0) with n = 1: rates 1 → 0.99 and ½: inverses 1/0.99, 2.
        let p = Outcomes::from_counts(vec![1; 2], vec![vec![1, 1], vec![1, 0]]);
        let s = inverse_difficulty(&p, INVERSE_DIFFICULTY_CLIP)
            .unwrap()
            .scores;
        let (u, v) = (1.0 / 0.99, 2.0);
        assert!((s[0] - 1.0).abs() < 1e-15);
        assert!((s[1] - u / (u + v)).abs() < 1e-15);
        for bad in [(0.0, 0.5), (0.5, 0.5), (0.1, 1.5), (f64::NAN, 0.9)] {
            assert!(matches!(
                inverse_difficulty(&p, bad),
                Err(RankError::Other(_))
            ));
        }
        let z = Outcomes::from_counts(vec![0], vec![vec![0], vec![0]]);
        assert!(matches!(
            inverse_difficulty(&z, INVERSE_DIFFICULTY_CLIP),
            Err(RankError::Other(_))
        ));
    }
}
