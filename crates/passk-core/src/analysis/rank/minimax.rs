//! Minimax (Simpson–Kramer): a series is as good as its worst pairwise defeat.

use super::outcomes::Outcomes;
use super::preferences::{check, preference_counts, TiePolicy};
use super::ranking::{RankError, Ranking};

/// How strong a pairwise defeat is (scorio's `variant`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DefeatStrength {
    /// The margin P_ji − P_ij (scorio's default `"margin"`).
    #[default]
    Margin,
    /// The winner's preference count P_ji (`"winning_votes"`).
    WinningVotes,
}

/// Ranks the series by the Minimax Condorcet rule over tasks (scorio 0.2.3
/// `rank/voting.py:minimax`; defaults `variant="margin"`, `tie_policy="half"`).
///
/// # Formula
/// With P the pairwise preference counts ([`preference_counts`](super::preference_counts))
/// and Δ_ji = P_ji − P_ij, a defeat of i by j is Δ_ji > 0, of strength Δ_ji
/// ([`DefeatStrength::Margin`]) or P_ji ([`DefeatStrength::WinningVotes`]);
/// s_i = −max over i's defeats of their strength, −0 when i is never defeated. Scores are
/// ≤ 0, higher is better (scorio's sign).
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn minimax(
    o: &Outcomes,
    strength: DefeatStrength,
    ties: TiePolicy,
) -> Result<Ranking, RankError> {
    check(o)?;
    let p = preference_counts(o, ties);
    let l = p.len();
    let scores = (0..l)
        .map(|i| {
            let worst = (0..l)
                .filter(|j| *j != i && p[*j][i] - p[i][*j] > 0.0)
                .map(|j| match strength {
                    DefeatStrength::Margin => p[j][i] - p[i][j],
                    DefeatStrength::WinningVotes => p[j][i],
                })
                .fold(0.0, f64::max);
            -worst
        })
        .collect();
    Ok(Ranking::of_scores(scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimax_by_hand() {
        // scorio's example: c = (2, 2, 2), (1, 1, 1), (0, 0, 0) on three tasks. Series 0 wins
        // every task against both: never defeated, −0. Series 1 loses to 0 by 3 − 0 = 3 and
        // beats 2; series 2 loses to 0 by 3 and to 1 by 3: scores −0, −3, −3.
        let o = Outcomes::from_counts(
            vec![2; 3],
            vec![vec![2, 2, 2], vec![1, 1, 1], vec![0, 0, 0]],
        );
        let r = minimax(&o, DefeatStrength::Margin, TiePolicy::Half).unwrap();
        assert_eq!(r.scores, vec![0.0, -3.0, -3.0]);
        assert_eq!(r.ranks, vec![1.0, 2.0, 2.0]);
        // Winning votes: the defeats' P_ji are 3 each.
        let w = minimax(&o, DefeatStrength::WinningVotes, TiePolicy::Half).unwrap();
        assert_eq!(w.scores, vec![0.0, -3.0, -3.0]);
        // Ties halved: A = (1, 1), B = (0, 1): P_AB = 1.5, P_BA = 0.5; B's defeat margin 1,
        // winning votes 1.5; ignoring ties P_AB = 1, P_BA = 0, both 1.
        let t = Outcomes::from_counts(vec![1; 2], vec![vec![1, 1], vec![0, 1]]);
        let s = |d, p| minimax(&t, d, p).unwrap().scores;
        assert_eq!(s(DefeatStrength::Margin, TiePolicy::Half), vec![0.0, -1.0]);
        assert_eq!(
            s(DefeatStrength::WinningVotes, TiePolicy::Half),
            vec![0.0, -1.5]
        );
        assert_eq!(
            s(DefeatStrength::WinningVotes, TiePolicy::Ignore),
            vec![0.0, -1.0]
        );
    }
}
