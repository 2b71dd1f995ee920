//! Plackett–Luce strengths from the decisive pairs, maximum likelihood (scorio's MM
//! iteration, here Newton's method to the same maximum) and MAP: scorio 0.2.3's
//! `rank/listwise.py:plackett_luce` and `plackett_luce_map`.

use super::bradley_terry_map::bt_sets;
use super::choice_model::{strongly_connected, ChoiceModel};
use super::newton_fit::{check_args, exact, maximise, ranking_of};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};

/// The Plackett–Luce strengths by maximum likelihood of its pairwise reduction, with
/// Fisher intervals at `level`. Scores are scorio's: π normalised to Σπ = 1 (the intervals
/// π_i·e^{±z·se_i}, se of the centred θ = ln π).
///
/// # Formula
/// The decisive pairs W_ij ([`Outcomes::pairwise`]), P(i ≻ j) = π_i/(π_i + π_j): the
/// Bradley–Terry likelihood Σ_{i≠j} W_ij (θ_i − ln(e^θ_i + e^θ_j)), maximised by Newton's
/// method (scorio iterates Hunter's MM until π moves by less than 10⁻⁸, short of the
/// maximum), then π = e^θ/Σe^θ. No decisive outcome: every π = 1/L, stop Exact.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::NotConnected`] when the
/// graph of wins is not strongly connected; [`RankError::Other`] for a level outside (0, 1).
pub fn plackett_luce(o: &Outcomes, level: f64) -> Result<Ranking, RankError> {
    check_args(o, None, level)?;
    let (wins, _) = o.pairwise();
    let m = o.series();
    if wins.iter().flatten().sum::<f64>() <= 0.0 {
        return Ok(exact(vec![1.0 / m as f64; m]));
    }
    let adj: Vec<Vec<bool>> = wins
        .iter()
        .map(|r| r.iter().map(|w| *w > 0.0).collect())
        .collect();
    if !strongly_connected(&adj) {
        return Err(RankError::NotConnected);
    }
    fit(o, &wins, None, level, true)
}

/// The Plackett–Luce strengths by MAP of its pairwise reduction, under a Gaussian prior
/// of mean 0 and variance `prior_var` on the centred log-strengths (scorio's default 1.0),
/// with Laplace intervals at `level`. Scores π = e^θ, Σθ = 0, as scorio's (here it does
/// not normalise to Σπ = 1).
///
/// # Formula
/// As [`plackett_luce`], less Σ_i θ_i²/(2·var); no connectivity needed, and no shortcut
/// (no decisive outcome gives θ = 0).
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::Other`] for a prior
/// variance not positive and finite or a level outside (0, 1).
pub fn plackett_luce_map(o: &Outcomes, prior_var: f64, level: f64) -> Result<Ranking, RankError> {
    check_args(o, Some(prior_var), level)?;
    let (wins, _) = o.pairwise();
    fit(o, &wins, Some(prior_var), level, false)
}

fn fit(
    o: &Outcomes,
    wins: &[Vec<f64>],
    prior_var: Option<f64>,
    level: f64,
    to_one: bool,
) -> Result<Ranking, RankError> {
    let model = ChoiceModel {
        sets: bt_sets(wins),
        n_theta: o.series(),
        n_extra: 0,
    };
    let fit = maximise(&model, prior_var)?;
    let scale = if to_one {
        1.0 / fit
            .theta
            .iter()
            .map(|t| crate::num::libm_math::LibmMath::libm_exp(*t))
            .sum::<f64>()
    } else {
        1.0
    };
    Ok(ranking_of(o, &fit, scale, level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // W_01 = 3, W_10 = 1 (task 1, n = 3: c = 3, 0; task 2, n = 1: c = 0, 1):
        // π0/π1 = 3, so π = (3/4, 1/4) normalised to one.
        let o = Outcomes::from_counts(vec![3, 1], vec![vec![3, 0], vec![0, 1]]);
        let r = plackett_luce(&o, 0.95).unwrap();
        assert!((r.scores[0] - 0.75).abs() < 1e-14, "{:?}", r.scores);
        assert!((r.scores[1] - 0.25).abs() < 1e-14);
        // The MAP with the same data: geometric mean 1 and shrunk below √3.
        let p = plackett_luce_map(&o, 1.0, 0.95).unwrap();
        assert!((p.scores[0] * p.scores[1] - 1.0).abs() < 1e-14);
        assert!(p.scores[0] < 3f64.sqrt());
    }

    #[test]
    fn refusals() {
        let sep = Outcomes::from_counts(vec![1], vec![vec![1], vec![0]]);
        assert_eq!(plackett_luce(&sep, 0.95), Err(RankError::NotConnected));
        let same = Outcomes::from_counts(vec![2], vec![vec![1], vec![1], vec![1]]);
        assert_eq!(
            plackett_luce(&same, 0.95).unwrap().scores,
            vec![1.0 / 3.0; 3]
        );
        assert_eq!(
            plackett_luce_map(&same, 1.0, 0.95).unwrap().scores,
            vec![1.0; 3]
        );
    }
}
