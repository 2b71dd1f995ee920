//! Rank intervals by a seeded bootstrap over tasks, for any method: how far each series'
//! rank moves when the benchmark's tasks are drawn again.

use serde::{Deserialize, Serialize};

use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};
use crate::analysis::bootstrap::quantile;
use crate::num::rng::SplitMix64;

/// Each series' rank interval from task resamples.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankIntervals {
    /// Per series, the (lower, upper) quantiles of its competition rank at the level asked
    /// (1 best).
    pub ranks: Vec<(f64, f64)>,
    /// Resamples the method answered (a resample where it refused is left out).
    pub answered: u32,
    /// Resamples drawn.
    pub drawn: u32,
}

/// The rank intervals of `method` over `resamples` draws of the tasks with replacement
/// (seeded SplitMix64), at the two-sided `level`.
///
/// # Formula
/// For b = 1..B draw T tasks with replacement, rank the series by `method` on them; the
/// interval of series l is the (1 − level)/2 and (1 + level)/2 quantiles of its B ranks
/// (linear interpolation, as numpy), rounded outward to whole ranks.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`], or [`RankError::Other`] when the method
/// answered no resample.
pub fn rank_intervals<F>(
    o: &Outcomes,
    method: F,
    resamples: u32,
    seed: u64,
    level: f64,
) -> Result<RankIntervals, RankError>
where
    F: Fn(&Outcomes) -> Result<Ranking, RankError>,
{
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    let t = o.tasks();
    if t == 0 {
        return Err(RankError::NoTasks);
    }
    let mut rng = SplitMix64::new(seed);
    let mut by_series: Vec<Vec<f64>> = vec![Vec::new(); o.series()];
    let mut picked = vec![0usize; t];
    for _ in 0..resamples {
        for p in picked.iter_mut() {
            *p = rng.below(t as u64) as usize;
        }
        if let Ok(r) = method(&o.subset(&picked)) {
            for (s, rank) in by_series.iter_mut().zip(&r.ranks) {
                s.push(*rank);
            }
        }
    }
    let answered = by_series[0].len() as u32;
    if answered == 0 {
        return Err(RankError::Other(
            "the method answered no task resample".into(),
        ));
    }
    let (lo, hi) = ((1.0 - level) / 2.0, (1.0 + level) / 2.0);
    let ranks = by_series
        .iter()
        .map(|v| {
            let q = |p| quantile(v, p).unwrap_or(f64::NAN);
            (q(lo).floor(), q(hi).ceil())
        })
        .collect();
    Ok(RankIntervals {
        ranks,
        answered,
        drawn: resamples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::rank::by_metric::{by_metric, EvalMetric};

    #[test]
    fn a_clear_order_keeps_its_ranks() {
        // A passes everything, B half, C nothing: every resample ranks them 1, 2, 3.
        let o = Outcomes::from_counts(vec![4; 10], vec![vec![4; 10], vec![2; 10], vec![0; 10]]);
        let r = rank_intervals(&o, |x| by_metric(x, EvalMetric::Avg), 50, 7, 0.95).unwrap();
        assert_eq!(r.ranks, vec![(1.0, 1.0), (2.0, 2.0), (3.0, 3.0)]);
        assert_eq!((r.answered, r.drawn), (50, 50));
        // Two series that swap by task: their intervals span both ranks.
        let o = Outcomes::from_counts(
            vec![1; 20],
            vec![
                (0..20).map(|i| (i % 2) as u64).collect(),
                (0..20).map(|i| 1 - (i % 2) as u64).collect(),
            ],
        );
        let r = rank_intervals(&o, |x| by_metric(x, EvalMetric::Avg), 200, 7, 0.95).unwrap();
        assert_eq!(r.ranks, vec![(1.0, 2.0), (1.0, 2.0)]);
    }
}
