//! Ranked Pairs (Tideman): lock pairwise victories, strongest first, never closing a cycle.

use super::levels::level_scores;
use super::minimax::DefeatStrength;
use super::outcomes::Outcomes;
use super::preferences::{check, preference_counts, TiePolicy};
use super::ranking::{RankError, Ranking};

/// Ranks the series by Ranked Pairs over tasks (scorio 0.2.3 `rank/voting.py:ranked_pairs`;
/// defaults `strength="margin"`, `tie_policy="half"`).
///
/// # Formula
/// With P the pairwise preference counts, every pair with P_ij ≠ P_ji is a victory of the
/// larger side w over l, of primary strength |P_wl − P_lw| ([`DefeatStrength::Margin`]) or
/// P_wl ([`DefeatStrength::WinningVotes`]). Victories are sorted by primary strength
/// descending, then P_wl descending, then w, then l ascending (scorio's deterministic
/// tie-break: equally strong victories are label-dependent), and locked in that order unless l
/// already reaches w through locked victories. The scores are the topological levels of the
/// locked graph (L for the unbeaten, then L − 1, …), higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn ranked_pairs(
    o: &Outcomes,
    strength: DefeatStrength,
    ties: TiePolicy,
) -> Result<Ranking, RankError> {
    check(o)?;
    let p = preference_counts(o, ties);
    let l = p.len();
    // (primary, winning votes, winner, loser)
    let mut victories: Vec<(f64, f64, usize, usize)> = Vec::new();
    for i in 0..l {
        for j in i + 1..l {
            let margin = p[i][j] - p[j][i];
            if margin == 0.0 {
                continue;
            }
            let (w, lo) = if margin > 0.0 { (i, j) } else { (j, i) };
            let wv = p[w][lo];
            let primary = match strength {
                DefeatStrength::Margin => margin.abs(),
                DefeatStrength::WinningVotes => wv,
            };
            victories.push((primary, wv, w, lo));
        }
    }
    victories.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(b.1.total_cmp(&a.1))
            .then(a.2.cmp(&b.2))
            .then(a.3.cmp(&b.3))
    });
    let mut locked = vec![vec![false; l]; l];
    for (_, _, w, lo) in victories {
        if !reaches(&locked, lo, w) {
            locked[w][lo] = true;
        }
    }
    Ok(Ranking::of_scores(level_scores(&locked)))
}

/// Whether `dst` is reachable from `src` along locked edges.
fn reaches(locked: &[Vec<bool>], src: usize, dst: usize) -> bool {
    let mut seen = vec![false; locked.len()];
    let mut stack = vec![src];
    seen[src] = true;
    while let Some(u) = stack.pop() {
        if u == dst {
            return true;
        }
        for (v, edge) in locked[u].iter().enumerate() {
            if *edge && !seen[v] {
                seen[v] = true;
                stack.push(v);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranked_pairs_by_hand() {
        // Tasks (n = 3), c for A, B, C: (3, 2, 1) twice, (1, 3, 2) twice, (2, 1, 3) once.
        // P_AB = 3 (2 + 1), P_BA = 2: A > B margin 1. P_BC = 4, P_CB = 1: B > C margin 3.
        // P_CA = 3 (2 + 1), P_AC = 2: C > A margin 1. Lock B > C (3); then A > B (margin 1,
        // wv 3) and C > A (margin 1, wv 3) tie on both keys: A > B first (winner 0 < 2),
        // locked; C > A would close C → A → B → C: skipped. Order A, B, C: levels 3, 2, 1.
        let o = Outcomes::from_counts(
            vec![3; 5],
            vec![
                vec![3, 3, 1, 1, 2],
                vec![2, 2, 3, 3, 1],
                vec![1, 1, 2, 2, 3],
            ],
        );
        let r = ranked_pairs(&o, DefeatStrength::Margin, TiePolicy::Half).unwrap();
        assert_eq!(r.scores, vec![3.0, 2.0, 1.0]);
        // By winning votes: B > C (4) first, then A > B and C > A (3 each, winner 0 first).
        let w = ranked_pairs(&o, DefeatStrength::WinningVotes, TiePolicy::Half).unwrap();
        assert_eq!(w.scores, vec![3.0, 2.0, 1.0]);
    }
}
