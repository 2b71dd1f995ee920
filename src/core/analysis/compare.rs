//! Comparing series: the paired difference of two series on the same tasks, the ranking at a
//! budget, and the best temperature per budget.

use crate::core::analysis::bootstrap::{quantile, resample_counts};
use crate::core::analysis::curves::{k_grid, round_budgets};
use crate::core::data::counts::Counts;
use crate::core::data::dataset::Dataset;
use crate::core::estimators::kind::Estimator;
use crate::core::estimators::unbiased::pass_at_k;
use crate::core::eval::estimates::Estimates;
use crate::core::eval::fit::{config, SeriesFit};
use crate::core::num::normal::two_sided_z;
use crate::core::num::rng::SplitMix64;
use crate::core::num::sum::Neumaier;
use crate::core::settings::Settings;

/// Two series matched task by task.
#[derive(Debug, Clone, PartialEq)]
pub struct Paired {
    /// (A's counts, B's counts) of each task both have, in A's order.
    pub pairs: Vec<(Counts, Counts)>,
    /// Tasks of A without a match in B, and of B without a match in A.
    pub unmatched: (usize, usize),
}

/// Why two series cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PairError {
    /// One of the series has tasks without ids.
    NoIds,
    /// A task id appears twice in a series.
    Duplicate(String),
    /// No task id is shared.
    Disjoint,
}

impl std::fmt::Display for PairError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairError::NoIds => write!(f, "pairing needs task ids in both series"),
            PairError::Duplicate(id) => write!(f, "task id '{id}' appears twice"),
            PairError::Disjoint => write!(f, "the two series share no task id"),
        }
    }
}

impl std::error::Error for PairError {}

impl Paired {
    /// Matches the tasks of `a` and `b` by id.
    ///
    /// # Errors
    /// [`PairError`] when ids are missing, repeated or never shared.
    pub fn new(a: &Dataset, b: &Dataset) -> Result<Paired, PairError> {
        let mut index = std::collections::HashMap::with_capacity(b.tasks.len());
        for t in &b.tasks {
            let id = t.id.as_ref().ok_or(PairError::NoIds)?;
            if index.insert(id.as_str(), t.counts).is_some() {
                return Err(PairError::Duplicate(id.clone()));
            }
        }
        let mut seen = std::collections::HashSet::with_capacity(a.tasks.len());
        let mut pairs = Vec::new();
        for t in &a.tasks {
            let id = t.id.as_ref().ok_or(PairError::NoIds)?;
            if !seen.insert(id.as_str()) {
                return Err(PairError::Duplicate(id.clone()));
            }
            if let Some(&cb) = index.get(id.as_str()) {
                pairs.push((t.counts, cb));
            }
        }
        if pairs.is_empty() {
            return Err(PairError::Disjoint);
        }
        let unmatched = (a.tasks.len() - pairs.len(), b.tasks.len() - pairs.len());
        Ok(Paired { pairs, unmatched })
    }

    /// The largest k at which both unbiased estimates exist for every pair.
    pub fn k_limit(&self) -> u64 {
        self.pairs
            .iter()
            .map(|(a, b)| a.n().min(b.n()))
            .min()
            .unwrap_or(0)
    }
}

/// The paired difference pass@k(A) − pass@k(B) at one budget.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiffAtK {
    /// Budget.
    pub k: u64,
    /// Mean over tasks of the per-task difference of the unbiased estimates.
    pub mean: f64,
    /// Its standard error √(s²/N), s² the sample variance (N − 1).
    pub se: f64,
    /// The normal interval mean ± z·se.
    pub normal: (f64, f64),
    /// The paired task-bootstrap percentile interval (None without resamples).
    pub bootstrap: Option<(f64, f64)>,
}

/// The paired difference along budgets, and where its sign changes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PairedCurve {
    /// One entry per budget (only budgets ≤ [`Paired::k_limit`]).
    pub rows: Vec<DiffAtK>,
    /// The first budget at which the mean difference has the other sign than at the smallest
    /// budget (None if it never changes).
    pub sign_change: Option<u64>,
}

/// pass@k(A) − pass@k(B) task by task and its mean, standard error and bands at each budget.
///
/// # Formula
/// d_i(k) = pass@k(A_i) − pass@k(B_i) (unbiased, per task); mean d̄, se = √(Σ(d_i − d̄)²/(N−1)/N);
/// normal band d̄ ± z·se; bootstrap: resample tasks (the same ones for A and B) B times with
/// `settings.seed` and take the 2.5–97.5 percentiles of the resampled means.
pub fn paired_difference(p: &Paired, ks: &[u64], settings: &Settings) -> PairedCurve {
    let limit = p.k_limit();
    let ks: Vec<u64> = ks
        .iter()
        .copied()
        .filter(|&k| k >= 1 && k <= limit)
        .collect();
    let z = two_sided_z(settings.confidence);
    let n = p.pairs.len();
    // Per task and budget, the difference (tasks × budgets).
    let diffs: Vec<Vec<f64>> = p
        .pairs
        .iter()
        .map(|(a, b)| {
            ks.iter()
                .map(|&k| {
                    pass_at_k(*a, k).unwrap_or(f64::NAN) - pass_at_k(*b, k).unwrap_or(f64::NAN)
                })
                .collect()
        })
        .collect();
    let resamples = settings.bootstrap as usize;
    let mut boot: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); ks.len()];
    if resamples > 0 && n > 0 {
        let mut rng = SplitMix64::new(settings.seed);
        for _ in 0..resamples {
            let w = resample_counts(&mut rng, n);
            for (j, col) in boot.iter_mut().enumerate() {
                let mut acc = Neumaier::default();
                for (i, &m) in w.iter().enumerate() {
                    if m > 0 {
                        acc.add(m as f64 * diffs[i][j]);
                    }
                }
                col.push(acc.total() / n as f64);
            }
        }
    }
    let rows: Vec<DiffAtK> = ks
        .iter()
        .enumerate()
        .map(|(j, &k)| {
            let mean = crate::core::num::sum::sum(diffs.iter().map(|d| d[j])) / n as f64;
            let ss = crate::core::num::sum::sum(diffs.iter().map(|d| (d[j] - mean).powi(2)));
            let se = if n > 1 {
                (ss / (n - 1) as f64 / n as f64).sqrt()
            } else {
                f64::NAN
            };
            let bootstrap = (resamples > 0)
                .then(|| Some((quantile(&boot[j], 0.025)?, quantile(&boot[j], 0.975)?)))
                .flatten();
            DiffAtK {
                k,
                mean,
                se,
                normal: (mean - z * se, mean + z * se),
                bootstrap,
            }
        })
        .collect();
    let sign_change = rows.first().and_then(|first| {
        let s0 = first.mean.signum();
        rows.iter()
            .find(|r| r.mean != 0.0 && r.mean.signum() != s0)
            .map(|r| r.k)
    });
    PairedCurve { rows, sign_change }
}

/// The paired difference of two named series, as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedOutcome {
    /// "A − B".
    pub label: String,
    /// The difference along the budgets.
    pub curve: PairedCurve,
    /// Tasks paired by id.
    pub pairs: usize,
    /// Tasks of A and of B without a match.
    pub unmatched: (usize, usize),
}

/// The paired difference `a − b` on a log grid of 40 budgets up to [`Paired::k_limit`] (plus
/// round budgets).
///
/// # Errors
/// [`PairError`] when the two series cannot be paired.
pub fn paired_outcome(
    a: &Dataset,
    b: &Dataset,
    settings: &Settings,
) -> Result<PairedOutcome, PairError> {
    let p = Paired::new(a, b)?;
    let limit = p.k_limit();
    let ks = k_grid(limit, 40, &round_budgets(limit));
    Ok(PairedOutcome {
        label: format!("{} − {}", a.name, b.name),
        curve: paired_difference(&p, &ks, settings),
        pairs: p.pairs.len(),
        unmatched: p.unmatched,
    })
}

/// The value a series is ranked by at budget k: the unbiased estimate where every task has
/// n ≥ k, else the BB posterior predictive (an extrapolation), with which one it is
/// ([`AtK::ranked`](crate::core::eval::estimates::AtK::ranked)).
pub fn best_estimate(fit: &SeriesFit, settings: &Settings, k: u64) -> Option<(f64, Estimator)> {
    let est = Estimates::new(&fit.groups, fit.fits, config(settings));
    est.pass_at_ks(&[k])[0].ranked()
}

/// A model's best temperature per budget: (model, \[(k, T*, pass@k at T*)\]).
pub type BestTemperature = (String, Vec<(u64, f64, f64)>);

/// For each model with several temperatures, the temperature with the highest pass@k at each
/// budget.
///
/// Series are grouped by their model (series without a numeric temperature are left out);
/// pass@k is [`best_estimate`].
pub fn best_temperature(
    series: &[(&Dataset, &SeriesFit)],
    settings: &Settings,
    ks: &[u64],
) -> Vec<BestTemperature> {
    let mut models: Vec<(String, Vec<(f64, &SeriesFit)>)> = Vec::new();
    for (d, f) in series {
        let Some((model, t)) = model_and_temperature(d) else {
            continue;
        };
        match models.iter_mut().find(|m| m.0 == model) {
            Some(m) => m.1.push((t, f)),
            None => models.push((model, vec![(t, f)])),
        }
    }
    models
        .into_iter()
        .filter(|m| m.1.len() >= 2)
        .map(|(model, temps)| {
            let curves: Vec<(f64, Vec<Option<f64>>)> = temps
                .iter()
                .map(|(t, f)| {
                    let est = Estimates::new(&f.groups, f.fits, config(settings));
                    let vals = est
                        .pass_at_ks(ks)
                        .iter()
                        .map(|e| e.ranked().map(|v| v.0))
                        .collect();
                    (*t, vals)
                })
                .collect();
            let best = ks
                .iter()
                .enumerate()
                .filter_map(|(j, &k)| {
                    curves
                        .iter()
                        .filter_map(|(t, v)| v[j].map(|p| (*t, p)))
                        .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.total_cmp(&x.0)))
                        .map(|(t, p)| (k, t, p))
                })
                .collect();
            (model, best)
        })
        .collect()
}

/// The model and numeric temperature of a series: from what the input said, or from a name
/// ending in ` T=<number>` (as series are named when a temperature column splits them).
pub fn model_and_temperature(d: &Dataset) -> Option<(String, f64)> {
    if let Some(t) = d.meta.temperature_value() {
        return Some((
            d.meta
                .model
                .clone()
                .unwrap_or_else(|| "(unnamed)".to_string()),
            t,
        ));
    }
    let (model, t) = d.name.rsplit_once(" T=")?;
    let t: f64 = t.trim().parse().ok().filter(|t: &f64| t.is_finite())?;
    Some((model.to_string(), t))
}

/// Pass@1 and ΔPass = a + b of a series (the Pass@1 vs ΔPass scatter).
pub fn delta_pass_point(fit: &SeriesFit) -> Option<(f64, f64)> {
    let f = fit.fits?;
    let p1 = fit.groups.mean(|t| t.rate());
    Some((p1, f.bb.delta_pass))
}
