//! The forecasts' data: which fit a forecast follows, the exponents and the `scaling`, the
//! `reach` rows, a series' forecasts as the report holds them, and what they are asked for.

use super::chart::ForecastCurves;
use super::power_law::PowerLaw;
use super::profile::IntervalMethod;
use super::reach::Reached;
use crate::estimators::scaled::ScaledFit;

/// The fits a forecast can follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForecastFit {
    /// Beta-Binomial.
    Bb,
    /// Zero/one-inflated BB.
    Zoibb,
    /// The scaled Beta.
    ScaledBeta,
    /// The scaled Kumaraswamy.
    Kumaraswamy,
}

impl ForecastFit {
    /// Every forecast, in the chart's order.
    pub const ALL: [ForecastFit; 4] = [
        ForecastFit::Bb,
        ForecastFit::Zoibb,
        ForecastFit::ScaledBeta,
        ForecastFit::Kumaraswamy,
    ];

    /// The report's key.
    pub fn key(self) -> &'static str {
        match self {
            ForecastFit::Bb => "bb",
            ForecastFit::Zoibb => "zoibb",
            ForecastFit::ScaledBeta => "scaled_beta",
            ForecastFit::Kumaraswamy => "kumaraswamy",
        }
    }

    /// The forecast of a key.
    pub fn from_key(key: &str) -> Option<ForecastFit> {
        ForecastFit::ALL.into_iter().find(|f| f.key() == key)
    }

    /// As shown.
    pub fn label(self) -> &'static str {
        match self {
            ForecastFit::Bb => "BB",
            ForecastFit::Zoibb => "ZOIBB",
            ForecastFit::ScaledBeta => "scaled Beta",
            ForecastFit::Kumaraswamy => "Kumaraswamy",
        }
    }
}

/// The exponent of one fit.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Exponent {
    /// Which fit.
    pub fit: ForecastFit,
    /// b = a of the fit: −log pass@k ≈ A·k^(−b) at large k.
    pub exponent: f64,
    /// Lower end of its 95 % interval (None: open at the box's edge).
    pub lo: Option<f64>,
    /// Upper end.
    pub hi: Option<f64>,
    /// How the interval was found.
    pub method: IntervalMethod,
}

/// The report's `scaling` of a series.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Scaling {
    /// The forecast the headline exponent is from (the scaled Beta).
    pub fit: ForecastFit,
    /// Its exponent.
    pub exponent: f64,
    /// Lower end of its 95 % interval.
    pub lo: Option<f64>,
    /// Upper end.
    pub hi: Option<f64>,
    /// The scaled Beta's scale s with its 95 % profile interval (the upper end None: the
    /// interval reaches s = 1).
    pub scale: (f64, Option<f64>, Option<f64>),
    /// The least-squares power law through the unbiased curve.
    pub power_law: Option<PowerLaw>,
    /// Every fit's exponent: BB, scaled Beta, Kumaraswamy (ZOIBB's atom at 0 stops the
    /// power law: its −log pass@k tends to −log(1 − mass at 0)).
    pub fits: Vec<Exponent>,
}

/// One `reach` row.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ReachRow {
    /// Which forecast.
    pub fit: ForecastFit,
    /// The pass@k to reach.
    pub target: f64,
    /// The smallest k, if reached below [`K_REACH_MAX`](super::K_REACH_MAX).
    pub k: Option<u64>,
    /// Reached, beyond the search, or never.
    pub reached: Reached,
    /// pass@k as k → ∞ under this forecast.
    pub ceiling: f64,
    /// The bootstrap interval's lower end (None without resamples, or never reached there).
    pub lo: Option<u64>,
    /// Its upper end.
    pub hi: Option<u64>,
    /// The data's own answer, the same in every fit's row: the smallest k ≤ the smallest n
    /// at which the unbiased pass@k reaches the target (None: not within the samples drawn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured: Option<u64>,
}

/// A series' forecasts.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SeriesForecast {
    /// The scaled-Beta fit.
    pub scaled_beta: ScaledFit,
    /// The Kumaraswamy fit.
    pub kumaraswamy: ScaledFit,
    /// The exponents and the power law.
    pub scaling: Scaling,
    /// How many samples reach each target, per forecast.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reach: Vec<ReachRow>,
    /// The forecast chart's curves.
    pub forecast_curves: ForecastCurves,
    /// The forecasts' backtest (with the report's backtest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forecast_backtest: Option<ForecastBacktest>,
}

/// What a forecast is asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct ForecastOptions {
    /// Targets of pass@k to reach.
    pub reach: Vec<f64>,
    /// Task-bootstrap resamples of the scaled Beta (0: no intervals for reach).
    pub bootstrap: u64,
    /// The generator's seed.
    pub seed: u64,
    /// The intervals' level.
    pub level: f64,
    /// The power law's k range (default 2 to the smallest n).
    pub power_range: (Option<u64>, Option<u64>),
    /// Repeats of the forecasts' backtest (None: none).
    pub backtest: Option<u64>,
}

/// The forecasts' backtest of one series.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ForecastBacktest {
    /// The shrink factors s = k/m′ measured: 4, 16, 64, 256 while ⌈n_min/s⌉ ≥ 2.
    pub ratios: Vec<u64>,
    /// Per forecast, the mean absolute error of pass@n_min at each ratio.
    pub mae: Vec<(ForecastFit, Vec<f64>)>,
    /// Repeats per ratio.
    pub repeats: u64,
    /// The forecast with the smallest error at the largest ratio (ties: the earlier in
    /// [`ForecastFit::ALL`], the simpler).
    pub best: ForecastFit,
}
