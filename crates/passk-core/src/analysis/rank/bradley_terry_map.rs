//! Bradley–Terry MAP strengths: scorio 0.2.3's `rank/bradley_terry.py:bradley_terry_map`
//! (the maximum-likelihood fit is `crate::analysis::bradley_terry`).

use super::choice_model::{Alt, ChoiceModel, ChoiceSet};
use super::newton_fit::{check_args, exact, maximise, ranking_of};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};

/// One Bradley–Terry choice per pair i < j: i chosen W_ij times, j chosen W_ji times.
pub(crate) fn bt_sets(wins: &[Vec<f64>]) -> Vec<ChoiceSet> {
    let m = wins.len();
    (0..m)
        .flat_map(|i| (i + 1..m).map(move |j| (i, j)))
        .map(|(i, j)| ChoiceSet {
            alts: vec![Alt::one(i), Alt::one(j)],
            counts: vec![wins[i][j], wins[j][i]],
        })
        .collect()
}

/// The Bradley–Terry maximum a posteriori strengths under a Gaussian prior of mean 0 and
/// variance `prior_var` on the centred log-strengths (scorio's `bradley_terry_map`, its
/// default `prior=1.0`: [`super::DEFAULT_PRIOR_VAR`]), with Laplace (observed-information)
/// intervals at `level`. Scores are π = e^θ, Σθ = 0 (geometric mean 1), as scorio's.
///
/// # Formula
/// W_ij = Σ_t max(c_i − c_j, 0), the samples where i passed and j failed
/// ([`Outcomes::pairwise`]); P(i ≻ j) = π_i/(π_i + π_j); θ maximises
/// Σ_{i≠j} W_ij (θ_i − ln(e^θ_i + e^θ_j)) − Σ_i θ_i²/(2·var) over Σθ = 0, by Newton's method
/// to a step below 10⁻¹¹. se(θ_i) from the inverse of minus the Hessian (the centred
/// pseudo-inverse); interval π_i·e^{±z·se_i}. No decisive outcome at all: every π = 1
/// (scorio's shortcut), stop Exact.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::Other`] for a prior
/// variance not positive and finite or a level outside (0, 1).
pub fn bradley_terry_map(o: &Outcomes, prior_var: f64, level: f64) -> Result<Ranking, RankError> {
    check_args(o, Some(prior_var), level)?;
    let (wins, _) = o.pairwise();
    let m = o.series();
    if wins.iter().flatten().sum::<f64>() <= 0.0 {
        return Ok(exact(vec![1.0; m]));
    }
    let model = ChoiceModel {
        sets: bt_sets(&wins),
        n_theta: m,
        n_extra: 0,
    };
    let fit = maximise(&model, Some(prior_var))?;
    Ok(ranking_of(o, &fit, 1.0, level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // Task 1 (n = 4): c = 3, 0; task 2 (n = 1): c = 0, 1. W_01 = 3, W_10 = 1.
        // With d = θ0 − θ1, θ = ±d/2: the stationarity 3 − 4σ(d) = d/(2·var) holds at
        // σ(d) = 2/3, d = ln 2 for var = 3 ln2/2: π = (√2, 1/√2).
        let o = Outcomes::from_counts(vec![4, 1], vec![vec![3, 0], vec![0, 1]]);
        let v = 1.5 * std::f64::consts::LN_2;
        let r = bradley_terry_map(&o, v, 0.95).unwrap();
        assert!((r.scores[0] - std::f64::consts::SQRT_2).abs() < 1e-14);
        assert!((r.scores[1] - std::f64::consts::FRAC_1_SQRT_2).abs() < 1e-14);
        // Information on θ0 (θ1 held): 4·(2/3)(1/3) + (1 − 1/2)/var; se of θ0/2.
        let info = 8.0 / 9.0 + 0.5 / v;
        assert!((r.se.as_ref().unwrap()[0] - 0.5 / info.sqrt()).abs() < 1e-14);
        assert_eq!(r.ranks, vec![1.0, 2.0]);
    }

    #[test]
    fn refusals_and_no_decisive() {
        let one = Outcomes::from_counts(vec![3], vec![vec![1]]);
        assert_eq!(bradley_terry_map(&one, 1.0, 0.95), Err(RankError::TooFew));
        let none = Outcomes::from_counts(vec![], vec![vec![], vec![]]);
        assert_eq!(bradley_terry_map(&none, 1.0, 0.95), Err(RankError::NoTasks));
        let same = Outcomes::from_counts(vec![3], vec![vec![2], vec![2]]);
        assert_eq!(
            bradley_terry_map(&same, 1.0, 0.95).unwrap().scores,
            vec![1.0, 1.0]
        );
        assert!(bradley_terry_map(&same, -1.0, 0.95).is_err());
    }
}
