//! "How many samples to reach X": the smallest k at which a forecast reaches a target.

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
/// k doubles from 1 until pass@k ≥ target, then bisection on whole k.
pub fn reach(pass_at_k: impl Fn(f64) -> f64, target: f64, ceiling: f64) -> Reached {
    if ceiling <= target {
        return Reached::Never;
    }
    if pass_at_k(1.0) >= target {
        return Reached::At(1);
    }
    let (mut lo, mut hi) = (1u64, 2u64);
    loop {
        if pass_at_k(hi as f64) >= target {
            break;
        }
        if hi >= K_REACH_MAX {
            return Reached::Beyond;
        }
        lo = hi;
        hi = (hi * 2).min(K_REACH_MAX);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if pass_at_k(mid as f64) >= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Reached::At(hi)
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
}
