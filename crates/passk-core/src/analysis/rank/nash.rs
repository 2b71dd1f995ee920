//! Nash averaging on the zero-sum meta-game of the series (scorio 0.2.3,
//! `rank/graph.py:nash`).

use super::linalg::mat_vec;
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking, Stop, StopReason};
use super::win_probability::{checked_pairwise, win_probabilities};

/// Which score vector [`nash`] ranks by (scorio's `score_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NashScore {
    /// The expected win probability against the equilibrium, `P̂ x` (scorio's default).
    #[default]
    VsEquilibrium,
    /// The equilibrium mixture x itself.
    Equilibrium,
    /// The expected zero-sum advantage against the equilibrium, `A x`.
    AdvantageVsEquilibrium,
}

/// The equilibrium mixture scorio answers: uniform over the series with the most passes
/// Σ_t c (uniform over every series when the payoff matrix vanishes, `|A_ij| ≤ 1e-14`).
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task.
pub fn nash_equilibrium(o: &Outcomes) -> Result<Vec<f64>, RankError> {
    let (wins, ties) = checked_pairwise(o)?;
    let (_, _, x) = game(o, &wins, &ties);
    Ok(x)
}

/// The payoffs P̂ and A = 2P̂ − 1 (zero diagonal), and the equilibrium.
fn game(
    o: &Outcomes,
    wins: &[Vec<f64>],
    ties: &[Vec<f64>],
) -> (Vec<Vec<f64>>, Vec<Vec<f64>>, Vec<f64>) {
    let p = win_probabilities(wins, ties);
    let m = p.len();
    let a: Vec<Vec<f64>> = (0..m)
        .map(|i| {
            (0..m)
                .map(|j| if i == j { 0.0 } else { 2.0 * p[i][j] - 1.0 })
                .collect()
        })
        .collect();
    let vanishes = a.iter().flatten().all(|v| v.abs() <= 1e-14);
    let x = if vanishes {
        vec![1.0 / m as f64; m]
    } else {
        let totals: Vec<u64> = o.c.iter().map(|row| row.iter().sum()).collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let k = totals.iter().filter(|t| **t == best).count().max(1);
        totals
            .iter()
            .map(|t| if *t == best { 1.0 / k as f64 } else { 0.0 })
            .collect()
    };
    (p, a, x)
}

/// Nash averaging, as scorio's `rank/graph.py:nash` (its `solver="lp"`; `n_iter` and
/// `temperature` are unused there and absent here). The payoff `A = 2P̂ − 1` is
/// antisymmetric and, for 0/1 outcomes with ties split, `A_ij` is the difference of the two
/// series' pass rates over all samples, so a maximin strategy puts its mass on the series
/// with the most passes. Scorio solves the linear program (HiGHS) only to check that it is
/// solvable, then answers the label-invariant equilibrium: uniform over the series with the
/// most passes (see [`nash_equilibrium`]); so does this, in closed form (stop
/// [`StopReason::Exact`]).
///
/// Series with unequal n per task are compared sample by sample on each task (the most
/// passes then is the largest Σ c, as scorio's `R.sum`).
///
/// # Formula
/// `P̂_ij = (W_ij + T_ij/2) / (W_ij + W_ji + T_ij)` (0.5 on the diagonal),
/// `A_ij = 2P̂_ij − 1`, `A_ii = 0`; `x` uniform on `argmax_i Σ_t c_it`;
/// scores `P̂ x` ([`NashScore::VsEquilibrium`]), `x`, or `A x`. Higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task.
pub fn nash(o: &Outcomes, score: NashScore) -> Result<Ranking, RankError> {
    let (wins, ties) = checked_pairwise(o)?;
    let (p, a, x) = game(o, &wins, &ties);
    let scores = match score {
        NashScore::VsEquilibrium => mat_vec(&p, &x),
        NashScore::Equilibrium => x,
        NashScore::AdvantageVsEquilibrium => mat_vec(&a, &x),
    };
    let mut out = Ranking::of_scores(scores);
    out.stop = Some(Stop {
        reason: StopReason::Exact,
        iterations: 0,
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // n = 4 on one task, c = 3, 1, 3: series 0 and 2 share the most passes, x = (1/2, 0, 1/2).
        // P̂01 = 3/4, P̂02 = 1/2, P̂10 = 1/4, P̂12 = 1/4: P̂x = (1/2, 1/4, 1/2);
        // A x = (0, −1/2, 0).
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1], vec![3]]);
        assert_eq!(nash_equilibrium(&o), Ok(vec![0.5, 0.0, 0.5]));
        let r = nash(&o, NashScore::VsEquilibrium).expect("ranks");
        assert_eq!(r.scores, vec![0.5, 0.25, 0.5]);
        assert_eq!(r.ranks, vec![1.0, 3.0, 1.0]);
        let r = nash(&o, NashScore::AdvantageVsEquilibrium).expect("ranks");
        assert_eq!(r.scores, vec![0.0, -0.5, 0.0]);
        // All equal: the payoff vanishes, x uniform.
        let eq = Outcomes::from_counts(vec![4], vec![vec![2], vec![2]]);
        assert_eq!(
            nash(&eq, NashScore::Equilibrium).expect("ranks").scores,
            vec![0.5, 0.5]
        );
        let one = Outcomes::from_counts(vec![4], vec![vec![3]]);
        assert_eq!(nash(&one, NashScore::default()), Err(RankError::TooFew));
    }
}
