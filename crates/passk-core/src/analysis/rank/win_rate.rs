//! Win rate: the share of a series' decisive task-level contests that it wins.

use super::outcomes::Outcomes;
use super::preferences::{check, question_wins};
use super::ranking::{RankError, Ranking};

/// Ranks the series by their win rate over tasks (scorio 0.2.3 `rank/voting.py:win_rate`).
///
/// Each task is a voter comparing two series by their passes c on it; ties are not decisive.
///
/// # Formula
/// With `W_ij` = #{tasks : c_i > c_j},
/// s_i = Σ_{j≠i} W_ij / Σ_{j≠i} (W_ij + W_ji), and s_i = ½ when i has no decisive contest.
/// Scores lie in [0, 1], higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn win_rate(o: &Outcomes) -> Result<Ranking, RankError> {
    check(o)?;
    let w = question_wins(o);
    let l = w.len();
    let scores = (0..l)
        .map(|i| {
            let won: u64 = w[i].iter().sum();
            let lost: u64 = (0..l).map(|j| w[j][i]).sum();
            if won + lost == 0 {
                0.5
            } else {
                won as f64 / (won + lost) as f64
            }
        })
        .collect();
    Ok(Ranking::of_scores(scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_rate_by_hand() {
        // c per task: A = (3, 0, 2), B = (1, 1, 2), C = (1, 1, 2).
        // A beats B and C on task 1, loses to both on task 2: 2 wins of 4 → ½.
        // B: beats nobody on a task except A on task 2: 1 of 2 → ½; C likewise.
        let o = Outcomes::from_counts(
            vec![3; 3],
            vec![vec![3, 0, 2], vec![1, 1, 2], vec![1, 1, 2]],
        );
        assert_eq!(win_rate(&o).unwrap().scores, vec![0.5, 0.5, 0.5]);
        // Two series always tied: no decisive contest, ½ each.
        let t = Outcomes::from_counts(vec![1], vec![vec![1], vec![1]]);
        assert_eq!(win_rate(&t).unwrap().scores, vec![0.5, 0.5]);
        let d = Outcomes::from_counts(vec![2, 2], vec![vec![2, 1], vec![0, 1]]);
        assert_eq!(win_rate(&d).unwrap().scores, vec![1.0, 0.0]);
        assert_eq!(win_rate(&d).unwrap().ranks, vec![1.0, 2.0]);
    }
}
