//! The `passk-report/1` document: one JSON schema for the page's download and the `passk
//! report` command line. Every value not computed is `null`, never invented.

use std::collections::BTreeMap;

use serde::Serialize;

use super::bands::bootstrap_bands;
use super::beta_binomial::{fit_bb, BbFit, PARAM_MAX};
use super::cover::{auc_plus_matrix, cover_plugin, cover_posterior, CoverSteps, Tau};
use super::cv::{cv_elpd, CvElpd};
use super::dataset::{Dataset, Groups};
use super::extrapolate::{doubling_budgets, LogitLine};
use super::interval::{credible_interval, Interval, Metric, Prior};
use super::pass_at_k::{mean_pass_at_k, mean_pass_hat_k, naive_pass_at_k, naive_pass_hat_k};
use super::zoibb::{fit_zoibb, linmix_pass_at_k, ZoibbFit};

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
    let g = ds.groups();
    let summary = ds.summary();
    let empty = g.is_empty();
    let s = &opts.settings;
    let prior = Prior {
        alpha: s.prior[0],
        beta: s.prior[1],
    };
    let fits = (!empty).then(|| {
        let bb = fit_bb(&g);
        let z = fit_zoibb(&g, &bb);
        (bb, z)
    });
    let mut warnings = data_warnings(&g, fits.as_ref(), opts);
    let line = extrapolation_line(&g);
    if !empty && line.is_none() {
        warnings.push(format!(
            "extrapolated is null: fewer than 3 usable points at k = 1, 2, 4, … ≤ n_min = {}",
            g.n_min()
        ));
    }
    let bands = (s.bootstrap > 0 && !empty).then(|| bootstrap_bands(ds, &opts.ks, s));
    let mut pass_at_k = Vec::with_capacity(opts.ks.len());
    let mut pass_hat_k = Vec::with_capacity(opts.ks.len());
    for (i, &k) in opts.ks.iter().enumerate() {
        let kf = k as f64;
        let comb = if empty {
            None
        } else {
            mean_pass_at_k(&g, k).ok()
        };
        if let (false, Err(e)) = (empty, mean_pass_at_k(&g, k)) {
            warnings.push(format!("{e}: combinatorial pass@{k} and pass^{k} are null"));
        }
        let interval = |m| (!empty).then(|| credible_interval(&g, k, prior, s.confidence, m));
        let fitted =
            |f: &dyn Fn(&BbFit, &ZoibbFit) -> f64| fits.as_ref().and_then(|(b, z)| finite(f(b, z)));
        pass_at_k.push(PassAtKRow {
            k,
            combinatorial: comb,
            naive: finite(g.mean(|t| naive_pass_at_k(t, kf))),
            bb: fitted(&|b, _| b.pass_at_k(&g, kf)),
            zoibb: fitted(&|_, z| z.pass_at_k(&g, kf)),
            linmix: fitted(&|b, z| linmix_pass_at_k(&g, b, z, kf, s.linmix[0], s.linmix[1])),
            extrapolated: line.map(|l| l.predict(kf)),
            interval: interval(Metric::PassAtK),
            bootstrap: bands.as_ref().map(|b| b[i].clone()),
        });
        pass_hat_k.push(PassHatKRow {
            k,
            combinatorial: if empty {
                None
            } else {
                mean_pass_hat_k(&g, k).ok()
            },
            naive: finite(g.mean(|t| naive_pass_hat_k(t, kf))),
            bb: fitted(&|b, _| b.pass_hat_k(&g, kf)),
            zoibb: fitted(&|_, z| z.pass_hat_k(&g, kf)),
            interval: interval(Metric::PassHatK),
        });
    }
    let cover = opts
        .taus
        .iter()
        .map(|&tau| CoverRow {
            tau: tau.value(),
            plugin: (!empty).then(|| cover_plugin(&g, tau)),
            bb: fits
                .as_ref()
                .and_then(|(b, _)| finite(cover_posterior(&g, b.a, b.b, tau.value()))),
        })
        .collect();
    ModelReport {
        name: ds.name.clone(),
        tasks: summary.tasks,
        samples: summary.samples,
        n_min: (!empty).then_some(summary.n_min),
        n_max: (!empty).then_some(summary.n_max),
        bb: fits.map(|f| f.0),
        zoibb: fits.map(|f| f.1),
        cv_elpd: fits.and_then(|(b, _)| cv_elpd(ds, s.folds, &b)),
        pass_at_k,
        pass_hat_k,
        cover,
        rejected,
        warnings,
    }
}

/// Plain-language warnings about the data and the fits (spec §4: degenerate data, the
/// binomial-limit failure mode, ZOIBB's collapse, identifiability).
pub fn data_warnings(g: &Groups, fits: Option<&(BbFit, ZoibbFit)>, opts: &Options) -> Vec<String> {
    let mut w = Vec::new();
    if g.is_empty() {
        w.push("no valid tasks: every value is null".to_string());
        return w;
    }
    let Some((bb, z)) = fits else { return w };
    let all = |f: &dyn Fn(super::pass_at_k::Counts) -> bool| g.iter().all(|(t, _)| f(t));
    let first = g.iter().next().map(|(t, _)| t);
    if !bb.identifiable {
        w.push(
            "every task has n = 1: only a/(a+b) is identified; (a, b) is reported with a·b = 1, \
             and BB/ZOIBB/LinMix pass@k for k ≥ 2 rests on that convention"
                .to_string(),
        );
    } else if all(&|t| t.c() == 0) {
        w.push("every task has c = 0: the likelihood has no interior maximum; the fit is the boundary maximiser (at_bound)".to_string());
    } else if all(&|t| t.c() == t.n()) {
        w.push("every task has c = n: the likelihood has no interior maximum; the fit is the boundary maximiser (at_bound)".to_string());
    } else if g.tasks() == 1 {
        w.push("only one task: the likelihood has no interior maximum; the fit is the boundary maximiser (at_bound)".to_string());
    } else if let Some(f) = first {
        if all(&|t| t.c() as u128 * f.n() as u128 == f.c() as u128 * t.n() as u128) {
            w.push(
                "every task has the same c/n: the fit runs to the boundary (at_bound)".to_string(),
            );
        }
    }
    let beyond: Vec<String> = opts
        .ks
        .iter()
        .filter(|&&k| k > g.n_max())
        .map(|k| k.to_string())
        .collect();
    let at = if beyond.is_empty() {
        String::new()
    } else {
        format!(" at k = {} (beyond n)", beyond.join(", "))
    };
    if bb.binomial_limit() {
        w.push(format!(
            "BB fit ran to the binomial limit (a + b = {:.4e}, at the edge {PARAM_MAX:e}): every task gets the \
             pooled rate, so BB and LinMix pass@k{at} rest on a degenerate fit and are likely overestimated",
            bb.a + bb.b
        ));
    } else if bb.at_bound {
        w.push(format!(
            "BB fit at the edge of the box (a = {:.4e}, b = {:.4e})",
            bb.a, bb.b
        ));
    }
    if z.collapsed() {
        w.push(format!(
            "ZOIBB's Beta part collapsed to a point mass (a + b = {:.4e}; π0 = {:.4}, π1 = {:.4}): ZOIBB and \
             LinMix pass@k{at} rest on a degenerate fit and are likely underestimated",
            z.a + z.b,
            z.pi0,
            z.pi1
        ));
    }
    if !bb.converged || !z.converged {
        w.push(
            "an optimiser stopped at its iteration limit: fitted values may be inexact".to_string(),
        );
    }
    w
}

/// The logit-linear line through the combinatorial values at k = 1, 2, 4, … ≤ n_min.
pub fn extrapolation_line(g: &Groups) -> Option<LogitLine> {
    let pts: Vec<(u64, f64)> = doubling_budgets(g.n_min())
        .into_iter()
        .filter_map(|k| mean_pass_at_k(g, k).ok().map(|p| (k, p)))
        .collect();
    LogitLine::fit(&pts)
}

/// The report of several series; `rejected[i]` are the rows rejected for series i.
pub fn build_report(datasets: &[Dataset], rejected: Vec<Vec<Rejected>>, opts: &Options) -> Report {
    let mut rejected = rejected.into_iter();
    let models: Vec<ModelReport> = datasets
        .iter()
        .map(|ds| model_report(ds, rejected.next().unwrap_or_default(), opts))
        .collect();
    let comparison = (datasets.len() >= 2).then(|| {
        let steps: Vec<CoverSteps> = datasets
            .iter()
            .map(|d| CoverSteps::new(&d.groups()))
            .collect();
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
