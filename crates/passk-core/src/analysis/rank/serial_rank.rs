//! SerialRank: spectral seriation of the series by a Fiedler vector (scorio 0.2.3,
//! `rank/serial_rank.py:serial_rank`; Fogel, d'Aspremont & Vojnovic 2016).

use super::linalg::symmetric_eigen;
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking, Stop, StopReason};
use super::win_probability::{checked_pairwise, totals};

/// The most series [`serial_rank`] takes (its eigen-decomposition is cubic in them).
pub const SERIAL_RANK_MAX_SERIES: usize = 1000;

/// How SerialRank aggregates a pair's comparisons (scorio's `comparison`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SerialComparison {
    /// `C_ij = (W_ij − W_ji) / (W_ij + W_ji + T_ij)` (scorio's default, `"prob_diff"`).
    #[default]
    ProbDiff,
    /// `C_ij = sign(W_ij − W_ji)` (`"sign"`).
    Sign,
}

/// SerialRank, as scorio's `rank/serial_rank.py:serial_rank`: the Fiedler vector of the
/// similarity Laplacian, oriented to agree best with the comparisons.
///
/// Scorio takes numpy's `eigh` of `L_S`; this takes the same eigenvector from the better
/// conditioned part of `L_S` that varies: with `G = C Cᵀ` and `K = (diag(G 1) − G)/2`,
/// `L_S = (m/2)(m I − 11ᵀ) + K` and `K 1 = 0`, so on 1⊥ `L_S = m²/2 + K` and the Fiedler
/// vector is K's eigenvector of least eigenvalue orthogonal to 1 (found by Jacobi
/// rotations of `K − γ 11ᵀ`, γ moving 1's eigenvalue below the rest; stop as Jacobi
/// stopped). Scorio's vector carries `L_S`'s conditioning (about 1e-16 · m²/gap), this one
/// K's. For two series `L_S = [[1, −1], [−1, 1]]` always, and the vector is numpy's,
/// `(−1, 1)/√2`, before orientation (when the comparisons do not orient it, series 2 ranks
/// first, as in scorio; for more series an unoriented vector keeps Jacobi's sign where
/// scorio keeps LAPACK's).
///
/// Series with unequal n per task are compared sample by sample on each task; the fallback
/// scores are then Σc / Σn.
///
/// # Formula
/// C as [`SerialComparison`] (`C_ii = 0`); `S = (m 11ᵀ + C Cᵀ)/2`,
/// `L_S = diag(S 1) − S`; v the eigenvector of `L_S`'s second-least eigenvalue. If that
/// eigenvalue's gap to the next is at most `1e-10 · max(1, λ_max)` (m > 2), or v is constant
/// (numpy's `allclose`), or the oriented scores have a standard deviation under 1e-12, the
/// scores are the pass rates Σc / Σn instead. The sign of v minimises (upsets, weighted
/// upsets, −agreement) over pairs i < j with `C_ij ≠ 0` (upset: `sign(v_i − v_j)` is 0 or
/// against `C_ij`), v kept on a tie. Higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task,
/// [`RankError::TooLarge`] over [`SERIAL_RANK_MAX_SERIES`] series.
pub fn serial_rank(o: &Outcomes, comparison: SerialComparison) -> Result<Ranking, RankError> {
    let (wins, ties) = checked_pairwise(o)?;
    let m = wins.len();
    if m > SERIAL_RANK_MAX_SERIES {
        return Err(RankError::TooLarge {
            size: m as u64,
            limit: SERIAL_RANK_MAX_SERIES as u64,
        });
    }
    let total = totals(&wins, &ties);
    let c: Vec<Vec<f64>> = (0..m)
        .map(|i| {
            (0..m)
                .map(|j| match comparison {
                    _ if i == j => 0.0,
                    SerialComparison::ProbDiff if total[i][j] > 0.0 => {
                        (wins[i][j] - wins[j][i]) / total[i][j]
                    }
                    SerialComparison::ProbDiff => 0.0,
                    SerialComparison::Sign => sign(wins[i][j] - wins[j][i]),
                })
                .collect()
        })
        .collect();
    let (v, unique, stop) = fiedler(&c);
    let pass_rates = || {
        let n: u64 = o.n.iter().sum();
        o.c.iter()
            .map(|row| row.iter().sum::<u64>() as f64 / n as f64)
            .collect::<Vec<f64>>()
    };
    let constant = v
        .iter()
        .all(|x| (x - v[0]).abs() <= 1e-8 + 1e-5 * v[0].abs());
    let scores = if !unique || v.iter().any(|x| !x.is_finite()) || constant {
        pass_rates()
    } else {
        let neg: Vec<f64> = v.iter().map(|x| -x).collect();
        let oriented = if key(&v, &c) <= key(&neg, &c) { v } else { neg };
        let mean = oriented.iter().sum::<f64>() / m as f64;
        let var = oriented
            .iter()
            .map(|x| (x - mean) * (x - mean))
            .sum::<f64>()
            / m as f64;
        if var.sqrt() < 1e-12 {
            pass_rates()
        } else {
            oriented
        }
    };
    let mut out = Ranking::of_scores(scores);
    out.stop = Some(stop);
    Ok(out)
}

/// numpy's `sign`.
fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// The Fiedler vector of `L_S` for the comparisons `c`, whether its eigenvalue is simple
/// (scorio's test), and how the eigen-solver stopped.
fn fiedler(c: &[Vec<f64>]) -> (Vec<f64>, bool, Stop) {
    let m = c.len();
    if m == 2 {
        let h = 1.0 / 2f64.sqrt();
        let stop = Stop {
            reason: StopReason::Exact,
            iterations: 0,
        };
        return (vec![-h, h], true, stop);
    }
    let g: Vec<Vec<f64>> = (0..m)
        .map(|i| {
            (0..m)
                .map(|j| c[i].iter().zip(&c[j]).map(|(a, b)| a * b).sum())
                .collect()
        })
        .collect();
    let mut k: Vec<Vec<f64>> = (0..m)
        .map(|i| {
            let d: f64 = g[i].iter().sum();
            (0..m)
                .map(|j| 0.5 * (if i == j { d } else { 0.0 } - g[i][j]))
                .collect()
        })
        .collect();
    let norm = k
        .iter()
        .map(|row| row.iter().map(|x| x.abs()).sum::<f64>())
        .fold(0.0, f64::max);
    let gamma = (1.0 + norm) / m as f64;
    k.iter_mut().flatten().for_each(|x| *x -= gamma);
    let (mu, vectors, stop) = symmetric_eigen(&k);
    let half_m2 = 0.5 * (m * m) as f64;
    let scale = (half_m2 + mu[m - 1]).abs().max(1.0);
    let gap = mu[2] - mu[1];
    let unique = gap.is_finite() && gap > 1e-10 * scale;
    (vectors[1].clone(), unique, stop)
}

/// scorio's `_orientation_key` of `scores` against `c`: (upsets, weighted upsets,
/// −agreement) over pairs i < j with `c_ij ≠ 0`.
fn key(scores: &[f64], c: &[Vec<f64>]) -> (u64, f64, f64) {
    let (mut upsets, mut weighted, mut corr) = (0u64, 0.0, 0.0);
    for i in 0..scores.len() {
        for j in i + 1..scores.len() {
            let cij = c[i][j];
            if cij == 0.0 {
                continue;
            }
            let pred = sign(scores[i] - scores[j]);
            if pred == 0.0 || pred * cij < 0.0 {
                upsets += 1;
                weighted += cij.abs();
            }
            corr += pred * cij;
        }
    }
    (upsets, weighted, -corr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_series_by_hand() {
        // c = 3 and 1 of 4: C01 = 1/2 > 0 orients (−1, 1)/√2 to (1, −1)/√2.
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let r = serial_rank(&o, SerialComparison::default()).expect("ranks");
        let h = 1.0 / 2f64.sqrt();
        assert_eq!(r.scores, vec![h, -h]);
        // Equal passes: nothing orients it, numpy's vector stands: series 2 first.
        let e = Outcomes::from_counts(vec![4], vec![vec![2], vec![2]]);
        let r = serial_rank(&e, SerialComparison::Sign).expect("ranks");
        assert_eq!(r.scores, vec![-h, h]);
        assert_eq!(r.ranks, vec![2.0, 1.0]);
    }

    #[test]
    fn three_series_by_hand() {
        // n = 2 on one task, c = 2, 1, 0: sign comparisons C01 = C12 = C02 = 1 (antisymmetric).
        // G = C Cᵀ: rows of C are (0, 1, 1), (−1, 0, 1), (−1, −1, 0): G = [[2, 1, −1],
        // [1, 2, 1], [−1, 1, 2]], G 1 = (2, 4, 2). K = (diag(G1) − G)/2 =
        // [[0, −1/2, 1/2], [−1/2, 1, −1/2], [1/2, −1/2, 0]]. On 1⊥: (1, 0, −1) has
        // K x = (−1/2, 0, 1/2) = −x/2, and (1, −2, 1) has K x = (3/2, −3, 3/2) = 3/2 x.
        // Fiedler: (1, 0, −1)/√2, oriented with C (series 0 best): scores (h, 0, −h).
        let o = Outcomes::from_counts(vec![2], vec![vec![2], vec![1], vec![0]]);
        let r = serial_rank(&o, SerialComparison::Sign).expect("ranks");
        let h = 1.0 / 2f64.sqrt();
        let want = [h, 0.0, -h];
        assert!(
            r.scores
                .iter()
                .zip(want)
                .all(|(a, b)| (a - b).abs() < 1e-15),
            "{:?}",
            r.scores
        );
        assert_eq!(r.ranks, vec![1.0, 2.0, 3.0]);
        // All equal: C = 0, K = 0, the Fiedler value is not simple: pass rates, all 1/2.
        let e = Outcomes::from_counts(vec![2], vec![vec![1], vec![1], vec![1]]);
        let r = serial_rank(&e, SerialComparison::ProbDiff).expect("ranks");
        assert_eq!(r.scores, vec![0.5, 0.5, 0.5]);
        let one = Outcomes::from_counts(vec![2], vec![vec![1]]);
        assert_eq!(
            serial_rank(&one, SerialComparison::default()),
            Err(RankError::TooFew)
        );
    }
}
