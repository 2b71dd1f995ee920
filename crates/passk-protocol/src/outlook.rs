//! One series' forecasts in a part of a forecast job.

use serde::{Deserialize, Serialize};

use passk_core::analysis::forecast::SeriesForecast;

/// One series' forecasts, or why they were not computed unasked (a part of a forecast job
/// spread over the pool: `Answer::Rows`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesOutlook {
    /// The series' name.
    pub name: String,
    /// Its forecasts, or why they were skipped.
    pub forecast: Result<SeriesForecast, String>,
}
