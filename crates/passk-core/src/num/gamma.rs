//! Log-gamma, the Stirling correction, the numerically stable log of a ratio of four gamma
//! functions that every estimator in passk reduces to, the log rising factorial, digamma and
//! trigamma.

use crate::num::libm_math::LibmMath;

/// ln Γ(x) for x > 0 (musl's `lgamma`, through the `libm` crate).
pub fn ln_gamma(x: f64) -> f64 {
    libm::lgamma(x)
}

/// Up to this many factors the ratio is evaluated as an explicit sum of `log1p` terms; beyond,
/// the Stirling form is as accurate and costs O(1).
pub const DIRECT_TERMS: f64 = 8.0;

/// The Stirling series starts to be accurate to f64 from this argument on.
const STIRLING_MIN: f64 = 10.0;

/// Stirling coefficients B_{2m} / (2m(2m−1)) for m = 2..7 (the m = 1 term, 1/12, is handled
/// exactly in [`stirling_diff`]).
const STIRLING: [f64; 6] = [
    -1.0 / 360.0,
    1.0 / 1260.0,
    -1.0 / 1680.0,
    1.0 / 1188.0,
    -691.0 / 360_360.0,
    1.0 / 156.0,
];

/// δ(x) − δ(y), where δ(z) = ln Γ(z) − [(z − ½) ln z − z + ½ ln 2π] is the Stirling correction;
/// x, y ≥ 10. The leading term d/(12xy) is formed without cancellation.
pub(crate) fn stirling_diff(x: f64, y: f64) -> f64 {
    let d = y - x;
    let mut s = d / (12.0 * x * y);
    let (ix2, iy2) = (1.0 / (x * x), 1.0 / (y * y));
    let (mut px, mut py) = (1.0 / x, 1.0 / y);
    for c in STIRLING {
        px *= ix2;
        py *= iy2;
        s += c * (px - py);
    }
    s
}

/// The Stirling correction δ(z) = ln Γ(z) − [(z − ½) ln z − z + ½ ln 2π] for z > 0 (Loader's
/// `stirlerr`), small and positive.
///
/// # Formula
/// The series Σ_m B_{2m}/(2m(2m−1) z^{2m−1}) for z ≥ 10; below, ln Γ(z) minus the Stirling
/// form (both of order one there, so the difference keeps its absolute accuracy).
pub fn stirling_correction(z: f64) -> f64 {
    if z.is_nan() || z <= 0.0 {
        return f64::NAN;
    }
    if z < STIRLING_MIN {
        return ln_gamma(z) - (z - 0.5) * z.libm_ln() + z
            - 0.5 * (2.0 * std::f64::consts::PI).libm_ln();
    }
    let iz2 = 1.0 / (z * z);
    let mut p = 1.0 / z;
    let mut s = p / 12.0;
    for c in STIRLING {
        p *= iz2;
        s += c * p;
    }
    s
}

/// ln [Γ(x+k)·Γ(x+d) / (Γ(x)·Γ(x+d+k))], symmetric in d and k and never positive.
///
/// # Formula
/// For whole k it equals Σ_{j<k} ln(1 − d/(x+d+j)) (and, by symmetry, the same sum with d
/// and k swapped). Every estimator of passk reduces to it:
/// - unbiased: C(n−c,k)/C(n,k) with x = n−c−k+1, d = c;
/// - pass^k: C(c,k)/C(n,k) with x = c−k+1, d = n−c;
/// - Beta-Binomial: B(a′, b′+k)/B(a′, b′) with x = b′, d = a′.
///
/// When the shorter of the two products has at most [`DIRECT_TERMS`] factors it is summed
/// with `log1p` (error about √terms ulp of the result). Otherwise the Stirling form
/// (x−½)·ln(1 + kd/(x(y+k))) − d·ln(1 + k/y) − k·ln(1 + d/(x+k)) + δ(x+k) − δ(y+k) − δ(x) + δ(y),
/// y = x + d, is used, after shifting x above 10 by the recurrence of Γ; it contains no
/// difference of two large log-gamma values, so it keeps its relative accuracy when the
/// arguments are near 10^9 and the answer near 10^-9.
///
/// # Errors
/// None: x ≤ 0, negative d or k, or NaN give NaN; callers validate their inputs first.
pub fn ln_gamma_ratio(x: f64, d: f64, k: f64) -> f64 {
    if x.is_nan() || d.is_nan() || k.is_nan() || x <= 0.0 || d < 0.0 || k < 0.0 {
        return f64::NAN;
    }
    if d == 0.0 || k == 0.0 {
        return 0.0;
    }
    // The product over the smaller of two whole counts.
    let (small, other) = if d <= k { (d, k) } else { (k, d) };
    if small.fract() == 0.0 && small <= DIRECT_TERMS {
        return direct_sum(x, other, small as u64);
    }
    if k.fract() == 0.0 && k <= DIRECT_TERMS {
        return direct_sum(x, d, k as u64);
    }
    if d.fract() == 0.0 && d <= DIRECT_TERMS {
        return direct_sum(x, k, d as u64);
    }
    ln_gamma_ratio_stirling(x, d, k)
}

/// Σ_{j<m} ln(1 − s/(x+s+j)): the ratio as an explicit product of m factors, whatever m.
///
/// An evaluation path independent of [`ln_gamma_ratio_stirling`]; O(m).
pub fn direct_sum(x: f64, s: f64, m: u64) -> f64 {
    let mut acc = crate::num::sum::Neumaier::default();
    for j in 0..m {
        let den = x + s + j as f64;
        let q = s / den;
        // ln(1 − q): log1p while q is small; past ½ the factor (x+j)/den itself is formed with
        // one rounding, where 1 − q would lose digits to cancellation.
        acc.add(if q < 0.5 {
            libm::log1p(-q)
        } else {
            ((x + j as f64) / den).libm_ln()
        });
    }
    acc.total()
}

/// The Stirling form of [`ln_gamma_ratio`], valid for any positive x, d, k (whole or not).
///
/// Exposed so that tests and the calculator's cross-check can use it as an independent
/// evaluation path next to the explicit product.
pub fn ln_gamma_ratio_stirling(x: f64, d: f64, k: f64) -> f64 {
    if x.is_nan() || d.is_nan() || k.is_nan() || x <= 0.0 || d < 0.0 || k < 0.0 {
        return f64::NAN;
    }
    if d == 0.0 || k == 0.0 {
        return 0.0;
    }
    // Shift x above STIRLING_MIN: F(x) = F(x+1) + ln(1 + d/(x+k)) − ln(1 + d/x).
    let mut shift = crate::num::sum::Neumaier::default();
    let mut x = x;
    while x < STIRLING_MIN {
        shift.add(libm::log1p(d / (x + k)));
        shift.add(-libm::log1p(d / x));
        x += 1.0;
    }
    let y = x + d;
    let mut acc = shift;
    acc.add((x - 0.5) * libm::log1p(k * d / (x * (y + k))));
    acc.add(-d * libm::log1p(k / y));
    acc.add(-k * libm::log1p(d / (x + k)));
    acc.add(stirling_diff(x + k, y + k) - stirling_diff(x, y));
    acc.total().min(0.0)
}

/// ln Γ(x+m) − ln Γ(x), the log rising factorial, for x > 0 and m ≥ 0 (NaN otherwise).
///
/// # Formula
/// Σ_{j<m} ln(x+j) for whole m ≤ [`DIRECT_TERMS`]; otherwise the Stirling form
/// (x−½)·ln(1 + m/x) + m·(ln(x+m) − 1) + δ(x+m) − δ(x), after shifting x above 10.
pub fn ln_poch(x: f64, m: f64) -> f64 {
    if x.is_nan() || m.is_nan() || x <= 0.0 || m < 0.0 {
        return f64::NAN;
    }
    if m == 0.0 {
        return 0.0;
    }
    let mut acc = crate::num::sum::Neumaier::default();
    if m.fract() == 0.0 && m <= DIRECT_TERMS {
        for j in 0..m as u64 {
            acc.add((x + j as f64).libm_ln());
        }
        return acc.total();
    }
    // ln Γ(x+m) − ln Γ(x) = [ln Γ(x+1+m) − ln Γ(x+1)] + ln(x/(x+m)): the shifts' ratios are
    // multiplied (each in (0, 1], at most ten) and their logarithm taken once.
    let mut x = x;
    let mut shift = 1.0;
    while x < STIRLING_MIN {
        shift *= x / (x + m);
        x += 1.0;
    }
    if shift != 1.0 {
        acc.add(shift.libm_ln());
    }
    acc.add((x - 0.5) * libm::log1p(m / x));
    acc.add(m * ((x + m).libm_ln() - 1.0));
    acc.add(-stirling_diff(x, x + m));
    acc.total()
}

/// The digamma function ψ(x) for x > 0.
///
/// # Formula
/// Recurrence ψ(x) = ψ(x+1) − 1/x up to x ≥ 10, then the asymptotic series
/// ln x − 1/(2x) − Σ B_{2m}/(2m x^{2m}).
pub fn digamma(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return f64::NAN;
    }
    let mut x = x;
    let mut acc = 0.0;
    while x < STIRLING_MIN {
        acc -= 1.0 / x;
        x += 1.0;
    }
    let ix2 = 1.0 / (x * x);
    // Σ_{m=1}^{7} B_{2m}/(2m x^{2m}) in Horner form.
    let series = ix2
        * (1.0 / 12.0
            - ix2
                * (1.0 / 120.0
                    - ix2
                        * (1.0 / 252.0
                            - ix2
                                * (1.0 / 240.0
                                    - ix2
                                        * (1.0 / 132.0 - ix2 * (691.0 / 32760.0 - ix2 / 12.0))))));
    acc + x.libm_ln() - 0.5 / x - series
}

/// ψ(x+m) − ψ(x) for x > 0, m ≥ 0: Σ_{j<m} 1/(x+j) for whole m ≤ [`DIRECT_TERMS`], else
/// the difference of [`digamma`] values.
pub fn digamma_diff(x: f64, m: f64) -> f64 {
    if m == 0.0 {
        return 0.0;
    }
    if m.fract() == 0.0 && m <= DIRECT_TERMS {
        let mut s = 0.0;
        for j in 0..m as u64 {
            s += 1.0 / (x + j as f64);
        }
        return s;
    }
    digamma(x + m) - digamma(x)
}

/// The trigamma function ψ′(x) for x > 0.
///
/// # Formula
/// Recurrence ψ′(x) = ψ′(x+1) + 1/x² up to x ≥ 10, then the asymptotic series
/// 1/x + 1/(2x²) + Σ B_{2m}/x^{2m+1}.
pub fn trigamma(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return f64::NAN;
    }
    let mut x = x;
    let mut acc = 0.0;
    while x < STIRLING_MIN {
        acc += 1.0 / (x * x);
        x += 1.0;
    }
    let ix = 1.0 / x;
    let ix2 = ix * ix;
    // B2 = 1/6, B4 = −1/30, B6 = 1/42, B8 = −1/30, B10 = 5/66, B12 = −691/2730, B14 = 7/6.
    let series = ix2
        * ix
        * (1.0 / 6.0
            + ix2
                * (-1.0 / 30.0
                    + ix2
                        * (1.0 / 42.0
                            + ix2
                                * (-1.0 / 30.0
                                    + ix2
                                        * (5.0 / 66.0
                                            + ix2 * (-691.0 / 2730.0 + ix2 * 7.0 / 6.0))))));
    acc + ix + 0.5 * ix2 + series
}

/// ψ′(x+m) − ψ′(x) for x > 0, m ≥ 0: −Σ_{j<m} 1/(x+j)² for whole m ≤ [`DIRECT_TERMS`], else
/// the difference of [`trigamma`] values.
pub fn trigamma_diff(x: f64, m: f64) -> f64 {
    if m == 0.0 {
        return 0.0;
    }
    if m.fract() == 0.0 && m <= DIRECT_TERMS {
        let mut s = 0.0;
        for j in 0..m as u64 {
            let v = x + j as f64;
            s -= 1.0 / (v * v);
        }
        return s;
    }
    trigamma(x + m) - trigamma(x)
}

/// ln C(n, k) for n up to 10^12, without cancellation.
pub fn ln_choose(n: u64, k: u64) -> f64 {
    let k = k.min(n - k.min(n));
    if k == 0 {
        return 0.0;
    }
    ln_poch((n - k + 1) as f64, k as f64) - ln_gamma(k as f64 + 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::prec::{close, CLOSED_FORM_REL};

    #[test]
    fn stirling_form_matches_explicit_product() {
        // Independent paths: the explicit product of factors and the Stirling closed form.
        for &(x, d, k) in &[
            (1.0, 1.0, 1.0),
            (0.3, 2.5, 40.0),
            (7.0, 3.0, 12.0),
            (1e6, 1e-6, 500.0),
            (1e9 - 1.0, 1.0, 1.0),
            (25.0, 1000.0, 3000.0),
        ] {
            let direct = direct_sum(x, d, k as u64);
            let st = ln_gamma_ratio_stirling(x, d, k);
            assert!(
                close(st, direct, 1e-13, 1e-300),
                "x={x} d={d} k={k}: {st} vs {direct}"
            );
        }
    }

    #[test]
    fn known_small_case() {
        // Γ(2)Γ(2)/(Γ(1)Γ(3)) = 1/2.
        assert!(close(
            ln_gamma_ratio(1.0, 1.0, 1.0),
            -std::f64::consts::LN_2,
            CLOSED_FORM_REL,
            0.0
        ));
        assert!(close(
            ln_gamma_ratio_stirling(1.0, 1.0, 1.0),
            -std::f64::consts::LN_2,
            CLOSED_FORM_REL,
            0.0
        ));
    }

    #[test]
    fn invalid_arguments_give_nan_not_panic() {
        assert!(ln_gamma_ratio(0.0, 1.0, 1.0).is_nan());
        assert!(ln_gamma_ratio(1.0, -1.0, 1.0).is_nan());
        assert!(ln_gamma_ratio(f64::NAN, 1.0, 1.0).is_nan());
        assert_eq!(ln_gamma_ratio(3.0, 0.0, 1e9), 0.0);
    }
}

#[cfg(test)]
mod more_tests {
    use super::*;
    use crate::num::libm_math::LibmMath;

    #[test]
    fn rising_factorials_and_digamma() {
        // ln(3·4·5) = ln 60; the Stirling path against the direct sum.
        assert!((ln_poch(3.0, 3.0) - 60f64.libm_ln()).abs() < 1e-14);
        let direct: f64 = (0..500).map(|j| (0.37 + j as f64).libm_ln()).sum();
        assert!(((ln_poch(0.37, 500.0) - direct) / direct).abs() < 1e-13);
        // ψ(1) = −γ, ψ(½) = −γ − 2 ln 2.
        let gamma = 0.577_215_664_901_532_9;
        assert!((digamma(1.0) + gamma).abs() < 1e-14);
        assert!((digamma(0.5) + gamma + 2.0 * std::f64::consts::LN_2).abs() < 1e-14);
        assert!((digamma_diff(2.5, 100.0) - (digamma(102.5) - digamma(2.5))).abs() < 1e-12);
        // ψ′(1) = π²/6, ψ′(½) = π²/2; the series against the recurrence.
        let pi2 = std::f64::consts::PI * std::f64::consts::PI;
        assert!((trigamma(1.0) - pi2 / 6.0).abs() < 1e-14);
        assert!((trigamma(0.5) - pi2 / 2.0).abs() < 1e-13);
        let direct: f64 = -(0..40)
            .map(|j| 1.0 / (7.3 + j as f64).pow_int(2))
            .sum::<f64>();
        assert!((trigamma(47.3) - trigamma(7.3) - direct).abs() < 1e-14);
    }
}
