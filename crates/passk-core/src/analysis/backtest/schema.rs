//! The backtest as `passk-report/2` writes it.

use std::collections::BTreeMap;

use super::choose::Auto;
use super::evidence::Evidence;
use super::run::Backtest;
use serde::{Deserialize, Serialize};

/// One subsample level as the report writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelReport {
    /// Samples per task m′ (of the smallest n).
    pub m: u64,
    /// The ratios it measured (2, 4, …).
    pub ratios: Vec<u64>,
    /// Per ratio, whether the fitted candidates differ there beyond noise (only such cells
    /// rank the candidates).
    pub informative: Vec<bool>,
}

/// The backtest as the report writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BacktestReport {
    /// Ratios ρ = k/m′.
    pub ratios: Vec<u64>,
    /// Mean absolute error per candidate key and ratio (null where not measured).
    pub mae: BTreeMap<String, Vec<Option<f64>>>,
    /// The estimator chosen for the ratios the report's budgets extrapolate to.
    pub auto: Auto,
    /// Subsamples per shrink factor.
    pub repeats: u64,
    /// The spread of the repeats: per candidate key and ratio, the standard deviation over
    /// the repeats of the absolute error, averaged over the levels that measured the ratio
    /// (null where not measured).
    pub spread: BTreeMap<String, Vec<Option<f64>>>,
    /// The subsample levels, largest first, with the cells that were informative.
    pub levels: Vec<LevelReport>,
}

impl BacktestReport {
    /// The report of a backtest and its choice.
    pub fn new(bt: &Backtest, auto: Auto) -> Self {
        Self::with_evidence(bt, &Evidence::new(bt), auto)
    }

    /// As [`new`](Self::new), with the backtest's evidence already gathered (`ev` must be
    /// `Evidence::new(bt)`).
    pub fn with_evidence(bt: &Backtest, ev: &Evidence, auto: Auto) -> Self {
        let width = bt.ratios.len();
        let spread = ev
            .candidates
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let per = (0..width)
                    .map(|j| {
                        let v: Vec<f64> = ev
                            .cells
                            .iter()
                            .filter(|cell| cell.q as usize == j + 1 && cell.has(i))
                            .map(|cell| cell.sd[i])
                            .collect();
                        (!v.is_empty())
                            .then(|| v.iter().sum::<f64>() / v.len() as f64)
                            .filter(|s| s.is_finite())
                    })
                    .collect();
                (c.key(), per)
            })
            .collect();
        let levels = bt
            .levels
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let depth = i as u32 + 1;
                let cells: Vec<_> = ev.cells.iter().filter(|c| c.depth == depth).collect();
                LevelReport {
                    m: l.m,
                    ratios: (1..=l.width()).map(|j| 1u64 << j).collect(),
                    informative: (1..=l.width())
                        .map(|q| cells.iter().any(|c| c.q as usize == q && c.informative))
                        .collect(),
                }
            })
            .collect();
        BacktestReport {
            ratios: bt.ratios.clone(),
            mae: bt
                .mae
                .iter()
                .map(|(c, e)| {
                    (
                        c.key(),
                        e.iter().map(|v| v.filter(|v| v.is_finite())).collect(),
                    )
                })
                .collect(),
            auto,
            repeats: bt.repeats,
            spread,
            levels,
        }
    }
}
