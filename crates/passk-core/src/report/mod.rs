//! The `passk-report/2` document: one JSON schema for the page's download and the `passk
//! report` command line. Every value not computed is `null`, never invented.

pub mod build;
pub mod count_rows;
pub mod metrics;
pub mod rank;
pub mod rows;
pub mod schema;
pub mod series_backtest;
pub mod series_parts;
