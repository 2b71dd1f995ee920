//! Choosing the estimator to extrapolate with from a backtest, and how far to trust it.

use crate::core::estimators::kind::Estimator;

/// Relative margin within which a simpler estimator wins a tie.
pub const TIE: f64 = 0.01;
use super::run::Backtest;
use serde::Serialize;

/// The estimator chosen for extrapolating, and how far to trust it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Auto {
    /// The chosen candidate (written as its key).
    pub estimator: Estimator,
    /// Its ZOIBB weight, for BB, ZOIBB and the mixes.
    pub weight: Option<f64>,
    /// Its backtest error at the ratios it was chosen for (None: unbacked).
    pub error: Option<f64>,
    /// The measured ratio buckets it was chosen for (empty: unbacked).
    pub ratios: Vec<u64>,
    /// Why it was chosen.
    #[serde(skip)]
    pub reason: String,
}

impl Auto {
    /// BB, unbacked, for `reason` (no backtest could be run or measured).
    pub fn fallback(reason: String) -> Auto {
        Auto {
            estimator: Estimator::Bb,
            weight: Some(0.0),
            error: None,
            ratios: Vec::new(),
            reason,
        }
    }
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
        return Auto::fallback("no ratio could be measured; BB is used".into());
    };
    let err = score(errs);
    Auto {
        estimator: *c,
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
    }
}

/// The backtest error of a candidate at extrapolation ratio ρ (None beyond the largest
/// ratio measured: unbacked).
pub fn error_at(bt: &Backtest, c: Estimator, rho: f64) -> Option<f64> {
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
pub fn more_samples(bt: &Backtest, c: Estimator, k: u64, n: u64) -> Vec<(u64, Option<f64>)> {
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

/// The "Would more samples help?" chart's lines: for naive, BB, ZOIBB, LinMix and, when
/// the choice is a fixed mix, that mix, the expected error at budget `k` per number of
/// samples per task where it was measured (estimators with no measured point are left out).
pub fn more_samples_lines(
    bt: &Backtest,
    chosen: Estimator,
    k: u64,
    n: u64,
) -> Vec<(Estimator, Vec<(u64, f64)>)> {
    let mut shown = vec![
        Estimator::Naive,
        Estimator::Bb,
        Estimator::Zoibb,
        Estimator::LinMix,
    ];
    if let Estimator::Mix(_) = chosen {
        shown.push(chosen);
    }
    shown
        .into_iter()
        .map(|c| {
            let pts: Vec<(u64, f64)> = more_samples(bt, c, k, n)
                .into_iter()
                .filter_map(|(m, e)| e.map(|e| (m, e)))
                .collect();
            (c, pts)
        })
        .filter(|l| !l.1.is_empty())
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
