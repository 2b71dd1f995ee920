//! Evaluating the estimators over a whole series: the sweeps along c, every estimator at one
//! budget in one pass over the grouped tasks, the standard errors, and the per-series fits.

pub(crate) mod estimates;
pub(crate) mod fit;
pub(crate) mod fits;
pub(crate) mod kernels;
pub(crate) mod limit;
pub(crate) mod std_errors;
pub(crate) mod sweep;

pub use estimates::{AtK, Config, Estimates};
pub use fit::{
    config, extrapolation_line, fit_series, fit_series_near, fit_subsample, scaled_fits, SeriesFit,
};
pub use fits::Fits;
pub use kernels::{unbiased_pass_at_k, LANES};
pub use limit::{too_many_groups, AUTO_GROUPS};
pub use std_errors::{clustered, swept_std_errors, StdErrorsAt};
pub use sweep::{
    bb_fail_step, bb_pass_step, sweep_down, sweep_down_pair, sweep_up, Block, MAX_GAP, REANCHOR,
};
