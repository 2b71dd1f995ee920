//! The rows and documents of `passk-report/2` (`passk-report/1` named `logit_line` `extrapolated`: still read).

use std::collections::BTreeMap;

use crate::analysis::backtest::schema::BacktestReport;
use crate::analysis::bands::Band;
use crate::analysis::compare::all::Comparison;
use crate::analysis::cv::CvElpd;
use crate::analysis::forecast::SeriesForecast;
use crate::data::errors::ErrorCounts;
use crate::estimators::bayes_at_n::BayesAtN;
use crate::estimators::beta_binomial::BbFit;
use crate::estimators::interval::Interval;
use crate::estimators::kind::Estimator;
use crate::estimators::unbiased::ShortTasks;
use crate::estimators::zoibb::ZoibbFit;
use crate::settings::Settings;
use serde::{Deserialize, Deserializer, Serialize};

use crate::data::rejected::Rejected;

/// The schema identifier.
pub const SCHEMA: &str = "passk-report/2";

/// The schema before `extrapolated` was named `logit_line` (issue 68): still read.
pub const SCHEMA_1: &str = "passk-report/1";

/// One row of the pass@k table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    /// Scaled-Beta posterior predictive (with forecasts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scaled_beta: Option<f64>,
    /// Scaled-Kumaraswamy posterior predictive (with forecasts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kumaraswamy: Option<f64>,
    /// The logit line: logit(pass@k) fitted as a straight line in ln k through the unbiased
    /// values at k = 1, 2, 4, … ≤ n, and extended — a heuristic, not the data's value at k
    /// (`extrapolated` in passk-report/1, read under either name).
    #[serde(alias = "extrapolated")]
    pub logit_line: Option<f64>,
    /// Bayesian credible interval.
    pub interval: Option<Interval>,
    /// Bootstrap bands per estimator (null when off).
    pub bootstrap: Option<BTreeMap<String, Band>>,
    /// The backtested choice: the unbiased value where defined, else the estimator the
    /// backtest chose (present only with a backtest).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    pub auto: Option<Option<f64>>,
    /// The expected absolute error of `auto` where it extrapolates (k > n): the backtest's
    /// at this ratio k/n_min, grown with the distance beyond the largest ratio it measured
    /// (`core::analysis::backtest::choose::expected_error`); absent where `auto` is the
    /// unbiased value or nothing was measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_error: Option<f64>,
    /// Why the unbiased values are null here (not written: the warnings say it).
    #[serde(skip)]
    pub short: Option<ShortTasks>,
    /// The standard errors of the unbiased value.
    pub se: StdErrors,
}

impl PassAtKRow {
    /// The value of a charted estimator in this row (None where it is null or not a column).
    pub fn value(&self, e: Estimator) -> Option<f64> {
        match e {
            Estimator::Combinatorial => self.combinatorial,
            Estimator::Naive => self.naive,
            Estimator::Bb => self.bb,
            Estimator::Zoibb => self.zoibb,
            Estimator::LinMix => self.linmix,
            Estimator::ScaledBeta => self.scaled_beta,
            Estimator::Kumaraswamy => self.kumaraswamy,
            Estimator::Extrapolated => self.logit_line,
            Estimator::Auto => self.auto.flatten(),
            Estimator::Majority | Estimator::BestOf | Estimator::Mix(_) => None,
        }
    }
}

/// The standard errors of the unbiased pass@k at one budget; null where undefined, with the
/// reason in `why_null`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct StdErrors {
    /// Over tasks (a sample from a population of tasks): sd(Ĝ_i, ddof 1)/√T.
    pub tasks: Option<f64>,
    /// Over the samples drawn per task only: √(Σ V̂_i)/T.
    pub sampling: Option<f64>,
    /// Cluster-robust over the groups the input names (null without a group column).
    pub clustered: Option<f64>,
    /// Why a value is null, by its key (absent when none is).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub why_null: BTreeMap<String, String>,
}

/// G-Pass@k_τ of a series at one budget and threshold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GPassRow {
    /// Budget (at most the smallest n).
    pub k: u64,
    /// Threshold τ.
    pub tau: f64,
    /// Mean over tasks of P(at least ⌈τk⌉ of k samples pass).
    pub value: f64,
    /// Bayesian interval (scorio's `g_pass_at_k_tau_ci`; absent for k > 1,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

/// mG-Pass@k of a series at one budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MgPassRow {
    /// Budget (at most the smallest n).
    pub k: u64,
    /// (2/k)·Σ_{i=⌈k/2⌉+1}^{k} G-Pass@k_{i/k}, averaged over tasks.
    pub value: f64,
    /// Bayesian interval (scorio's `mg_pass_at_k_ci`; absent for k > 1,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

/// A value of a series at one budget, with its Bayesian interval (strict maj@k, AUC@k).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KInterval {
    /// Budget (at most the smallest n).
    pub k: u64,
    /// The unbiased value, averaged over tasks.
    pub value: f64,
    /// Bayesian interval (absent for k > 1,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

/// The TailPass@k profile of a series at one budget: at each threshold r/k (r = 1..=k) the
/// posterior mean, sd and normal interval of the share of tasks whose k fresh samples would
/// have at least r passes (scorio's `tailpass(R, k).ci(method="normal")`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TailPassRow {
    /// Budget (any k ≥ 1 up to 100).
    pub k: u64,
    /// Posterior means, r = 1..=k (r = 1 is pass@k's, r = k pass^k's).
    pub mean: Vec<f64>,
    /// Posterior sds.
    pub sd: Vec<f64>,
    /// Lower bounds.
    pub lo: Vec<f64>,
    /// Upper bounds.
    pub hi: Vec<f64>,
    /// The moment utility E\[(J/k)²\] (scorio's `moment_ci(2)`).
    pub moment2: Interval,
}

/// A value of a series at one budget (maj@k, BoN@k).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KValue {
    /// Budget (at most the smallest n).
    pub k: u64,
    /// The value, averaged over tasks.
    pub value: f64,
}

/// One row of the pass^k table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    /// Scaled-Beta posterior predictive (with forecasts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scaled_beta: Option<f64>,
    /// Scaled-Kumaraswamy posterior predictive (with forecasts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kumaraswamy: Option<f64>,
    /// Bayesian credible interval.
    pub interval: Option<Interval>,
}

/// One Cover@τ row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CoverRow {
    /// Threshold.
    pub tau: f64,
    /// Plug-in share of tasks with c/n ≥ τ.
    pub plugin: Option<f64>,
    /// Posterior Cover@τ under the BB fit.
    pub bb: Option<f64>,
}

/// The report for one series.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
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
    /// G-Pass@k_τ for every k of the k list with k ≤ the smallest n and every τ of the G-Pass
    /// τ list.
    pub g_pass_at_k: Vec<GPassRow>,
    /// mG-Pass@k for the same budgets.
    pub mg_pass_at_k: Vec<MgPassRow>,
    /// Strict maj@k of pass/fail samples (more than half of k pass; scorio's `maj_at_k`) for
    /// the same budgets.
    #[serde(default)]
    pub maj_strict_at_k: Vec<KInterval>,
    /// AUC@k, the area under pass@1..pass@k by the trapezoid rule over the width k − 1
    /// (scorio's `auc_at_k`), for the same budgets.
    #[serde(default)]
    pub auc_at_k: Vec<KInterval>,
    /// Geom@k: each task's √(pass@k · pass^k), averaged (scorio's `geom_at_k`), for the same
    /// budgets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub geom_at_k: Vec<KInterval>,
    /// Geom_ds@k: √(pass@k · pass^k) of the dataset's means (scorio's `geom_ds_at_k`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub geom_ds_at_k: Vec<KInterval>,
    /// GeoSpectrum*@k: √(pass@k · mG-Pass@k) of the dataset (scorio's `geo_spectrum_at_k`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub geo_spectrum_at_k: Vec<KInterval>,
    /// TailPass@k profiles for the budgets of the k list up to 100 (any k: posterior only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tailpass: Vec<TailPassRow>,
    /// avg@N: the mean success rate with scorio's `avg_ci` interval (not clipped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avg_at_n: Option<Interval>,
    /// maj@k for the same budgets, when every task's samples gave answers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub maj_at_k: Vec<KValue>,
    /// BoN@k (best of k by score) for the same budgets, when every sample was scored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bon_at_k: Vec<KValue>,
    /// max@k (the graded reward of the best-scored of k samples) for the same budgets, when
    /// every sample was scored and given a graded reward.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub max_at_k: Vec<KValue>,
    /// Max@k of graded rewards (the best reward among k samples, the reward ranking them;
    /// scorio's `max_at_k`, its interval `max_at_k_ci`'s) for the same budgets, when the
    /// series has a rubric (`--rubric`, or its samples' graded rewards).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub max_reward_at_k: Vec<KInterval>,
    /// Bayes@N of the rubric-weighted score, when a rubric was given or the samples carry
    /// graded rewards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bayes_at_n: Option<BayesAtN>,
    /// The samples the input marked as errors and what the error policy changed (absent
    /// when there were none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<ErrorCounts>,
    /// The training step the series' samples were drawn at, when the input named one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<u64>,
    /// Rejected input rows.
    pub rejected: Vec<Rejected>,
    /// Plain-language warnings.
    pub warnings: Vec<String>,
    /// The backtest (present only when asked for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backtest: Option<BacktestReport>,
    /// The forecasts, with `forecast`: the fields `scaled_beta`, `kumaraswamy`, `scaling`,
    /// `reach` and `forecast_curves`.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub forecast: Option<SeriesForecast>,
}

/// AUC⁺ comparison of two or more series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AucComparison {
    /// auc_cover_plus\[i\]\[j\] = AUC⁺(series i over series j), plug-in G.
    pub auc_cover_plus: Vec<Vec<f64>>,
    /// Mean of row i over the other series.
    pub avg_auc_cover_plus: Vec<f64>,
}

/// The whole document.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Report {
    /// Always [`SCHEMA`].
    pub schema: Schema,
    /// Budgets.
    pub k: Vec<u64>,
    /// Thresholds.
    pub tau: Vec<f64>,
    /// Thresholds of G-Pass@k_τ.
    pub g_tau: Vec<f64>,
    /// Settings used.
    pub settings: Settings,
    /// One entry per series, in input order.
    pub models: Vec<ModelReport>,
    /// Present with two or more series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comparison: Option<AucComparison>,
    /// Every pair's paired test at each k, the crossovers and the ranks (`comparisons`,
    /// `crossovers`, `ranks`, with `family` and `skipped`), as `passk compare` prints them:
    /// present when two or more series share task ids.
    #[serde(flatten)]
    pub pairwise: Option<Comparison>,
}

/// A field written only when present: present (even as null) reads as `Some`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<f64>>, D::Error> {
    Option::<f64>::deserialize(d).map(Some)
}

/// The schema identifier, written as [`SCHEMA`] (reading anything else is an error).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Schema;

impl Serialize for Schema {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(SCHEMA)
    }
}

impl<'de> Deserialize<'de> for Schema {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s == SCHEMA || s == SCHEMA_1 {
            Ok(Schema)
        } else {
            Err(serde::de::Error::custom(format!(
                "schema {s:?}, expected {SCHEMA:?}"
            )))
        }
    }
}
