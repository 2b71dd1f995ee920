//! What the page asks: a [`Request`] is a job number and an [`Ask`].

use serde::{Deserialize, Serialize};

use passk_core::analysis::Part;
use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_core::estimators::Tau;
use passk_core::settings::{BandKind, Options, Settings};
use passk_io::read::FileRead;

use super::job_kind::{JobKind, Pooled};
use super::parts::{Rows, Work};
use super::reading::ReadFile;

/// A request: its job number (which the replies to it carry) and what is asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// The job number: increasing across the page's requests.
    pub job: u64,
    /// What is asked.
    pub ask: Ask,
}

/// What the page asks of the engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Ask {
    /// Read a file in slices (progress after each), as its format or the one detected.
    Read(ReadFile),
    /// New series: group and fit each (series whose tasks did not change keep their fits).
    Fit {
        /// Every series read.
        datasets: Vec<Dataset>,
    },
    /// The Pass@k and Cover@τ curves of the series last fitted.
    Curves(CurvesAsk),
    /// Backtest every series last fitted and choose the estimator for the budgets `ks`.
    Backtest {
        /// The fit job whose series these are.
        data: u64,
        /// The estimators' settings.
        settings: Settings,
        /// The k list.
        ks: Vec<u64>,
        /// Subsamples per shrink factor.
        repeats: u64,
        /// The workers the series are spread over (0 or 1: this one alone): this one
        /// backtests part 0's and waits for the others' ([`Ask::Rows`]).
        #[serde(default)]
        pool: u32,
    },
    /// A part of a job another worker runs (a job spread over the pool: its `pool` field):
    /// the resamples or series `part` owns, computed as the job would, answered as
    /// [`Answer::Rows`](crate::Answer::Rows).
    Part {
        /// What the job computes.
        work: Work,
        /// Which part.
        part: Part,
    },
    /// The rows another worker computed for the running job `job` of their kind (not a job of
    /// its own: it is kept for that job).
    Rows {
        /// The kind of job.
        kind: Pooled,
        /// Whose rows.
        part: Part,
        /// The rows; None: that worker failed, and this one does the part.
        rows: Option<Rows>,
    },
    /// The fit diagnostics of one series (with CV-ELPD over `folds` folds).
    Diagnose {
        /// The fit job whose series these are.
        data: u64,
        /// The series (None: the first with tasks).
        series: Option<String>,
        /// CV-ELPD folds.
        folds: u64,
    },
    /// The `passk-report/2` document of the series last fitted (job kind [`JobKind::TableReport`], or
    /// [`JobKind::FullReport`] when `full`: a download does not supersede the table's report).
    Report {
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
        /// The fit job whose series these are.
        data: u64,
        /// Series A's name.
        a: String,
        /// Series B's name.
        b: String,
        /// The estimators' settings (the band's resamples and seed, the level).
        settings: Settings,
    },
    /// Every pair of series of the last fit at each budget of `ks`: paired tests with Holm and
    /// BH, crossovers, ranks (`passk compare`).
    Compare {
        /// The fit job whose series these are.
        data: u64,
        /// The k list.
        ks: Vec<u64>,
        /// The resamples and seed of the crossover intervals and ranks.
        settings: Settings,
    },
    /// Every ranking method on the series of the last fit, and their agreement (`passk rank`).
    Rank {
        /// The fit job whose series these are.
        data: u64,
        /// The methods' options.
        options: passk_core::analysis::rank::RankOptions,
    },
    /// The forecasts of every series of the last fit: the scaled fits, exponents, reach and
    /// the forecast chart's curves (the report's, for the same options).
    Forecast {
        /// The fit job whose series these are.
        data: u64,
        /// The report options the forecasts read: reach targets, resamples, seed, level.
        options: Options,
        /// The workers the series are spread over (0 or 1: this one alone): this one
        /// forecasts part 0's and waits for the others' ([`Ask::Rows`]).
        #[serde(default)]
        pool: u32,
    },
    /// The sample-size plan of one series of the last fit.
    Plan {
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
    /// The files loaded, written as the JSON text the page keeps them in (local storage): a
    /// file of 10^5 tasks is megabytes of JSON, written here off the page's thread
    /// (`Answer::Stored`).
    Store {
        /// The files.
        files: Vec<FileRead>,
    },
    /// Stop the running job of `job_kind` (the user cancelled it): `job` supersedes it.
    Cancel {
        /// The job kind whose job stops.
        job_kind: JobKind,
    },
}

/// The Pass@k and Cover@τ curves of the series last fitted (`Ask::Curves`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurvesAsk {
    /// The fit job whose series these are (a curve job for older series fails).
    pub data: u64,
    /// The largest budget drawn.
    pub k_max: u64,
    /// The band shaded.
    pub band: BandKind,
    /// The estimators' settings.
    pub settings: Settings,
    /// The Cover@τ thresholds marked.
    pub taus: Vec<Tau>,
    /// Whether to draw the scaled Beta and the Kumaraswamy too (they are fitted the
    /// first time, about a fifth of a second per series of n = 10^4).
    #[serde(default)]
    pub scaled: bool,
    /// The workers a bootstrap band is spread over (0 or 1: this one alone): this one
    /// fits part 0 and waits for the others' rows ([`Ask::Rows`]).
    #[serde(default)]
    pub pool: u32,
}

impl Ask {
    /// The name of every kind of ask (its variants), in order.
    pub const KINDS: [&'static str; 15] = [
        "Read", "Fit", "Curves", "Backtest", "Part", "Rows", "Diagnose", "Report", "Paired",
        "Compare", "Rank", "Forecast", "Plan", "Store", "Cancel",
    ];

    /// The name of its kind (its variant).
    pub fn kind(&self) -> &'static str {
        match self {
            Ask::Read(..) => "Read",
            Ask::Fit { .. } => "Fit",
            Ask::Curves(..) => "Curves",
            Ask::Backtest { .. } => "Backtest",
            Ask::Part { .. } => "Part",
            Ask::Rows { .. } => "Rows",
            Ask::Diagnose { .. } => "Diagnose",
            Ask::Report { .. } => "Report",
            Ask::Paired { .. } => "Paired",
            Ask::Compare { .. } => "Compare",
            Ask::Rank { .. } => "Rank",
            Ask::Forecast { .. } => "Forecast",
            Ask::Plan { .. } => "Plan",
            Ask::Store { .. } => "Store",
            Ask::Cancel { .. } => "Cancel",
        }
    }
}

impl Request {
    /// Whether it carries task lists: what takes a task of its own to encode.
    pub fn is_bulky(&self) -> bool {
        matches!(self.ask, Ask::Fit { .. } | Ask::Store { .. })
    }

    /// Whether it hands a running job another worker's part (kept for that job, not a job
    /// of its own).
    pub fn is_rows(&self) -> bool {
        matches!(self.ask, Ask::Rows { .. })
    }

    /// Its job kind.
    pub fn job_kind(&self) -> JobKind {
        match &self.ask {
            Ask::Read(..) => JobKind::Read,
            Ask::Fit { .. } => JobKind::Fit,
            Ask::Curves(..) => JobKind::Curves,
            Ask::Backtest { .. } => JobKind::Backtest,
            Ask::Part { work, .. } => JobKind::Part(work.kind()),
            Ask::Rows { kind, .. } => kind.job_kind(),
            Ask::Diagnose { .. } => JobKind::Diagnose,
            Ask::Report { full, .. } => JobKind::of_report(*full),
            Ask::Paired { .. } => JobKind::Paired,
            Ask::Plan { .. } => JobKind::Plan,
            Ask::Compare { .. } => JobKind::Compare,
            Ask::Rank { .. } => JobKind::Rank,
            Ask::Forecast { .. } => JobKind::Forecast,
            Ask::Store { .. } => JobKind::Store,
            Ask::Cancel { job_kind } => *job_kind,
        }
    }
}
