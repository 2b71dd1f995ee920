//! Running the backtest: shrink, subsample, extrapolate and score every candidate.

use crate::data::counts::Counts;
use crate::data::dataset::Dataset;

use crate::data::groups::Groups;
use crate::estimators::kind::Estimator;
use crate::eval::estimates::Estimates;

use crate::eval::fit::{config, fit_subsample};
use crate::eval::fits::Fits;
use crate::eval::kernels::unbiased_pass_at_k;
use crate::num::rng::SplitMix64;
use crate::num::sample::Hypergeometric;
use crate::settings::Settings;

/// The backtest of one series.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Backtest {
    /// Extrapolation ratios ρ = k/m′ measured: 2, 4, 8, …
    pub ratios: Vec<u64>,
    /// Per candidate (in [`Estimator::candidates`] order), the mean absolute error at each ratio.
    pub mae: Vec<(Estimator, Vec<f64>)>,
    /// Per shrink factor: the subsample size m′ (of the smallest n), the mean absolute error
    /// per candidate at each ratio, and every repeat's signed errors.
    pub levels: Vec<Level>,
    /// Repeats per shrink factor.
    pub repeats: u64,
}

/// Why a backtest cannot run.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    full: Fits,
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
    signed: Vec<[f32; BASES]>,
    done: u64,
}

/// The estimators every candidate is built from: naive, BB, ZOIBB, LinMix.
pub const BASES: usize = 4;

/// One shrink factor's result.
///
/// Memory: besides the means, [`BASES`] single-precision numbers per repeat and ratio (16
/// bytes), not one per candidate: a candidate's signed error follows from them (a fixed mix
/// w·ZOIBB + (1 − w)·BB errs by w·e_ZOIBB + (1 − w)·e_BB). At n = 10,000 and 20 repeats
/// the 13 levels and 82 (level, ratio) cells keep 26 KB.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Level {
    /// The subsample size m′ of the smallest n.
    pub m: u64,
    /// The mean absolute error per candidate (rows, in [`Estimator::candidates`] order) at
    /// each ratio 2, 4, … (columns; None where a value was not finite).
    pub mae: Vec<Vec<Option<f64>>>,
    /// Per repeat (outer) and ratio (inner, flattened): the signed errors value − truth of
    /// naive, BB, ZOIBB and LinMix.
    pub signed: Vec<[f32; BASES]>,
}

impl Level {
    /// How many ratios this level measured (2, 4, … 2^width).
    pub fn width(&self) -> usize {
        self.mae.first().map_or(0, |r| r.len())
    }

    /// The signed errors of naive, BB, ZOIBB and LinMix of repeat `r` at ratio column `j`.
    pub fn errors(&self, r: usize, j: usize) -> Option<[f32; BASES]> {
        let w = self.width();
        (j < w)
            .then(|| self.signed.get(r * w + j).copied())
            .flatten()
    }

    /// A level from every repeat's signed errors (repeat-major, `width` ratios each), its
    /// mean absolute errors computed from them (a run keeps exact sums instead): for tests
    /// and studies.
    pub fn from_signed(m: u64, width: usize, signed: Vec<[f32; BASES]>) -> Level {
        let reps = signed.len().checked_div(width).unwrap_or(0);
        let mae = Estimator::candidates()
            .into_iter()
            .map(|c| {
                (0..width)
                    .map(|j| {
                        let sum: f64 = (0..reps)
                            .map(|r| {
                                let e = signed[r * width + j].map(f64::from);
                                c.value(e[0], e[1], e[2], e[3]).abs()
                            })
                            .sum();
                        Some(sum / reps.max(1) as f64).filter(|v| v.is_finite())
                    })
                    .collect()
            })
            .collect();
        Level { m, mae, signed }
    }

    /// How many repeats were kept.
    pub fn repeats(&self) -> usize {
        self.signed.len().checked_div(self.width()).unwrap_or(0)
    }
}

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
            full: *full,
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
            signed: Vec::with_capacity(ks.len() * self.repeats as usize),
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
        let est = Estimates::new(&g, fit_subsample(&g, &self.full), config(&self.settings));
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
            let t = cur.truth[j];
            cur.signed.push([e.naive, b, z, l].map(|v| (v - t) as f32));
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
            self.levels.push(Level {
                m: cur.m,
                mae: per_level,
                signed: cur.signed,
            });
            self.shrink *= 2;
        }
        true
    }

    /// The result (of the shrink factors run so far).
    pub fn finish(self) -> Backtest {
        Backtest::from_levels(self.levels, self.repeats)
    }
}

impl Backtest {
    /// The backtest of finished levels: ratios 2, 4, … up to the largest measured, and the
    /// error of each candidate at a ratio the mean over the levels that measured it.
    pub fn from_levels(levels: Vec<Level>, repeats: u64) -> Backtest {
        let max_j = levels.iter().map(Level::width).max().unwrap_or(0);
        let ratios: Vec<u64> = (1..=max_j).map(|j| 1u64 << j).collect();
        let mae = Estimator::candidates()
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                let per_ratio = (0..max_j)
                    .map(|j| {
                        let vals: Vec<f64> = levels
                            .iter()
                            .filter_map(|l| l.mae.get(i)?.get(j).copied().flatten())
                            .collect();
                        if vals.is_empty() {
                            f64::NAN
                        } else {
                            vals.iter().sum::<f64>() / vals.len() as f64
                        }
                    })
                    .collect();
                (c, per_ratio)
            })
            .collect();
        Backtest {
            ratios,
            mae,
            levels,
            repeats,
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
