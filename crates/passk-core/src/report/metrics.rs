//! The registry of the per-budget metrics the results table shows after G-Pass@k: those with
//! an interval ([`METRICS`]) and those of the samples' answers and scores ([`VOTED`]). One
//! entry per metric — its key (the column's and the CSV's), its header, its definition, its
//! docs section, the report's field it reads, and for a metric the report computes from the
//! series and what the report holds already (as Max@k of rewards), its computation — from
//! which the report's rows ([`compute`]), the results table's header and cells, the column
//! picker, the CSV and Markdown/LaTeX exports and the Python package's list of report tables
//! are all made. A new metric of these kinds is its estimator, one entry here, its field in
//! the report's schema and its line in docs/estimators.md; tests (passk-view's
//! `tests/registry.rs`) check the registry against the report's fields both ways and against
//! docs/estimators.md's table.

use super::schema::{KInterval, KValue, ModelReport};
use crate::data::dataset::Dataset;
use crate::estimators::count_score::GENERAL_K_MAX;
use crate::estimators::interval::Interval;
use crate::estimators::max_reward::max_reward_at_k;
use crate::settings::Options;

/// A metric's value at one budget, with its interval where it has one.
pub type Value = (f64, Option<Interval>);

/// One metric of the registry.
#[derive(Debug, Clone, Copy)]
pub struct Metric {
    /// Its key: the results table's column key, and the CSV's columns `{key}`, `{key}_lo`,
    /// `{key}_hi`.
    pub key: &'static str,
    /// The report's field (`passk-report/2`) holding its rows, one per budget; also the
    /// Python package's table name.
    pub report_key: &'static str,
    /// The column's header.
    pub label: &'static str,
    /// What it is, in a sentence or two (the header's definition).
    pub definition: &'static str,
    /// Its section of docs/estimators.md (formula, numerical traps, references), where the
    /// registry's table lists it too.
    pub section: &'static str,
    /// Why its cell is empty where the report has no row at a budget (None: the row's own
    /// reason, as for pass@k).
    pub why_empty: Option<&'static str>,
    /// Its value at budget k in a series' report.
    pub value: fn(&ModelReport, u64) -> Option<Value>,
    /// Its rows, where the registry computes them ([`compute`]); None where the report's own
    /// parts do (the metrics of the success counts, computed beside pass@k).
    pub rows: Option<Rows>,
}

/// A metric's rows as the registry computes them: from the series, the report's options and
/// the series' report so far (its smallest n, its Bayes@N and rubric), into its field.
#[derive(Debug, Clone, Copy)]
pub struct Rows {
    /// The rows, one per budget.
    pub of: fn(&Dataset, &Options, &ModelReport) -> Vec<KInterval>,
    /// The report's field they go into.
    pub field: fn(&mut ModelReport) -> &mut Vec<KInterval>,
}

/// Fills the fields of the registry's metrics with computed rows ([`Metric::rows`]) in a
/// series' report, whose other fields are in.
pub fn compute(report: &mut ModelReport, ds: &Dataset, opts: &Options) {
    for rows in METRICS.iter().filter_map(|m| m.rows) {
        *(rows.field)(report) = (rows.of)(ds, opts, report);
    }
}

/// The row at budget k of a metric's rows.
fn at(rows: &[KInterval], k: u64) -> Option<Value> {
    rows.iter()
        .find(|r| r.k == k)
        .map(|r| (r.value, r.interval))
}

/// Every metric after G-Pass@k, in table order.
pub const METRICS: [Metric; 8] = [
    Metric {
        key: "mg_pass",
        report_key: "mg_pass_at_k",
        label: "mG-Pass@k",
        definition: "mG-Pass@k: G-Pass@k averaged over the thresholds above one half.",
        section: "§15",
        why_empty: None,
        value: |m, k| {
            m.mg_pass_at_k
                .iter()
                .find(|g| g.k == k)
                .map(|g| (g.value, g.interval))
        },
        rows: None,
    },
    Metric {
        key: "maj_strict",
        report_key: "maj_strict_at_k",
        label: "maj@k (strict)",
        definition: "Strict maj@k of pass/fail samples (scorio's maj@k): the chance that more than half of k samples drawn pass.",
        section: "§21",
        why_empty: None,
        value: |m, k| at(&m.maj_strict_at_k, k),
        rows: None,
    },
    Metric {
        key: "auc",
        report_key: "auc_at_k",
        label: "AUC@k",
        definition: "AUC@k: the area under pass@1 … pass@k by the trapezoid rule, over the width k − 1 (scorio's auc_at_k).",
        section: "§21",
        why_empty: None,
        value: |m, k| at(&m.auc_at_k, k),
        rows: None,
    },
    Metric {
        key: "geom",
        report_key: "geom_at_k",
        label: "Geom@k",
        definition: "Geom@k: each task's √(pass@k · pass^k), averaged — high only where a task is solved both sometimes and reliably (scorio's geom_at_k).",
        section: "§24",
        why_empty: None,
        value: |m, k| at(&m.geom_at_k, k),
        rows: None,
    },
    Metric {
        key: "geom_ds",
        report_key: "geom_ds_at_k",
        label: "Geom_ds@k",
        definition: "Geom_ds@k: √(pass@k · pass^k) of the dataset's averages (scorio's geom_ds_at_k).",
        section: "§24",
        why_empty: None,
        value: |m, k| at(&m.geom_ds_at_k, k),
        rows: None,
    },
    Metric {
        key: "geo_spectrum",
        report_key: "geo_spectrum_at_k",
        label: "GeoSpectrum*@k",
        definition: "GeoSpectrum*@k: √(pass@k · mG-Pass@k) of the dataset (scorio's geo_spectrum_at_k).",
        section: "§24",
        why_empty: None,
        value: |m, k| at(&m.geo_spectrum_at_k, k),
        rows: None,
    },
    Metric {
        key: "tailpass_m2",
        report_key: "tailpass",
        label: "TailPass m²@k",
        definition: "TailPass m²@k: the posterior mean of (share of k fresh samples that pass)², TailPass@k's moment utility at λ = 2; it reaches any k ≤ 100, also beyond n (scorio's tailpass(R, k).moment(2)).",
        section: "§25",
        why_empty: Some("TailPass@k is computed for k ≤ 100"),
        value: |m, k| {
            m.tailpass
                .iter()
                .find(|t| t.k == k)
                .map(|t| (t.moment2.mean, Some(t.moment2)))
        },
        rows: None,
    },
    Metric {
        key: "max_reward",
        report_key: "max_reward_at_k",
        label: "Max@k (reward)",
        definition: "Max@k of graded rewards: the expected best reward among k samples, the reward itself ranking them (scorio's max_at_k; its interval max_at_k_ci's Dirichlet posterior). With rewards 0/1 it is pass@k.",
        section: "§17",
        why_empty: Some("needs graded rewards or --rubric, and k ≤ the smallest n"),
        value: |m, k| at(&m.max_reward_at_k, k),
        rows: Some(Rows {
            of: max_reward_rows,
            field: |m| &mut m.max_reward_at_k,
        }),
    },
];

/// Max@k of graded rewards at each budget up to the smallest n, under Bayes@N's rubric (none
/// without one); its interval the posterior's, up to k = 1,000 as the other intervals.
fn max_reward_rows(ds: &Dataset, opts: &Options, report: &ModelReport) -> Vec<KInterval> {
    let (Some(b), Some(n_min)) = (&report.bayes_at_n, report.n_min) else {
        return Vec::new();
    };
    // Counted once for every budget (Bayes@N counted them without error).
    let Ok(counts) = b.rubric.counts_of_tasks(&ds.tasks) else {
        return Vec::new();
    };
    let conf = opts.settings.confidence;
    opts.ks
        .iter()
        .filter(|&&k| k <= n_min)
        .map_while(|&k| {
            let m = max_reward_at_k(&b.rubric, &counts, k, conf).ok()?;
            let interval = (k <= GENERAL_K_MAX).then_some(Interval {
                mean: m.mean,
                sd: m.sd,
                lo: m.lo,
                hi: m.hi,
            });
            Some(KInterval {
                k,
                value: m.estimate?,
                interval,
            })
        })
        .collect()
}

/// One metric of the samples' answers or scores (maj@k, BoN@k, max@k): a value per budget
/// without an interval, and a column only when some series has it.
#[derive(Debug, Clone, Copy)]
pub struct Voted {
    /// The results table's column key.
    pub key: &'static str,
    /// The report's field (also the CSV's column and the Python package's table name).
    pub report_key: &'static str,
    /// The column's header.
    pub label: &'static str,
    /// What it is (the header's definition).
    pub definition: &'static str,
    /// Its section of docs/estimators.md.
    pub section: &'static str,
    /// Why its cell is empty where a series has no value.
    pub why_empty: &'static str,
    /// A series' values, one per budget (empty when the input cannot give them).
    pub values: fn(&ModelReport) -> &[KValue],
}

/// The metrics of answers and scores, in table order (after [`METRICS`]).
pub const VOTED: [Voted; 3] = [
    Voted {
        key: "maj",
        report_key: "maj_at_k",
        label: "maj@k",
        definition: "maj@k: the chance that the most frequent answer among k samples is correct.",
        section: "§16",
        why_empty: "needs every task's samples with answers, and k ≤ the smallest n",
        values: |m| &m.maj_at_k,
    },
    Voted {
        key: "bon",
        report_key: "bon_at_k",
        label: "BoN@k",
        definition: "BoN@k: the chance that the best-scored of k samples passes.",
        section: "§17",
        why_empty: "needs every sample scored, and k ≤ the smallest n",
        values: |m| &m.bon_at_k,
    },
    Voted {
        key: "max",
        report_key: "max_at_k",
        label: "max@k (by score)",
        definition: "max@k (by score): the expected graded reward of the best-scored of k samples (the score ranks them; Max@k (reward) lets the reward rank them).",
        section: "§17",
        why_empty: "needs every sample scored and given a graded reward, and k ≤ the smallest n",
        values: |m| &m.max_at_k,
    },
];

/// The registry's [`VOTED`] metrics that `on` (a report's `table::voting`) shows, in table order.
pub fn voted_shown(on: [bool; VOTED.len()]) -> impl Iterator<Item = &'static Voted> {
    VOTED.iter().zip(on).filter(|(_, on)| *on).map(|(m, _)| m)
}

/// The report's per-series fields that are tables but not of [`METRICS`] or [`VOTED`] (each has its own
/// columns or panel), with the scalar fields: together with the `report_key`s of [`METRICS`]
/// and [`VOTED`], every field of a series' report (a test holds them to the schema).
pub const OTHER_FIELDS: &[&str] = &[
    "name",
    "tasks",
    "samples",
    "n_min",
    "n_max",
    "bb",
    "zoibb",
    "cv_elpd",
    "pass_at_k",
    "pass_hat_k",
    "cover",
    "g_pass_at_k",
    "avg_at_n",
    "bayes_at_n",
    "errors",
    "step",
    "rejected",
    "warnings",
    "backtest",
    // The forecasts' fields (flattened into the series' report).
    "scaled_beta",
    "kumaraswamy",
    "scaling",
    "reach",
    "forecast_curves",
    "forecast_backtest",
];

/// The report's per-series tables, one row per budget (or τ), in the order the Python
/// package's `to_pandas` names them: pass@k and pass^k first, then Cover@τ, G-Pass@k, every
/// metric of [`METRICS`] and of [`VOTED`], and the rejected rows.
pub fn report_tables() -> Vec<&'static str> {
    let mut t = vec!["pass_at_k", "pass_hat_k", "cover", "g_pass_at_k"];
    t.extend(METRICS.iter().map(|m| m.report_key));
    t.extend(VOTED.iter().map(|m| m.report_key));
    t.push("rejected");
    t
}
