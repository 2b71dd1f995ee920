//! What passk derives from fitted series: bootstrap bands, CV-ELPD, fit diagnostics, paired
//! comparison, warnings, the charts' curves, the backtest and the sample-size planner.

pub mod backtest;
pub(crate) mod bands;
pub(crate) mod bootstrap;
pub(crate) mod bradley_terry;
pub mod compare;
pub(crate) mod curves;
pub(crate) mod cv;
pub(crate) mod diagnose;
pub mod forecast;
pub(crate) mod grids;
pub(crate) mod paired;
pub(crate) mod planner;
pub mod rank;
pub(crate) mod stop;
pub(crate) mod temperature;
pub(crate) mod warnings;

pub use bands::{
    bands_of, bootstrap_bands, bootstrap_bands_in_parts, merge_rows, Band, BandRows,
    BootstrapDraws, Part, BAND_ESTIMATORS,
};
pub use bootstrap::{
    quantile, resample_counts, resample_weights, weighted_sum, SharedDraws, SHARED_UP_TO,
};
pub use bradley_terry::{bradley_terry, kendall_tau_b, wins, BtError, BtFit, BtStop, MAX_STEPS};
pub use curves::{
    bootstrap_settings, cover_curves, nearest, series_curves, with_bootstrap_band, CoverCurves,
    SeriesCurves,
};
pub use cv::{bb_log_marginal, cv_elpd, zoibb_log_marginal, CvElpd, CvFolds};
pub use diagnose::{beta_density, diagnose, Diagnostics, BINS};
pub use grids::{
    cover_grid, curve_grid, k_grid, round_budgets, COVER_LOW_POINTS, COVER_POINTS, K_GRID_POINTS,
};
pub use paired::{
    paired_difference, paired_outcome, DiffAtK, PairError, Paired, PairedCurve, PairedOutcome,
    PairedRun,
};
pub use planner::{plan, sampling_half_width, Plan, PlanError, PlanRow, CURVE_POINTS, N_LIMIT};
pub use stop::{next_tasks, ranking_confidence, stop, NextTask, PairConfidence, StopAnswer};
pub use temperature::{
    best_estimate, best_temperature, delta_pass_point, model_and_temperature, BestTemperature,
};
pub use warnings::{data_warnings, limit_warning, render_all, shape_warning, Context, Warning};
