//! The data every estimator reads: one task's counts, a series of tasks and its grouping by
//! distinct (n, c), rejected input rows, and synthetic series.

pub mod counts;
pub mod dataset;
pub mod errors;
pub mod groups;
pub mod rejected;
pub mod rewards;
pub mod samples;
pub mod synthetic;
pub mod task;
mod task_columns;
pub mod tasks;
