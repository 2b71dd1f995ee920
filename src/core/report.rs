//! The `passk-report/1` document: one JSON schema for the page's download and the `passk
//! report` command line. Every value not computed is `null`, never invented.

use std::collections::BTreeMap;

use serde::Serialize;

use super::backtest::{backtest, choose, Auto, Backtest, BacktestReport, Candidate};
use super::bands::bootstrap_bands;
use super::beta_binomial::BbFit;
use super::cover::{auc_plus_matrix, cover_plugin, cover_posterior, CoverSteps, Tau};
use super::cv::{cv_elpd, CvElpd};
use super::dataset::Dataset;
use super::estimates::Estimates;
use super::fit::{config, SeriesFit};
use super::interval::Interval;
use super::warnings::data_warnings;
use super::zoibb::ZoibbFit;

/// The schema identifier.
pub const SCHEMA: &str = "passk-report/1";

/// The default budgets.
pub const DEFAULT_KS: [u64; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/// Analysis settings (the CLI's flags; the page's controls).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Settings {
    /// LinMix (m_low, m_high).
    pub linmix: [f64; 2],
    /// Beta prior (α0, β0) of the credible interval.
    pub prior: [f64; 2],
    /// Two-sided level of the interval.
    pub confidence: f64,
    /// CV-ELPD folds.
    pub folds: u64,
    /// Task-bootstrap resamples (0 = off).
    pub bootstrap: u64,
    /// Seed of every resampling.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            linmix: [10.0, 50.0],
            prior: [1.0, 1.0],
            confidence: 0.95,
            folds: 10,
            bootstrap: 0,
            seed: 0,
        }
    }
}

/// What to report.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Budgets, sorted and de-duplicated.
    pub ks: Vec<u64>,
    /// Thresholds for Cover@τ rows.
    pub taus: Vec<Tau>,
    /// Everything else.
    pub settings: Settings,
    /// Whether to compute CV-ELPD (ten refits per series; the page's table skips it, its
    /// download and the command line do not).
    pub cv: bool,
    /// Backtest repeats (None: no backtest).
    pub backtest: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ks: DEFAULT_KS.to_vec(),
            taus: ["0.2", "0.8"]
                .iter()
                .filter_map(|t| Tau::parse(t).ok())
                .collect(),
            settings: Settings::default(),
            cv: true,
            backtest: None,
        }
    }
}

/// A rejected input row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rejected {
    /// The file (or `stdin`, or `pasted text`).
    pub file: String,
    /// 1-based line number.
    pub line: u64,
    /// Why it was rejected.
    pub reason: String,
}

impl Rejected {
    /// `file:line: reason`, or `file: reason` for a whole document (line 0).
    pub fn located(&self) -> String {
        if self.line == 0 {
            format!("{}: {}", self.file, self.reason)
        } else {
            format!("{}:{}: {}", self.file, self.line, self.reason)
        }
    }
}

/// A percentile band.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Band {
    /// 2.5th percentile.
    pub lo: f64,
    /// 97.5th percentile.
    pub hi: f64,
}

/// One row of the pass@k table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PassAtKRow {
    /// Budget.
    pub k: u64,
    /// Unbiased combinatorial estimate (null when some task has n < k).
    pub combinatorial: Option<f64>,
    /// Naive plug-in.
    pub naive: Option<f64>,
    /// Beta-Binomial posterior predictive.
    pub bb: Option<f64>,
    /// ZOIBB posterior predictive.
    pub zoibb: Option<f64>,
    /// LinMix.
    pub linmix: Option<f64>,
    /// Logit-linear extrapolation in ln k.
    pub extrapolated: Option<f64>,
    /// Bayesian credible interval.
    pub interval: Option<Interval>,
    /// Bootstrap bands per estimator (null when off).
    pub bootstrap: Option<BTreeMap<String, Band>>,
    /// The backtested choice: the unbiased value where defined, else the estimator the
    /// backtest chose (present only with a backtest).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto: Option<Option<f64>>,
}

/// One row of the pass^k table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PassHatKRow {
    /// Budget.
    pub k: u64,
    /// Unbiased combinatorial estimate.
    pub combinatorial: Option<f64>,
    /// Naive plug-in (c/n)^k.
    pub naive: Option<f64>,
    /// Beta-Binomial posterior predictive.
    pub bb: Option<f64>,
    /// ZOIBB posterior predictive.
    pub zoibb: Option<f64>,
    /// Bayesian credible interval.
    pub interval: Option<Interval>,
}

/// One Cover@τ row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CoverRow {
    /// Threshold.
    pub tau: f64,
    /// Plug-in share of tasks with c/n ≥ τ.
    pub plugin: Option<f64>,
    /// Posterior Cover@τ under the BB fit.
    pub bb: Option<f64>,
}

/// The report for one series.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModelReport {
    /// Series name.
    pub name: String,
    /// Number of tasks.
    pub tasks: u64,
    /// Total samples.
    pub samples: u64,
    /// Smallest n.
    pub n_min: Option<u64>,
    /// Largest n.
    pub n_max: Option<u64>,
    /// Beta-Binomial fit.
    pub bb: Option<BbFit>,
    /// ZOIBB fit.
    pub zoibb: Option<ZoibbFit>,
    /// Cross-validated expected log predictive densities.
    pub cv_elpd: Option<CvElpd>,
    /// pass@k rows, one per budget.
    pub pass_at_k: Vec<PassAtKRow>,
    /// pass^k rows, one per budget.
    pub pass_hat_k: Vec<PassHatKRow>,
    /// Cover@τ rows.
    pub cover: Vec<CoverRow>,
    /// Rejected input rows.
    pub rejected: Vec<Rejected>,
    /// Plain-language warnings.
    pub warnings: Vec<String>,
    /// The backtest (present only when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backtest: Option<BacktestReport>,
}

/// AUC⁺ comparison of two or more series.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// auc_cover_plus\[i\]\[j\] = AUC⁺(series i over series j), plug-in G.
    pub auc_cover_plus: Vec<Vec<f64>>,
    /// Mean of row i over the other series.
    pub avg_auc_cover_plus: Vec<f64>,
}

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Always [`SCHEMA`].
    pub schema: &'static str,
    /// Budgets.
    pub k: Vec<u64>,
    /// Thresholds.
    pub tau: Vec<f64>,
    /// Settings used.
    pub settings: Settings,
    /// One entry per series, in input order.
    pub models: Vec<ModelReport>,
    /// Present with two or more series.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comparison: Option<Comparison>,
}

fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

/// The report of one series.
pub fn model_report(ds: &Dataset, rejected: Vec<Rejected>, opts: &Options) -> ModelReport {
    model_report_fitted(ds, &SeriesFit::new(ds), rejected, opts)
}

/// The report of one series whose fits are already known.
pub fn model_report_fitted(
    ds: &Dataset,
    fit: &SeriesFit,
    rejected: Vec<Rejected>,
    opts: &Options,
) -> ModelReport {
    let g = &fit.groups;
    let summary = ds.summary();
    let empty = g.is_empty();
    let s = &opts.settings;
    let fits = fit.fits;
    let est = Estimates::new(g, fits, config(s));
    let mut warnings = data_warnings(g, fits.as_ref(), opts);
    let line = fit.line;
    if !empty && line.is_none() {
        warnings.push(format!(
            "extrapolated is null: fewer than 3 usable points at k = 1, 2, 4, … ≤ n_min = {}",
            g.n_min()
        ));
    }
    let bands = (s.bootstrap > 0 && !empty).then(|| bootstrap_bands(ds, &opts.ks, s));
    // The backtest, and its choice for the budgets beyond the smallest n.
    let backtested = match (opts.backtest, fits) {
        (Some(repeats), Some(f)) => {
            let n = g.n_min().max(1) as f64;
            let targets: Vec<f64> = opts
                .ks
                .iter()
                .map(|&k| k as f64 / n)
                .filter(|&r| r > 1.0)
                .collect();
            match backtest(ds, &f, s, repeats) {
                Ok(bt) => {
                    let auto = choose(&bt, &targets);
                    Some((bt, auto))
                }
                Err(e) => {
                    warnings.push(format!("backtest: {e}; BB is used for k > n"));
                    let auto = Auto {
                        estimator: "bb".into(),
                        weight: Some(0.0),
                        error: None,
                        ratios: Vec::new(),
                        reason: e.to_string(),
                        candidate: Some(Candidate::Bb),
                    };
                    Some((
                        Backtest {
                            ratios: vec![],
                            mae: vec![],
                            levels: vec![],
                            repeats,
                        },
                        auto,
                    ))
                }
            }
        }
        _ => None,
    };
    let mut pass_at_k = Vec::with_capacity(opts.ks.len());
    let mut pass_hat_k = Vec::with_capacity(opts.ks.len());
    for (i, e) in est.at_ks(&opts.ks).into_iter().enumerate() {
        let k = e.k;
        if let (false, Err(why)) = (empty, e.combinatorial) {
            warnings.push(format!(
                "{why}: combinatorial pass@{k} and pass^{k} are null"
            ));
        }
        let fin = |v: Option<f64>| v.and_then(finite);
        let interval = |i: Interval| (!empty).then_some(i);
        pass_at_k.push(PassAtKRow {
            k,
            combinatorial: e.combinatorial.ok(),
            naive: finite(e.naive),
            bb: fin(e.bb),
            zoibb: fin(e.zoibb),
            linmix: fin(e.linmix),
            extrapolated: line.map(|l| l.predict(k as f64)),
            interval: interval(e.interval),
            bootstrap: bands.as_ref().map(|b| b[i].clone()),
            auto: None,
        });
        pass_hat_k.push(PassHatKRow {
            k,
            combinatorial: e.combinatorial_hat.ok(),
            naive: finite(e.naive_hat),
            bb: fin(e.bb_hat),
            zoibb: fin(e.zoibb_hat),
            interval: interval(e.interval_hat),
        });
    }
    let cover = opts
        .taus
        .iter()
        .map(|&tau| CoverRow {
            tau: tau.value(),
            plugin: (!empty).then(|| cover_plugin(g, tau)),
            bb: fits.and_then(|f| finite(cover_posterior(g, f.bb.a, f.bb.b, tau.value()))),
        })
        .collect();
    let mut report = ModelReport {
        name: ds.name.clone(),
        tasks: summary.tasks,
        samples: summary.samples,
        n_min: (!empty).then_some(summary.n_min),
        n_max: (!empty).then_some(summary.n_max),
        bb: fits.map(|f| f.bb),
        zoibb: fits.map(|f| f.zoibb),
        cv_elpd: fits
            .filter(|_| opts.cv)
            .and_then(|f| cv_elpd(ds, s.folds, &f)),
        pass_at_k,
        pass_hat_k,
        cover,
        rejected,
        warnings,
        backtest: None,
    };
    if let Some((bt, auto)) = backtested {
        attach_backtest(&mut report, &bt, auto);
    }
    report
}

/// Adds a backtest to a series' report: its block, and in each pass@k row the `auto` value —
/// the unbiased estimate where it is defined, else the chosen estimator's.
pub fn attach_backtest(model: &mut ModelReport, bt: &Backtest, auto: Auto) {
    for row in &mut model.pass_at_k {
        let nan = f64::NAN;
        let chosen = auto.candidate.map(|c| {
            c.value(
                row.naive.unwrap_or(nan),
                row.bb.unwrap_or(nan),
                row.zoibb.unwrap_or(nan),
                row.linmix.unwrap_or(nan),
            )
        });
        row.auto = Some(row.combinatorial.or(chosen.and_then(finite)));
    }
    model.backtest = Some(BacktestReport::new(bt, auto));
}

/// The report of several series; `rejected[i]` are the rows rejected for series i.
pub fn build_report(datasets: &[Dataset], rejected: Vec<Vec<Rejected>>, opts: &Options) -> Report {
    let fits: Vec<SeriesFit> = datasets.iter().map(SeriesFit::new).collect();
    build_report_fitted(datasets, &fits, rejected, opts)
}

/// [`build_report`] with each series' fits already known (`fits[i]` of `datasets[i]`).
pub fn build_report_fitted(
    datasets: &[Dataset],
    fits: &[SeriesFit],
    rejected: Vec<Vec<Rejected>>,
    opts: &Options,
) -> Report {
    let mut rejected = rejected.into_iter();
    let models: Vec<ModelReport> = datasets
        .iter()
        .zip(fits)
        .map(|(ds, fit)| model_report_fitted(ds, fit, rejected.next().unwrap_or_default(), opts))
        .collect();
    let comparison = (datasets.len() >= 2).then(|| {
        let steps: Vec<CoverSteps> = fits.iter().map(|f| CoverSteps::new(&f.groups)).collect();
        let (auc_cover_plus, avg_auc_cover_plus) = auc_plus_matrix(&steps);
        Comparison {
            auc_cover_plus,
            avg_auc_cover_plus,
        }
    });
    Report {
        schema: SCHEMA,
        k: opts.ks.clone(),
        tau: opts.taus.iter().map(|t| t.value()).collect(),
        settings: opts.settings.clone(),
        models,
        comparison,
    }
}
