//! One replicate of the study: how its counts are drawn (subsampled from real counts, or
//! simulated from rates or a prior) with the reference they are scored against, and what
//! naive, BB, ZOIBB, LinMix and auto (whose candidates include the scaled Beta and the
//! Kumaraswamy) give on it.

use passk_core::analysis::backtest::BacktestRun;
use passk_core::data::Counts;
use passk_core::data::Dataset;
use passk_core::data::Groups;
use passk_core::data::InflatedBeta;
use passk_core::data::Task;
use passk_core::estimators::scaled::{Predictor, ScaledData};
use passk_core::eval::unbiased_pass_at_k;
use passk_core::eval::Estimates;
use passk_core::eval::{config, fit_series, SeriesFit};
use passk_core::num::sample::{binomial, Hypergeometric};
use passk_core::num::SplitMix64;
use passk_core::report::SeriesBacktest;
use passk_core::settings::Settings;

use super::real::Real;

/// Backtest repeats per shrink factor, as `passk report --backtest` and the page use.
pub const REPEATS: u64 = 20;

/// How a replicate's counts are drawn, and the reference they are scored against.
#[derive(Debug, Clone)]
pub enum Draw {
    /// Each task subsampled to m without replacement from its real counts; reference: the
    /// unbiased pass@k of the full counts.
    Subsample(Vec<Counts>),
    /// c ~ Binomial(m, p_i) from fixed per-task rates; reference: mean 1 − (1 − p_i)^k.
    Rates(Vec<f64>),
    /// `tasks` rates drawn from a prior each replicate, then as [`Draw::Rates`].
    Prior(InflatedBeta, usize),
}

/// A source of replicates: a label and one draw per series (a suite such as Pythia has
/// several series; a cell pools them).
#[derive(Debug, Clone)]
pub struct Source {
    /// What the table calls it.
    pub label: String,
    /// One draw per series.
    pub series: Vec<Draw>,
}

/// The real rates c/n of a series.
pub fn rates(r: &Real) -> Vec<f64> {
    r.counts.iter().map(|c| c.rate()).collect()
}

/// The fitted BB and ZOIBB priors of a real series.
pub fn fitted_priors(r: &Real) -> (InflatedBeta, InflatedBeta) {
    let f = fit_series(&Groups::new(r.counts.iter().copied())).expect("tasks");
    (
        InflatedBeta::new(0.0, 0.0, f.bb.a, f.bb.b),
        InflatedBeta::new(f.zoibb.pi0, f.zoibb.pi1, f.zoibb.a, f.zoibb.b),
    )
}

/// The simulation sources of a suite of real series: fitted BB, fitted ZOIBB, real rates.
pub fn simulated(suite: &str, reals: &[Real]) -> Vec<Source> {
    let fits: Vec<(InflatedBeta, InflatedBeta)> = reals.iter().map(fitted_priors).collect();
    let n = |r: &Real| r.counts.len();
    vec![
        Source {
            label: format!("{suite}: BB fit"),
            series: reals
                .iter()
                .zip(&fits)
                .map(|(r, f)| Draw::Prior(f.0, n(r)))
                .collect(),
        },
        Source {
            label: format!("{suite}: ZOIBB fit"),
            series: reals
                .iter()
                .zip(&fits)
                .map(|(r, f)| Draw::Prior(f.1, n(r)))
                .collect(),
        },
        Source {
            label: format!("{suite}: real rates"),
            series: reals.iter().map(|r| Draw::Rates(rates(r))).collect(),
        },
    ]
}

/// A subsampling source of real series.
pub fn subsampled(label: &str, reals: &[Real]) -> Source {
    Source {
        label: label.into(),
        series: reals
            .iter()
            .map(|r| Draw::Subsample(r.counts.clone()))
            .collect(),
    }
}

/// One replicate's counts (m per task) and its reference pass@k at each budget.
fn replicate(d: &Draw, m: u64, ks: &[u64], rng: &mut SplitMix64) -> (Vec<Counts>, Vec<f64>) {
    let from_rates = |p: &[f64], rng: &mut SplitMix64| {
        let counts = p
            .iter()
            .map(|&p| Counts::new(m, binomial(rng, m, p)).unwrap())
            .collect();
        let reference = ks
            .iter()
            .map(|&k| {
                let s: f64 = p.iter().map(|&p| -(k as f64 * (-p).ln_1p()).exp_m1()).sum();
                s / p.len() as f64
            })
            .collect();
        (counts, reference)
    };
    match d {
        Draw::Subsample(full) => {
            let counts = full
                .iter()
                .map(|t| {
                    let h = Hypergeometric::new(t.n(), t.c(), m);
                    Counts::new(m, h.sample(rng)).unwrap()
                })
                .collect();
            let g = Groups::new(full.iter().copied());
            let reference = ks
                .iter()
                .map(|&k| unbiased_pass_at_k(&g, k).expect("k ≤ n"))
                .collect();
            (counts, reference)
        }
        Draw::Rates(p) => from_rates(p, rng),
        Draw::Prior(prior, tasks) => {
            let p: Vec<f64> = (0..*tasks).map(|_| prior.draw(rng)).collect();
            from_rates(&p, rng)
        }
    }
}

/// What one replicate gives at one budget: the values of naive, BB, ZOIBB, LinMix and auto,
/// the reference, auto's choice and its stated error.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// naive, BB, ZOIBB, LinMix, auto.
    pub values: [f64; 5],
    /// The reference pass@k.
    pub reference: f64,
    /// Auto's choice (its key).
    pub chosen: String,
    /// Auto's stated error, if any.
    pub stated: Option<f64>,
    /// Whether the carried trends overturned the ranking at the decisive ratio.
    pub trend: bool,
    /// Whether no level separated the fitted candidates beyond noise.
    pub uninformed: bool,
}

/// Runs one replicate of one series at m samples per task: subsample or simulate, fit, run
/// the backtest (seeded by `seed`), and evaluate every estimator and auto at each budget.
pub fn run_replicate(d: &Draw, m: u64, ks: &[u64], seed: u64) -> Vec<Outcome> {
    let mut rng = SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ m);
    let (counts, reference) = replicate(d, m, ks, &mut rng);
    let ds = Dataset {
        name: "s".into(),
        tasks: counts.iter().map(|&c| Task::new(None, c)).collect(),
        meta: Default::default(),
    };
    let g = ds.groups();
    let fits = fit_series(&g).expect("tasks");
    let settings = Settings {
        seed,
        ..Settings::default()
    };
    let est = Estimates::new(&g, Some(fits), config(&settings));
    let fit = SeriesFit::new(&ds).with_scaled();
    let data = ScaledData::new(&g);
    let preds = fit.scaled.map(|s| s.map(|f| Predictor::new(f, &data, &g)));
    let bt = BacktestRun::with_scaled(&ds, &fits, fit.scaled, &settings, REPEATS).map(|mut run| {
        while run.step() {}
        run.finish()
    });
    est.pass_at_ks(ks)
        .iter()
        .zip(&reference)
        .map(|(e, &r)| {
            let nan = f64::NAN;
            let scaled = |i: usize| preds.as_ref().map_or(nan, |p| p[i].pass_at_k(e.k as f64));
            let bases = e.bases(scaled);
            let [naive, bb, zoibb, linmix, ..] = bases;
            let sb = SeriesBacktest::new("s", g.n_min(), &[e.k], REPEATS, bt.clone());
            let auto = sb.auto.estimator.value(&bases);
            Outcome {
                values: [naive, bb, zoibb, linmix, auto],
                reference: r,
                chosen: sb.auto.estimator.key(),
                stated: sb.auto.error,
                trend: sb.auto.trend_overturned,
                uninformed: sb.auto.informative.is_empty(),
            }
        })
        .collect()
}
