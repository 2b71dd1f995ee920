//! What the engine answers: a [`Reply`] is the job it answers and the [`Answer`].

use serde::{Deserialize, Serialize};

use super::Family;
use crate::bench::FileBench;
use crate::wire::report::ReportWire;
use passk_core::analysis::bands::{BandRows, Part};
use passk_core::analysis::curves::{CoverCurves, SeriesCurves};
use passk_core::analysis::decide::compare_all::Decision;
use passk_core::analysis::diagnose::Diagnostics;
use passk_core::analysis::forecast::SeriesForecast;
use passk_core::analysis::paired::{PairError, PairedOutcome};
use passk_core::analysis::planner::Plan;
use passk_core::eval::fit::SeriesFit;
use passk_core::report::backtests::SeriesBacktest;
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
        /// Its family.
        family: Family,
        /// What is being computed.
        text: String,
        /// Steps done and in all, when known.
        done: Option<(u64, u64)>,
    },
    /// What a file held.
    Read {
        /// The series, rejected rows and what was left unused (the tasks in columns:
        /// `wire::tasks`).
        #[serde(with = "crate::wire::tasks::file_read")]
        read: Box<FileRead>,
    },
    /// The fits, in the order of the series.
    Fits {
        /// One per series (grouped counts in columns: `wire::tasks`).
        #[serde(with = "crate::wire::fits")]
        fits: Vec<SeriesFit>,
    },
    /// The curves of the series with tasks.
    Curves {
        /// Pass@k curves (their values in byte arrays: `wire::curves`).
        #[serde(with = "crate::wire::curves::series")]
        curves: Vec<SeriesCurves>,
        /// Cover@τ curves (their points in byte arrays).
        #[serde(with = "crate::wire::curves::cover")]
        cover: Vec<CoverCurves>,
    },
    /// A part of a bootstrap band ([`Ask::BandPart`](super::Ask::BandPart)): its rows, one per
    /// series with tasks.
    BandRows {
        /// Which resamples.
        part: Part,
        /// One per series with tasks.
        #[serde(with = "crate::wire::band_rows")]
        rows: Vec<BandRows>,
    },
    /// A part of a backtest job's series ([`Ask::BacktestPart`](super::Ask::BacktestPart)):
    /// their backtests.
    BacktestRows {
        /// Which series.
        part: Part,
        /// Those of the part's series with a fit, in order.
        #[serde(with = "crate::wire::backtests")]
        backtests: Vec<SeriesBacktest>,
    },
    /// The backtests of the series with tasks and a fit.
    Backtests {
        /// One per series backtested (their signed errors in byte arrays).
        #[serde(with = "crate::wire::backtests")]
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
    },
    /// The benchmark's timings of one input.
    Bench {
        /// The timings.
        result: FileBench,
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
    Decision {
        /// Tests, crossovers and ranks.
        decision: Decision,
    },
    /// Each series' forecasts, by name, in the fit's order (series without tasks left out).
    Forecasts {
        /// (series name, its forecasts).
        forecasts: Vec<(String, SeriesForecast)>,
        /// The series whose forecasts were not computed unasked (more than
        /// [`AUTO_GROUPS`](passk_core::analysis::forecast::AUTO_GROUPS) distinct counts, without
        /// `forecast_all`), and why.
        skipped: Vec<(String, String)>,
    },
    /// A part of a forecast job's series ([`Ask::ForecastPart`](super::Ask::ForecastPart)):
    /// their forecasts.
    ForecastRows {
        /// Which series.
        part: Part,
        /// Those of the part's series with a fit, in order.
        forecasts: Vec<SeriesOutlook>,
    },
    /// The files of [`Ask::Store`](super::Ask::Store) as the JSON text the page keeps.
    Stored {
        /// `serde_json::to_string` of the files (as UTF-8 bytes: `wire::text`).
        #[serde(with = "crate::wire::text")]
        json: String,
    },
    /// A job could not be done, and why.
    Failed {
        /// Its family.
        family: Family,
        /// Why.
        message: String,
    },
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

    /// Whether it carries task lists or grouped counts in columns (`wire::tasks`), or a long
    /// text as bytes (`wire::text`): byte arrays worth handing over.
    pub fn carries_columns(&self) -> bool {
        matches!(
            self.answer,
            Answer::Read { .. }
                | Answer::Fits { .. }
                | Answer::Curves { .. }
                | Answer::Stored { .. }
        )
    }

    /// Whether the page handles it a task after decoding it: it carries columns, or it is a
    /// report (11 ms to decode for the built-in example), and the views it updates would make
    /// one long task with its decoding.
    pub fn is_large(&self) -> bool {
        self.carries_columns() || matches!(self.answer, Answer::Report { .. })
    }

    /// The family of the job it answers (None for [`Answer::Ready`]).
    pub fn family(&self) -> Option<Family> {
        match &self.answer {
            Answer::Ready => None,
            Answer::Progress { family, .. } | Answer::Failed { family, .. } => Some(*family),
            Answer::Read { .. } => Some(Family::Read),
            Answer::Fits { .. } => Some(Family::Fit),
            Answer::Curves { .. } => Some(Family::Curves),
            Answer::BandRows { .. } => Some(Family::BandPart),
            Answer::Backtests { .. } => Some(Family::Backtest),
            Answer::BacktestRows { .. } => Some(Family::BacktestPart),
            Answer::Diagnostics { .. } => Some(Family::Diagnose),
            Answer::Report { full, .. } => Some(Family::of_report(*full)),
            Answer::Bench { .. } => Some(Family::Bench),
            Answer::Paired { .. } => Some(Family::Paired),
            Answer::Plan { .. } => Some(Family::Plan),
            Answer::Decision { .. } => Some(Family::Decide),
            Answer::Forecasts { .. } => Some(Family::Forecast),
            Answer::ForecastRows { .. } => Some(Family::ForecastPart),
            Answer::Stored { .. } => Some(Family::Store),
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

/// One series' forecasts, or why they were not computed unasked (a part of a forecast job
/// spread over the pool: [`Answer::ForecastRows`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesOutlook {
    /// The series' name.
    pub name: String,
    /// Its forecasts, or why they were skipped.
    pub forecast: Result<SeriesForecast, String>,
}

/// A plan with the series' fewest and most samples per task, or why there is none.
pub type PlanResult = Result<(Plan, (u64, u64)), String>;
