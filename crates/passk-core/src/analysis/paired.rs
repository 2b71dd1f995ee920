//! The paired difference of two series on the same tasks: pass@k(A) − pass@k(B) task by task,
//! its standard error and its paired task-bootstrap band.

use serde::{Deserialize, Serialize};

use crate::analysis::bootstrap::{quantile, resample_counts};
use crate::analysis::grids::{k_grid, round_budgets};
use crate::data::counts::Counts;
use crate::data::dataset::Dataset;
use crate::estimators::unbiased::pass_at_k;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;
use crate::num::rng::SplitMix64;
use crate::num::sum::{sum, Neumaier};
use crate::settings::Settings;

/// Two series matched task by task.
#[derive(Debug, Clone, PartialEq)]
pub struct Paired {
    /// (A's counts, B's counts) of each task both have, in A's order.
    pub pairs: Vec<(Counts, Counts)>,
    /// Tasks of A without a match in B, and of B without a match in A.
    pub unmatched: (usize, usize),
}

/// Why two series cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
            if index.insert(&**id, t.counts).is_some() {
                return Err(PairError::Duplicate(id.to_string()));
            }
        }
        let mut seen = std::collections::HashSet::with_capacity(a.tasks.len());
        let mut pairs = Vec::new();
        for t in &a.tasks {
            let id = t.id.as_ref().ok_or(PairError::NoIds)?;
            if !seen.insert(&**id) {
                return Err(PairError::Duplicate(id.to_string()));
            }
            if let Some(&cb) = index.get(&**id) {
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

    /// The budgets the difference is drawn at: a log grid of 40 up to [`Paired::k_limit`],
    /// plus round budgets.
    pub fn grid(&self) -> Vec<u64> {
        let limit = self.k_limit();
        k_grid(limit, 40, &round_budgets(limit))
    }
}

/// The paired difference pass@k(A) − pass@k(B) at one budget.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
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
    let mut run = PairedRun::new(p, ks, settings);
    while run.step() {}
    run.finish()
}

/// [`paired_difference`] one bootstrap resample at a time, so that a caller can pause between
/// steps (the engine worker does, to see newer requests).
#[derive(Debug, Clone)]
pub struct PairedRun {
    ks: Vec<u64>,
    z: f64,
    /// Per task and budget, the difference (tasks × budgets).
    diffs: Vec<Vec<f64>>,
    resamples: usize,
    rng: SplitMix64,
    /// Per budget, the resampled means so far.
    boot: Vec<Vec<f64>>,
}

impl PairedRun {
    /// The per-task differences at the budgets of `ks` that `p` allows; no resample drawn yet.
    pub fn new(p: &Paired, ks: &[u64], settings: &Settings) -> Self {
        let limit = p.k_limit();
        let ks: Vec<u64> = ks
            .iter()
            .copied()
            .filter(|&k| k >= 1 && k <= limit)
            .collect();
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
        let resamples = if diffs.is_empty() {
            0
        } else {
            settings.bootstrap as usize
        };
        PairedRun {
            boot: vec![Vec::with_capacity(resamples); ks.len()],
            z: two_sided_z(settings.confidence),
            ks,
            diffs,
            resamples,
            rng: SplitMix64::new(settings.seed),
        }
    }

    /// Resamples drawn and in all.
    pub fn progress(&self) -> (u64, u64) {
        let done = self.boot.first().map_or(0, Vec::len);
        (done as u64, self.resamples as u64)
    }

    /// Draws one more resample; false once all are drawn (then nothing is done).
    pub fn step(&mut self) -> bool {
        let n = self.diffs.len();
        if self.progress().0 >= self.resamples as u64 || self.boot.is_empty() {
            return false;
        }
        let w = resample_counts(&mut self.rng, n);
        for (j, col) in self.boot.iter_mut().enumerate() {
            let mut acc = Neumaier::default();
            for (i, &m) in w.iter().enumerate() {
                if m > 0 {
                    acc.add(m as f64 * self.diffs[i][j]);
                }
            }
            col.push(acc.total() / n as f64);
        }
        true
    }

    /// The curve, with the bootstrap band from the resamples drawn.
    pub fn finish(self) -> PairedCurve {
        let n = self.diffs.len();
        let resamples = self.resamples;
        let rows: Vec<DiffAtK> = self
            .ks
            .iter()
            .enumerate()
            .map(|(j, &k)| {
                let d = &self.diffs;
                let mean = sum(d.iter().map(|d| d[j])) / n as f64;
                let ss = sum(d.iter().map(|d| (d[j] - mean).pow_int(2)));
                let se = if n > 1 {
                    (ss / (n - 1) as f64 / n as f64).sqrt()
                } else {
                    f64::NAN
                };
                let boot = &self.boot[j];
                let bootstrap = (resamples > 0)
                    .then(|| Some((quantile(boot, 0.025)?, quantile(boot, 0.975)?)))
                    .flatten();
                DiffAtK {
                    k,
                    mean,
                    se,
                    normal: (mean - self.z * se, mean + self.z * se),
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
}

/// The paired difference of two named series, as the page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    let curve = paired_difference(&p, &p.grid(), settings);
    Ok(PairedOutcome::new(a, b, &p, curve))
}

impl PairedOutcome {
    /// The outcome of `a − b` paired as `p`, with its curve.
    pub fn new(a: &Dataset, b: &Dataset, p: &Paired, curve: PairedCurve) -> Self {
        PairedOutcome {
            label: format!("{} − {}", a.name, b.name),
            curve,
            pairs: p.pairs.len(),
            unmatched: p.unmatched,
        }
    }
}
