//! Double-double products of exact integer ratios: a hypergeometric probability far in its
//! tail to a few ulps, where exp of its logarithm loses |ln p|·ε (about 8·10⁻¹⁴ at 10⁻³⁰⁰).
//! Dekker's splitting (no fused multiply-add: the page's WebAssembly has none in hardware),
//! and an exponent kept aside so that nothing underflows on the way.

use crate::num::libm_math::LibmMath;

/// A pmf below this is taken again as a double-double product (exp of a log of −23 or less
/// loses more than 23·ε).
pub const DD_BELOW: f64 = 1e-10;

/// The largest k whose pmf [`hypergeom_pmf`] takes (k factors of about 20 operations).
pub const DD_K_MAX: u64 = 1_000_000;

/// hi + lo, |lo| ≤ ulp(hi)/2.
#[derive(Debug, Clone, Copy)]
struct Dd(f64, f64);

/// a·b exactly as hi + lo (Dekker; |a|, |b| < 2^996).
fn two_prod(a: f64, b: f64) -> Dd {
    const SPLIT: f64 = 134_217_729.0; // 2^27 + 1
    let split = |x: f64| {
        let t = SPLIT * x;
        let hi = t - (t - x);
        (hi, x - hi)
    };
    let p = a * b;
    let ((ah, al), (bh, bl)) = (split(a), split(b));
    let e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    Dd(p, e)
}

fn quick_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd(s, b - (s - a))
}

impl Dd {
    /// x/y to double-double (x, y integers below 2^53, y > 0).
    fn ratio(x: u64, y: u64) -> Dd {
        let (x, y) = (x as f64, y as f64);
        let q = x / y;
        // x − q·y exactly: q·y as hi + lo, and x − hi is exact (Sterbenz).
        let p = two_prod(q, y);
        let r = (x - p.0) - p.1;
        quick_two_sum(q, r / y)
    }

    fn mul(self, b: Dd) -> Dd {
        let p = two_prod(self.0, b.0);
        quick_two_sum(p.0, p.1 + (self.0 * b.1 + self.1 * b.0))
    }

    fn scaled(self, s: f64) -> Dd {
        Dd(self.0 * s, self.1 * s)
    }
}

/// The running products Π_{i<j} x_i/y_i, j = 0..=m, of exact integer ratios (each x_i, y_i
/// below 2^53, y_i > 0), each multiplied in double-double and rounded once at the end: a few
/// ulps however many factors (the products must stay within 2^±600).
pub fn running_ratio_products(ratios: impl IntoIterator<Item = (u64, u64)>) -> Vec<f64> {
    let mut p = Dd(1.0, 0.0);
    let mut out = vec![1.0];
    for (x, y) in ratios {
        p = p.mul(Dd::ratio(x, y));
        out.push(p.0 + p.1);
    }
    out
}

/// P(X = j) of X ~ Hypergeometric(n, c, k) (k drawn from n of which c pass), correctly
/// rounded but for a few ulps; None for k > [`DD_K_MAX`] or n ≥ 2^53, 0 outside the support.
///
/// # Formula
/// Π_{i<j} ((c−i)/(n−i))·((k−i)/(i+1)) · Π_{i<k−j} (n−c−i)/(n−j−i), each ratio of two exact
/// integers to double-double, multiplied in double-double, rescaled by 2^±600 whenever it
/// leaves [2^−600, 2^600].
pub fn hypergeom_pmf(n: u64, c: u64, k: u64, j: u64) -> Option<f64> {
    if k > DD_K_MAX || n >= 1 << 53 || c > n || k > n {
        return None;
    }
    let r = n - c;
    if j > c || j > k || k - j > r {
        return Some(0.0);
    }
    // 2^600 and 2^−600 (powers of two: exact).
    let (up, down) = (2f64.pow_int(600), 2f64.pow_int(-600));
    let (mut p, mut e) = (Dd(1.0, 0.0), 0i64);
    let mut times = |p: &mut Dd, f: Dd| {
        *p = p.mul(f);
        if p.0 < down {
            *p = p.scaled(up);
            e -= 600;
        } else if p.0 > up {
            *p = p.scaled(down);
            e += 600;
        }
    };
    for i in 0..j {
        times(&mut p, Dd::ratio(c - i, n - i));
        times(&mut p, Dd::ratio(k - i, i + 1));
    }
    for i in 0..k - j {
        times(&mut p, Dd::ratio(r - i, n - j - i));
    }
    let mut v = p.0 + p.1;
    while e > 0 {
        v *= up;
        e -= 600;
    }
    while e < 0 {
        let step = (-e).min(600);
        v *= 2f64.pow_int(-(step as i32));
        e += step;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values_by_hand_and_the_support() {
        // C(3, 1)·C(7, 4)/C(10, 5) = 3·35/252.
        let p = hypergeom_pmf(10, 3, 5, 1).unwrap();
        assert!((p - 105.0 / 252.0).abs() <= f64::EPSILON * p);
        assert_eq!(hypergeom_pmf(10, 3, 5, 4), Some(0.0));
        assert_eq!(hypergeom_pmf(10, 11, 5, 1), None);
        // All pass: P(X = k) = 1.
        assert_eq!(hypergeom_pmf(7, 7, 3, 3), Some(1.0));
    }
}
