//! Task-bootstrap resampling and percentile bands.

use crate::num::rng::SplitMix64;
use std::sync::Arc;

/// The multiplicity of each of `n` items in one resample with replacement.
pub fn resample_counts(rng: &mut SplitMix64, n: usize) -> Vec<u64> {
    let mut counts = vec![0u64; n];
    for _ in 0..n {
        counts[rng.below(n as u64) as usize] += 1;
    }
    counts
}

/// One resample of `n` tasks as (task, times drawn) for the tasks drawn at least once (the
/// same draws as [`resample_counts`]).
pub fn resample_weights(rng: &mut SplitMix64, n: usize) -> Vec<(usize, f64)> {
    resample_counts(rng, n)
        .into_iter()
        .enumerate()
        .filter(|(_, m)| *m > 0)
        .map(|(i, m)| (i, m as f64))
        .collect()
}

/// Resamples drawn once and lent to every user of the same (seed, tasks, count): the pairs of
/// a comparison all draw the resamples of their seed, most of them of as many tasks. Keeps
/// the last set drawn; the same weights as drawing them again.
#[derive(Default)]
pub struct SharedDraws {
    last: std::sync::Mutex<Option<(DrawsKey, Draws)>>,
}

/// What a set of draws was drawn for: (seed, tasks, count).
type DrawsKey = (u64, usize, u64);

/// Resamples as (task, times drawn) lists, shared.
pub type Draws = Arc<Vec<Vec<(usize, f64)>>>;

impl SharedDraws {
    /// `count` resamples of `tasks` tasks seeded by `seed` ([`resample_weights`]).
    pub fn get(&self, seed: u64, tasks: usize, count: u64) -> Draws {
        let key = (seed, tasks, count);
        if let Ok(last) = self.last.lock() {
            if let Some((_, w)) = last.as_ref().filter(|(k, _)| *k == key) {
                return Arc::clone(w);
            }
        }
        let mut rng = SplitMix64::new(seed);
        let w: Draws = Arc::new(
            (0..count)
                .map(|_| resample_weights(&mut rng, tasks))
                .collect(),
        );
        if let Ok(mut last) = self.last.lock() {
            *last = Some((key, Arc::clone(&w)));
        }
        w
    }
}

/// Σ weight·`values[task]` over the (task, weight) list `w`, compensated (Neumaier).
pub fn weighted_sum(w: &[(usize, f64)], values: &[f64]) -> f64 {
    let mut acc = crate::num::sum::Neumaier::default();
    for &(i, m) in w {
        acc.add(m * values[i]);
    }
    acc.total()
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
