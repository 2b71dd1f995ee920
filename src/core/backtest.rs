//! "Which estimator should I trust?": pretend fewer samples were drawn, extrapolate with
//! every estimator from the subsample, and measure the error against the unbiased estimate
//! of the full counts; then choose the estimator that extrapolated best at the ratios the
//! user extrapolates to, and say how much more samples would help.

use serde::Serialize;

use super::beta_binomial::{fit_bb_data, moments_start, Search};
use super::bootstrap::SplitMix64;
use super::dataset::{Dataset, Groups};
use super::estimates::{unbiased_pass_at_k, Estimates, Fits};
use super::fit::config;
use super::likelihood::BbData;
use super::math::Det;
use super::pass_at_k::Counts;
use super::report::Settings;
use super::sample::Hypergeometric;
use super::zoibb::fit_zoibb_data;

/// The mixing weights tried besides LinMix: w·ZOIBB + (1 − w)·BB.
pub const WEIGHTS: [f64; 11] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/// Relative margin within which a simpler estimator wins a tie.
pub const TIE: f64 = 0.01;

/// A candidate estimator, in order of simplicity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Candidate {
    /// 1 − (1 − c/n)^k.
    Naive,
    /// Beta-Binomial.
    Bb,
    /// Zero/one-inflated BB.
    Zoibb,
    /// LinMix (weights by samples per task).
    LinMix,
    /// A fixed mix w·ZOIBB + (1 − w)·BB.
    Mix(f64),
}

impl Candidate {
    /// Every candidate, simplest first.
    pub fn all() -> Vec<Candidate> {
        let mut v = vec![
            Candidate::Naive,
            Candidate::Bb,
            Candidate::Zoibb,
            Candidate::LinMix,
        ];
        v.extend(WEIGHTS.iter().map(|&w| Candidate::Mix(w)));
        v
    }

    /// The key of its errors in the report (`naive`, `bb`, `zoibb`, `linmix`, `mix_0.3`).
    pub fn key(&self) -> String {
        match self {
            Candidate::Naive => "naive".into(),
            Candidate::Bb => "bb".into(),
            Candidate::Zoibb => "zoibb".into(),
            Candidate::LinMix => "linmix".into(),
            Candidate::Mix(w) => format!("mix_{w:.1}"),
        }
    }

    /// A label for people.
    pub fn label(&self) -> String {
        match self {
            Candidate::Naive => "naive".into(),
            Candidate::Bb => "BB".into(),
            Candidate::Zoibb => "ZOIBB".into(),
            Candidate::LinMix => "LinMix".into(),
            Candidate::Mix(w) => format!("mix w = {w:.1}"),
        }
    }

    /// The ZOIBB weight of a fixed mix (BB 0, ZOIBB 1; None for naive and LinMix).
    pub fn weight(&self) -> Option<f64> {
        match self {
            Candidate::Bb => Some(0.0),
            Candidate::Zoibb => Some(1.0),
            Candidate::Mix(w) => Some(*w),
            _ => None,
        }
    }

    /// Its dataset value from the BB, ZOIBB, LinMix and naive values.
    pub fn value(&self, naive: f64, bb: f64, zoibb: f64, linmix: f64) -> f64 {
        match self {
            Candidate::Naive => naive,
            Candidate::Bb => bb,
            Candidate::Zoibb => zoibb,
            Candidate::LinMix => linmix,
            Candidate::Mix(w) => w * zoibb + (1.0 - w) * bb,
        }
    }
}

/// The backtest of one series.
#[derive(Debug, Clone, PartialEq)]
pub struct Backtest {
    /// Extrapolation ratios ρ = k/m′ measured: 2, 4, 8, …
    pub ratios: Vec<u64>,
    /// Per candidate (in [`Candidate::all`] order), the mean absolute error at each ratio.
    pub mae: Vec<(Candidate, Vec<f64>)>,
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
            sums: vec![vec![0.0; ks.len()]; Candidate::all().len()],
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
        let candidates = Candidate::all();
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
        let candidates = Candidate::all();
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

/// The estimator chosen for extrapolating, and how far to trust it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Auto {
    /// The chosen candidate's key.
    pub estimator: String,
    /// Its ZOIBB weight, for BB, ZOIBB and the mixes.
    pub weight: Option<f64>,
    /// Its backtest error at the ratios it was chosen for (None: unbacked).
    pub error: Option<f64>,
    /// The measured ratio buckets it was chosen for (empty: unbacked).
    pub ratios: Vec<u64>,
    /// Why it was chosen.
    #[serde(skip)]
    pub reason: String,
    /// The candidate.
    #[serde(skip)]
    pub candidate: Option<Candidate>,
}

/// The ratio bucket of an extrapolation ratio: the power of two at or above it.
pub fn bucket(rho: f64) -> u64 {
    if rho.is_nan() || rho <= 1.0 {
        return 1;
    }
    let b = rho.log2().ceil().clamp(0.0, 62.0) as u32;
    1u64 << b
}

/// Chooses among the candidates the one with the smallest mean error over the buckets of
/// `target_ratios` that were measured (ties within 1 % relative go to the simpler one); when
/// none of them was measured, the choice at the largest measured ratio, reported unbacked.
pub fn choose(bt: &Backtest, target_ratios: &[f64]) -> Auto {
    let mut buckets: Vec<usize> = target_ratios
        .iter()
        .filter_map(|&r| bt.ratios.iter().position(|&x| x == bucket(r)))
        .collect();
    buckets.sort_unstable();
    buckets.dedup();
    let ratios: Vec<u64> = buckets.iter().map(|&j| bt.ratios[j]).collect();
    let backed = !buckets.is_empty();
    let cols: Vec<usize> = if backed {
        buckets
    } else {
        bt.ratios.len().checked_sub(1).into_iter().collect()
    };
    let score = |errs: &[f64]| {
        let v: Vec<f64> = cols
            .iter()
            .filter_map(|&j| errs.get(j).copied())
            .filter(|e| e.is_finite())
            .collect();
        if v.is_empty() {
            f64::INFINITY
        } else {
            v.iter().sum::<f64>() / v.len() as f64
        }
    };
    let best = bt
        .mae
        .iter()
        .map(|(_, e)| score(e))
        .fold(f64::INFINITY, f64::min);
    let Some((c, errs)) = bt.mae.iter().find(|(_, e)| score(e) <= best * (1.0 + TIE)) else {
        return Auto {
            estimator: "bb".into(),
            weight: Some(0.0),
            error: None,
            ratios: Vec::new(),
            reason: "no ratio could be measured; BB is used".into(),
            candidate: Some(Candidate::Bb),
        };
    };
    let err = score(errs);
    Auto {
        estimator: c.key(),
        weight: c.weight(),
        error: backed.then_some(err).filter(|e| e.is_finite()),
        ratios,
        reason: if backed {
            format!(
                "smallest backtest error at the ratios extrapolated to ({:.2} points)",
                100.0 * err
            )
        } else {
            "the extrapolation goes beyond the largest ratio measured: unbacked".into()
        },
        candidate: Some(*c),
    }
}

/// The backtest error of a candidate at extrapolation ratio ρ (None beyond the largest
/// ratio measured: unbacked).
pub fn error_at(bt: &Backtest, c: Candidate, rho: f64) -> Option<f64> {
    let j = bt.ratios.iter().position(|&x| x == bucket(rho))?;
    bt.mae
        .iter()
        .find(|(x, _)| *x == c)
        .and_then(|(_, e)| e.get(j).copied())
        .filter(|e| e.is_finite())
}

/// "Would more samples help?": for each number of samples per task m (the subsample sizes
/// and the full n), the expected extrapolation error of `c` at budget `k`, read from the
/// backtest at the ratio k/m (None where that ratio was not measured, and where m ≥ k: no
/// extrapolation is needed there, the unbiased estimator applies).
pub fn more_samples(bt: &Backtest, c: Candidate, k: u64, n: u64) -> Vec<(u64, Option<f64>)> {
    let mut ms: Vec<u64> = bt.levels.iter().map(|l| l.0).collect();
    ms.push(n);
    ms.sort_unstable();
    ms.dedup();
    ms.into_iter()
        .map(|m| {
            (
                m,
                if k <= m {
                    None
                } else {
                    error_at(bt, c, k as f64 / m as f64)
                },
            )
        })
        .collect()
}

/// The backtest as the report writes it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BacktestReport {
    /// Ratios ρ = k/m′.
    pub ratios: Vec<u64>,
    /// Mean absolute error per candidate key and ratio (null where not measured).
    pub mae: std::collections::BTreeMap<String, Vec<Option<f64>>>,
    /// The estimator chosen for the ratios the report's budgets extrapolate to.
    pub auto: Auto,
    /// Subsamples per shrink factor.
    pub repeats: u64,
}

impl BacktestReport {
    /// The report of a backtest and its choice.
    pub fn new(bt: &Backtest, auto: Auto) -> Self {
        BacktestReport {
            ratios: bt.ratios.clone(),
            mae: bt
                .mae
                .iter()
                .map(|(c, e)| {
                    (
                        c.key(),
                        e.iter()
                            .map(|v| Some(*v).filter(|v| v.is_finite()))
                            .collect(),
                    )
                })
                .collect(),
            auto,
            repeats: bt.repeats,
        }
    }
}
