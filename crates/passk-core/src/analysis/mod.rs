//! What passk derives from fitted series: bootstrap bands, CV-ELPD, fit diagnostics, paired
//! comparison, warnings, the charts' curves, the backtest and the sample-size planner.

pub mod backtest;
pub mod bands;
pub mod bootstrap;
pub mod bradley_terry;
pub mod compare;
pub mod curves;
pub mod cv;
pub mod diagnose;
pub mod forecast;
pub mod paired;
pub mod planner;
pub mod stop;
pub mod temperature;
pub mod warnings;
