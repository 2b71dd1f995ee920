//! The Rao–Kupper tie model with a fixed κ, maximum likelihood and MAP: scorio 0.2.3's
//! `rank/bradley_terry.py:rao_kupper` and `rao_kupper_map`.

use super::choice_model::{strongly_connected, Alt, ChoiceModel, ChoiceSet};
use super::newton_fit::{check_args, exact, maximise, ranking_of};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};
use crate::num::libm_math::LibmMath;

/// scorio's default tie strength κ (`tie_strength=1.1`).
pub const DEFAULT_TIE_STRENGTH: f64 = 1.1;

/// The Rao–Kupper strengths by maximum likelihood for the tie strength `kappa` (κ ≥ 1,
/// fixed, scorio's default [`DEFAULT_TIE_STRENGTH`]), with Fisher intervals at `level`.
/// Scores π = e^θ, Σθ = 0, as scorio's.
///
/// # Formula
/// W_ij and T_ij as [`Outcomes::pairwise`]; P(i ≻ j) = π_i/(π_i + κπ_j),
/// P(i ∼ j) = (κ² − 1)π_iπ_j/((π_i + κπ_j)(κπ_i + π_j)), so that a tie is the product
/// of i ≻ j and j ≻ i times (κ² − 1). θ maximises
/// Σ_{i<j} W_ij ln P(i ≻ j) + W_ji ln P(j ≻ i) + T_ij ln P(i ∼ j) (concave) by Newton's
/// method, Σθ = 0; se(θ_i) from the inverse observed information. No decisive outcome:
/// every π = 1, stop Exact (scorio's shortcut).
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::NotConnected`] when the
/// graph of wins and ties is not strongly connected; [`RankError::Other`] for κ < 1 or not
/// finite, κ = 1 with ties observed (the model gives ties no probability), or a level
/// outside (0, 1).
pub fn rao_kupper(o: &Outcomes, kappa: f64, level: f64) -> Result<Ranking, RankError> {
    rk(o, kappa, None, level)
}

/// The Rao–Kupper strengths by MAP for the fixed `kappa`, under a Gaussian prior of mean 0
/// and variance `prior_var` on the centred log-strengths (scorio's default 1.0), with
/// Laplace intervals at `level`.
///
/// # Formula
/// As [`rao_kupper`], less Σ_i θ_i²/(2·var); no connectivity needed.
///
/// # Errors
/// As [`rao_kupper`] but no [`RankError::NotConnected`]; [`RankError::Other`] for a prior
/// variance not positive and finite.
pub fn rao_kupper_map(
    o: &Outcomes,
    kappa: f64,
    prior_var: f64,
    level: f64,
) -> Result<Ranking, RankError> {
    rk(o, kappa, Some(prior_var), level)
}

fn rk(o: &Outcomes, kappa: f64, prior_var: Option<f64>, level: f64) -> Result<Ranking, RankError> {
    check_args(o, prior_var, level)?;
    if !(kappa.is_finite() && kappa >= 1.0) {
        return Err(RankError::Other(format!(
            "the tie strength κ must be finite and at least 1, not {kappa}"
        )));
    }
    let (wins, ties) = o.pairwise();
    let m = o.series();
    let any_tie = (0..m).any(|i| (i + 1..m).any(|j| ties[i][j] > 0.0));
    if kappa == 1.0 && any_tie {
        return Err(RankError::Other(
            "tie strength κ = 1 gives ties no probability, but ties are observed".into(),
        ));
    }
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
    let lk = kappa.libm_ln();
    let shifted = |i: usize| Alt {
        offset: lk,
        feats: vec![(i, 1.0)],
    };
    let mut sets = Vec::new();
    for i in 0..m {
        for j in i + 1..m {
            // i ≻ j (and the tie's first factor): i among (π_i, κπ_j).
            sets.push(ChoiceSet {
                alts: vec![Alt::one(i), shifted(j)],
                counts: vec![wins[i][j] + ties[i][j], 0.0],
            });
            // j ≻ i (and the tie's second factor): j among (κπ_i, π_j).
            sets.push(ChoiceSet {
                alts: vec![shifted(i), Alt::one(j)],
                counts: vec![0.0, wins[j][i] + ties[i][j]],
            });
        }
    }
    let model = ChoiceModel {
        sets,
        n_theta: m,
        n_extra: 0,
    };
    let fit = maximise(&model, prior_var)?;
    Ok(ranking_of(o, &fit, 1.0, level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // Two series, a = W_01, b = W_10, t ties, u = π0/π1: the stationarity
        // (a + t)(1 + κu) = (b + t)u(u + κ). κ = 2, u = 4: 9(a + t) = 24(b + t), met by
        // a = 6, b = 1, t = 2 (task 1, n = 8: c = 6, 0; task 2, n = 1: c = 0, 1).
        let o = Outcomes::from_counts(vec![8, 1], vec![vec![6, 0], vec![0, 1]]);
        let r = rao_kupper(&o, 2.0, 0.95).unwrap();
        assert!((r.scores[0] - 2.0).abs() < 1e-13, "{:?}", r.scores);
        assert!((r.scores[1] - 0.5).abs() < 1e-13);
        assert!(rao_kupper_map(&o, 2.0, 1.0, 0.95).unwrap().scores[0] < 2.0);
    }

    #[test]
    fn refusals() {
        let o = Outcomes::from_counts(vec![8, 1], vec![vec![6, 0], vec![0, 1]]);
        assert!(rao_kupper(&o, 1.0, 0.95).is_err());
        assert!(rao_kupper(&o, 0.5, 0.95).is_err());
        assert!(rao_kupper(&o, f64::NAN, 0.95).is_err());
        // No ties (n = 1 everywhere, opposite outcomes): κ = 1 is Bradley–Terry.
        let bt = Outcomes::from_counts(vec![1, 1, 1], vec![vec![1, 1, 0], vec![0, 0, 1]]);
        let r = rao_kupper(&bt, 1.0, 0.95).unwrap();
        assert!((r.scores[0] - 2f64.sqrt()).abs() < 1e-13);
        let sep = Outcomes::from_counts(vec![1], vec![vec![1], vec![0]]);
        assert_eq!(rao_kupper(&sep, 1.1, 0.95), Err(RankError::NotConnected));
    }
}
