//! Beyond the samples drawn: forecasts, their backtest and the sample planner.

pub mod backtest_panel;
pub mod panel;
pub mod planner_panel;
pub mod stop_next;
