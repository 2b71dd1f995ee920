//! The `auto` study (issue 18): how close the backtested choice comes to the best fixed
//! estimator, on subsamples of the real files and on data simulated from fitted BB and ZOIBB
//! priors and from the real per-task rates. A research crate, not part of the product: its
//! `cargo bench -p passk-study --bench auto_study` runs the full grid and writes a Markdown
//! report, its `tests/auto_study.rs` a reduced grid on fresh seeds (always on).
//!
//! The parts: `real` (the real series the study starts from), `replicate` (how a
//! replicate's counts are drawn, and what every estimator and auto give on it) and `cell`
//! (replicates pooled into the cells of a table, and the table).

#![warn(missing_docs)]

mod cell;
mod real;
mod replicate;

pub use cell::{cells, table, Cell, COLUMNS};
pub use real::{deepscaler, pythia, Real};
pub use replicate::{
    fitted_priors, rates, run_replicate, simulated, subsampled, Draw, Outcome, Source, REPEATS,
};
