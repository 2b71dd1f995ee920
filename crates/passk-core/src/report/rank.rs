//! The ranking of the series at one budget and threshold, read from the report (so that the
//! page's ranking agrees with `passk report`).

use super::schema::{PassAtKRow, Report};
use crate::estimators::kind::{unbiased_else, Estimator};

/// One series in the ranking.
#[derive(Debug, Clone, PartialEq)]
pub struct RankRow {
    /// The series name.
    pub series: String,
    /// Its pass@k and the estimator that gave it (see [`ranked_value`]).
    pub value: Option<(f64, Estimator)>,
    /// Its plug-in Cover@τ.
    pub cover: Option<f64>,
    /// Its AvgAUC⁺ (with two or more series).
    pub avg_auc_plus: Option<f64>,
}

/// The value a series is ranked by in a report row: the unbiased estimate, else BB.
pub fn ranked_value(row: &PassAtKRow) -> Option<(f64, Estimator)> {
    unbiased_else(row.combinatorial, Estimator::Bb, || row.bb)
}

/// The series with tasks, best first at budget `k` (series without a value last, in input
/// order), with their Cover at the `tau_index`-th threshold.
pub fn ranking(report: &Report, k: u64, tau_index: usize) -> Vec<RankRow> {
    let avg = report.comparison.as_ref().map(|c| &c.avg_auc_cover_plus);
    let mut rows: Vec<RankRow> = report
        .models
        .iter()
        .enumerate()
        .filter(|(_, m)| m.tasks > 0)
        .map(|(i, m)| RankRow {
            series: m.name.clone(),
            value: m
                .pass_at_k
                .iter()
                .find(|row| row.k == k)
                .and_then(ranked_value),
            cover: m.cover.get(tau_index).and_then(|c| c.plugin),
            avg_auc_plus: avg.and_then(|a| a.get(i).copied()),
        })
        .collect();
    let key = |r: &RankRow| r.value.map_or(-1.0, |v| v.0);
    rows.sort_by(|x, y| key(y).total_cmp(&key(x)));
    rows
}
