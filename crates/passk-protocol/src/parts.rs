//! A job spread over the pool of workers, in one shape for every kind: what a part computes
//! ([`Work`], sent to another worker as `Ask::Part`) and the rows it computed ([`Rows`], its
//! `Answer::Rows`, handed to the worker running the job as `Ask::Rows`).

use serde::{Deserialize, Serialize};

use super::job_kind::Pooled;
use super::outlook::SeriesOutlook;
use list::List;
use passk_core::analysis::BandRows;
use passk_core::report::SeriesBacktest;
use passk_core::settings::{Options, Settings};

mod list;

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

/// The rows a part computed: their kind, and the list itself kept encoded (the codec's
/// bytes), so that the page, which hands them from the worker that computed them to the one
/// running the job, never decodes them on its own thread (a band's thousand resamples took
/// 140 ms there), nor copies them: in the browser they cross as a `File` (`parts/list.rs`); the
/// worker running the job reads them back ([`opened`](Rows::opened)) and opens them
/// ([`InRows::from_rows`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rows {
    kind: Pooled,
    /// Shared, so that the copy the page keeps (to send again to a restarted worker) is not
    /// another copy of the bytes.
    list: List,
}

impl Rows {
    /// Its kind.
    pub fn kind(&self) -> Pooled {
        self.kind
    }

    /// The rows with their bytes at hand: in the browser, the `File` they crossed as read
    /// back (rows that cannot be read then do not open, and the job does their part itself).
    pub async fn opened(self) -> Rows {
        Rows {
            kind: self.kind,
            list: self.list.opened().await,
        }
    }

    /// A band's rows: one per series with tasks.
    pub fn band(list: Vec<BandRows>) -> Rows {
        InRows::into_rows(list)
    }

    /// The backtests of the part's series with a fit, in order.
    pub fn backtest(list: Vec<SeriesBacktest>) -> Rows {
        InRows::into_rows(list)
    }

    /// The forecasts of the part's series with a fit, in order.
    pub fn forecast(list: Vec<SeriesOutlook>) -> Rows {
        InRows::into_rows(list)
    }
}

/// A row of one kind of job spread over the pool: its lists travel as [`Rows`].
pub trait InRows: Sized + Serialize + serde::de::DeserializeOwned {
    /// The kind of job whose rows these are.
    const KIND: Pooled;

    /// Its rows, if `rows` are of its kind and decode (None otherwise).
    fn from_rows(rows: Rows) -> Option<Vec<Self>> {
        (rows.kind == Self::KIND)
            .then(|| rows.list.bytes().and_then(|b| crate::codec::decode(b).ok()))
            .flatten()
    }

    /// The rows of a list of them (an empty list when it cannot be encoded, which a list of
    /// the protocol's own types always can).
    fn into_rows(list: Vec<Self>) -> Rows {
        Rows {
            kind: Self::KIND,
            list: List::Bytes(crate::codec::encode(&list).unwrap_or_default().into()),
        }
    }
}

/// `InRows` for each kind's row type.
macro_rules! in_rows {
    ($($kind:ident => $row:ty),* $(,)?) => {$(
        impl InRows for $row {
            const KIND: Pooled = Pooled::$kind;
        }
    )*};
}

in_rows!(Band => BandRows, Backtest => SeriesBacktest, Forecast => SeriesOutlook);
