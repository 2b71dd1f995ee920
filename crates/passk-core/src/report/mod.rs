//! The `passk-report/2` document: one JSON schema for the page's download and the `passk
//! report` command line. Every value not computed is `null`, never invented.

pub(crate) mod build;
pub(crate) mod count_rows;
pub mod metrics;
pub(crate) mod rank;
pub(crate) mod rows;
pub(crate) mod schema;
pub(crate) mod series_backtest;
pub(crate) mod series_parts;

pub use build::{
    assemble, build_report, build_report_fitted, forecast_options, forecast_series, model_report,
    model_report_fitted, FORECAST_BACKTEST_REPEATS,
};
pub use count_rows::{
    auc_value, count_budgets, count_limits, count_rows, count_rows_at, BudgetRows, CountRows,
    COUNT_K_MAX, COUNT_WORK_BASE, COUNT_WORK_PER_TASK,
};
pub use rank::{ranked_value, ranking, RankRow};
pub use rows::{cover_rows, std_errors};
pub use schema::{
    AucComparison, CoverRow, GPassRow, KInterval, KValue, MgPassRow, ModelReport, PassAtKRow,
    PassHatKRow, Report, Schema, StdErrors, TailPassRow, SCHEMA, SCHEMA_1,
};
pub use series_backtest::{attach_backtests, target_ratios, SeriesBacktest};
pub use series_parts::{PartDone, SeriesParts};
