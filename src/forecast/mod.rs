//! Beyond the samples drawn: forecasts, their backtest and the sample planner.

pub mod backtest_panel;
pub mod forecast_panel;
pub mod planner_panel;
pub mod stop_next;
