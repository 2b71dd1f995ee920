//! Bradley–Terry–Luce: each winner of a (task, sample) chosen from itself and the losers,
//! a composite likelihood, maximum likelihood and MAP: scorio 0.2.3's
//! `rank/listwise.py:bradley_terry_luce` and `bradley_terry_luce_map`.

use super::choice_model::{strongly_connected, Alt, ChoiceModel, ChoiceSet};
use super::newton_fit::{check_args, exact, maximise, ranking_of};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};
use super::winner_sets::winner_sets;

/// The Bradley–Terry–Luce strengths by maximum likelihood, with Fisher intervals at
/// `level` (of the composite likelihood's observed information, not a sandwich). Scores
/// π = e^θ, Σθ = 0, as scorio's. Tasks may have different n.
///
/// # Formula
/// Per (task, sample) the winners W (passed) and losers L (`winner_sets`), the log-
/// likelihood Σ_events Σ_{w∈W} (θ_w − ln(e^θ_w + Σ_{l∈L} e^θ_l)), summed over identical
/// events by their count and maximised (concave) by Newton's method, Σθ = 0. No event:
/// every π = 1/L, stop Exact (scorio's). Series with identical counts share their mean
/// score (scorio averages the wider orbits of `average_event_exchangeable_scores`).
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::NotConnected`] when the
/// graph winner → loser is not strongly connected; [`RankError::Other`] for a level outside
/// (0, 1).
pub fn bradley_terry_luce(o: &Outcomes, level: f64) -> Result<Ranking, RankError> {
    btl(o, None, level)
}

/// The Bradley–Terry–Luce strengths by MAP, under a Gaussian prior of mean 0 and variance
/// `prior_var` on the centred log-strengths (scorio's default 1.0), with Laplace intervals
/// at `level`.
///
/// # Formula
/// As [`bradley_terry_luce`], less Σ_i θ_i²/(2·var); no connectivity needed.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::Other`] for a prior
/// variance not positive and finite or a level outside (0, 1).
pub fn bradley_terry_luce_map(
    o: &Outcomes,
    prior_var: f64,
    level: f64,
) -> Result<Ranking, RankError> {
    btl(o, Some(prior_var), level)
}

fn btl(o: &Outcomes, prior_var: Option<f64>, level: f64) -> Result<Ranking, RankError> {
    check_args(o, prior_var, level)?;
    let m = o.series();
    let events = winner_sets(o);
    if events.is_empty() {
        return Ok(exact(vec![1.0 / m as f64; m]));
    }
    if prior_var.is_none() {
        let mut adj = vec![vec![false; m]; m];
        for w in events.keys() {
            for i in (0..m).filter(|i| w[*i]) {
                for j in (0..m).filter(|j| !w[*j]) {
                    adj[i][j] = true;
                }
            }
        }
        if !strongly_connected(&adj) {
            return Err(RankError::NotConnected);
        }
    }
    let mut sets = Vec::new();
    for (w, count) in &events {
        let losers: Vec<Alt> = (0..m).filter(|j| !w[*j]).map(Alt::one).collect();
        for i in (0..m).filter(|i| w[*i]) {
            let mut alts = vec![Alt::one(i)];
            alts.extend(losers.iter().cloned());
            let mut counts = vec![0.0; alts.len()];
            counts[0] = *count;
            sets.push(ChoiceSet { alts, counts });
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
        // Two series: every event is one winner against one loser, Bradley–Terry on the
        // decisive samples. W_01 = 3, W_10 = 1: π0/π1 = 3, π = (√3, 1/√3).
        let o = Outcomes::from_counts(vec![3, 1], vec![vec![3, 0], vec![0, 1]]);
        let r = bradley_terry_luce(&o, 0.95).unwrap();
        assert!((r.scores[0] - 3f64.sqrt()).abs() < 1e-14, "{:?}", r.scores);
        // Three series, symmetric by rotation (c = 2,1,0 / 0,2,1 / 1,0,2): π all 1.
        let c = vec![vec![2, 0, 1], vec![1, 2, 0], vec![0, 1, 2]];
        let r = bradley_terry_luce(&Outcomes::from_counts(vec![2, 2, 2], c), 0.95).unwrap();
        for s in &r.scores {
            assert!((s - 1.0).abs() < 1e-14);
        }
    }

    #[test]
    fn refusals() {
        let sep = Outcomes::from_counts(vec![1], vec![vec![1], vec![0]]);
        assert_eq!(bradley_terry_luce(&sep, 0.95), Err(RankError::NotConnected));
        assert!(bradley_terry_luce_map(&sep, 1.0, 0.95).is_ok());
        let same = Outcomes::from_counts(vec![2], vec![vec![1], vec![1]]);
        assert_eq!(
            bradley_terry_luce(&same, 0.95).unwrap().scores,
            vec![0.5, 0.5]
        );
    }
}
