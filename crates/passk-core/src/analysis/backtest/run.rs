//! Running the backtest: shrink, subsample, extrapolate and score every candidate.

use crate::data::counts::Counts;
use crate::data::dataset::Dataset;

use super::level::{Level, BASES};
use crate::data::groups::Groups;
use crate::estimators::kind::Estimator;
use crate::estimators::scaled::{fit_scaled_near, Distribution, Predictor, ScaledData, ScaledFit};
use crate::eval::estimates::Estimates;
use crate::eval::limit::too_many_groups;

use crate::eval::fit::{config, fit_subsample, scaled_fits};
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
    /// Per candidate (in [`Estimator::candidates`] order; without the scaled fits where the
    /// series had too many distinct counts to fit them), the mean absolute error at each
    /// ratio (None where no level measured it).
    pub mae: Vec<(Estimator, Vec<Option<f64>>)>,
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
    scaled: Option<[ScaledFit; 2]>,
    candidates: Vec<Estimator>,
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

impl BacktestRun {
    /// Prepares the backtest of a series whose full fits are `full`, fitting the scaled Beta
    /// and the Kumaraswamy to it unless it has too many distinct counts
    /// ([`too_many_groups`]: then they are not candidates).
    ///
    /// # Errors
    /// [`BacktestError`] when there are too few tasks or samples.
    pub fn new(
        ds: &Dataset,
        full: &Fits,
        settings: &Settings,
        repeats: u64,
    ) -> Result<Self, BacktestError> {
        let scaled = scaled_fits(&ds.groups(), Some(full));
        BacktestRun::with_scaled(ds, full, scaled, settings, repeats)
    }

    /// [`BacktestRun::new`] with the full scaled fits already known (None: the scaled fits
    /// are not candidates).
    ///
    /// # Errors
    /// [`BacktestError`] when there are too few tasks or samples.
    pub fn with_scaled(
        ds: &Dataset,
        full: &Fits,
        scaled: Option<[ScaledFit; 2]>,
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
            candidates: Estimator::candidates_with(scaled.is_some()),
            scaled,
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
            sums: vec![vec![0.0; ks.len()]; self.candidates.len()],
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
        // Three parameters need three samples of some task: with fewer the scaled fits would
        // stay where the full data's optimum started them (a leak of the full data into the
        // subsample), so they are absent from such a subsample (NaN: see `Evidence`); so too
        // where the subsample has more distinct counts than the forecasts fit unasked (a
        // series of few distinct counts can thin into thousands).
        let scaled = self
            .scaled
            .filter(|_| g.n_max() >= 3 && too_many_groups(&g).is_none())
            .map(|full| near_fits(&g, &full));
        let predictors = scaled
            .as_ref()
            .map(|(data, fits)| fits.map(|f| Predictor::new(f, data, &g)));
        for (j, e) in est.pass_at_ks(&cur.ks).iter().enumerate() {
            let nan = f64::NAN;
            let k = cur.ks[j] as f64;
            let scaled = |i: usize| predictors.as_ref().map_or(nan, |p| p[i].pass_at_k(k));
            let values = e.bases(scaled);
            for (i, c) in self.candidates.iter().enumerate() {
                cur.sums[i][j] += (c.value(&values) - cur.truth[j]).abs();
            }
            let t = cur.truth[j];
            cur.signed.push(values.map(|v| (v - t) as f32));
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
        Backtest::from_levels(self.levels, self.repeats, &self.candidates)
    }
}

/// A subsample's scaled Beta and Kumaraswamy, each from the full fit's optimum
/// ([`fit_scaled_near`]), with the data they were fitted to.
fn near_fits(g: &Groups, full: &[ScaledFit; 2]) -> (ScaledData, [ScaledFit; 2]) {
    let data = ScaledData::new(g);
    let sb = fit_scaled_near(&data, Distribution::ScaledBeta, &full[0]);
    let ku = fit_scaled_near(&data, Distribution::Kumaraswamy, &full[1]);
    (data, [sb, ku])
}

impl Backtest {
    /// The candidates it measured.
    pub fn candidates(&self) -> Vec<Estimator> {
        self.mae.iter().map(|m| m.0).collect()
    }

    /// The backtest of finished levels (their rows in the order of `candidates`): ratios 2,
    /// 4, … up to the largest measured, and the error of each candidate at a ratio the mean
    /// over the levels that measured it.
    pub fn from_levels(levels: Vec<Level>, repeats: u64, candidates: &[Estimator]) -> Backtest {
        let max_j = levels.iter().map(Level::width).max().unwrap_or(0);
        let ratios: Vec<u64> = (1..=max_j).map(|j| 1u64 << j).collect();
        let mae = candidates
            .iter()
            .copied()
            .enumerate()
            .map(|(i, c)| {
                let per_ratio = (0..max_j)
                    .map(|j| {
                        let vals: Vec<f64> = levels
                            .iter()
                            .filter_map(|l| l.mae.get(i)?.get(j).copied().flatten())
                            .collect();
                        (!vals.is_empty()).then(|| vals.iter().sum::<f64>() / vals.len() as f64)
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
/// subsample size of the smallest n. The scaled fits are fitted here ([`BacktestRun::new`]).
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
