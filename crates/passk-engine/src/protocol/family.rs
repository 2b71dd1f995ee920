//! The families of jobs.

use serde::{Deserialize, Serialize};

/// The families of jobs: a request supersedes only the running job of its own family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    /// Reading a file.
    Read,
    /// Fits.
    Fit,
    /// Curves and bands.
    Curves,
    /// Backtests.
    Backtest,
    /// Fit diagnostics.
    Diagnose,
    /// The report the page's tables show.
    Report,
    /// The whole report, for the download.
    Export,
    /// The benchmark.
    Bench,
    /// The paired difference.
    Paired,
    /// The sample-size plan.
    Plan,
    /// The comparison of every pair.
    Decide,
    /// The forecasts.
    Forecast,
    /// A part of another worker's bootstrap band.
    BandPart,
    /// A part of another worker's backtest.
    BacktestPart,
    /// A part of another worker's forecasts.
    ForecastPart,
    /// The files loaded, written for the page to keep.
    Store,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; Family::COUNT] = [
        Family::Read,
        Family::Fit,
        Family::Curves,
        Family::Backtest,
        Family::Diagnose,
        Family::Report,
        Family::Export,
        Family::Bench,
        Family::Paired,
        Family::Plan,
        Family::Decide,
        Family::Forecast,
        Family::BandPart,
        Family::BacktestPart,
        Family::ForecastPart,
        Family::Store,
    ];

    /// How many families there are.
    pub const COUNT: usize = 16;

    /// The family of a report job.
    pub fn of_report(full: bool) -> Family {
        if full {
            Family::Export
        } else {
            Family::Report
        }
    }

    /// Its index in [`Family::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}
