//! The data every estimator reads: one task's counts, a series of tasks and its grouping by
//! distinct (n, c), rejected input rows, and synthetic series.

pub(crate) mod counts;
pub(crate) mod dataset;
pub(crate) mod errors;
pub(crate) mod groups;
pub(crate) mod rejected;
pub(crate) mod rewards;
pub(crate) mod samples;
pub(crate) mod synthetic;
pub(crate) mod task;
mod task_columns;
pub(crate) mod tasks;

pub use counts::{Counts, CountsError, MAX_COUNT};
pub use dataset::{Dataset, SeriesMeta, SeriesStats};
pub use errors::{
    apply, apply_all, summarise, summarise_all, ErrorCounts, ErrorPolicy, ErroredTask,
};
pub use groups::{minus_sorted, Groups};
pub use rejected::Rejected;
pub use rewards::{Rewards, RewardsError};
pub use samples::{AnswerGroup, SamplesError, Scored, Tally, Votes};
pub use synthetic::{synthetic, InflatedBeta};
pub use task::Task;
pub use tasks::Tasks;
