//! The families of jobs, and the analyses a job of which is spread over the pool.

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
    /// The paired difference of two series.
    Paired,
    /// The sample-size plan.
    Plan,
    /// The comparison of every pair.
    Compare,
    /// The forecasts.
    Forecast,
    /// A part of a job another worker runs (one family per kind: a worker may help with a
    /// band and a backtest at once).
    Part(Pooled),
    /// The files loaded, written for the page to keep.
    Store,
}

/// The analyses whose jobs may be spread over the pool of workers: each other worker does a
/// part (its resamples, or its series) and hands its rows to the worker running the job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pooled {
    /// The bootstrap band of a curves job: a part is a share of the resamples.
    Band,
    /// A backtest: a part is a share of the series.
    Backtest,
    /// The forecasts: a part is a share of the series.
    Forecast,
}

impl Pooled {
    /// Every kind.
    pub const ALL: [Pooled; 3] = [Pooled::Band, Pooled::Backtest, Pooled::Forecast];

    /// The family of the job spread.
    pub fn job_family(self) -> Family {
        match self {
            Pooled::Band => Family::Curves,
            Pooled::Backtest => Family::Backtest,
            Pooled::Forecast => Family::Forecast,
        }
    }

    /// The kind of a job of `family`, if such jobs are spread.
    pub fn of(family: Family) -> Option<Pooled> {
        Pooled::ALL.into_iter().find(|p| p.job_family() == family)
    }
}

impl Family {
    /// Whether the first engine runs this family's jobs (fits, and curves computed by one
    /// worker: `Request::for_first`).
    pub fn in_first(self) -> bool {
        matches!(self, Family::Fit | Family::Curves)
    }

    /// Every family, each at its [`index`](Family::index).
    pub const ALL: [Family; Family::COUNT] = [
        Family::Read,
        Family::Fit,
        Family::Curves,
        Family::Backtest,
        Family::Diagnose,
        Family::Report,
        Family::Export,
        Family::Paired,
        Family::Plan,
        Family::Compare,
        Family::Forecast,
        Family::Part(Pooled::Band),
        Family::Part(Pooled::Backtest),
        Family::Part(Pooled::Forecast),
        Family::Store,
    ];

    /// How many families there are.
    pub const COUNT: usize = 15;

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
        match self {
            Family::Read => 0,
            Family::Fit => 1,
            Family::Curves => 2,
            Family::Backtest => 3,
            Family::Diagnose => 4,
            Family::Report => 5,
            Family::Export => 6,
            Family::Paired => 7,
            Family::Plan => 8,
            Family::Compare => 9,
            Family::Forecast => 10,
            Family::Part(Pooled::Band) => 11,
            Family::Part(Pooled::Backtest) => 12,
            Family::Part(Pooled::Forecast) => 13,
            Family::Store => 14,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_sits_at_its_index_and_every_pooled_kind_has_its_families() {
        for (i, f) in Family::ALL.iter().enumerate() {
            assert_eq!(f.index(), i, "{f:?}");
        }
        for p in Pooled::ALL {
            assert_eq!(Pooled::of(p.job_family()), Some(p));
            assert!(Family::ALL.contains(&Family::Part(p)));
        }
        assert_eq!(Pooled::of(Family::Fit), None);
    }
}
