//! The kinds of job, and the analyses whose jobs are spread over the pool.

use serde::{Deserialize, Serialize};

/// The kinds of job: a request supersedes only the running job of its own kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobKind {
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
    TableReport,
    /// The whole report, for the download.
    FullReport,
    /// The paired difference of two series.
    Paired,
    /// The sample-size plan.
    Plan,
    /// The comparison of every pair.
    Compare,
    /// The forecasts.
    Forecast,
    /// A part of a job another worker runs (one job kind per pooled kind: a worker may help with a
    /// band and a backtest at once).
    Part(Pooled),
    /// The files loaded, written for the page to keep.
    Store,
    /// The rankings of every method and their agreement.
    Rank,
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

    /// The job kind of the job spread.
    pub fn job_kind(self) -> JobKind {
        match self {
            Pooled::Band => JobKind::Curves,
            Pooled::Backtest => JobKind::Backtest,
            Pooled::Forecast => JobKind::Forecast,
        }
    }

    /// The kind of a job of `job_kind`, if such jobs are spread.
    pub fn of(job_kind: JobKind) -> Option<Pooled> {
        Pooled::ALL.into_iter().find(|p| p.job_kind() == job_kind)
    }
}

impl JobKind {
    /// Whether the first engine runs this job kind's jobs (fits, and curves computed by one
    /// worker: `Request::for_first`).
    pub fn in_first(self) -> bool {
        matches!(self, JobKind::Fit | JobKind::Curves)
    }

    /// Every job kind, each at its [`index`](JobKind::index).
    pub const ALL: [JobKind; JobKind::COUNT] = [
        JobKind::Read,
        JobKind::Fit,
        JobKind::Curves,
        JobKind::Backtest,
        JobKind::Diagnose,
        JobKind::TableReport,
        JobKind::FullReport,
        JobKind::Paired,
        JobKind::Plan,
        JobKind::Compare,
        JobKind::Forecast,
        JobKind::Part(Pooled::Band),
        JobKind::Part(Pooled::Backtest),
        JobKind::Part(Pooled::Forecast),
        JobKind::Store,
        JobKind::Rank,
    ];

    /// How many job kinds there are.
    pub const COUNT: usize = 16;

    /// The job kind of a report job.
    pub fn of_report(full: bool) -> JobKind {
        if full {
            JobKind::FullReport
        } else {
            JobKind::TableReport
        }
    }

    /// Its index in [`JobKind::ALL`].
    pub fn index(self) -> usize {
        match self {
            JobKind::Read => 0,
            JobKind::Fit => 1,
            JobKind::Curves => 2,
            JobKind::Backtest => 3,
            JobKind::Diagnose => 4,
            JobKind::TableReport => 5,
            JobKind::FullReport => 6,
            JobKind::Paired => 7,
            JobKind::Plan => 8,
            JobKind::Compare => 9,
            JobKind::Forecast => 10,
            JobKind::Part(Pooled::Band) => 11,
            JobKind::Part(Pooled::Backtest) => 12,
            JobKind::Part(Pooled::Forecast) => 13,
            JobKind::Store => 14,
            JobKind::Rank => 15,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_kind_sits_at_its_index_and_every_pooled_kind_has_its_job_kinds() {
        for (i, f) in JobKind::ALL.iter().enumerate() {
            assert_eq!(f.index(), i, "{f:?}");
        }
        for p in Pooled::ALL {
            assert_eq!(Pooled::of(p.job_kind()), Some(p));
            assert!(JobKind::ALL.contains(&JobKind::Part(p)));
        }
        assert_eq!(Pooled::of(JobKind::Fit), None);
    }
}
