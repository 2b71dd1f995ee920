//! Copeland: pairwise task-level majorities, +1 for each won contest, −1 for each lost.

use super::outcomes::Outcomes;
use super::preferences::{check, question_wins};
use super::ranking::{RankError, Ranking};

/// Ranks the series by Copeland's rule over tasks (scorio 0.2.3 `rank/voting.py:copeland`).
///
/// # Formula
/// With `W_ij` = #{tasks : c_i > c_j} (tied tasks count for neither),
/// s_i = Σ_{j≠i} sign(W_ij − W_ji): +1 per opponent beaten on more tasks than it loses, −1 per
/// opponent it loses to, 0 for a drawn contest. Higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn copeland(o: &Outcomes) -> Result<Ranking, RankError> {
    check(o)?;
    let w = question_wins(o);
    let l = w.len();
    let scores = (0..l)
        .map(|i| {
            (0..l)
                .filter(|j| *j != i)
                .map(|j| match w[i][j].cmp(&w[j][i]) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Less => -1.0,
                    std::cmp::Ordering::Equal => 0.0,
                })
                .sum()
        })
        .collect();
    Ok(Ranking::of_scores(scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copeland_by_hand() {
        // scorio's example: c = (2, 0, 1), (1, 2, 0), (0, 1, 2): a cycle, every contest 2–1
        // around it, so every score is +1 − 1 = 0.
        let o = Outcomes::from_counts(
            vec![2; 3],
            vec![vec![2, 0, 1], vec![1, 2, 0], vec![0, 1, 2]],
        );
        let r = copeland(&o).unwrap();
        assert_eq!(r.scores, vec![0.0, 0.0, 0.0]);
        assert_eq!(r.ranks, vec![1.0, 1.0, 1.0]);
        // c = A (2, 2), B (1, 1), C (2, 0): A beats B (2 tasks to 0) and C (1 to 0, one tied
        // task), B and C draw (1 task each): 2, −1, −1.
        let p = Outcomes::from_counts(vec![2; 2], vec![vec![2, 2], vec![1, 1], vec![2, 0]]);
        assert_eq!(copeland(&p).unwrap().scores, vec![2.0, -1.0, -1.0]);
    }
}
