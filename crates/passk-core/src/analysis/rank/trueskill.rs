//! TrueSkill skill beliefs over the stream of induced pairwise matches (scorio's
//! `rank/pairwise.py:trueskill`).

use super::outcomes::Outcomes;
use super::pairwise_stream::{check, finite, for_each_event, PairwiseTies};
use super::ranking::{RankError, Ranking};
use super::trueskill_v::{draw, win};
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;

/// TrueSkill's settings; `Default` is scorio's (μ 25, σ 25/3, β 25/6, τ 25/300, ties
/// skipped, no draw margin) and a 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrueSkillOptions {
    /// Every series' mean skill before the first match.
    pub mu: f64,
    /// Every series' skill standard deviation before the first match (positive).
    pub sigma: f64,
    /// The performance noise β (positive).
    pub beta: f64,
    /// The drift τ added (in variance) after every trial (non-negative).
    pub tau: f64,
    /// What a tied pair counts as.
    pub ties: PairwiseTies,
    /// The draw margin ε in performance difference (non-negative).
    pub draw_margin: f64,
    /// The level of the intervals μ ± z·σ.
    pub level: f64,
}

impl Default for TrueSkillOptions {
    fn default() -> Self {
        TrueSkillOptions {
            mu: 25.0,
            sigma: 25.0 / 3.0,
            beta: 25.0 / 6.0,
            tau: 25.0 / 300.0,
            ties: PairwiseTies::Skip,
            draw_margin: 0.0,
            level: 0.95,
        }
    }
}

/// One two-player update from (μ₁, σ₁), (μ₂, σ₂): `Some(true)` player 1 won, `Some(false)`
/// lost, `None` a draw. Answers the pair's new (μ₁, σ₁, μ₂, σ₂).
fn pair_update(
    (mu1, s1, mu2, s2): (f64, f64, f64, f64),
    outcome: Option<bool>,
    beta2: f64,
    margin: f64,
) -> (f64, f64, f64, f64) {
    let c = (2.0 * beta2 + s1 * s1 + s2 * s2).sqrt();
    let eps = margin / c;
    let (mu1n, mu2n, w) = match outcome {
        Some(true) => {
            let (v, w) = win((mu1 - mu2) / c, eps);
            (mu1 + (s1 * s1 / c) * v, mu2 - (s2 * s2 / c) * v, w)
        }
        Some(false) => {
            let (v, w) = win((mu2 - mu1) / c, eps);
            (mu1 - (s1 * s1 / c) * v, mu2 + (s2 * s2 / c) * v, w)
        }
        None => {
            let (v, w) = draw((mu1 - mu2) / c, eps);
            (mu1 + (s1 * s1 / c) * v, mu2 - (s2 * s2 / c) * v, w)
        }
    };
    let c2 = c * c;
    let s1n = s1 * (1.0 - (s1 * s1 / c2) * w).max(1e-12).sqrt();
    let s2n = s2 * (1.0 - (s2 * s2 / c2) * w).max(1e-12).sqrt();
    (mu1n, s1n, mu2n, s2n)
}

/// TrueSkill beliefs N(μ, σ²) as scorio 0.2.3's `rank/pairwise.py:trueskill`: events (trial
/// t, task q) in the order `for t: for q` (series s passed when `t < c[s][q]`); in each event
/// every pair i < j that plays makes a two-player update from the beliefs at the event's
/// start, and the pair's Gaussian sites are combined in natural parameters at its end; after
/// every trial σ² grows by τ². Scores are the final μ (higher is better), `se` the final σ,
/// `intervals` μ ± z·σ at `level`. Deterministic; the arithmetic is scorio's, except that
/// φ/Φ and ln Φ come from `erfc` (scipy's `erfcx`/`log_ndtr` round differently).
///
/// # Formula
/// c = √(2β² + σ_i² + σ_j²), t = (μ_win − μ_lose)/c, ε = margin/c; a win moves
/// μ_win += σ_win²/c·v, μ_lose −= σ_lose²/c·v, σ² ← σ²(1 − σ²w/c²) (floored at 10⁻¹²σ²),
/// with v, w of a win (φ/Φ) or a draw (a truncated normal's mean and 1 − variance). Per
/// event, with prior precision λ = 1/σ² and each pair's result (μ', σ'): λ' = λ + Σ(1/σ'² − λ),
/// (μλ)' = μλ + Σ(μ'/σ'² − μλ), σ = √(1/λ'), μ = (μλ)'/λ'.
///
/// # Errors
/// [`RankError::TooFew`] below two series, [`RankError::NoTasks`] without a task,
/// [`RankError::Other`] for settings outside their ranges (non-finite, σ or β ≤ 0, τ or
/// margin < 0, level outside (0, 1)).
pub fn trueskill(o: &Outcomes, opts: &TrueSkillOptions) -> Result<Ranking, RankError> {
    check(o)?;
    let mu0 = finite("mu", opts.mu)?;
    let sigma0 = finite("sigma", opts.sigma)?;
    let beta = finite("beta", opts.beta)?;
    let tau = finite("tau", opts.tau)?;
    let margin = finite("draw_margin", opts.draw_margin)?;
    if sigma0 <= 0.0 || beta <= 0.0 || tau < 0.0 || margin < 0.0 {
        return Err(RankError::Other(
            "sigma and beta must be > 0, tau and draw_margin >= 0".into(),
        ));
    }
    if !(opts.level > 0.0 && opts.level < 1.0) {
        return Err(RankError::Other("level must be in (0, 1)".into()));
    }
    let m = o.series();
    let (beta2, tau2) = (beta.libm_pow(2.0), tau.libm_pow(2.0));
    let mut mu = vec![mu0; m];
    let mut sigma = vec![sigma0; m];
    let mut var = vec![0.0; m];
    let (mut prec, mut nat) = (vec![0.0; m], vec![0.0; m]);
    for_each_event(o, false, |passed| {
        let Some(passed) = passed else {
            for s in sigma.iter_mut() {
                *s = (*s * *s + tau2).sqrt();
            }
            return;
        };
        for s in 0..m {
            var[s] = sigma[s] * sigma[s];
            prec[s] = 0.0;
            nat[s] = 0.0;
        }
        // No pair plays when nobody passed (unless (0, 0) draws) or everybody passed and
        // ties are skipped: only the event's recombination below is left.
        let passers = passed.iter().filter(|p| **p).count();
        let idle = (passers == 0 && opts.ties != PairwiseTies::Draw)
            || (passers == m && opts.ties == PairwiseTies::Skip);
        for i in (0..m).filter(|_| !idle) {
            for j in i + 1..m {
                let outcome = match (passed[i], passed[j]) {
                    (a, b) if a != b => Some(a),
                    (a, _) => {
                        if opts.ties.score(a, a).is_none() {
                            continue;
                        }
                        None
                    }
                };
                let (mi, si, mj, sj) =
                    pair_update((mu[i], sigma[i], mu[j], sigma[j]), outcome, beta2, margin);
                for (p, pm, ps) in [(i, mi, si), (j, mj, sj)] {
                    let pv = ps * ps;
                    prec[p] += 1.0 / pv - 1.0 / var[p];
                    nat[p] += pm / pv - mu[p] / var[p];
                }
            }
        }
        for s in 0..m {
            let post_prec = 1.0 / var[s] + prec[s];
            let post_nat = mu[s] / var[s] + nat[s];
            sigma[s] = (1.0 / post_prec).sqrt();
            mu[s] = post_nat / post_prec;
        }
    });
    let z = two_sided_z(opts.level);
    let mut out = Ranking::of_scores(mu.clone());
    out.intervals = Some(
        mu.iter()
            .zip(&sigma)
            .map(|(u, s)| (u - z * s, u + z * s))
            .collect(),
    );
    out.se = Some(sigma);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_win_by_hand() {
        // A beats B from 25, 25/3, τ = 0: c² = 2β² + 2σ² = 2·(25/6)² + 2·(25/3)²,
        // t = 0, v = φ(0)/Φ(0) = 0.79788, w = v²; μ_A = 25 + σ²/c·v, μ_B = 25 − σ²/c·v.
        let o = Outcomes::from_counts(vec![1], vec![vec![1], vec![0]]);
        let opts = TrueSkillOptions {
            tau: 0.0,
            ..TrueSkillOptions::default()
        };
        let r = trueskill(&o, &opts).unwrap();
        let (s2, b2): (f64, f64) = ((25.0 / 3.0) * (25.0 / 3.0), (25.0 / 6.0) * (25.0 / 6.0));
        let c = (2.0 * b2 + 2.0 * s2).sqrt();
        let v = 2.0 / (2.0 * std::f64::consts::PI).sqrt();
        assert!((r.scores[0] - (25.0 + s2 / c * v)).abs() < 1e-12);
        assert!((r.scores[1] - (25.0 - s2 / c * v)).abs() < 1e-12);
        let sd = (s2 * (1.0 - s2 / (c * c) * v * v)).sqrt();
        assert!((r.se.as_ref().unwrap()[0] - sd).abs() < 1e-12);
    }
}
