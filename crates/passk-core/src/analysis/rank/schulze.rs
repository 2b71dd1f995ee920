//! Schulze's beatpath method: strongest paths of pairwise victories.

use super::levels::level_scores;
use super::outcomes::Outcomes;
use super::preferences::{check, preference_counts, TiePolicy};
use super::ranking::{RankError, Ranking};

/// Ranks the series by Schulze's beatpath rule over tasks (scorio 0.2.3
/// `rank/voting.py:schulze`; default `tie_policy="half"`).
///
/// # Formula
/// With P the pairwise preference counts, the direct strength p_ij = P_ij when P_ij > P_ji,
/// else 0; then the strongest paths (widest-path Floyd–Warshall, intermediate k outermost)
/// p_jk ← max(p_jk, min(p_ji, p_ik)) for every i, j, k distinct. i beats j when p_ij > p_ji;
/// the scores are the topological levels of that relation (L for the unbeaten, then L − 1, …),
/// higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn schulze(o: &Outcomes, ties: TiePolicy) -> Result<Ranking, RankError> {
    check(o)?;
    let pc = preference_counts(o, ties);
    let l = pc.len();
    let mut p = vec![vec![0.0; l]; l];
    for i in 0..l {
        for j in 0..l {
            if i != j && pc[i][j] > pc[j][i] {
                p[i][j] = pc[i][j];
            }
        }
    }
    for i in 0..l {
        for j in 0..l {
            if i == j {
                continue;
            }
            for k in 0..l {
                if k != i && k != j {
                    p[j][k] = f64::max(p[j][k], f64::min(p[j][i], p[i][k]));
                }
            }
        }
    }
    let beats: Vec<Vec<bool>> = (0..l)
        .map(|i| (0..l).map(|j| p[i][j] > p[j][i]).collect())
        .collect();
    Ok(Ranking::of_scores(level_scores(&beats)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schulze_by_hand() {
        // Tasks (n = 2), c for A, B, C: (2, 1, 0), (0, 2, 1), (1, 0, 2), (2, 1, 0).
        // P_AB = 3 (tasks 1, 3, 4), P_BA = 1; P_BC = 3, P_CB = 1; P_CA = 2, P_AC = 2 (draw).
        // Direct: A→B 3, B→C 3. Paths: A→C min(3, 3) = 3 > p_CA = 0, so A beats B and C,
        // B beats C: levels 3, 2, 1.
        let o = Outcomes::from_counts(
            vec![2; 4],
            vec![vec![2, 0, 1, 2], vec![1, 2, 0, 1], vec![0, 1, 2, 0]],
        );
        let r = schulze(&o, TiePolicy::Half).unwrap();
        assert_eq!(r.scores, vec![3.0, 2.0, 1.0]);
        assert_eq!(r.ranks, vec![1.0, 2.0, 3.0]);
        // A perfect cycle (each 2–1 around): all paths of strength 2, nobody beats anybody.
        let c = Outcomes::from_counts(
            vec![2; 3],
            vec![vec![2, 0, 1], vec![1, 2, 0], vec![0, 1, 2]],
        );
        assert_eq!(
            schulze(&c, TiePolicy::Half).unwrap().scores,
            vec![3.0, 3.0, 3.0]
        );
    }
}
