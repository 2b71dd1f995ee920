//! "How many samples to reach X": the smallest k at which a forecast reaches a target.

use crate::num::libm_math::LibmMath;

/// Where a forecast reaches a target.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "k")]
pub enum Reached {
    /// At this k (the smallest whole k with pass@k ≥ target).
    At(u64),
    /// Not below [`K_REACH_MAX`] although the ceiling is above the target.
    Beyond,
    /// Never: the forecast's ceiling (pass@k as k → ∞) is at or below the target.
    Never,
}

/// The largest k searched.
pub const K_REACH_MAX: u64 = 1_000_000_000_000;

/// The smallest whole k ≥ 1 with `pass_at_k(k)` ≥ `target`, for a curve increasing in k
/// with limit `ceiling`.
///
/// # Formula
/// k grows eightfold from 1 until pass@k ≥ target; then the bracket (lo, hi] of whole k,
/// pass@lo < target ≤ pass@hi, shrinks to one step, each probe where the curve, taken as
/// straight in ln k, meets the target (Illinois' regula falsi: the stale end's distance
/// halved), or the bracket's middle when that falls on an end: about ten evaluations where
/// bisection took fifty, the same k for an increasing curve.
pub fn reach(pass_at_k: impl Fn(f64) -> f64, target: f64, ceiling: f64) -> Reached {
    if ceiling <= target {
        return Reached::Never;
    }
    let f1 = pass_at_k(1.0);
    if f1 >= target {
        return Reached::At(1);
    }
    let (mut lo, mut hi) = ((1u64, f1 - target), (8u64, 0.0));
    loop {
        hi.1 = pass_at_k(hi.0 as f64) - target;
        if hi.1 >= 0.0 {
            break;
        }
        if hi.0 >= K_REACH_MAX {
            return Reached::Beyond;
        }
        lo = hi;
        hi.0 = hi.0.saturating_mul(8).min(K_REACH_MAX);
    }
    let mut stale = 0i8;
    while hi.0 - lo.0 > 1 {
        let (tl, th) = ((lo.0 as f64).libm_ln(), (hi.0 as f64).libm_ln());
        let t = tl + (th - tl) * lo.1 / (lo.1 - hi.1);
        let k = t.libm_exp().round();
        let mid = if k.is_finite() && k > lo.0 as f64 && k < hi.0 as f64 {
            k as u64
        } else {
            lo.0 + (hi.0 - lo.0) / 2
        };
        let v = pass_at_k(mid as f64) - target;
        if v >= 0.0 {
            hi = (mid, v);
            if stale == 1 {
                lo.1 *= 0.5;
            }
            stale = 1;
        } else {
            lo = (mid, v);
            if stale == -1 {
                hi.1 *= 0.5;
            }
            stale = -1;
        }
    }
    Reached::At(hi.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_k_of_a_known_curve() {
        // 1 − 0.9^k ≥ 0.5 from k = 7 (0.9^6 = 0.531, 0.9^7 = 0.478).
        let f = |k: f64| 1.0 - crate::num::libm_math::LibmMath::libm_pow(0.9, k);
        assert_eq!(reach(f, 0.5, 1.0), Reached::At(7));
        assert_eq!(reach(f, 0.05, 1.0), Reached::At(1));
        assert_eq!(reach(|_| 0.3, 0.5, 0.6), Reached::Beyond);
        assert_eq!(reach(f, 0.9, 0.8), Reached::Never);
    }

    #[test]
    fn the_same_k_as_bisection_on_slow_curves() {
        // The plain search: doubling, then bisection on whole k.
        let plain = |f: &dyn Fn(f64) -> f64, target: f64| {
            let (mut lo, mut hi) = (1u64, 2u64);
            while f(hi as f64) < target {
                lo = hi;
                hi *= 2;
            }
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if f(mid as f64) >= target {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            hi
        };
        // Power laws 1 − pass@k = k^-b, a step near 1, a saturating exponential.
        for &b in &[0.05, 0.2, 0.7] {
            let f = move |k: f64| 1.0 - k.libm_pow(-b);
            for &t in &[0.3, 0.5, 0.7] {
                let want = plain(&f, t);
                assert_eq!(reach(f, t, 1.0), Reached::At(want), "b {b} target {t}");
            }
        }
        let g = |k: f64| if k >= 123_456.0 { 0.6 } else { 0.1 };
        assert_eq!(reach(g, 0.5, 1.0), Reached::At(123_456));
        let e = |k: f64| 1.0 - (-k / 3.0e6).libm_exp();
        assert_eq!(reach(e, 0.5, 1.0), Reached::At(plain(&e, 0.5)));
    }
}
