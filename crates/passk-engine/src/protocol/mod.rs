//! The messages between the page and the engine worker: a [`Request`] is a job number and
//! what is asked ([`Ask`]); a [`Reply`] is the job it answers and the [`Answer`]. A newer
//! request of the same [`Family`] supersedes a running one, which stops at its next pause (at
//! most a time slice later) and never replies.

use serde::{Deserialize, Serialize};

use crate::source::Source;
use passk_core::analysis::bands::{BandRows, Part};
use passk_core::data::dataset::Dataset;
use passk_core::data::rejected::Rejected;
use passk_core::estimators::cover::Tau;
use passk_core::report::backtests::SeriesBacktest;
use passk_core::settings::{BandKind, Options, Settings};
use passk_io::read::{FileRead, Format, ReadOptions};

mod answer;
mod family;
pub use answer::{Answer, PlanResult, Reply, SeriesOutlook};
pub use family::Family;

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
    Read {
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
        /// Every series read (their tasks cross in columns: `wire::tasks`).
        #[serde(with = "crate::wire::tasks::datasets")]
        datasets: Vec<Dataset>,
    },
    /// The Pass@k and Cover@τ curves of the series last fitted.
    Curves {
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
        /// Whether to draw the scaled Beta and the Kumaraswamy too (they are fitted the
        /// first time, about a fifth of a second per series of n = 10^4).
        #[serde(default)]
        scaled: bool,
        /// The workers a bootstrap band is spread over (0 or 1: this one alone): this one
        /// fits part 0 and waits for the others' rows ([`Ask::BandRows`]).
        #[serde(default)]
        pool: u32,
    },
    /// One part of the bootstrap band of a curves job (this worker helps the one drawing
    /// them, [`Ask::Curves`]' `pool`): the resamples `part` owns, of every series of fit job
    /// `data` with tasks, on the grid the curves are drawn on.
    BandPart {
        /// The fit job whose series these are.
        data: u64,
        /// The largest budget drawn.
        k_max: u64,
        /// The estimators' settings (the bootstrap's resamples and seed among them).
        settings: Settings,
        /// Which resamples.
        part: Part,
    },
    /// The rows another worker fitted for the running curves job `job` (not a job of its
    /// own: it is kept for that job). None: that worker failed, and this one fits the part.
    BandRows {
        /// Whose rows.
        part: Part,
        /// One per series with tasks; None: fit them here.
        #[serde(with = "crate::wire::band_rows::optional")]
        rows: Option<Vec<BandRows>>,
    },
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
        /// backtests part 0's and waits for the others' ([`Ask::BacktestRows`]).
        #[serde(default)]
        pool: u32,
    },
    /// One part of the series of a backtest job (this worker helps the one running it,
    /// [`Ask::Backtest`]' `pool`): series `i` of those with tasks where `part.of` − 1 − (`i` mod
    /// `part.of`) is `part.index`, each backtested whole, as the job would.
    BacktestPart {
        /// The fit job whose series these are.
        data: u64,
        /// The estimators' settings.
        settings: Settings,
        /// The k list.
        ks: Vec<u64>,
        /// Subsamples per shrink factor.
        repeats: u64,
        /// Which series.
        part: Part,
    },
    /// The backtests another worker ran for the running backtest job `job` (not a job of its
    /// own: it is kept for that job). None: that worker failed, and this one runs the part.
    BacktestRows {
        /// Whose backtests.
        part: Part,
        /// Those of the part's series with a fit, in order.
        #[serde(with = "crate::wire::backtests::optional")]
        backtests: Option<Vec<SeriesBacktest>>,
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
    /// The `passk-report/1` document of the series last fitted (family [`Family::Report`], or
    /// [`Family::Export`] when `full`: a download does not supersede the table's report).
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
    Decide {
        /// The fit job whose series these are.
        data: u64,
        /// The k list.
        ks: Vec<u64>,
        /// The resamples and seed of the crossover intervals and ranks.
        settings: Settings,
    },
    /// The forecasts of every series of the last fit: the scaled fits, exponents, reach and
    /// the forecast chart's curves (the report's, for the same options).
    Forecast {
        /// The fit job whose series these are.
        data: u64,
        /// The report options the forecasts read: reach targets, resamples, seed, level.
        options: Options,
        /// The workers the series are spread over (0 or 1: this one alone): this one
        /// forecasts part 0's and waits for the others' ([`Ask::ForecastRows`]).
        #[serde(default)]
        pool: u32,
    },
    /// One part of the series of a forecast job (this worker helps the one running it,
    /// [`Ask::Forecast`]' `pool`): series `i` of those with tasks where `part.of` − 1 − (`i` mod
    /// `part.of`) is `part.index`, each forecast whole, as the job would.
    ForecastPart {
        /// The fit job whose series these are.
        data: u64,
        /// The report options the forecasts read.
        options: Options,
        /// Which series.
        part: Part,
    },
    /// The forecasts another worker made for the running forecast job `job` (not a job of
    /// its own: it is kept for that job). None: that worker failed, and this one does the
    /// part.
    ForecastRows {
        /// Whose forecasts.
        part: Part,
        /// Those of the part's series with a fit, in order.
        forecasts: Option<Vec<SeriesOutlook>>,
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
    /// Time the benchmark's steps on one input (`./dev bench`; the page never sends it).
    Bench {
        /// The input's name.
        file: String,
        /// Its text.
        text: String,
        /// Runs per step (the median is reported).
        runs: u32,
    },
    /// The files loaded, written as the JSON text the page keeps them in (local storage): a
    /// file of 10^5 tasks is megabytes of JSON, written here off the page's thread
    /// ([`Answer::Stored`]).
    Store {
        /// The files (their tasks in columns: `wire::tasks`).
        #[serde(with = "crate::wire::tasks::file_reads")]
        files: Vec<FileRead>,
    },
    /// Stop the running job of `family` (the user cancelled it): `job` supersedes it.
    Cancel {
        /// The family whose job stops.
        family: Family,
    },
}

impl Request {
    /// Whether it carries task lists in columns (`wire::tasks`), worth handing over.
    pub fn carries_columns(&self) -> bool {
        matches!(self.ask, Ask::Fit { .. } | Ask::Store { .. })
    }

    /// Whether it hands a running job another worker's part (kept for that job, not a job
    /// of its own).
    pub fn is_rows(&self) -> bool {
        matches!(
            self.ask,
            Ask::BandRows { .. } | Ask::BacktestRows { .. } | Ask::ForecastRows { .. }
        )
    }

    /// Its family.
    pub fn family(&self) -> Family {
        match &self.ask {
            Ask::Read { .. } => Family::Read,
            Ask::Fit { .. } => Family::Fit,
            Ask::Curves { .. } | Ask::BandRows { .. } => Family::Curves,
            Ask::BandPart { .. } => Family::BandPart,
            Ask::Backtest { .. } | Ask::BacktestRows { .. } => Family::Backtest,
            Ask::BacktestPart { .. } => Family::BacktestPart,
            Ask::Diagnose { .. } => Family::Diagnose,
            Ask::Report { full, .. } => Family::of_report(*full),
            Ask::Bench { .. } => Family::Bench,
            Ask::Paired { .. } => Family::Paired,
            Ask::Plan { .. } => Family::Plan,
            Ask::Decide { .. } => Family::Decide,
            Ask::Forecast { .. } | Ask::ForecastRows { .. } => Family::Forecast,
            Ask::ForecastPart { .. } => Family::ForecastPart,
            Ask::Store { .. } => Family::Store,
            Ask::Cancel { family } => *family,
        }
    }
}
