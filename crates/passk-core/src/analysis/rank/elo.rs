//! Elo ratings over the stream of induced pairwise matches (scorio's `rank/pairwise.py:elo`).

use super::outcomes::Outcomes;
use super::pairwise_stream::{check, finite, for_each_event, PairwiseTies};
use super::ranking::{RankError, Ranking};
use crate::num::libm_math::LibmMath;

/// Elo's settings; `Default` is scorio's (K = 32, 1500, `CorrectDrawOnly`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloOptions {
    /// The step size K (positive).
    pub k: f64,
    /// Every series' rating before the first match.
    pub initial_rating: f64,
    /// What a tied pair counts as.
    pub ties: PairwiseTies,
}

impl Default for EloOptions {
    fn default() -> Self {
        EloOptions {
            k: 32.0,
            initial_rating: 1500.0,
            ties: PairwiseTies::CorrectDrawOnly,
        }
    }
}

/// Elo ratings after every induced match, as scorio 0.2.3's `rank/pairwise.py:elo`: events
/// (trial t, task q) in the order `for t: for q` (see [`Outcomes`]: series s passed when
/// `t < c[s][q]`); within an event every pair i < j plays from the ratings at the event's start,
/// and the event's changes are added at its end. Scores are the final ratings (higher is
/// better); no interval. Deterministic: the same arithmetic, in the same order, as scorio's.
///
/// # Formula
/// E_ij = 1 / (1 + 10^((r_j − r_i)/400)), E_ji = 1 − E_ij;
/// r_i += K(S_ij − E_ij), r_j += K(S_ji − E_ji), with S from `PairwiseTies::score`.
///
/// # Errors
/// [`RankError::TooFew`] below two series, [`RankError::NoTasks`] without a task,
/// [`RankError::Other`] for a K that is not positive and finite or an infinite initial rating.
pub fn elo(o: &Outcomes, opts: &EloOptions) -> Result<Ranking, RankError> {
    check(o)?;
    let k = finite("K", opts.k)?;
    if k <= 0.0 {
        return Err(RankError::Other("K must be positive".into()));
    }
    let init = finite("initial_rating", opts.initial_rating)?;
    let m = o.series();
    let mut ratings = vec![init; m];
    let mut delta = vec![0.0; m];
    let skip_idle = !opts.ties.plays_all_fail();
    for_each_event(o, skip_idle, |passed| {
        let Some(passed) = passed else {
            return;
        };
        delta.iter_mut().for_each(|d| *d = 0.0);
        for i in 0..m {
            for j in i + 1..m {
                let Some(s_i) = opts.ties.score(passed[i], passed[j]) else {
                    continue;
                };
                let s_j = 1.0 - s_i;
                let e_i = 1.0 / (1.0 + 10.0f64.libm_pow((ratings[j] - ratings[i]) / 400.0));
                let e_j = 1.0 - e_i;
                delta[i] += k * (s_i - e_i);
                delta[j] += k * (s_j - e_j);
            }
        }
        for (r, d) in ratings.iter_mut().zip(&delta) {
            *r += d;
        }
    });
    Ok(Ranking::of_scores(ratings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_decisive_match_by_hand() {
        // One task, n = 1: A passes, B fails. E = 1/(1 + 10^0) = ½, so A gains 32·½ = 16.
        let o = Outcomes::from_counts(vec![1], vec![vec![1], vec![0]]);
        let r = elo(&o, &EloOptions::default()).unwrap();
        assert_eq!(r.scores, vec![1516.0, 1484.0]);
        assert_eq!(r.ranks, vec![1.0, 2.0]);
    }
}
