//! TrueSkill's two-player corrections v and w for a win and for a draw (scorio's
//! `rank/pairwise.py:trueskill`, its `win_corrections` and `draw_corrections`).

use crate::num::libm_math::LibmMath;
use crate::num::normal::normal_cdf;
use std::f64::consts::PI;

/// The standard normal density φ(x).
fn pdf(x: f64) -> f64 {
    (-0.5 * x * x).libm_exp() / (2.0 * PI).sqrt()
}

/// v and w for a win with performance margin t and draw margin ε (x = t − ε).
///
/// # Formula
/// v = φ(x)/Φ(x), w = v(v + x), clipped to [0, 1]; below x = −10 scorio's asymptotic series
/// v = y + 1/y − 2/y³ + 10/y⁵ − 74/y⁷, w = 1 − 1/y² + 6/y⁴ − 50/y⁶ (y = −x); between −10 and 0
/// φ/Φ as √(2/π)/erfcx(−x/√2); above 0 from ln Φ(x) = ln(1 − Φ(−x)).
pub(crate) fn win(t: f64, epsilon: f64) -> (f64, f64) {
    let x = t - epsilon;
    let (v, w) = if x < -10.0 {
        let y = -x;
        let iy = 1.0 / y;
        let iy2 = iy * iy;
        let v = y + iy * (1.0 + iy2 * (-2.0 + iy2 * (10.0 + iy2 * (-74.0))));
        let w = 1.0 + iy2 * (-1.0 + iy2 * (6.0 + iy2 * (-50.0)));
        (v, w)
    } else if x < 0.0 {
        // erfcx(y) = e^{y²} erfc(y) with y = −x/√2, erfc(y) = 2Φ(x).
        let erfcx = (0.5 * x * x).libm_exp() * (2.0 * normal_cdf(x));
        let v = (2.0 / PI).sqrt() / erfcx;
        (v, v * (v + x))
    } else {
        let log_ndtr = (-normal_cdf(-x)).libm_ln_1p();
        let log_v = -0.5 * x * x - 0.5 * (2.0 * PI).libm_ln() - log_ndtr;
        let v = log_v.libm_exp();
        (v, v * (v + x))
    };
    (v, w.clamp(0.0, 1.0))
}

/// v and w for a draw with performance margin t and draw margin ε: the mean v and one minus
/// the variance of a standard normal truncated to [−ε − t, ε − t].
///
/// # Formula
/// With a = −ε − t, b = ε − t, Z = Φ(b) − Φ(a): v = (φ(a) − φ(b))/Z,
/// 1 − w = 1 + (aφ(a) − bφ(b))/Z − v². A zero-width draw is its limit (v, w) = (−t, 1);
/// a, b beyond ∓10 give (0, 0); an interval starting beyond 10 in either tail takes scorio's
/// fallback expansions (exponential tail).
pub(crate) fn draw(t: f64, epsilon: f64) -> (f64, f64) {
    if epsilon <= f64::EPSILON.sqrt() * (1.0 + t.abs()) {
        return (-t, 1.0);
    }
    let (a, b) = (-epsilon - t, epsilon - t);
    if a < -10.0 && b > 10.0 {
        return (0.0, 0.0);
    }
    let reflected = b < 0.0;
    let (lo, hi) = if reflected { (-b, -a) } else { (a, b) };
    let (v, var) = if lo > 10.0 {
        tail(lo, hi)
    } else {
        // Φ(hi) − Φ(lo) as upper tails when the interval lies right of 0.
        let z = if lo > 0.0 {
            normal_cdf(-lo) - normal_cdf(-hi)
        } else {
            normal_cdf(hi) - normal_cdf(lo)
        };
        let (pl, ph) = (pdf(lo), pdf(hi));
        let mean = (pl - ph) / z;
        (mean, 1.0 + (lo * pl - hi * ph) / z - mean * mean)
    };
    let v = if reflected { -v } else { v };
    (v, (1.0 - var).clamp(0.0, 1.0))
}

/// Mean and variance of a standard normal truncated to [lo, hi] far in its upper tail
/// (lo > 10): scorio's fallback expansions.
fn tail(lo: f64, hi: f64) -> (f64, f64) {
    let width = hi - lo;
    let scaled = lo * width;
    if scaled > 50.0 {
        let (v, w) = win(-lo, 0.0);
        (v, 1.0 - w)
    } else if scaled < 1e-4 {
        (lo + width * (0.5 - scaled / 12.0), width * width / 12.0)
    } else {
        let den = scaled.libm_exp_m1();
        let mean = lo + (1.0 / lo - width / den);
        let var = 1.0 / (lo * lo) - width * width * scaled.libm_exp() / (den * den);
        (mean, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_by_hand() {
        // At x = 0: v = φ(0)/Φ(0) = 2/√(2π) = 0.7978845608028654, w = v².
        let (v, w) = win(0.0, 0.0);
        assert!((v - 0.797_884_560_802_865_4).abs() < 1e-15 && (w - v * v).abs() < 1e-15);
        // The series and φ/Φ meet at x = −10 (v ≈ 10.0981, w ≈ 0.9904) to within the
        // series' next term, 706/y⁹ ≈ 7e-7 (scorio's own small jump).
        let (a, b) = (win(-10.0 - 1e-9, 0.0), win(-10.0 + 1e-9, 0.0));
        assert!((a.0 - b.0).abs() < 1e-5 && (a.1 - b.1).abs() < 1e-5);
        // A symmetric draw window at t = 0: mean 0.
        let (v, w) = draw(0.0, 1.0);
        assert!(v.abs() < 1e-15 && w > 0.0 && w < 1.0);
        assert_eq!(draw(0.3, 0.0), (-0.3, 1.0));
    }
}
