//! Task-bootstrap resampling with a seeded generator that gives the same draws natively and
//! in WebAssembly, and percentile bands.

/// SplitMix64: small, fast, and identical on every platform.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index in 0..n (n > 0), by Lemire's multiply-shift with rejection.
    pub fn below(&mut self, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// A uniform number in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The multiplicity of each of `n` items in one resample with replacement.
pub fn resample_counts(rng: &mut SplitMix64, n: usize) -> Vec<u64> {
    let mut counts = vec![0u64; n];
    for _ in 0..n {
        counts[rng.below(n as u64) as usize] += 1;
    }
    counts
}

/// The q-quantile (0 ≤ q ≤ 1) of values with linear interpolation between order statistics
/// (numpy's default); NaN values are ignored; None when none is left.
pub fn quantile(values: &[f64], q: f64) -> Option<f64> {
    let mut v: Vec<f64> = values.iter().copied().filter(|x| !x.is_nan()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let pos = q.clamp(0.0, 1.0) * (v.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    Some(v[lo] + (v[hi] - v[lo]) * (pos - lo as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_like_numpy() {
        let v = [3.0, 1.0, 2.0, 4.0];
        assert_eq!(quantile(&v, 0.5), Some(2.5));
        assert_eq!(quantile(&v, 0.0), Some(1.0));
        assert_eq!(quantile(&v, 1.0), Some(4.0));
        assert_eq!(quantile(&[f64::NAN], 0.5), None);
    }

    #[test]
    fn resamples_are_deterministic_and_complete() {
        let a = resample_counts(&mut SplitMix64::new(7), 100);
        let b = resample_counts(&mut SplitMix64::new(7), 100);
        assert_eq!(a, b);
        assert_eq!(a.iter().sum::<u64>(), 100);
        let mut r = SplitMix64::new(1);
        assert!((0..1000).all(|_| r.below(3) < 3));
    }
}
