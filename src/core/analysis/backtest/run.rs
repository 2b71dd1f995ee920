//! Running the backtest: shrink, subsample, extrapolate and score every candidate.

use crate::core::data::counts::Counts;
use crate::core::data::dataset::{Dataset, Groups};
use crate::core::estimators::beta_binomial::{fit_bb_data, moments_start, Search};
use crate::core::estimators::kind::Estimator;
use crate::core::estimators::likelihood::BbData;
use crate::core::estimators::zoibb::fit_zoibb_data;
use crate::core::eval::estimates::{Estimates, Fits};
use crate::core::eval::fit::config;
use crate::core::eval::kernels::unbiased_pass_at_k;
use crate::core::num::math::Det;
use crate::core::num::rng::SplitMix64;
use crate::core::num::sample::Hypergeometric;
use crate::core::settings::Settings;

/// The backtest of one series.
#[derive(Debug, Clone, PartialEq)]
pub struct Backtest {
    /// Extrapolation ratios ρ = k/m′ measured: 2, 4, 8, …
    pub ratios: Vec<u64>,
    /// Per candidate (in [`Estimator::candidates`] order), the mean absolute error at each ratio.
    pub mae: Vec<(Estimator, Vec<f64>)>,
    /// The subsample sizes m′ (of the smallest n) per shrink factor, with at each the mean
    /// absolute error per candidate at each ratio: (m′, errors by candidate, then by ratio).
    pub levels: Vec<Level>,
    /// Repeats per shrink factor.
    pub repeats: u64,
}

/// Why a backtest cannot run.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BacktestError {
    /// Fewer than two tasks.
    TooFewTasks,
    /// Some task has n < 4: not even one halving leaves 2 samples.
    TooFewSamples,
}

impl std::fmt::Display for BacktestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BacktestError::TooFewTasks => write!(f, "the backtest needs at least two tasks"),
            BacktestError::TooFewSamples => write!(
                f,
                "the backtest needs n ≥ 4 for every task (a subsample of at least 2)"
            ),
        }
    }
}

impl std::error::Error for BacktestError {}

/// Subsamples each task to ⌈n/s⌉ samples without replacement: c′ ~ Hypergeometric(n, c, m′).
pub fn subsample(tasks: &[Counts], shrink: u64, rng: &mut SplitMix64) -> Groups {
    let dists = subsample_dists(tasks, shrink);
    draw(&dists, rng)
}

/// Each task's subsample size m′ = ⌈n/s⌉ with the distribution of its successes.
fn subsample_dists(tasks: &[Counts], shrink: u64) -> Vec<(u64, Hypergeometric)> {
    tasks
        .iter()
        .map(|t| {
            let m = t.n().div_ceil(shrink);
            (m, Hypergeometric::new(t.n(), t.c(), m))
        })
        .collect()
}

/// One subsample from prepared distributions.
fn draw(dists: &[(u64, Hypergeometric)], rng: &mut SplitMix64) -> Groups {
    Groups::new(
        dists
            .iter()
            .map(|(m, h)| Counts::new(*m, h.sample(rng)).unwrap_or(Counts::ZERO_RATE)),
    )
}

/// A backtest in progress, one subsample per [`step`](BacktestRun::step), so that the page
/// can give the browser a turn in between.
#[derive(Debug, Clone)]
pub struct BacktestRun {
    tasks: Vec<Counts>,
    truth: Groups,
    n_min: u64,
    settings: Settings,
    repeats: u64,
    rng: SplitMix64,
    start: [f64; 2],
    zstart: [f64; 2],
    shrink: u64,
    levels: Vec<Level>,
    current: Option<Current>,
}

/// The shrink factor being run: its budgets, the true pass@k there, the subsample
/// distributions, the error sums per candidate and budget, and the repeats done.
#[derive(Debug, Clone)]
struct Current {
    m: u64,
    ks: Vec<u64>,
    truth: Vec<f64>,
    dists: Vec<(u64, Hypergeometric)>,
    sums: Vec<Vec<f64>>,
    done: u64,
}

/// One shrink factor's result: the subsample size m′ of the smallest n, and the mean absolute
/// error per candidate (rows) at each ratio 2, 4, … (columns).
type Level = (u64, Vec<Vec<Option<f64>>>);

impl BacktestRun {
    /// Prepares the backtest of a series whose full fits are `full`.
    ///
    /// # Errors
    /// [`BacktestError`] when there are too few tasks or samples.
    pub fn new(
        ds: &Dataset,
        full: &Fits,
        settings: &Settings,
        repeats: u64,
    ) -> Result<Self, BacktestError> {
        let tasks: Vec<Counts> = ds.tasks.iter().map(|t| t.counts).collect();
        if tasks.len() < 2 {
            return Err(BacktestError::TooFewTasks);
        }
        let n_min = tasks.iter().map(|t| t.n()).min().unwrap_or(0);
        if n_min < 4 {
            return Err(BacktestError::TooFewSamples);
        }
        Ok(BacktestRun {
            truth: Groups::new(tasks.iter().copied()),
            tasks,
            n_min,
            settings: settings.clone(),
            repeats: repeats.max(1),
            rng: SplitMix64::new(settings.seed),
            start: [full.bb.a.dln(), full.bb.b.dln()],
            zstart: [full.zoibb.a.dln(), full.zoibb.b.dln()],
            shrink: 2,
            levels: Vec::new(),
            current: None,
        })
    }

    /// How many subsamples are done, of how many.
    pub fn progress(&self) -> (u64, u64) {
        let levels = (1..64)
            .take_while(|&j| self.n_min.div_ceil(1u64 << j) >= 2)
            .count() as u64;
        let done =
            self.levels.len() as u64 * self.repeats + self.current.as_ref().map_or(0, |c| c.done);
        (done, levels * self.repeats)
    }

    /// The next shrink factor's set-up, or None when there is none left.
    fn next_level(&self) -> Option<Current> {
        let (n_min, shrink) = (self.n_min, self.shrink);
        let m = n_min.div_ceil(shrink);
        if m < 2 {
            return None;
        }
        let ks: Vec<u64> = (1..).map(|j| m << j).take_while(|&k| k <= n_min).collect();
        if ks.is_empty() {
            return None;
        }
        let truth: Vec<f64> = ks
            .iter()
            .map(|&k| unbiased_pass_at_k(&self.truth, k).unwrap_or(f64::NAN))
            .collect();
        Some(Current {
            m,
            sums: vec![vec![0.0; ks.len()]; Estimator::candidates().len()],
            ks,
            truth,
            dists: subsample_dists(&self.tasks, shrink),
            done: 0,
        })
    }

    /// Runs the next subsample; false when there is none left.
    pub fn step(&mut self) -> bool {
        let mut cur = match self.current.take() {
            Some(c) => c,
            None => match self.next_level() {
                Some(c) => c,
                None => return false,
            },
        };
        let g = draw(&cur.dists, &mut self.rng);
        let data = BbData::new(&g);
        let bb = fit_bb_data(&data, &[self.start, moments_start(&g)], Search::LOCAL);
        let zoibb = fit_zoibb_data(&data, &bb, &[self.zstart], Search::LOCAL);
        let est = Estimates::new(&g, Some(Fits { bb, zoibb }), config(&self.settings));
        let candidates = Estimator::candidates();
        for (j, e) in est.pass_at_ks(&cur.ks).iter().enumerate() {
            let nan = f64::NAN;
            let (b, z, l) = (
                e.bb.unwrap_or(nan),
                e.zoibb.unwrap_or(nan),
                e.linmix.unwrap_or(nan),
            );
            for (i, c) in candidates.iter().enumerate() {
                cur.sums[i][j] += (c.value(e.naive, b, z, l) - cur.truth[j]).abs();
            }
        }
        cur.done += 1;
        if cur.done < self.repeats {
            self.current = Some(cur);
        } else {
            let per_level: Vec<Vec<Option<f64>>> = cur
                .sums
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|s| Some(s / self.repeats as f64).filter(|v| v.is_finite()))
                        .collect()
                })
                .collect();
            self.levels.push((cur.m, per_level));
            self.shrink *= 2;
        }
        true
    }

    /// The result (of the shrink factors run so far).
    pub fn finish(self) -> Backtest {
        let candidates = Estimator::candidates();
        let levels = self.levels;
        // Ratios 2, 4, … up to the largest measured; the error at a ratio is the mean over the
        // shrink levels that measured it.
        let max_j = levels.iter().map(|(_, l)| l[0].len()).max().unwrap_or(0);
        let ratios: Vec<u64> = (1..=max_j).map(|j| 1u64 << j).collect();
        let mae = candidates
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let per_ratio = (0..max_j)
                    .map(|j| {
                        let vals: Vec<f64> = levels
                            .iter()
                            .filter_map(|(_, l)| l[i].get(j).copied().flatten())
                            .collect();
                        if vals.is_empty() {
                            f64::NAN
                        } else {
                            vals.iter().sum::<f64>() / vals.len() as f64
                        }
                    })
                    .collect();
                (*c, per_ratio)
            })
            .collect();
        Backtest {
            ratios,
            mae,
            levels,
            repeats: self.repeats,
        }
    }
}

/// Runs the backtest: shrink factors s = 2, 4, 8, … while every ⌈n_i/s⌉ ≥ 2; `repeats`
/// subsamples each (seeded by `settings.seed`); every candidate's pass@k from the
/// subsample against the unbiased pass@k of the full counts at k = m′·2^j ≤ n_min, m′ the
/// subsample size of the smallest n.
///
/// # Errors
/// [`BacktestError`] when there are too few tasks or samples.
pub fn backtest(
    ds: &Dataset,
    full: &Fits,
    settings: &Settings,
    repeats: u64,
) -> Result<Backtest, BacktestError> {
    let mut run = BacktestRun::new(ds, full, settings, repeats)?;
    while run.step() {}
    Ok(run.finish())
}
