//! Choosing the estimator to extrapolate with from a backtest, and how far to trust it.
//!
//! The page and `passk report --backtest` both call [`choose`] (through
//! `core::report::series_backtest::SeriesBacktest`), so their `auto` agree.

use super::evidence::{Blend, Cell, Evidence, NOISE_Z};
use super::reason::{reason, ReasonParts};
use super::run::Backtest;
use crate::estimators::kind::Estimator;
use crate::num::libm_math::LibmMath;

/// The simplest candidate, preferred when the best is not better than it beyond the spread
/// of the repeats: BB has two parameters and no atoms; ZOIBB, LinMix and the fixed mixes all
/// add the atoms at 0 and 1 (and the mixes a weight chosen on the backtest).
pub const SIMPLEST: Estimator = Estimator::Bb;

/// Measured by the backtest and shown, but never chosen: its backtest error understates its
/// error beyond n. The backtest's reference, the unbiased pass@k of the full counts at k ≤ n,
/// scores a task never solved in n samples as 0 at every budget, which is exactly what naive
/// predicts for it; beyond n such tasks often are solved. (Subsampling the Pythia models to
/// 100 samples per task, the rule before this one chose naive for about a quarter of the
/// subsamples, where naive errs 39 points at k = 10,000 and BB 7.)
pub const NEVER_CHOSEN: Estimator = Estimator::Naive;

/// The estimator chosen for extrapolating, and how far to trust it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Auto {
    /// The chosen candidate (written as its key).
    pub estimator: Estimator,
    /// Its ZOIBB weight, for BB, ZOIBB and the mixes.
    pub weight: Option<f64>,
    /// Its expected absolute error at the ratios extrapolated to (averaged over them): the
    /// backtest's where the ratio was measured, grown with the distance beyond the largest
    /// ratio measured (see [`stated_error`]). None when nothing could be measured.
    pub error: Option<f64>,
    /// The measured ratio buckets it was chosen for (the targets beyond the largest ratio
    /// measured are not listed: see `extrapolated`).
    pub ratios: Vec<u64>,
    /// Why it was chosen, and how its error was computed.
    pub reason: String,
    /// The largest ratio the backtest measured (None when it measured none).
    pub tested_up_to: Option<u64>,
    /// Whether some target ratio lies beyond `tested_up_to` ("extrapolated beyond the
    /// backtest").
    pub extrapolated: bool,
    /// How much its error varies between subsamples: the standard deviation over the
    /// repeats of its absolute error, in the cells its error is read from.
    pub spread: Option<f64>,
    /// The candidates whose expected error is within [`NOISE_Z`] standard errors (of the
    /// paired difference over the repeats) of the best one's: the backtest cannot tell them
    /// apart.
    pub alternatives: Vec<Estimator>,
    /// The measured ratios with at least one informative level (a level where the fitted
    /// candidates differ beyond noise); only these rank the candidates.
    pub informative: Vec<u64>,
    /// The ratios whose cells decided (the informative ratios nearest the targets).
    pub decided_at: Vec<u64>,
    /// Whether the candidates' trends, carried beyond the decisive ratio to the targets,
    /// overturned the ranking there (beyond the spread).
    pub trend_overturned: bool,
}

impl Auto {
    /// BB, unbacked, for `reason` (no backtest could be run or measured).
    pub fn fallback(reason: String) -> Auto {
        Auto {
            estimator: Estimator::Bb,
            weight: Some(0.0),
            error: None,
            ratios: Vec::new(),
            reason,
            tested_up_to: None,
            extrapolated: false,
            spread: None,
            alternatives: Vec::new(),
            informative: Vec::new(),
            decided_at: Vec::new(),
            trend_overturned: false,
        }
    }
}

/// The ratio bucket of an extrapolation ratio: the power of two at or above it.
pub fn bucket(rho: f64) -> u64 {
    if rho.is_nan() || rho <= 1.0 {
        return 1;
    }
    let b = rho.libm_log2().ceil().clamp(0.0, 62.0) as u32;
    1u64 << b
}

/// A candidate's expected error at the target ratio 2^b, the blend it was read from, and
/// (beyond the largest ratio measured) the growth per doubling it was grown by.
///
/// # Formula
/// Measured (b ≤ q_max, the largest ratio exponent at which the candidate was measured):
/// e = Σ 2^−ℓ·MAE(ℓ, b) / Σ 2^−ℓ over the levels ℓ that measured it at ρ = 2^b, informative
/// or not (the size of an error is measured even where the candidates tie). Beyond:
/// e* + (b − q_max)·g, with e* the same reading at its largest ratio measured 2^q_max and g the growth per doubling of the ratio: the larger of the measured one (its
/// trend between the two largest ratios, [`Evidence::slope`]) and its average since ρ = 1,
/// where there is no extrapolation and no error (e*/q_max).
pub fn stated_error(ev: &Evidence, c: usize, b: u32) -> Option<(f64, Blend, Option<f64>)> {
    let q = b.min(ev.q_max_of(c));
    let at = ev.at_ratio(q, c)?;
    let e = ev.value(&at, c);
    if b <= q {
        return Some((e, at, None));
    }
    let trend = ev
        .slope(q, |cell| cell.q + 1 >= q && cell.has(c))
        .map_or(0.0, |s| ev.value(&s, c));
    let g = trend.max(e / q.max(1) as f64);
    Some((e + (b - q) as f64 * g, at, Some(g)))
}

/// A candidate's expected absolute error at extrapolation ratio ρ: [`stated_error`] at ρ's
/// bucket (grown with the distance beyond the largest ratio measured; None when nothing was
/// measured or ρ ≤ 1).
pub fn expected_error(bt: &Backtest, c: Estimator, rho: f64) -> Option<f64> {
    expected_error_in(&Evidence::new(bt), c, rho)
}

/// [`expected_error`] from evidence already gathered (several budgets of one backtest).
pub fn expected_error_in(ev: &Evidence, c: Estimator, rho: f64) -> Option<f64> {
    let b = bucket(rho).trailing_zeros();
    if b == 0 {
        return None;
    }
    let i = ev.index(c)?;
    stated_error(ev, i, b)
        .map(|s| s.0)
        .filter(|e| e.is_finite())
}

/// The choice among `cands` under a blend: the best, unless [`SIMPLEST`] is within
/// [`NOISE_Z`] standard errors of it. Returns (chosen, best, scores).
fn pick(ev: &Evidence, blend: &Blend, cands: &[usize]) -> Option<(usize, usize, Vec<f64>)> {
    let scores: Vec<f64> = (0..ev.candidates.len())
        .map(|c| ev.value(blend, c))
        .collect();
    let best = cands
        .iter()
        .copied()
        .filter(|&c| scores[c].is_finite())
        .min_by(|&a, &b| scores[a].total_cmp(&scores[b]))?;
    let chosen = match ev.index(SIMPLEST) {
        Some(s)
            if s == best || scores[s] - scores[best] <= NOISE_Z * ev.diff_se(blend, s, best) =>
        {
            s
        }
        _ => best,
    };
    Some((chosen, best, scores))
}

/// Chooses the candidate to extrapolate with to `target_ratios` (k / n_min of the budgets
/// beyond the smallest n) from the backtest's own evidence. Page and command line both come
/// here (through `core::report::series_backtest::SeriesBacktest`).
///
/// 1. Informative cells: a (level, ratio) cell ranks the candidates only when some fitted
///    candidate is worse than the best there beyond noise (more than [`NOISE_Z`] standard
///    errors of their paired difference over the repeats, and more than 1 % of the best's
///    error); with two samples per task ZOIBB collapses to BB and every mix scores the same,
///    and such a level neither decides nor ties the choice. (When no cell is informative,
///    every cell ranks.)
/// 2. The largest informative ratios: for each target ratio 2^b, the informative cells at
///    the informative ratio nearest it (beyond the largest: the largest) decide, each level
///    counting 2^−ℓ, so the largest subsamples count most ([`Evidence::nearest`]); several
///    targets average their cells.
/// 3. The spread: BB, the simplest, is kept unless the best candidate beats it by more than
///    [`NOISE_Z`] standard errors of their paired difference over the repeats; the
///    candidates within that of the best are reported as `alternatives`. Naive is never
///    chosen ([`NEVER_CHOSEN`]).
/// 4. Their trend: beyond the decisive ratio, each candidate's error is carried to the
///    target along its trend ([`Evidence::slope`], informative cells); the carried ranking
///    replaces the one at the decisive ratio only when it differs beyond the same spread
///    (the slopes are noisy: `cargo bench -p passk-study --bench auto_study` counts how rarely this
///    happens, `trend_overturned`).
/// 5. Its error: [`stated_error`] at each target, averaged; it grows with the distance
///    beyond the largest ratio measured.
///
/// With no target beyond n, the choice is made for the largest ratio measured.
pub fn choose(bt: &Backtest, target_ratios: &[f64]) -> Auto {
    let ev = Evidence::new(bt);
    let q_max = ev.q_max();
    if ev.cells.is_empty() || q_max == 0 {
        return Auto::fallback("no ratio could be measured; BB is used".into());
    }
    let mut bs: Vec<u32> = target_ratios
        .iter()
        .filter(|&&r| r > 1.0)
        .map(|&r| bucket(r).trailing_zeros())
        .collect();
    bs.sort_unstable();
    bs.dedup();
    let targeted = !bs.is_empty();
    if !targeted {
        bs.push(q_max);
    }
    let informative = ev.informative_qs();
    let any = !informative.is_empty();
    let keep = |c: &Cell| c.informative || !any;
    let nearest: Vec<(u32, Blend, Vec<u32>)> = bs
        .iter()
        .filter_map(|&b| ev.nearest(b, keep).map(|(bl, near)| (b, bl, near)))
        .collect();
    let cands: Vec<usize> = (0..ev.candidates.len())
        .filter(|&c| ev.candidates[c] != NEVER_CHOSEN)
        .collect();
    let rank = Blend::mean(&nearest.iter().map(|n| n.1.clone()).collect::<Vec<_>>());
    let Some((mut chosen, mut best, mut scores)) = pick(&ev, &rank, &cands) else {
        return Auto::fallback("no ratio could be measured; BB is used".into());
    };
    let mut blend = rank;
    // The trend, carried beyond the decisive ratio.
    let mut trend_used = false;
    if let Some(slope) = ev.slope(q_max, keep) {
        let carried = Blend::mean(
            &nearest
                .iter()
                .map(|(b, bl, near)| {
                    let top = near.iter().copied().max().unwrap_or(*b);
                    bl.plus(&slope, b.saturating_sub(top) as f64)
                })
                .collect::<Vec<_>>(),
        );
        if let Some((c2, b2, s2)) = pick(&ev, &carried, &cands) {
            if b2 != chosen && s2[chosen] - s2[b2] > NOISE_Z * ev.diff_se(&carried, chosen, b2) {
                (chosen, best, scores, blend, trend_used) = (c2, b2, s2, carried, true);
            }
        }
    }
    let alternatives: Vec<Estimator> = cands
        .iter()
        .copied()
        .filter(|&c| c == best || scores[c] - scores[best] <= NOISE_Z * ev.diff_se(&blend, c, best))
        .map(|c| ev.candidates[c])
        .collect();
    let est = ev.candidates[chosen];
    let per: Vec<(f64, Blend, Option<f64>)> = bs
        .iter()
        .filter_map(|&b| stated_error(&ev, chosen, b))
        .collect();
    let n = per.len().max(1) as f64;
    let error = (!per.is_empty()).then(|| per.iter().map(|p| p.0).sum::<f64>() / n);
    let spread = (!per.is_empty()).then(|| {
        per.iter()
            .map(|p| ev.subsample_sd(&p.1, chosen))
            .sum::<f64>()
            / n
    });
    let growth = per.iter().filter_map(|p| p.2).reduce(f64::max);
    let mut decided: Vec<u32> = nearest.iter().flat_map(|n| n.2.iter().copied()).collect();
    decided.sort_unstable();
    decided.dedup();
    let extrapolated = targeted && bs.iter().any(|&b| b > q_max);
    let reason = reason(&ReasonParts {
        est,
        best: ev.candidates[best],
        error,
        spread,
        bs: &bs,
        q_max,
        targeted,
        informative: &informative,
        decided: &decided,
        growth,
        trend_used,
    });
    let pow = |q: &u32| 1u64 << q;
    Auto {
        estimator: est,
        weight: est.weight(),
        error: error.filter(|e| e.is_finite()),
        ratios: bs
            .iter()
            .filter(|&&b| targeted && b <= q_max)
            .map(pow)
            .collect(),
        reason,
        tested_up_to: Some(1u64 << q_max),
        extrapolated,
        spread: spread.filter(|s| s.is_finite()),
        alternatives,
        informative: informative.iter().map(pow).collect(),
        decided_at: decided.iter().map(pow).collect(),
        trend_overturned: trend_used,
    }
}
