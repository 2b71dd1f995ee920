//! The backtest as the report carries it: the target ratios a series' budgets extrapolate
//! to, the choice made from a finished run, and attaching it to the report. The page (which
//! runs the backtest step by step) and `passk report --backtest` both go through here, so
//! their `auto` agree.

use super::schema::{ModelReport, Report};
use crate::analysis::backtest::choose::{choose, expected_error_in, Auto};

use crate::analysis::backtest::evidence::Evidence;
use crate::analysis::backtest::run::{Backtest, BacktestError};
use crate::analysis::backtest::schema::BacktestReport;
use crate::analysis::warnings::{Context, Warning};
use crate::estimators::kind::Estimator;

/// The extrapolation ratios k / n_min of the budgets `ks` beyond the smallest n (the k list
/// only: the page's chart range does not change the choice).
pub fn target_ratios(ks: &[u64], n_min: u64) -> Vec<f64> {
    let n = n_min.max(1) as f64;
    ks.iter()
        .map(|&k| k as f64 / n)
        .filter(|&r| r > 1.0)
        .collect()
}

/// One series' backtest and the estimator chosen from it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SeriesBacktest {
    /// The series name.
    pub name: String,
    /// Its smallest n (the ratios are k over it).
    pub n_min: u64,
    /// The backtest (empty when it could not run). Not to be changed once attached: the cells
    /// [`SeriesBacktest::attach`] makes of it are kept (a clone makes them again).
    pub backtest: Backtest,
    /// The choice (BB, unbacked, when the backtest could not run).
    pub auto: Auto,
    /// Why the backtest could not run.
    pub failed: Option<BacktestError>,
    /// The backtest's cells, made at the first [`SeriesBacktest::attach`]: the page attaches
    /// its backtests to the report again whenever either changes.
    #[serde(skip)]
    evidence: EvidenceOnce,
}

/// [`Evidence`] made once from a backtest that does not change after: a clone starts empty,
/// and two are always equal (what they hold follows from the backtest beside them).
#[derive(Debug, Default)]
struct EvidenceOnce(std::sync::OnceLock<Evidence>);

impl Clone for EvidenceOnce {
    fn clone(&self) -> Self {
        EvidenceOnce::default()
    }
}

impl PartialEq for EvidenceOnce {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl SeriesBacktest {
    /// The outcome of a series' backtest run (or why it could not run), with the choice for
    /// the budgets `ks`.
    pub fn new(
        name: &str,
        n_min: u64,
        ks: &[u64],
        repeats: u64,
        run: Result<Backtest, BacktestError>,
    ) -> SeriesBacktest {
        let (backtest, auto, failed) = match run {
            Ok(bt) => {
                let auto = choose(&bt, &target_ratios(ks, n_min));
                (bt, auto, None)
            }
            Err(e) => {
                let empty = Backtest {
                    ratios: vec![],
                    mae: vec![],
                    levels: vec![],
                    repeats,
                };
                (empty, Auto::fallback(e.to_string()), Some(e))
            }
        };
        SeriesBacktest {
            name: name.to_string(),
            n_min,
            backtest,
            auto,
            failed,
            evidence: EvidenceOnce::default(),
        }
    }

    /// The chosen estimator.
    pub fn chosen(&self) -> Estimator {
        self.auto.estimator
    }

    /// Adds it to the series' report: the backtest block, in each pass@k row the `auto`
    /// value (the unbiased estimate where it is defined, else the chosen estimator's), and a
    /// warning when the backtest could not run.
    pub fn attach(&self, model: &mut ModelReport) {
        let evidence = self
            .evidence
            .0
            .get_or_init(|| Evidence::new(&self.backtest));
        for row in &mut model.pass_at_k {
            let chosen = self
                .auto
                .estimator
                .value_with(|e| row.value(e))
                .unwrap_or(f64::NAN);
            row.auto = Some(row.combinatorial.or(chosen.is_finite().then_some(chosen)));
            let rho = row.k as f64 / self.n_min.max(1) as f64;
            row.auto_error = (row.combinatorial.is_none() && chosen.is_finite())
                .then(|| expected_error_in(evidence, self.auto.estimator, rho))
                .flatten();
        }
        if let Some(e) = &self.failed {
            let w = Warning::BacktestFailed(e.clone());
            model.warnings.push(w.render(Context::Report));
        }
        model.backtest = Some(BacktestReport::with_evidence(
            &self.backtest,
            evidence,
            self.auto.clone(),
        ));
    }
}

/// Adds each series' backtest to the report, by series name.
pub fn attach_backtests(report: &mut Report, backtests: &[SeriesBacktest]) {
    for m in &mut report.models {
        if let Some(b) = backtests.iter().find(|b| b.name == m.name) {
            b.attach(m);
        }
    }
}
