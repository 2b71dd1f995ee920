//! The voting rules' shared reading of the outcomes: each task is one voter that orders the
//! series by their passes c on it (scorio's per-question counts `k[l, m]`, one ballot per task,
//! not sample-by-sample pairing), and the pairwise preference counts those ballots give.

use super::outcomes::Outcomes;
use super::ranking::RankError;

/// How a task on which two series have the same c counts in their pairwise preference
/// (scorio's `tie_policy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TiePolicy {
    /// A tied task gives ½ to each direction (scorio's default `"half"`).
    #[default]
    Half,
    /// A tied task gives nothing (`"ignore"`).
    Ignore,
}

/// Refuses what no voting rule answers: fewer than two series ([`RankError::TooFew`]), no task
/// ([`RankError::NoTasks`]), or a series whose counts are not one per task.
pub(crate) fn check(o: &Outcomes) -> Result<(), RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    if o.c.iter().any(|row| row.len() != o.tasks()) {
        return Err(RankError::Other(
            "every series needs one count per task".to_string(),
        ));
    }
    Ok(())
}

/// The tasks that prefer series i to series j: `W[i][j]` = #{t : c_i,t > c_j,t} (scorio's
/// `W^{(q)}_{ij}` in `rank/voting.py`; the diagonal 0).
pub fn question_wins(o: &Outcomes) -> Vec<Vec<u64>> {
    let m = o.series();
    (0..m)
        .map(|i| {
            (0..m)
                .map(|j| {
                    if i == j {
                        return 0;
                    }
                    o.c[i].iter().zip(&o.c[j]).filter(|(a, b)| a > b).count() as u64
                })
                .collect()
        })
        .collect()
}

/// Twice the pairwise preference counts, as integers: 2 `W[i][j]` plus, under
/// [`TiePolicy::Half`], the tasks where i and j tie (the diagonal 0).
pub(crate) fn twice_preference_counts(o: &Outcomes, policy: TiePolicy) -> Vec<Vec<u64>> {
    let w = question_wins(o);
    let tasks = o.tasks() as u64;
    let m = w.len();
    let mut p = vec![vec![0u64; m]; m];
    for i in 0..m {
        for j in 0..m {
            if i != j {
                let ties = match policy {
                    TiePolicy::Half => tasks - w[i][j] - w[j][i],
                    TiePolicy::Ignore => 0,
                };
                p[i][j] = 2 * w[i][j] + ties;
            }
        }
    }
    p
}

/// The pairwise preference counts `P[i][j]`: the tasks preferring i to j, plus ½ per tied task
/// under [`TiePolicy::Half`] (scorio's `rank/voting.py:_pairwise_preference_counts`). Every
/// value is a multiple of ½, exact in f64.
pub fn preference_counts(o: &Outcomes, policy: TiePolicy) -> Vec<Vec<f64>> {
    twice_preference_counts(o, policy)
        .into_iter()
        .map(|row| row.into_iter().map(|x| x as f64 / 2.0).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_by_hand() {
        // Tasks: c = (2, 1, 1) for series 0 and (0, 1, 3) for series 1: 0 wins task 1, 1 wins
        // task 3, task 2 ties.
        let o = Outcomes::from_counts(vec![3, 3, 3], vec![vec![2, 1, 1], vec![0, 1, 3]]);
        assert_eq!(question_wins(&o), vec![vec![0, 1], vec![1, 0]]);
        assert_eq!(
            preference_counts(&o, TiePolicy::Half),
            vec![vec![0.0, 1.5], vec![1.5, 0.0]]
        );
        assert_eq!(
            preference_counts(&o, TiePolicy::Ignore),
            vec![vec![0.0, 1.0], vec![1.0, 0.0]]
        );
        assert_eq!(check(&o), Ok(()));
        let ragged = Outcomes::from_counts(vec![3, 3], vec![vec![1, 1], vec![1]]);
        assert!(matches!(check(&ragged), Err(RankError::Other(_))));
    }
}
