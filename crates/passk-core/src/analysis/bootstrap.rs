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
    let mut w = Vec::new();
    resample_into(rng, &mut vec![0; n], &mut w);
    w
}

/// Resamples drawn once and lent to every user of the same (seed, tasks, count): the pairs of
/// a comparison all draw the resamples of their seed, most of them of as many tasks. Keeps
/// the last set drawn when it holds at most [`SHARED_UP_TO`] (task, weight) entries; larger
/// sets are drawn again for each user, one resample at a time, in constant memory (10⁶ tasks ×
/// 2,000 resamples would be 20 GB). Either way the same weights as drawing them again.
#[derive(Default)]
pub struct SharedDraws {
    last: std::sync::Mutex<Option<(DrawsKey, Draws)>>,
}

/// The most tasks × resamples [`SharedDraws`] keeps (64 MB of (task, weight) entries).
pub const SHARED_UP_TO: u64 = 4_000_000;

/// What a set of draws was drawn for: (seed, tasks, count).
type DrawsKey = (u64, usize, u64);

/// Resamples as (task, times drawn) lists, shared.
type Draws = Arc<Vec<Vec<(usize, f64)>>>;

impl SharedDraws {
    /// Calls `each` on `count` resamples of `tasks` tasks seeded by `seed`, in order (the
    /// draws of [`resample_weights`] from one generator).
    pub fn for_each(
        &self,
        seed: u64,
        tasks: usize,
        count: u64,
        mut each: impl FnMut(&[(usize, f64)]),
    ) {
        if count == 0 {
            return;
        }
        if (tasks as u64).saturating_mul(count) > SHARED_UP_TO {
            let mut rng = SplitMix64::new(seed);
            let mut drawn = vec![0u32; tasks];
            let mut w = Vec::with_capacity(tasks);
            for _ in 0..count {
                resample_into(&mut rng, &mut drawn, &mut w);
                each(&w);
            }
            return;
        }
        for w in self.get(seed, tasks, count).iter() {
            each(w);
        }
    }

    fn get(&self, seed: u64, tasks: usize, count: u64) -> Draws {
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

/// [`resample_weights`] into buffers kept between resamples: `drawn` (one slot a task, left
/// zeroed) and `w` (overwritten).
fn resample_into(rng: &mut SplitMix64, drawn: &mut [u32], w: &mut Vec<(usize, f64)>) {
    let n = drawn.len();
    for _ in 0..n {
        drawn[rng.below(n as u64) as usize] += 1;
    }
    w.clear();
    for (i, m) in drawn.iter_mut().enumerate() {
        if *m > 0 {
            w.push((i, f64::from(*m)));
            *m = 0;
        }
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

    #[test]
    fn large_draws_stream_the_same_weights() {
        // Above SHARED_UP_TO the draws are made one at a time: the same as the kept ones.
        let (tasks, count) = (2_500usize, 2_000u64);
        assert!(tasks as u64 * count > SHARED_UP_TO);
        let mut rng = SplitMix64::new(9);
        let expected: Vec<_> = (0..count)
            .map(|_| resample_weights(&mut rng, tasks))
            .collect();
        let mut seen = Vec::new();
        SharedDraws::default().for_each(9, tasks, count, |w| seen.push(w.to_vec()));
        assert_eq!(seen, expected);
        let mut kept = Vec::new();
        SharedDraws::default().for_each(9, 20, 5, |w| kept.push(w.to_vec()));
        let mut rng = SplitMix64::new(9);
        assert_eq!(
            kept,
            (0..5)
                .map(|_| resample_weights(&mut rng, 20))
                .collect::<Vec<_>>()
        );
    }
}
