//! Evaluating the estimators over a whole series: the sweeps along c, every estimator at one
//! budget in one pass over the grouped tasks, the standard errors, and the per-series fits.

pub mod estimates;
pub mod fit;
pub mod fits;
pub mod kernels;
pub mod limit;
pub mod std_errors;
pub mod sweep;
