//! What the engine answers: a [`Reply`] is the job it answers and the [`Answer`].

use serde::{Deserialize, Serialize};

use super::job_kind::JobKind;
use super::parts::Rows;
use crate::report::ReportWire;
use passk_core::analysis::compare::Comparison;
use passk_core::analysis::forecast::SeriesForecast;
use passk_core::analysis::Diagnostics;
use passk_core::analysis::Part;
use passk_core::analysis::Plan;
use passk_core::analysis::{CoverCurves, SeriesCurves};
use passk_core::analysis::{PairError, PairedOutcome};
use passk_core::eval::SeriesFit;
use passk_core::report::SeriesBacktest;
use passk_io::read::FileRead;

/// A reply: the job it answers and the answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// The job it answers (0 for [`Answer::Ready`], which answers none).
    pub job: u64,
    /// The answer.
    pub answer: Answer,
}

/// What the engine answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// The engine has loaded and takes requests.
    Ready,
    /// How far a job is (sent at most once per time slice).
    Progress {
        /// Its job kind.
        job_kind: JobKind,
        /// What is being computed.
        text: String,
        /// Steps done and in all, when known.
        done: Option<(u64, u64)>,
    },
    /// What a file held.
    Read {
        /// The series, rejected rows and what was left unused.
        read: Box<FileRead>,
    },
    /// The fits, in the order of the series.
    Fits {
        /// One per series.
        fits: Vec<SeriesFit>,
    },
    /// The curves of the series with tasks.
    Curves {
        /// Pass@k curves.
        curves: Vec<SeriesCurves>,
        /// Cover@τ curves.
        cover: Vec<CoverCurves>,
    },
    /// The rows of a part of a job another worker runs (`Ask::Part`).
    Rows {
        /// Which part.
        part: Part,
        /// Its rows.
        rows: Rows,
    },
    /// The backtests of the series with tasks and a fit.
    Backtests {
        /// One per series backtested.
        backtests: Vec<SeriesBacktest>,
    },
    /// The fit diagnostics (None: no series with tasks).
    Diagnostics {
        /// The diagnostics.
        diagnostics: Option<Box<Diagnostics>>,
    },
    /// The report.
    Report {
        /// Whether it is the whole document (for the download).
        full: bool,
        /// The document.
        report: Box<ReportWire>,
        /// Whether the count scores are still to come: the table's report is answered first
        /// without them (the long part of a big input), then again with them, by the same job.
        counts_pending: bool,
    },
    /// The paired difference (None: a series named is not among those fitted).
    Paired {
        /// The outcome, or why the two series cannot be paired.
        outcome: Option<Result<PairedOutcome, PairError>>,
    },
    /// The sample-size plan (None: the series is not among those fitted).
    Plan {
        /// The plan and the series' fewest and most samples per task, or why there is none.
        plan: Option<PlanResult>,
    },
    /// The comparison of every pair.
    Comparison {
        /// Tests, crossovers and ranks.
        comparison: Comparison,
    },
    /// Every ranking method's answer and their agreement.
    Ranking {
        /// The answers, with the series' names in the fit's order (those with tasks).
        ranking: Box<passk_core::analysis::rank::RankAll>,
        /// The series ranked, in the answers' order.
        names: Vec<String>,
    },
    /// Each series' forecasts, by name, in the fit's order (series without tasks left out).
    Forecasts {
        /// (series name, its forecasts).
        forecasts: Vec<(String, SeriesForecast)>,
        /// The series whose forecasts were not computed unasked (more than
        /// [`AUTO_GROUPS`](passk_core::eval::AUTO_GROUPS) distinct counts, without
        /// `forecast_all`), and why.
        skipped: Vec<(String, String)>,
    },
    /// The files of `Ask::Store` as the JSON text the page keeps.
    Stored {
        /// `serde_json::to_string` of the files.
        json: String,
    },
    /// A job could not be done, and why.
    Failed {
        /// Its job kind.
        job_kind: JobKind,
        /// Why.
        message: String,
    },
}

impl Answer {
    /// Whether this is a first answer, a second to come from the same job (the table's
    /// report before its count scores).
    pub fn is_first_of_two(&self) -> bool {
        matches!(
            self,
            Answer::Report {
                counts_pending: true,
                ..
            }
        )
    }

    /// The name of every kind of answer (its variants), in order.
    pub const KINDS: [&'static str; 16] = [
        "Ready",
        "Progress",
        "Read",
        "Fits",
        "Curves",
        "Rows",
        "Backtests",
        "Diagnostics",
        "Report",
        "Paired",
        "Plan",
        "Comparison",
        "Ranking",
        "Forecasts",
        "Stored",
        "Failed",
    ];

    /// The name of its kind (its variant).
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::Ready => "Ready",
            Answer::Progress { .. } => "Progress",
            Answer::Read { .. } => "Read",
            Answer::Fits { .. } => "Fits",
            Answer::Curves { .. } => "Curves",
            Answer::Rows { .. } => "Rows",
            Answer::Backtests { .. } => "Backtests",
            Answer::Diagnostics { .. } => "Diagnostics",
            Answer::Report { .. } => "Report",
            Answer::Paired { .. } => "Paired",
            Answer::Plan { .. } => "Plan",
            Answer::Comparison { .. } => "Comparison",
            Answer::Ranking { .. } => "Ranking",
            Answer::Forecasts { .. } => "Forecasts",
            Answer::Stored { .. } => "Stored",
            Answer::Failed { .. } => "Failed",
        }
    }
}

impl Reply {
    /// The engine has loaded and takes requests.
    pub fn ready() -> Reply {
        Reply {
            job: 0,
            answer: Answer::Ready,
        }
    }

    /// Whether it says how far a job is, not how it ended.
    pub fn is_progress(&self) -> bool {
        matches!(self.answer, Answer::Progress { .. })
    }

    /// Whether it may carry bulk (task lists, grouped counts, curves, a long text): what
    /// takes a task of its own to encode or decode.
    pub fn is_bulky(&self) -> bool {
        matches!(
            self.answer,
            Answer::Read { .. }
                | Answer::Fits { .. }
                | Answer::Curves { .. }
                | Answer::Stored { .. }
        )
    }

    /// Whether the page handles it a task after decoding it: it may carry bulk, or it is a
    /// report (11 ms to decode for the built-in example), and the views it updates would make
    /// one long task with its decoding.
    pub fn is_large(&self) -> bool {
        self.is_bulky() || matches!(self.answer, Answer::Report { .. })
    }

    /// The job kind of the job it answers (None for [`Answer::Ready`]).
    pub fn job_kind(&self) -> Option<JobKind> {
        match &self.answer {
            Answer::Ready => None,
            Answer::Progress { job_kind, .. } | Answer::Failed { job_kind, .. } => Some(*job_kind),
            Answer::Read { .. } => Some(JobKind::Read),
            Answer::Fits { .. } => Some(JobKind::Fit),
            Answer::Curves { .. } => Some(JobKind::Curves),
            Answer::Rows { rows, .. } => Some(JobKind::Part(rows.kind())),
            Answer::Backtests { .. } => Some(JobKind::Backtest),
            Answer::Diagnostics { .. } => Some(JobKind::Diagnose),
            Answer::Report { full, .. } => Some(JobKind::of_report(*full)),
            Answer::Paired { .. } => Some(JobKind::Paired),
            Answer::Plan { .. } => Some(JobKind::Plan),
            Answer::Comparison { .. } => Some(JobKind::Compare),
            Answer::Ranking { .. } => Some(JobKind::Rank),
            Answer::Forecasts { .. } => Some(JobKind::Forecast),
            Answer::Stored { .. } => Some(JobKind::Store),
        }
    }

    /// The job it answers (None for [`Answer::Ready`]).
    pub fn job(&self) -> Option<u64> {
        match self.answer {
            Answer::Ready => None,
            _ => Some(self.job),
        }
    }
}

/// A plan with the series' fewest and most samples per task, or why there is none.
pub type PlanResult = Result<(Plan, (u64, u64)), String>;
