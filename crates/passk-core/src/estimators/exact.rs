//! Exact big-integer evaluation of the closed forms, used as an independent cross-check of the
//! floating-point estimators (the calculator shows it; the tests lean on it).

use crate::num::libm_math::LibmMath;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// Largest n for which the calculator's cross-check uses exact big integers.
pub const EXACT_MAX_N: u64 = 2_000;

/// Binomial coefficient C(n, k) as a big integer (0 when k > n).
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    let mut acc = BigUint::one();
    for j in 0..k {
        acc *= n - j;
        acc /= j + 1;
    }
    acc
}

/// num/den correctly rounded to the nearest f64 (den > 0; 0 for num = 0; may underflow to 0).
pub fn ratio_to_f64(num: &BigUint, den: &BigUint) -> f64 {
    if num.is_zero() {
        return 0.0;
    }
    // Scale so that the integer quotient carries at least 66 significant bits, then fold the
    // remainder into a sticky bit: the final conversion then rounds exactly once.
    let shift = (66 + den.bits() as i64 - num.bits() as i64).max(0) as u64;
    let scaled = num << shift;
    let q = &scaled / den;
    let r = &scaled % den;
    let mut q = q << 1u32;
    if !r.is_zero() {
        q += 1u32;
    }
    let shift = shift + 1;
    // q has 67 or 68 bits; round it to 53 bits by hand (to_f64 may truncate).
    let bits = q.bits();
    let drop = bits.saturating_sub(53);
    let mut mant = (&q >> drop).to_u64().unwrap_or(0);
    if drop > 0 {
        let half = BigUint::one() << (drop - 1);
        let rem = &q - ((&q >> drop) << drop);
        if rem > half || (rem == half && mant & 1 == 1) {
            mant += 1;
        }
    }
    let mut value = mant as f64;
    let mut exp = drop as i64 - shift as i64;
    // Apply 2^exp in steps that cannot overflow or underflow prematurely.
    while exp > 0 {
        let step = exp.min(1000);
        value *= 2f64.pow_int(step as i32);
        exp -= step;
    }
    while exp < 0 {
        let step = (-exp).min(1000);
        value *= 2f64.pow_int(-(step as i32));
        exp += step;
    }
    value
}

/// Exact unbiased pass@k, 1 − C(n−c,k)/C(n,k), rounded once to f64; None when k > n or k = 0.
pub fn pass_at_k_exact(n: u64, c: u64, k: u64) -> Option<f64> {
    if k == 0 || k > n || c > n {
        return None;
    }
    let all = binomial(n, k);
    let fail = binomial(n - c, k);
    Some(ratio_to_f64(&(&all - &fail), &all))
}

/// Exact unbiased pass^k, C(c,k)/C(n,k), rounded once to f64; None when k > n or k = 0.
pub fn pass_hat_k_exact(n: u64, c: u64, k: u64) -> Option<f64> {
    if k == 0 || k > n || c > n {
        return None;
    }
    Some(ratio_to_f64(&binomial(c, k), &binomial(n, k)))
}

/// How [`closed_form_check`] evaluated the closed form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckMethod {
    /// Exact big-integer binomials, rounded once (n ≤ [`EXACT_MAX_N`]).
    ExactBigInteger,
    /// The log-gamma closed form in its Stirling evaluation (the main path used a product).
    LogGamma,
    /// An explicit product of all factors (the main path used the log-gamma form).
    LongProduct,
}

impl CheckMethod {
    /// A short description for people.
    pub fn describe(&self) -> &'static str {
        match self {
            CheckMethod::ExactBigInteger => "exact big-integer binomials",
            CheckMethod::LogGamma => "closed form through lnΓ (Stirling series)",
            CheckMethod::LongProduct => "closed form as an explicit product of every factor",
        }
    }
}

/// Largest product the cross-check multiplies out factor by factor.
const LONG_PRODUCT_MAX: u64 = 2_000_000;

/// An independent evaluation of 1 − C(n−c,k)/C(n,k), by a different method from the one
/// [`crate::estimators::unbiased::pass_at_k`] used for the same input. None when k > n or k = 0.
pub fn closed_form_check(n: u64, c: u64, k: u64) -> Option<(f64, CheckMethod)> {
    use crate::num::gamma::{direct_sum, ln_gamma_ratio_stirling, DIRECT_TERMS};
    if k == 0 || k > n || c > n {
        return None;
    }
    if n <= EXACT_MAX_N {
        return pass_at_k_exact(n, c, k).map(|v| (v, CheckMethod::ExactBigInteger));
    }
    if c == 0 || n - c < k {
        // Both ends are exact in every method.
        let v = if c == 0 { 0.0 } else { 1.0 };
        return Some((v, CheckMethod::LogGamma));
    }
    let x = (n - c - k + 1) as f64;
    let shorter = c.min(k);
    if (shorter as f64) <= DIRECT_TERMS || shorter > LONG_PRODUCT_MAX {
        let l = ln_gamma_ratio_stirling(x, c as f64, k as f64);
        Some((-libm::expm1(l), CheckMethod::LogGamma))
    } else {
        let l = direct_sum(x, c.max(k) as f64, shorter);
        Some((-libm::expm1(l), CheckMethod::LongProduct))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(10, 5), BigUint::from(252u32));
        assert_eq!(binomial(7, 5), BigUint::from(21u32));
        assert_eq!(binomial(3, 5), BigUint::zero());
        assert_eq!(binomial(0, 0), BigUint::one());
    }

    #[test]
    fn rounding_of_ratios() {
        let r = |a: u64, b: u64| ratio_to_f64(&BigUint::from(a), &BigUint::from(b));
        assert_eq!(r(1, 3), 1.0 / 3.0);
        assert_eq!(r(11, 12), 11.0 / 12.0);
        assert_eq!(r(231, 252), 231.0 / 252.0);
        assert_eq!(r(1, 1_000_000_000), 1e-9);
        assert_eq!(r(5, 5), 1.0);
        assert_eq!(r(0, 5), 0.0);
        // Ties to even: (2^53 + 1) / 1 rounds down to 2^53.
        assert_eq!(r((1 << 53) + 1, 1), (1u64 << 53) as f64);
    }
}
