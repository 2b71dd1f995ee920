//! "Can I stop sampling?" — how settled the ranking of the series is, from each series'
//! Bayesian interval of pass@k (its posterior mean μ and sd σ), after the scorio package's
//! sequential inference (`sinf/__init__.py`, scorio 0.2.3: `ranking_confidence`,
//! `should_stop_top1` and `suggest_next_allocation` with `method="ci_overlap"`); and which
//! tasks of the two series to separate should get the next samples.

use serde::{Deserialize, Serialize};

use crate::data::dataset::Dataset;
use crate::estimators::interval::{task_moments, Interval, Metric, Prior};
use crate::num::normal::{normal_cdf, two_sided_z};

/// The confidence that a pair of series keeps its order with more samples.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PairConfidence {
    /// The higher series (index into the input).
    pub above: usize,
    /// The lower.
    pub below: usize,
    /// z = |μa − μb| / √(σa² + σb²) (infinite when both σ are 0).
    pub z: f64,
    /// ρ = Φ(z), at least ½.
    pub rho: f64,
}

/// A task worth sampling next, for one series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NextTask {
    /// The series (index into the input).
    pub series: usize,
    /// The task's id (its position, 1-based, when the input named none).
    pub task: String,
    /// The variance of the series' pass@k one more sample on it is expected to remove.
    pub gain: f64,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StopAnswer {
    /// The two-sided level asked for.
    pub confidence: f64,
    /// The series, best first (by μ; ties keep the input's order).
    pub order: Vec<usize>,
    /// Each adjacent pair of [`order`](Self::order).
    pub adjacent: Vec<PairConfidence>,
    /// The probability that the whole order stays, taking the adjacent pairs as
    /// independent: Π ρ.
    pub p_order: f64,
    /// The probability that the leader stays on top, taking its pairs as independent:
    /// Π_j Φ(z_Lj).
    pub p_top: f64,
    /// No adjacent pair's intervals overlap (μ_a − zσ_a > μ_b + zσ_b, the test scorio's
    /// `should_stop_top1` applies to the leader): the order is settled.
    pub settled: bool,
    /// No other series' interval reaches the leader's (scorio's `should_stop_top1`).
    pub top_settled: bool,
    /// The series whose intervals overlap the leader's.
    pub ambiguous: Vec<usize>,
    /// The leader and the competitor the next samples should separate (scorio's
    /// `suggest_next_allocation`); None with fewer than two series.
    pub next: Option<(usize, usize)>,
}

/// scorio's `ranking_confidence`.
///
/// # Formula
/// d = √(σa² + σb²); z = |μa − μb|/d, ρ = Φ(z); when d = 0: ρ = ½ for equal means, else 1,
/// z = ∞.
pub fn ranking_confidence(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let d = (a.1 * a.1 + b.1 * b.1).sqrt();
    if d == 0.0 {
        let rho = if a.0 == b.0 { 0.5 } else { 1.0 };
        return (rho, f64::INFINITY);
    }
    let z = (a.0 - b.0).abs() / d;
    (normal_cdf(z), z)
}

/// The stop answer for series of posterior means and sds `series` at the two-sided
/// `confidence`.
///
/// # Formula
/// Leader L = the largest μ (the first on ties); with z the two-sided quantile, series j is
/// ambiguous when μ_L − zσ_L ≤ μ_j + zσ_j; the competitor to sample is the j minimising
/// (μ_L − zσ_L) − (μ_j + zσ_j). The order is settled when no adjacent pair overlaps so.
///
/// # Errors
/// None: an empty list gives an empty order, settled.
pub fn stop(series: &[Interval], confidence: f64) -> StopAnswer {
    let mut order: Vec<usize> = (0..series.len()).collect();
    order.sort_by(|&i, &j| series[j].mean.total_cmp(&series[i].mean));
    let ms = |i: usize| (series[i].mean, series[i].sd);
    let adjacent: Vec<PairConfidence> = order
        .windows(2)
        .map(|w| {
            let (rho, z) = ranking_confidence(ms(w[0]), ms(w[1]));
            PairConfidence {
                above: w[0],
                below: w[1],
                z,
                rho,
            }
        })
        .collect();
    let z = two_sided_z(confidence);
    let apart =
        |a: usize, b: usize| series[a].mean - z * series[a].sd > series[b].mean + z * series[b].sd;
    let leader = order.first().copied();
    let others = || (0..series.len()).filter(move |&j| Some(j) != leader);
    let (mut ambiguous, mut p_top, mut next) = (Vec::new(), 1.0, None::<(usize, f64)>);
    if let Some(l) = leader {
        let floor = series[l].mean - z * series[l].sd;
        for j in others() {
            let gap = floor - (series[j].mean + z * series[j].sd);
            if gap <= 0.0 {
                ambiguous.push(j);
            }
            p_top *= ranking_confidence(ms(l), ms(j)).0;
            if next.is_none_or(|(_, g)| gap < g) {
                next = Some((j, gap));
            }
        }
    }
    StopAnswer {
        confidence,
        p_order: adjacent.iter().map(|p| p.rho).product(),
        settled: adjacent.iter().all(|p| apart(p.above, p.below)),
        top_settled: ambiguous.is_empty(),
        next: leader.zip(next.map(|n| n.0)),
        order,
        adjacent,
        p_top,
        ambiguous,
    }
}

/// The tasks whose next sample is expected to narrow the pass@k interval of `series` the
/// most, `most` of them, largest gain first (ties: the input's order).
///
/// # Formula
/// A task's posterior Beta(a, b) gains one observation: the variance of its pass@k shrinks
/// by about the factor (a + b + 1)/(a + b + 2), so the gain is Var_i/(a + b + 2), divided
/// by T² as in the dataset's σ² = Σ Var_i / T².
pub fn next_tasks(ds: &Dataset, index: usize, k: u64, prior: Prior, most: usize) -> Vec<NextTask> {
    let t = ds.tasks.len() as f64;
    let mut gains: Vec<NextTask> = ds
        .tasks
        .iter()
        .enumerate()
        .map(|(i, task)| {
            let (c, n) = (task.counts.c() as f64, task.counts.n() as f64);
            let (a, b) = (prior.alpha + c, prior.beta + n - c);
            let (_, v) = task_moments(a, b, k as f64, Metric::PassAtK);
            NextTask {
                series: index,
                task: task
                    .id
                    .as_deref()
                    .map_or_else(|| (i + 1).to_string(), str::to_string),
                gain: v / (a + b + 2.0) / (t * t),
            }
        })
        .collect();
    gains.sort_by(|x, y| y.gain.total_cmp(&x.gain));
    gains.truncate(most);
    gains
}
