//! Nanson's rule: Borda rounds, each eliminating every series at or below the round's mean.

use super::borda::{borda_points, RankTies};
use super::outcomes::Outcomes;
use super::preferences::check;
use super::ranking::{RankError, Ranking, Stop, StopReason};

/// Ranks the series by Nanson's Borda elimination over tasks (scorio 0.2.3
/// `rank/voting.py:nanson`; default `rank_ties="average"`).
///
/// # Formula
/// Round t recomputes the Borda points s_i⁽ᵗ⁾ among the active series A_t (per task,
/// |A_t| − the rank by descending c under `ties`), and eliminates
/// E_t = {i ∈ A_t : s_i⁽ᵗ⁾ ≤ mean of s⁽ᵗ⁾}, the mean in f64 as numpy's; when E_t would be all
/// of A_t (every active series at the mean) the rounds stop. A series eliminated in round t
/// (from 0) scores t, the survivors the number of rounds run: higher is better, and ties are
/// whole rounds. [`Ranking::stop`] gives the rounds run ([`StopReason::Converged`]).
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn nanson(o: &Outcomes, ties: RankTies) -> Result<Ranking, RankError> {
    eliminate(o, ties, |points| {
        let mean = points.iter().sum::<f64>() / points.len() as f64;
        points.iter().map(|s| *s <= mean).collect()
    })
}

/// The elimination rounds shared with Baldwin: `out` marks, from the active
/// series' Borda points, those leaving this round.
pub(crate) fn eliminate(
    o: &Outcomes,
    ties: RankTies,
    out: impl Fn(&[f64]) -> Vec<bool>,
) -> Result<Ranking, RankError> {
    check(o)?;
    let l = o.series();
    let mut active: Vec<usize> = (0..l).collect();
    let mut survival = vec![0.0; l];
    let mut round = 0u32;
    while active.len() > 1 {
        let points = borda_points(o, &active, ties);
        let leaving = out(&points);
        if leaving.iter().all(|x| *x) {
            break;
        }
        let mut kept = Vec::with_capacity(active.len());
        for (i, gone) in active.iter().zip(&leaving) {
            if *gone {
                survival[*i] = f64::from(round);
            } else {
                kept.push(*i);
            }
        }
        active = kept;
        round += 1;
    }
    for i in active {
        survival[i] = f64::from(round);
    }
    let mut r = Ranking::of_scores(survival);
    r.stop = Some(Stop {
        reason: StopReason::Converged,
        iterations: round,
    });
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nanson_by_hand() {
        // Tasks (n = 3), c for A, B, C, D: (3, 2, 1, 0), (3, 2, 1, 0), (0, 3, 2, 1).
        // Round 0 Borda (3, 2, 1, 0 per place): A 3+3+0 = 6, B 2+2+3 = 7, C 1+1+2 = 4,
        // D 0+0+1 = 1; mean 4.5: C, D leave (score 0). Round 1 among A, B: A 1+1+0 = 2,
        // B 0+0+1 = 1; mean 1.5: B leaves (score 1); A survives with 2 rounds run.
        let o = Outcomes::from_counts(
            vec![3; 3],
            vec![vec![3, 3, 0], vec![2, 2, 3], vec![1, 1, 2], vec![0, 0, 1]],
        );
        let r = nanson(&o, RankTies::Average).unwrap();
        assert_eq!(r.scores, vec![2.0, 1.0, 0.0, 0.0]);
        assert_eq!(r.ranks, vec![1.0, 2.0, 3.0, 3.0]);
        assert_eq!(r.stop.map(|s| s.iterations), Some(2));
        // Everyone tied: no round runs, all score 0.
        let t = Outcomes::from_counts(vec![1], vec![vec![1], vec![1], vec![1]]);
        assert_eq!(nanson(&t, RankTies::Average).unwrap().scores, vec![0.0; 3]);
    }
}
