//! The log of a second moment over a squared first moment, R(2k)/R(k)², for the gamma ratio
//! R(k) = Γ(x+k)·Γ(x+d) / (Γ(x)·Γ(x+d+k)) that every estimator of passk reduces to — without
//! the cancellation of E\[X²\] − E\[X\]² when both are near 1.
//!
//! Two variances need it: the Bayesian interval's Var\[(1−p)^k\] = m₁²·expm1(D) (m₁ = R(k) with
//! x = β, d = α), and the unbiased variance estimate of pass@k, Ĝ′² − C(n−c, 2k)/C(n, 2k) =
//! Ĝ′²·(−expm1(−D)) (x = n − c − 2k + 1, d = c).

use super::gamma::{stirling_diff, DIRECT_TERMS};
use super::sum::Neumaier;
use crate::num::libm_math::LibmMath;

/// The Stirling form starts from this argument on (smaller x are shifted up).
const SHIFT_TO: f64 = 10.0;

/// ln [R(2k) / R(k)²] = ln R(x+k; d, k) − ln R(x; d, k) for x > 0, d, k ≥ 0: never negative,
/// and accurate to a few ulps relative however small it is.
///
/// # Formula
/// As sums of positive terms: Σ_{j<k} log1p(d·k / ((x+j)(x+d+k+j))) for whole k, and
/// Σ_{i<d} log1p(k² / ((x+i)(x+2k+i))) for whole d; the shorter one when it has at most
/// [`DIRECT_TERMS`] terms. Otherwise the difference of the two Stirling forms of
/// [`ln_gamma_ratio`](super::gamma::ln_gamma_ratio), taken term by term in closed form:
/// (x−½)·ln ρ + 2k·log1p(kd / ((x+k)(x+d+2k))) + d·log1p(k² / ((x+d)(x+d+2k))) plus the
/// second difference of the Stirling corrections, with
/// ρ = x(x+2k)(x+d+k)² / ((x+k)²(x+d)(x+d+2k)) and 1 − ρ = k²d(2x+d+2k) / ((x+k)²(x+d)(x+d+2k))
/// formed directly; x is first shifted above 10 by
/// D(x) = D(x+1) + log1p(k²d(2x+2k+d) / (x(x+2k)(x+k+d)²)). No step subtracts two large
/// numbers, so D keeps its digits when it is 10^-18 (n = 10^9).
///
/// # Errors
/// None: x ≤ 0, negative d or k, or NaN give NaN.
pub fn ln_gamma_ratio_excess(x: f64, d: f64, k: f64) -> f64 {
    if x.is_nan() || d.is_nan() || k.is_nan() || x <= 0.0 || d < 0.0 || k < 0.0 {
        return f64::NAN;
    }
    if d == 0.0 || k == 0.0 {
        return 0.0;
    }
    let whole = |v: f64| v.fract() == 0.0 && v <= DIRECT_TERMS;
    match (whole(k), whole(d)) {
        (true, true) if d < k => excess_over_d(x, d, k, d as u64),
        (true, _) => excess_over_k(x, d, k, k as u64),
        (false, true) => excess_over_d(x, d, k, d as u64),
        (false, false) => excess_stirling(x, d, k),
    }
}

/// Σ_{j<m} log1p(d·k / ((x+j)(x+d+k+j))): the excess as an explicit sum over the k factors
/// (m = k, whole), whatever its length — an evaluation path independent of the Stirling one.
pub fn excess_over_k(x: f64, d: f64, k: f64, m: u64) -> f64 {
    let mut acc = Neumaier::default();
    for j in 0..m {
        let j = j as f64;
        acc.add((d * k / ((x + j) * (x + d + k + j))).libm_ln_1p());
    }
    acc.total()
}

/// Σ_{i<m} log1p(k² / ((x+i)(x+2k+i))): the excess as an explicit sum over the d factors
/// (m = d, whole).
pub fn excess_over_d(x: f64, _d: f64, k: f64, m: u64) -> f64 {
    let mut acc = Neumaier::default();
    for i in 0..m {
        let i = i as f64;
        acc.add((k * k / ((x + i) * (x + 2.0 * k + i))).libm_ln_1p());
    }
    acc.total()
}

/// The Stirling form of [`ln_gamma_ratio_excess`], for any positive x, d, k.
pub fn excess_stirling(x: f64, d: f64, k: f64) -> f64 {
    if x.is_nan() || d.is_nan() || k.is_nan() || x <= 0.0 || d < 0.0 || k < 0.0 {
        return f64::NAN;
    }
    if d == 0.0 || k == 0.0 {
        return 0.0;
    }
    let mut acc = Neumaier::default();
    let mut x = x;
    while x < SHIFT_TO {
        let u = x + k + d;
        acc.add((k * k * d * (2.0 * x + 2.0 * k + d) / (x * (x + 2.0 * k) * u * u)).libm_ln_1p());
        x += 1.0;
    }
    let (xk, xd, xdk, xd2k) = (x + k, x + d, x + d + k, x + d + 2.0 * k);
    let den = xk * xk * xd * xd2k;
    let z = k * k * d * (2.0 * x + d + 2.0 * k) / den;
    let ln_rho = if z < 0.5 {
        (-z).libm_ln_1p()
    } else {
        (x * (x + 2.0 * k) * xdk * xdk / den).libm_ln()
    };
    acc.add((x - 0.5) * ln_rho);
    acc.add(2.0 * k * (k * d / (xk * xd2k)).libm_ln_1p());
    acc.add(d * (k * k / (xd * xd2k)).libm_ln_1p());
    acc.add(stirling_diff(x + 2.0 * k, xd2k) - 2.0 * stirling_diff(xk, xdk) + stirling_diff(x, xd));
    acc.total().max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::gamma::ln_gamma_ratio;
    use crate::num::prec::{close, CLOSED_FORM_REL};

    #[test]
    fn the_three_paths_agree() {
        for &(x, d, k) in &[
            (1.0, 1.0, 1.0),
            (0.3, 37.0, 40.0),
            (7.0, 3.0, 12.0),
            (2.0, 999_999.0, 1.0),
            (1e9 - 1.0, 2.0, 1.0),
            (25.0, 1000.0, 3000.0),
            (1e6, 500.0, 700.0),
            (1e9, 300.0, 100.0),
            (0.5, 12.0, 2000.0),
        ] {
            let over_k = excess_over_k(x, d, k, k as u64);
            let over_d = excess_over_d(x, d, k, d as u64);
            let st = excess_stirling(x, d, k);
            assert!(
                close(over_d, over_k, 1e-13, 1e-300),
                "{x} {d} {k}: {over_d} vs {over_k}"
            );
            assert!(
                close(st, over_k, 1e-13, 1e-300),
                "{x} {d} {k}: {st} vs {over_k}"
            );
        }
    }

    #[test]
    fn it_is_the_difference_of_two_gamma_ratios() {
        // Where the difference has no cancellation, it is the plain difference.
        let (x, d, k) = (3.5, 2.25, 4.0);
        let plain = ln_gamma_ratio(x + k, d, k) - ln_gamma_ratio(x, d, k);
        assert!(close(
            ln_gamma_ratio_excess(x, d, k),
            plain,
            CLOSED_FORM_REL,
            0.0
        ));
        assert!(ln_gamma_ratio_excess(0.0, 1.0, 1.0).is_nan());
        assert_eq!(ln_gamma_ratio_excess(4.0, 0.0, 9.0), 0.0);
    }
}
