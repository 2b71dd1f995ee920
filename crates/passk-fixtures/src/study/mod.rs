//! The `auto` study (issue 18): how close the backtested choice comes to the best fixed
//! estimator, on subsamples of the real files and on data simulated from fitted BB and ZOIBB
//! priors and from the real per-task rates. Shared by passk-core's
//! `cargo bench --bench auto_study` (the full grid, written as a Markdown report) and its
//! `tests/auto_study.rs` (a reduced grid on fresh seeds, always on).
//!
//! The parts: `real` (the real series the study starts from), `replicate` (how a
//! replicate's counts are drawn, and what every estimator and auto give on it) and `cell`
//! (replicates pooled into the cells of a table, and the table).

mod cell;
mod real;
mod replicate;

pub use cell::{cells, table, Cell, COLUMNS};
pub use real::{deepscaler, pythia, Real};
pub use replicate::{
    fitted_priors, rates, run_replicate, simulated, subsampled, Draw, Outcome, Source, REPEATS,
};
