//! Baldwin's rule: Borda rounds, each eliminating the series with the fewest points.

use super::borda::RankTies;
use super::nanson::eliminate;
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};

/// Ranks the series by Baldwin's Borda elimination over tasks (scorio 0.2.3
/// `rank/voting.py:baldwin`; default `rank_ties="average"`).
///
/// # Formula
/// Round t recomputes the Borda points s_i⁽ᵗ⁾ among the active series A_t (per task,
/// |A_t| − the rank by descending c under `ties`), and eliminates every series at the minimum,
/// E_t = argmin_{i∈A_t} s_i⁽ᵗ⁾; when that is all of A_t the rounds stop. A series eliminated in
/// round t (from 0) scores t, the survivors the number of rounds run: higher is better.
/// [`Ranking::stop`] gives the rounds run ([`StopReason::Converged`](super::StopReason)).
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn baldwin(o: &Outcomes, ties: RankTies) -> Result<Ranking, RankError> {
    eliminate(o, ties, |points| {
        let min = points.iter().copied().fold(f64::INFINITY, f64::min);
        points.iter().map(|s| *s == min).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baldwin_by_hand() {
        // The Nanson example: round 0 Borda A 6, B 7, C 4, D 1: D leaves (0). Round 1 among
        // A, B, C (2, 1, 0 per place): A 2+2+0 = 4, B 1+1+2 = 4, C 0+0+1 = 1: C leaves (1).
        // Round 2, A and B: A 1+1+0 = 2, B 0+0+1 = 1: B leaves (2); A scores 3.
        let o = Outcomes::from_counts(
            vec![3; 3],
            vec![vec![3, 3, 0], vec![2, 2, 3], vec![1, 1, 2], vec![0, 0, 1]],
        );
        let r = baldwin(&o, RankTies::Average).unwrap();
        assert_eq!(r.scores, vec![3.0, 2.0, 1.0, 0.0]);
        assert_eq!(r.stop.map(|s| s.iterations), Some(3));
    }
}
