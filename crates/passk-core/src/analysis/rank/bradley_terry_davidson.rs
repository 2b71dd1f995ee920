//! The Bradley–Terry–Davidson tie model, maximum likelihood and MAP: scorio 0.2.3's
//! `rank/bradley_terry.py:bradley_terry_davidson` and `bradley_terry_davidson_map`.

use super::bradley_terry_map::bt_sets;
use super::choice_model::{strongly_connected, Alt, ChoiceModel, ChoiceSet};
use super::newton_fit::{check_args, exact, maximise, ranking_of};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};

/// The Davidson strengths by maximum likelihood, the tie parameter ν fitted with them,
/// with Fisher intervals at `level` (ν profiled out). Scores π = e^θ, Σθ = 0, as scorio's.
///
/// # Formula
/// W_ij and the ties T_ij = Σ_t n − |c_i − c_j| (samples where both pass or both fail,
/// [`Outcomes::pairwise`]); with D_ij = π_i + π_j + ν√(π_iπ_j),
/// P(i ≻ j) = π_i/D_ij, P(i ∼ j) = ν√(π_iπ_j)/D_ij. (θ, λ = ln ν) maximise
/// Σ_{i<j} W_ij ln P(i ≻ j) + W_ji ln P(j ≻ i) + T_ij ln P(i ∼ j) (concave in θ, λ) by
/// Newton's method, Σθ = 0; se(θ_i) from the inverse observed information. No decisive
/// outcome: every π = 1, stop Exact (scorio's shortcut). No tie at all: ν → 0, the
/// Bradley–Terry fit (scorio's L-BFGS stops at its clip ln ν = −10 instead). scorio clips
/// ln ν to ±10; this fit does not.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::NotConnected`] when the
/// graph of wins and ties is not strongly connected (no finite maximum);
/// [`RankError::Other`] for a level outside (0, 1).
pub fn bradley_terry_davidson(o: &Outcomes, level: f64) -> Result<Ranking, RankError> {
    davidson(o, None, level)
}

/// The Davidson strengths by MAP, under a Gaussian prior of mean 0 and variance
/// `prior_var` on the centred log-strengths (scorio's default 1.0) and none on ν, with
/// Laplace intervals at `level`.
///
/// # Formula
/// As [`bradley_terry_davidson`], less Σ_i θ_i²/(2·var) in the objective and its
/// Hessian in the information; no connectivity needed.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::Other`] for a prior
/// variance not positive and finite or a level outside (0, 1).
pub fn bradley_terry_davidson_map(
    o: &Outcomes,
    prior_var: f64,
    level: f64,
) -> Result<Ranking, RankError> {
    davidson(o, Some(prior_var), level)
}

fn davidson(o: &Outcomes, prior_var: Option<f64>, level: f64) -> Result<Ranking, RankError> {
    check_args(o, prior_var, level)?;
    let (wins, ties) = o.pairwise();
    let m = o.series();
    if wins.iter().flatten().sum::<f64>() <= 0.0 {
        return Ok(exact(vec![1.0; m]));
    }
    if prior_var.is_none() {
        let adj: Vec<Vec<bool>> = (0..m)
            .map(|i| {
                (0..m)
                    .map(|j| wins[i][j] > 0.0 || ties[i][j] > 0.0)
                    .collect()
            })
            .collect();
        if !strongly_connected(&adj) {
            return Err(RankError::NotConnected);
        }
    }
    let any_tie = (0..m).any(|i| (i + 1..m).any(|j| ties[i][j] > 0.0));
    let model = if any_tie {
        let mut sets = Vec::new();
        for i in 0..m {
            for j in i + 1..m {
                let tie = Alt {
                    offset: 0.0,
                    feats: vec![(i, 0.5), (j, 0.5), (m, 1.0)],
                };
                sets.push(ChoiceSet {
                    alts: vec![Alt::one(i), Alt::one(j), tie],
                    counts: vec![wins[i][j], wins[j][i], ties[i][j]],
                });
            }
        }
        ChoiceModel {
            sets,
            n_theta: m,
            n_extra: 1,
        }
    } else {
        ChoiceModel {
            sets: bt_sets(&wins),
            n_theta: m,
            n_extra: 0,
        }
    };
    let fit = maximise(&model, prior_var)?;
    Ok(ranking_of(o, &fit, 1.0, level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // Two series: W_01 = a, W_10 = b, T = t. With d = θ0 − θ1 the three probabilities
        // are a multinomial (e^{d/2}, e^{−d/2}, ν)/D, saturated: the maximum gives each its
        // share, so e^d = a/b and ν/(e^{d/2} + e^{−d/2} + ν) = t/(a+b+t).
        // Task 1 (n = 6): c = 4, 0 (4 wins, 2 ties); task 2 (n = 1): c = 0, 1 (1 win of 1).
        // a = 4, b = 1, t = 2: π = (2, 1/2); ν/(2 + 1/2 + ν) = 2/7, ν = 1.
        let o = Outcomes::from_counts(vec![6, 1], vec![vec![4, 0], vec![0, 1]]);
        let r = bradley_terry_davidson(&o, 0.95).unwrap();
        assert!((r.scores[0] - 2.0).abs() < 1e-13, "{:?}", r.scores);
        assert!((r.scores[1] - 0.5).abs() < 1e-13);
        assert!(bradley_terry_davidson_map(&o, 1.0, 0.95).unwrap().scores[0] < 2.0);
    }

    #[test]
    fn refusals() {
        // Series 0 always wins, never ties: no finite maximum.
        let o = Outcomes::from_counts(vec![2], vec![vec![2], vec![0]]);
        assert_eq!(
            bradley_terry_davidson(&o, 0.95),
            Err(RankError::NotConnected)
        );
        assert!(bradley_terry_davidson_map(&o, 1.0, 0.95).is_ok());
        let same = Outcomes::from_counts(vec![3], vec![vec![2], vec![2]]);
        assert_eq!(
            bradley_terry_davidson(&same, 0.95).unwrap().scores,
            vec![1.0, 1.0]
        );
    }
}
