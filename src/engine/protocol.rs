//! The messages between the page and the engine worker. Each request carries a job number;
//! a newer request of the same [`Family`] supersedes a running one, which stops at its next
//! pause (at most a time slice later) and never replies.

use serde::{Deserialize, Serialize};

use crate::bench::FileBench;
use crate::core::analysis::curves::{CoverCurves, SeriesCurves};
use crate::core::analysis::diagnose::Diagnostics;
use crate::core::data::dataset::Dataset;
use crate::core::data::rejected::Rejected;
use crate::core::estimators::cover::Tau;
use crate::core::estimators::unbiased::ShortTasks;
use crate::core::eval::fit::SeriesFit;
use crate::core::report::backtests::SeriesBacktest;
use crate::core::report::schema::Report;
use crate::core::settings::{BandKind, Options, Settings};

/// What the page asks of the engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// New series: group and fit each (series whose tasks did not change keep their fits).
    Fit {
        /// The job number.
        job: u64,
        /// Every series read.
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
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 7] = [
        Family::Fit,
        Family::Curves,
        Family::Backtest,
        Family::Diagnose,
        Family::Report,
        Family::Export,
        Family::Bench,
    ];

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
    /// Its job number.
    pub fn job(&self) -> u64 {
        match self {
            Request::Fit { job, .. }
            | Request::Curves { job, .. }
            | Request::Backtest { job, .. }
            | Request::Diagnose { job, .. }
            | Request::Report { job, .. }
            | Request::Bench { job, .. }
            | Request::Cancel { job, .. } => *job,
        }
    }

    /// Its family.
    pub fn family(&self) -> Family {
        match self {
            Request::Fit { .. } => Family::Fit,
            Request::Curves { .. } => Family::Curves,
            Request::Backtest { .. } => Family::Backtest,
            Request::Diagnose { .. } => Family::Diagnose,
            Request::Report { full, .. } => Family::of_report(*full),
            Request::Bench { .. } => Family::Bench,
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
    /// The fits, in the order of the series.
    Fits {
        /// The job number.
        job: u64,
        /// One per series.
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
        /// One per series backtested.
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
    /// The family of the job it answers (None for [`Reply::Ready`]).
    pub fn family(&self) -> Option<Family> {
        match self {
            Reply::Ready => None,
            Reply::Progress { family, .. } | Reply::Failed { family, .. } => Some(*family),
            Reply::Fits { .. } => Some(Family::Fit),
            Reply::Curves { .. } => Some(Family::Curves),
            Reply::Backtests { .. } => Some(Family::Backtest),
            Reply::Diagnostics { .. } => Some(Family::Diagnose),
            Reply::Report { full, .. } => Some(Family::of_report(*full)),
            Reply::Bench { .. } => Some(Family::Bench),
        }
    }

    /// The job it answers (None for [`Reply::Ready`]).
    pub fn job(&self) -> Option<u64> {
        match self {
            Reply::Ready => None,
            Reply::Progress { job, .. }
            | Reply::Fits { job, .. }
            | Reply::Curves { job, .. }
            | Reply::Backtests { job, .. }
            | Reply::Diagnostics { job, .. }
            | Reply::Report { job, .. }
            | Reply::Bench { job, .. }
            | Reply::Failed { job, .. } => Some(*job),
        }
    }
}

/// A report as it crosses to the page: the document, and what its file leaves out (why each
/// unbiased value is null, per series and row).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportWire {
    /// The document (its rows' `short` empty).
    pub report: Report,
    /// `short` of each series' pass@k rows.
    pub short: Vec<Vec<Option<ShortTasks>>>,
}

impl ReportWire {
    /// Packs a report.
    pub fn pack(mut report: Report) -> Self {
        let short = report
            .models
            .iter_mut()
            .map(|m| m.pass_at_k.iter_mut().map(|r| r.short.take()).collect())
            .collect();
        ReportWire { report, short }
    }

    /// The report, whole again.
    pub fn unpack(self) -> Report {
        let mut report = self.report;
        for (m, short) in report.models.iter_mut().zip(self.short) {
            for (r, s) in m.pass_at_k.iter_mut().zip(short) {
                r.short = s;
            }
        }
        report
    }
}
