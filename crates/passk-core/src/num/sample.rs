//! Seeded random draws that are identical natively and in WebAssembly: Normal, Gamma, Beta,
//! Binomial and Hypergeometric variates.

use super::rng::SplitMix64;
use crate::num::libm_math::LibmMath;

/// A standard normal variate (Box–Muller; one of the pair is used).
pub fn normal(rng: &mut SplitMix64) -> f64 {
    let u1 = rng.uniform().max(f64::MIN_POSITIVE);
    let u2 = rng.uniform();
    (-2.0 * u1.libm_ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).libm_cos()
}

/// A Gamma(shape, 1) variate, shape > 0.
///
/// # Formula
/// Marsaglia and Tsang (2000) for shape ≥ 1; below 1, Gamma(shape + 1)·U^(1/shape).
pub fn gamma(rng: &mut SplitMix64, shape: f64) -> f64 {
    if shape < 1.0 {
        let u = rng.uniform().max(f64::MIN_POSITIVE);
        return gamma(rng, shape + 1.0) * u.libm_pow(1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let z = normal(rng);
        let v = (1.0 + c * z).pow_int(3);
        if v <= 0.0 {
            continue;
        }
        let u = rng.uniform().max(f64::MIN_POSITIVE);
        if u.libm_ln() < 0.5 * z * z + d - d * v + d * v.libm_ln() {
            return d * v;
        }
    }
}

/// A Beta(a, b) variate as X/(X+Y) of two Gamma variates.
pub fn beta(rng: &mut SplitMix64, a: f64, b: f64) -> f64 {
    let x = gamma(rng, a);
    let y = gamma(rng, b);
    if x + y == 0.0 {
        // Both shapes tiny: the mass sits at the ends in proportion a : b.
        return if rng.uniform() < a / (a + b) {
            1.0
        } else {
            0.0
        };
    }
    x / (x + y)
}

/// A Binomial(n, p) variate by n Bernoulli trials (exact; O(n)).
pub fn binomial(rng: &mut SplitMix64, n: u64, p: f64) -> u64 {
    if p <= 0.0 {
        return 0;
    }
    if p >= 1.0 {
        return n;
    }
    (0..n).filter(|_| rng.uniform() < p).count() as u64
}

/// A Hypergeometric variate: successes among `draws` items taken without replacement from
/// `total` items of which `good` are successes (draws ≤ total, good ≤ total).
///
/// # Formula
/// See [`Hypergeometric`].
pub fn hypergeometric(rng: &mut SplitMix64, total: u64, good: u64, draws: u64) -> u64 {
    Hypergeometric::new(total, good, draws).sample(rng)
}

/// The Hypergeometric distribution of the successes among `draws` items taken without
/// replacement from `total` items of which `good` are successes, prepared for sampling many
/// times (the backtest draws each task's subsample once per repeat).
///
/// # Formula
/// Inversion of the distribution function, searched outwards from the mode: the
/// probabilities of neighbouring values differ by the factor
/// P(x+1)/P(x) = (K−x)(n−x) / ((x+1)(N−K−n+x+1)); P(mode) comes from log-factorials, once.
/// A draw takes about as many steps as the standard deviation, not as many as the draws.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hypergeometric {
    lo: u64,
    hi: u64,
    mode: u64,
    p_mode: f64,
    total: f64,
    good: f64,
    draws: f64,
}

impl Hypergeometric {
    /// The distribution; `good` and `draws` are clamped to `total`.
    pub fn new(total: u64, good: u64, draws: u64) -> Self {
        let (nn, k, n) = (total, good.min(total), draws.min(total));
        let lo = (n + k).saturating_sub(nn);
        let hi = n.min(k);
        let (nf, kf, df) = (nn as f64, k as f64, n as f64);
        let mode = ((((df + 1.0) * (kf + 1.0)) / (nf + 2.0)).floor() as u64).clamp(lo, hi);
        let p_mode = if lo == hi {
            1.0
        } else {
            let ln_c = |a: u64, b: u64| crate::num::gamma::ln_choose(a, b);
            (ln_c(k, mode) + ln_c(nn - k, n - mode) - ln_c(nn, n)).libm_exp()
        };
        Hypergeometric {
            lo,
            hi,
            mode,
            p_mode,
            total: nf,
            good: kf,
            draws: df,
        }
    }

    /// One draw.
    pub fn sample(&self, rng: &mut SplitMix64) -> u64 {
        let (lo, hi, mode, p_mode) = (self.lo, self.hi, self.mode, self.p_mode);
        if lo == hi {
            return lo;
        }
        let (nf, kf, df) = (self.total, self.good, self.draws);
        // P(x+1)/P(x) and P(x−1)/P(x).
        let up = |x: u64| {
            let xf = x as f64;
            (kf - xf) * (df - xf) / ((xf + 1.0) * (nf - kf - df + xf + 1.0))
        };
        let down = |x: u64| {
            let xf = x as f64;
            xf * (nf - kf - df + xf) / ((kf - xf + 1.0) * (df - xf + 1.0))
        };
        let u = rng.uniform();
        let mut acc = p_mode;
        if u < acc {
            return mode;
        }
        let (mut l, mut h, mut pl, mut ph) = (mode, mode, p_mode, p_mode);
        loop {
            let next_l = if l > lo { pl * down(l) } else { 0.0 };
            let next_h = if h < hi { ph * up(h) } else { 0.0 };
            if next_l <= 0.0 && next_h <= 0.0 {
                // The whole support is summed; rounding left u just above the total.
                return mode;
            }
            if next_h >= next_l {
                h += 1;
                ph = next_h;
                acc += ph;
                if u < acc {
                    return h;
                }
            } else {
                l -= 1;
                pl = next_l;
                acc += pl;
                if u < acc {
                    return l;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_right() {
        let mut rng = SplitMix64::new(11);
        let m = 20_000;
        let xs: Vec<f64> = (0..m).map(|_| beta(&mut rng, 0.5, 1.5)).collect();
        let mean = xs.iter().sum::<f64>() / m as f64;
        assert!((mean - 0.25).abs() < 0.01, "{mean}");
        let hs: Vec<u64> = (0..m)
            .map(|_| hypergeometric(&mut rng, 50, 20, 10))
            .collect();
        let hm = hs.iter().sum::<u64>() as f64 / m as f64;
        assert!((hm - 4.0).abs() < 0.05, "{hm}");
        assert!(hs.iter().all(|&h| h <= 10));
        let hs: Vec<u64> = (0..m)
            .map(|_| hypergeometric(&mut rng, 50, 20, 40))
            .collect();
        let hm = hs.iter().sum::<u64>() as f64 / m as f64;
        assert!((hm - 16.0).abs() < 0.05, "{hm}");
        assert!(hs.iter().all(|&h| (10..=20).contains(&h)));
    }
}
