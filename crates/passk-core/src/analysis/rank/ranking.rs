//! What a ranking method answers, why it stopped, and why it could not answer.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Scores within this of each other share a rank (scorio's `rank_scores` default `tol`).
pub const TIE_TOL: f64 = 1e-12;

/// Why a method has no ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum RankError {
    /// Fewer than two series.
    TooFew,
    /// No task shared by every series.
    NoTasks,
    /// The method needs one n for every task (scorio's tensor), and the tasks differ.
    UnequalN,
    /// Some series never wins, or never loses, against the rest: no finite maximum.
    NotConnected,
    /// Too large to answer exactly: the size and the largest the method takes.
    TooLarge {
        /// The size met (series, or cells).
        size: u64,
        /// The largest it takes.
        limit: u64,
    },
    /// Anything else the method says, in a sentence.
    Other(String),
}

impl fmt::Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankError::TooFew => write!(f, "ranking needs two series or more"),
            RankError::NoTasks => write!(f, "no task is shared by every series"),
            RankError::UnequalN => write!(
                f,
                "this method needs the same number of samples on every task"
            ),
            RankError::NotConnected => write!(
                f,
                "some series never wins (or never loses) against the rest: no finite maximum"
            ),
            RankError::TooLarge { size, limit } => {
                write!(
                    f,
                    "too large to answer exactly: {size} against at most {limit}"
                )
            }
            RankError::Other(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for RankError {}

/// Why an iterating method stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StopReason {
    /// Its convergence test held.
    Converged,
    /// It took the most iterations it may.
    MaxIterations,
    /// Nothing to iterate: the answer is in closed form or exact.
    Exact,
}

/// Why and after how many iterations a method stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stop {
    /// Why.
    pub reason: StopReason,
    /// Iterations taken.
    pub iterations: u32,
}

/// A method's answer, in the input's order of series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ranking {
    /// The scores, higher is better.
    pub scores: Vec<f64>,
    /// Competition ranks of the scores (1 best; ties share the lowest, [`TIE_TOL`]).
    pub ranks: Vec<f64>,
    /// Each score's interval where the method has one (Fisher or profile for the
    /// likelihoods, posterior for the Bayesian ones), at the level asked.
    pub intervals: Option<Vec<(f64, f64)>>,
    /// Each score's standard error where the method has one.
    pub se: Option<Vec<f64>>,
    /// Why it stopped, where it iterates.
    pub stop: Option<Stop>,
}

impl Ranking {
    /// A ranking of `scores` with no interval and no stop.
    pub fn of_scores(scores: Vec<f64>) -> Ranking {
        let ranks = competition_ranks(&scores);
        Ranking {
            scores,
            ranks,
            intervals: None,
            se: None,
            stop: None,
        }
    }
}

/// Competition ranks (1, 2, 2, 4) of `scores`, higher better, as scorio's
/// `utils.py:rank_scores(...)["competition"]`: sorted descending (stably), a score within
/// [`TIE_TOL`] of its group's first score joins the group, each group ranked by its first place.
pub fn competition_ranks(scores: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]));
    let mut ranks = vec![0.0; scores.len()];
    let (mut group_rank, mut leader) = (1.0, f64::NAN);
    for (pos, i) in order.iter().enumerate() {
        if pos == 0 || (scores[*i] - leader).abs() > TIE_TOL {
            group_rank = (pos + 1) as f64;
            leader = scores[*i];
        }
        ranks[*i] = group_rank;
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn competition_by_hand() {
        assert_eq!(
            competition_ranks(&[95.0, 87.5, 87.5, 80.0, 75.0]),
            vec![1.0, 2.0, 2.0, 4.0, 5.0]
        );
        assert_eq!(
            competition_ranks(&[1.0, 1.0 + 1e-13, 0.0]),
            vec![1.0, 1.0, 3.0]
        );
    }
}
