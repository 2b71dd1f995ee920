//! The curves of the log-log forecast chart: −log pass@k against k up to 10^6.

use super::power_law::PowerLaw;
use crate::analysis::grids::k_grid;

/// The largest budget the forecast chart draws.
pub const FORECAST_K_MAX: u64 = 1_000_000;

/// Points of the forecast chart's k grid.
pub const FORECAST_POINTS: usize = 49;

/// One series' forecast curves, as pass@k at each budget (the chart draws −log of it).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ForecastCurves {
    /// The budgets, 1 to 10^6 on a log grid with the series' n marked.
    pub ks: Vec<u64>,
    /// The unbiased value where every task has n ≥ k.
    pub observed: Vec<Option<f64>>,
    /// BB.
    pub bb: Vec<f64>,
    /// ZOIBB.
    pub zoibb: Vec<f64>,
    /// The scaled Beta.
    pub scaled_beta: Vec<f64>,
    /// The Kumaraswamy.
    pub kumaraswamy: Vec<f64>,
    /// The least-squares power law (where it was fitted).
    pub power_law: Vec<Option<f64>>,
    /// The scaled Beta's bootstrap band (lo, hi) at each budget, with resamples.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub band: Option<Vec<(f64, f64)>>,
}

/// The chart's budgets for a series whose smallest and largest n are given.
pub fn forecast_ks(n_min: u64, n_max: u64) -> Vec<u64> {
    k_grid(FORECAST_K_MAX, FORECAST_POINTS, &[n_min, n_max])
}

/// The power law's pass@k at each budget.
pub fn power_law_values(p: Option<&PowerLaw>, ks: &[u64]) -> Vec<Option<f64>> {
    ks.iter()
        .map(|&k| p.map(|p| p.pass_at_k(k as f64)))
        .collect()
}
