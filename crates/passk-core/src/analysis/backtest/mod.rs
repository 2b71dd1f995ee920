//! "Which estimator should I trust?": pretend fewer samples were drawn, extrapolate with
//! every estimator from the subsample, and measure the error against the unbiased estimate
//! of the full counts; then choose the estimator that extrapolated best at the ratios the
//! user extrapolates to, and say how much more samples would help.
//!
//! `run` measures (every repeat's signed errors per `level` and ratio), `evidence` reads the
//! cells (which separate the candidates beyond noise, how much each counts for a target,
//! the paired spread), `choose` decides and states the error (`reason` says why in words),
//! `more` answers "would more samples help?", `report` writes it all into `passk-report/2`.
//! The study of the choice (auto against every fixed estimator, on subsamples of the real
//! files and on simulated data) is `cargo bench -p passk-study --bench auto_study`.

pub(crate) mod choose;
pub(crate) mod evidence;
pub(crate) mod level;
pub(crate) mod more_samples;
pub(crate) mod reason;
pub(crate) mod run;
pub(crate) mod schema;

pub use choose::{
    bucket, choose, expected_error, expected_error_in, stated_error, Auto, NEVER_CHOSEN, SIMPLEST,
};
pub use evidence::{Blend, Cell, Evidence, NOISE_Z, TIE};
pub use level::{Level, BASES};
pub use more_samples::{error_at, more_samples, more_samples_lines};
pub use reason::{reason, ReasonParts};
pub use run::{backtest, subsample, Backtest, BacktestError, BacktestRun};
pub use schema::{BacktestReport, LevelReport};
