//! The page's logic, without the browser: the page (`src/`) holds them in signals and
//! wires them to the DOM, the engine and local storage; what it chooses is here, tested by
//! `cargo test`.
//!
//! - [`saved`]: what the analysis keeps across reloads, and what a reload restores;
//! - [`series_view`]: the series the panels show (edited, broken down, hidden), the one a
//!   panel picks, k_max, the colours a link or a reload brings;
//! - [`jobs`]: what each engine job is asked with (only what its answer depends on), and how
//!   a job's replies are kept while it is pending;
//! - [`opening`]: what opening a share link does to what the page holds (the user's own input
//!   kept aside, the example named, the address bar's link).

#![warn(missing_docs)]

pub mod jobs;
pub mod opening;
pub mod saved;
pub mod series_view;
