//! Forecasts far beyond the samples drawn (issue 38): the scaled-Beta and Kumaraswamy fits of a
//! series, the power-law exponent of −log pass@k with its interval, the least-squares power
//! law through the unbiased curve, "how many samples to reach X", and the curves of the
//! log-log forecast chart, with the task bootstrap's band and reach intervals.

mod backtest;
mod chart;
mod power_law;
mod prepared;
mod profile;
mod reach;
mod resample;
mod schema;

pub use chart::{forecast_ks, ForecastCurves, FORECAST_K_MAX};
pub use power_law::{log_budgets, power_law, PowerLaw};
pub use prepared::{observed, Outlook, Prepared};
pub use profile::{interval_a, profile_a, profile_scale, wald_a, IntervalMethod};
pub use reach::{reach, Reached, K_REACH_MAX};
pub use resample::Resampled;
pub use schema::{
    Exponent, ForecastBacktest, ForecastFit, ForecastOptions, ReachRow, Scaling, SeriesForecast,
};
