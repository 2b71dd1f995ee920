//! A job spread over the pool of workers, in one shape for every kind: what a part computes
//! ([`Work`], sent to another worker as `Ask::Part`) and the rows it computed ([`Rows`], its
//! `Answer::Rows`, handed to the worker running the job as `Ask::Rows`).

use serde::{Deserialize, Serialize};

use super::family::Pooled;
use super::outlook::SeriesOutlook;
use passk_core::analysis::bands::BandRows;
use passk_core::report::series_backtest::SeriesBacktest;
use passk_core::settings::{Options, Settings};

/// What a part of a job spread over the pool computes: the job's own inputs (the part says
/// which resamples or series).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Work {
    /// The bootstrap band of a curves job: the resamples a part owns, of every series of fit
    /// job `data` with tasks, on the grid the curves are drawn on.
    Band {
        /// The fit job whose series these are.
        data: u64,
        /// The largest budget drawn.
        k_max: u64,
        /// The estimators' settings (the bootstrap's resamples and seed among them).
        settings: Settings,
    },
    /// A backtest: series `i` of those with tasks where `part.of` − 1 − (`i` mod `part.of`) is
    /// `part.index`, each backtested whole.
    Backtest {
        /// The fit job whose series these are.
        data: u64,
        /// The estimators' settings.
        settings: Settings,
        /// The k list.
        ks: Vec<u64>,
        /// Subsamples per shrink factor.
        repeats: u64,
    },
    /// The forecasts: the part's series (as a backtest's), each forecast whole.
    Forecast {
        /// The fit job whose series these are.
        data: u64,
        /// The report options the forecasts read.
        options: Options,
    },
}

impl Work {
    /// Its kind.
    pub fn kind(&self) -> Pooled {
        match self {
            Work::Band { .. } => Pooled::Band,
            Work::Backtest { .. } => Pooled::Backtest,
            Work::Forecast { .. } => Pooled::Forecast,
        }
    }

    /// The fit job whose series it reads.
    pub fn data(&self) -> u64 {
        match self {
            Work::Band { data, .. } | Work::Backtest { data, .. } | Work::Forecast { data, .. } => {
                *data
            }
        }
    }
}

/// The rows a part computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Rows {
    /// A share of a bootstrap band's resamples: one per series with tasks.
    Band(Vec<BandRows>),
    /// The backtests of the part's series with a fit, in order.
    Backtest(Vec<SeriesBacktest>),
    /// The forecasts of the part's series with a fit, in order.
    Forecast(Vec<SeriesOutlook>),
}

impl Rows {
    /// Its kind.
    pub fn kind(&self) -> Pooled {
        match self {
            Rows::Band(_) => Pooled::Band,
            Rows::Backtest(_) => Pooled::Backtest,
            Rows::Forecast(_) => Pooled::Forecast,
        }
    }
}

/// A row of one kind of job spread over the pool: its lists travel as [`Rows`].
pub trait InRows: Sized {
    /// The kind of job whose rows these are.
    const KIND: Pooled;
    /// Its rows, if `rows` are of its kind (None: rows of another kind).
    fn from_rows(rows: Rows) -> Option<Vec<Self>>;
    /// The rows of a list of them.
    fn into_rows(list: Vec<Self>) -> Rows;
}

/// `InRows` for each kind's row type, by its `Rows` variant (which is its `Pooled` kind).
macro_rules! in_rows {
    ($($kind:ident => $row:ty),* $(,)?) => {$(
        impl InRows for $row {
            const KIND: Pooled = Pooled::$kind;

            fn into_rows(list: Vec<Self>) -> Rows {
                Rows::$kind(list)
            }

            fn from_rows(rows: Rows) -> Option<Vec<Self>> {
                match rows {
                    Rows::$kind(r) => Some(r),
                    _ => None,
                }
            }
        }
    )*};
}

in_rows!(Band => BandRows, Backtest => SeriesBacktest, Forecast => SeriesOutlook);
