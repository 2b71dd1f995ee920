//! The pairwise relation the graph and spectral rankings read: the checked win and tie
//! counts of [`Outcomes::pairwise`] and scorio's tied-split win probabilities
//! (`rank/graph.py:_pairwise_win_probabilities`).

use super::outcomes::Outcomes;
use super::ranking::RankError;

/// A dense square matrix, by rows.
pub(crate) type Matrix = Vec<Vec<f64>>;

/// The decisive wins and the ties of `o` (see [`Outcomes::pairwise`]), after the checks
/// every graph method makes: two series or more ([`RankError::TooFew`]), a task
/// ([`RankError::NoTasks`]), a row of passes per series for every task and no task with more
/// passes than samples ([`RankError::Other`]).
pub(crate) fn checked_pairwise(o: &Outcomes) -> Result<(Matrix, Matrix), RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    for row in &o.c {
        if row.len() != o.tasks() {
            return Err(RankError::Other(format!(
                "a series has {} task counts where there are {} tasks",
                row.len(),
                o.tasks()
            )));
        }
        if row.iter().zip(&o.n).any(|(c, n)| c > n) {
            return Err(RankError::Other(
                "a task has more passes than samples".to_string(),
            ));
        }
    }
    Ok(o.pairwise())
}

/// Each pair's total comparisons, `W_ij + W_ji + T_ij` (every sample pair: Σ n).
pub(crate) fn totals(wins: &[Vec<f64>], ties: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let m = wins.len();
    (0..m)
        .map(|i| {
            (0..m)
                .map(|j| wins[i][j] + wins[j][i] + ties[i][j])
                .collect()
        })
        .collect()
}

/// `P̂[i][j] = (W_ij + T_ij / 2) / (W_ij + W_ji + T_ij)`, 0.5 where a pair has no comparison
/// and on the diagonal (scorio's `_pairwise_win_probabilities`).
pub(crate) fn win_probabilities(wins: &[Vec<f64>], ties: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let total = totals(wins, ties);
    let m = wins.len();
    let mut p = vec![vec![0.5; m]; m];
    for i in 0..m {
        for j in 0..m {
            if i != j && total[i][j] > 0.0 {
                p[i][j] = (wins[i][j] + 0.5 * ties[i][j]) / total[i][j];
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand_and_refusals() {
        // n = 4, c = 3 and 1: W01 = 2, W10 = 0, T = 2; P̂01 = (2 + 1)/4.
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let (w, t) = checked_pairwise(&o).expect("fine");
        let p = win_probabilities(&w, &t);
        assert_eq!(p, vec![vec![0.5, 0.75], vec![0.25, 0.5]]);
        let one = Outcomes::from_counts(vec![4], vec![vec![3]]);
        assert_eq!(checked_pairwise(&one), Err(RankError::TooFew));
        let none = Outcomes::from_counts(vec![], vec![vec![], vec![]]);
        assert_eq!(checked_pairwise(&none), Err(RankError::NoTasks));
        let over = Outcomes::from_counts(vec![4], vec![vec![5], vec![1]]);
        assert!(matches!(checked_pairwise(&over), Err(RankError::Other(_))));
        let short = Outcomes::from_counts(vec![4, 4], vec![vec![1, 1], vec![1]]);
        assert!(matches!(checked_pairwise(&short), Err(RankError::Other(_))));
    }
}
