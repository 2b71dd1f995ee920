//! The messages between the page and the engine worker. Each request carries a job number;
//! a newer request of the same [`Family`] supersedes a running one, which stops at its next
//! pause (at most a time slice later) and never replies.

use serde::{Deserialize, Serialize};

use crate::bench::FileBench;
use crate::source::Source;
use crate::wire::report::ReportWire;
use passk_core::analysis::curves::{CoverCurves, SeriesCurves};
use passk_core::analysis::diagnose::Diagnostics;
use passk_core::analysis::paired::{PairError, PairedOutcome};
use passk_core::analysis::planner::Plan;
use passk_core::data::dataset::Dataset;
use passk_core::data::rejected::Rejected;
use passk_core::estimators::cover::Tau;
use passk_core::eval::fit::SeriesFit;
use passk_core::report::backtests::SeriesBacktest;
use passk_core::settings::{BandKind, Options, Settings};
use passk_io::read::{FileRead, Format, ReadOptions};

/// What the page asks of the engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Read a file in slices (progress after each), as its format or the one detected.
    Read {
        /// The job number.
        job: u64,
        /// The file.
        source: Source,
        /// Its name.
        name: String,
        /// The format chosen (None: detect).
        format: Option<Format>,
        /// How to read it beyond its format.
        #[serde(default)]
        options: ReadOptions,
    },
    /// New series: group and fit each (series whose tasks did not change keep their fits).
    Fit {
        /// The job number.
        job: u64,
        /// Every series read (their tasks cross in columns: `wire::tasks`).
        #[serde(with = "crate::wire::tasks::datasets")]
        datasets: Vec<Dataset>,
    },
    /// The Pass@k and Cover@τ curves of the series last fitted.
    Curves {
        /// The job number.
        job: u64,
        /// The fit job whose series these are (a curve job for older series fails).
        data: u64,
        /// The largest budget drawn.
        k_max: u64,
        /// The band shaded.
        band: BandKind,
        /// The estimators' settings.
        settings: Settings,
        /// The Cover@τ thresholds marked.
        taus: Vec<Tau>,
    },
    /// Backtest every series last fitted and choose the estimator for the budgets `ks`.
    Backtest {
        /// The job number.
        job: u64,
        /// The fit job whose series these are.
        data: u64,
        /// The estimators' settings.
        settings: Settings,
        /// The k list.
        ks: Vec<u64>,
        /// Subsamples per shrink factor.
        repeats: u64,
    },
    /// The fit diagnostics of one series (with CV-ELPD over `folds` folds).
    Diagnose {
        /// The job number.
        job: u64,
        /// The fit job whose series these are.
        data: u64,
        /// The series (None: the first with tasks).
        series: Option<String>,
        /// CV-ELPD folds.
        folds: u64,
    },
    /// The `passk-report/1` document of the series last fitted (family [`Family::Report`], or
    /// [`Family::Export`] when `full`: a download does not supersede the table's report).
    Report {
        /// The job number.
        job: u64,
        /// The fit job whose series these are.
        data: u64,
        /// Each series' rejected rows.
        rejected: Vec<Vec<Rejected>>,
        /// What to report.
        options: Options,
        /// Whether this is the whole document for the download (else the table's).
        full: bool,
    },
    /// The paired difference `a − b` of two series of the last fit, with its bootstrap band.
    Paired {
        /// The job number.
        job: u64,
        /// The fit job whose series these are.
        data: u64,
        /// Series A's name.
        a: String,
        /// Series B's name.
        b: String,
        /// The estimators' settings (the band's resamples and seed, the level).
        settings: Settings,
    },
    /// The sample-size plan of one series of the last fit.
    Plan {
        /// The job number.
        job: u64,
        /// The fit job whose series these are.
        data: u64,
        /// The series.
        series: String,
        /// The budget.
        k: u64,
        /// The target half-width (probability units).
        half_width: f64,
        /// The two-sided level.
        confidence: f64,
    },
    /// Time the benchmark's steps on one input (`./dev bench`; the page never sends it).
    Bench {
        /// The job number.
        job: u64,
        /// The input's name.
        file: String,
        /// Its text.
        text: String,
        /// Runs per step (the median is reported).
        runs: u32,
    },
    /// Stop the running job of `family` (the user cancelled it): `job` supersedes it.
    Cancel {
        /// The job number.
        job: u64,
        /// The family whose job stops.
        family: Family,
    },
}

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
    ];

    /// How many families there are.
    pub const COUNT: usize = 10;

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

impl Request {
    /// Whether it carries task lists in columns (`wire::tasks`), worth handing over.
    pub fn carries_columns(&self) -> bool {
        matches!(self, Request::Fit { .. })
    }

    /// Its job number.
    pub fn job(&self) -> u64 {
        match self {
            Request::Read { job, .. }
            | Request::Fit { job, .. }
            | Request::Curves { job, .. }
            | Request::Backtest { job, .. }
            | Request::Diagnose { job, .. }
            | Request::Report { job, .. }
            | Request::Paired { job, .. }
            | Request::Plan { job, .. }
            | Request::Bench { job, .. }
            | Request::Cancel { job, .. } => *job,
        }
    }

    /// Its family.
    pub fn family(&self) -> Family {
        match self {
            Request::Read { .. } => Family::Read,
            Request::Fit { .. } => Family::Fit,
            Request::Curves { .. } => Family::Curves,
            Request::Backtest { .. } => Family::Backtest,
            Request::Diagnose { .. } => Family::Diagnose,
            Request::Report { full, .. } => Family::of_report(*full),
            Request::Bench { .. } => Family::Bench,
            Request::Paired { .. } => Family::Paired,
            Request::Plan { .. } => Family::Plan,
            Request::Cancel { family, .. } => *family,
        }
    }
}

/// What the engine answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The engine has loaded and takes requests.
    Ready,
    /// How far a job is (sent at most once per time slice).
    Progress {
        /// The job number.
        job: u64,
        /// Its family.
        family: Family,
        /// What is being computed.
        text: String,
        /// Steps done and in all, when known.
        done: Option<(u64, u64)>,
    },
    /// What a file held.
    Read {
        /// The job number.
        job: u64,
        /// The series, rejected rows and what was left unused (the tasks in columns:
        /// `wire::tasks`).
        #[serde(with = "crate::wire::tasks::file_read")]
        read: Box<FileRead>,
    },
    /// The fits, in the order of the series.
    Fits {
        /// The job number.
        job: u64,
        /// One per series (grouped counts in columns: `wire::tasks`).
        #[serde(with = "crate::wire::fits")]
        fits: Vec<SeriesFit>,
    },
    /// The curves of the series with tasks.
    Curves {
        /// The job number.
        job: u64,
        /// Pass@k curves.
        curves: Vec<SeriesCurves>,
        /// Cover@τ curves.
        cover: Vec<CoverCurves>,
    },
    /// The backtests of the series with tasks and a fit.
    Backtests {
        /// The job number.
        job: u64,
        /// One per series backtested (their signed errors in byte arrays).
        #[serde(with = "crate::wire::backtests")]
        backtests: Vec<SeriesBacktest>,
    },
    /// The fit diagnostics (None: no series with tasks).
    Diagnostics {
        /// The job number.
        job: u64,
        /// The diagnostics.
        diagnostics: Option<Box<Diagnostics>>,
    },
    /// The report.
    Report {
        /// The job number.
        job: u64,
        /// Whether it is the whole document (for the download).
        full: bool,
        /// The document.
        report: Box<ReportWire>,
    },
    /// The benchmark's timings of one input.
    Bench {
        /// The job number.
        job: u64,
        /// The timings.
        result: FileBench,
    },
    /// The paired difference (None: a series named is not among those fitted).
    Paired {
        /// The job number.
        job: u64,
        /// The outcome, or why the two series cannot be paired.
        outcome: Option<Result<PairedOutcome, PairError>>,
    },
    /// The sample-size plan (None: the series is not among those fitted).
    Plan {
        /// The job number.
        job: u64,
        /// The plan and the series' fewest and most samples per task, or why there is none.
        plan: Option<PlanResult>,
    },
    /// A job could not be done, and why.
    Failed {
        /// The job number.
        job: u64,
        /// Its family.
        family: Family,
        /// Why.
        message: String,
    },
}

impl Reply {
    /// Whether it carries task lists or grouped counts in columns (`wire::tasks`).
    pub fn carries_columns(&self) -> bool {
        matches!(self, Reply::Read { .. } | Reply::Fits { .. })
    }

    /// The family of the job it answers (None for [`Reply::Ready`]).
    pub fn family(&self) -> Option<Family> {
        match self {
            Reply::Ready => None,
            Reply::Progress { family, .. } | Reply::Failed { family, .. } => Some(*family),
            Reply::Read { .. } => Some(Family::Read),
            Reply::Fits { .. } => Some(Family::Fit),
            Reply::Curves { .. } => Some(Family::Curves),
            Reply::Backtests { .. } => Some(Family::Backtest),
            Reply::Diagnostics { .. } => Some(Family::Diagnose),
            Reply::Report { full, .. } => Some(Family::of_report(*full)),
            Reply::Bench { .. } => Some(Family::Bench),
            Reply::Paired { .. } => Some(Family::Paired),
            Reply::Plan { .. } => Some(Family::Plan),
        }
    }

    /// The job it answers (None for [`Reply::Ready`]).
    pub fn job(&self) -> Option<u64> {
        match self {
            Reply::Ready => None,
            Reply::Progress { job, .. }
            | Reply::Read { job, .. }
            | Reply::Fits { job, .. }
            | Reply::Curves { job, .. }
            | Reply::Backtests { job, .. }
            | Reply::Diagnostics { job, .. }
            | Reply::Report { job, .. }
            | Reply::Bench { job, .. }
            | Reply::Paired { job, .. }
            | Reply::Plan { job, .. }
            | Reply::Failed { job, .. } => Some(*job),
        }
    }
}

/// A plan with the series' fewest and most samples per task, or why there is none.
pub type PlanResult = Result<(Plan, (u64, u64)), String>;
