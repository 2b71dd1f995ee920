//! Davidson–Luce: each (task, sample)'s winner set one tied choice among all sets of up to
//! D series, with tie weights δ_t, maximum likelihood and MAP: scorio 0.2.3's
//! `rank/listwise.py:davidson_luce` and `davidson_luce_map`.

use super::choice_model::{strongly_connected, Alt, ChoiceModel, ChoiceSet};
use super::newton_fit::{check_args, exact, maximise, ranking_of};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};
use super::winner_sets::winner_sets;

/// The most series the exact sum over winner sets takes (2^16 sets).
pub const DAVIDSON_LUCE_MAX_SERIES: usize = 16;

/// The Davidson–Luce strengths by maximum likelihood, the tie weights δ_2..δ_D fitted with
/// them, with Fisher intervals at `level` (δ profiled out). `max_tie_order` is D, scorio's
/// default (None) max(L − 1, 1). Scores α = e^θ, Σθ = 0, as scorio's. Tasks may have
/// different n.
///
/// # Formula
/// Per (task, sample) the winner set W (`winner_sets`), t = |W|:
/// P(W) = δ_t (Π_{i∈W} α_i)^{1/t} / Σ_{s=1}^{D} δ_s Σ_{|T|=s} (Π_{i∈T} α_i)^{1/s}, δ_1 = 1.
/// ln P is linear in (θ, ln δ) less a log-sum-exp over the sets T, so concave; maximised by
/// Newton's method over the exact sum (every set of 1..D series), Σθ = 0. A tie order
/// never observed has δ_t → 0 at the supremum: its sets leave the sum (scorio's L-BFGS
/// drives ln δ_t far negative instead). No event: every α = 1/L, stop Exact (scorio's).
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`]; [`RankError::NotConnected`] when the
/// graph winner → loser and winner ↔ co-winner is not strongly connected;
/// [`RankError::TooLarge`] above [`DAVIDSON_LUCE_MAX_SERIES`] series; [`RankError::Other`]
/// for D outside 1..=L, an observed winner set larger than D, or a level outside (0, 1).
pub fn davidson_luce(
    o: &Outcomes,
    max_tie_order: Option<usize>,
    level: f64,
) -> Result<Ranking, RankError> {
    dl(o, None, max_tie_order, level)
}

/// The Davidson–Luce strengths by MAP, under a Gaussian prior of mean 0 and variance
/// `prior_var` on the centred log-strengths (scorio's default 1.0) and none on δ, with
/// Laplace intervals at `level`.
///
/// # Formula
/// As [`davidson_luce`], less Σ_i θ_i²/(2·var); no connectivity needed.
///
/// # Errors
/// As [`davidson_luce`] but no [`RankError::NotConnected`]; [`RankError::Other`] for a
/// prior variance not positive and finite.
pub fn davidson_luce_map(
    o: &Outcomes,
    prior_var: f64,
    max_tie_order: Option<usize>,
    level: f64,
) -> Result<Ranking, RankError> {
    dl(o, Some(prior_var), max_tie_order, level)
}

fn dl(
    o: &Outcomes,
    prior_var: Option<f64>,
    max_tie_order: Option<usize>,
    level: f64,
) -> Result<Ranking, RankError> {
    check_args(o, prior_var, level)?;
    let m = o.series();
    let d = max_tie_order.unwrap_or(m.saturating_sub(1).max(1));
    if d < 1 || d > m {
        return Err(RankError::Other(format!(
            "the largest tie order must lie in 1..={m}, not {d}"
        )));
    }
    if m > DAVIDSON_LUCE_MAX_SERIES {
        return Err(RankError::TooLarge {
            size: m as u64,
            limit: DAVIDSON_LUCE_MAX_SERIES as u64,
        });
    }
    let events = winner_sets(o);
    if events.is_empty() {
        return Ok(exact(vec![1.0 / m as f64; m]));
    }
    let size = |w: &Vec<bool>| w.iter().filter(|x| **x).count();
    if events.keys().any(|w| size(w) > d) {
        return Err(RankError::Other(format!(
            "a winner set has more than {d} series: raise the largest tie order"
        )));
    }
    if prior_var.is_none() {
        let mut adj = vec![vec![false; m]; m];
        for w in events.keys() {
            for i in (0..m).filter(|i| w[*i]) {
                // A winner reaches every loser and every co-winner: every other series.
                for (j, a) in adj[i].iter_mut().enumerate() {
                    *a |= j != i;
                }
            }
        }
        if !strongly_connected(&adj) {
            return Err(RankError::NotConnected);
        }
    }
    // δ_t's parameter index, for the tie orders t ≥ 2 observed.
    let mut delta = vec![None; d + 1];
    let mut n_extra = 0;
    for (t, slot) in delta.iter_mut().enumerate().skip(2) {
        if events.keys().any(|w| size(w) == t) {
            *slot = Some(m + n_extra);
            n_extra += 1;
        }
    }
    let mut alts = Vec::new();
    let mut counts = Vec::new();
    for mask in 1u32..(1u32 << m) {
        let t = mask.count_ones() as usize;
        if t > d || (t >= 2 && delta[t].is_none()) {
            continue;
        }
        let members: Vec<bool> = (0..m).map(|i| mask >> i & 1 == 1).collect();
        let mut feats: Vec<(usize, f64)> = (0..m)
            .filter(|i| members[*i])
            .map(|i| (i, 1.0 / t as f64))
            .collect();
        if let Some(k) = delta[t] {
            feats.push((k, 1.0));
        }
        counts.push(events.get(&members).copied().unwrap_or(0.0));
        alts.push(Alt { offset: 0.0, feats });
    }
    let model = ChoiceModel {
        sets: vec![ChoiceSet { alts, counts }],
        n_theta: m,
        n_extra,
    };
    let fit = maximise(&model, prior_var)?;
    Ok(ranking_of(o, &fit, 1.0, level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // Two series (D = 1): Bradley–Terry on the decisive samples, W_01 = 3, W_10 = 1:
        // α = (√3, 1/√3).
        let o = Outcomes::from_counts(vec![3, 1], vec![vec![3, 0], vec![0, 1]]);
        let r = davidson_luce(&o, None, 0.95).unwrap();
        assert!((r.scores[0] - 3f64.sqrt()).abs() < 1e-14, "{:?}", r.scores);
        // Three series by rotation (c = 2,1,0 / 0,2,1 / 1,0,2): three singletons and three
        // pairs won, symmetric: α = 1 and P(pair) = 3δ/(3 + 3δ) = 1/2, δ = 1.
        let c = vec![vec![2, 0, 1], vec![1, 2, 0], vec![0, 1, 2]];
        let o = Outcomes::from_counts(vec![2, 2, 2], c);
        let r = davidson_luce(&o, None, 0.95).unwrap();
        for s in &r.scores {
            assert!((s - 1.0).abs() < 1e-14);
        }
        // D = 1 refuses the observed pairs.
        assert!(davidson_luce(&o, Some(1), 0.95).is_err());
        assert!(davidson_luce(&o, Some(4), 0.95).is_err());
    }

    #[test]
    fn refusals() {
        let sep = Outcomes::from_counts(vec![1], vec![vec![1], vec![0]]);
        assert_eq!(
            davidson_luce(&sep, None, 0.95),
            Err(RankError::NotConnected)
        );
        assert!(davidson_luce_map(&sep, 1.0, None, 0.95).is_ok());
        let big = Outcomes::from_counts(vec![1], vec![vec![0]; 17]);
        assert!(matches!(
            davidson_luce(&big, None, 0.95),
            Err(RankError::TooLarge { .. })
        ));
    }
}
