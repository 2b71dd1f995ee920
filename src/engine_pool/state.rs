//! The pool's state: the other workers, the jobs spread over them, and what was handed to
//! the first worker for each.

use std::cell::RefCell;

use web_sys::Worker;

use crate::engine_client;
use passk_core::analysis::bands::Part;
use passk_engine::protocol::{Ask, Family, Request};

/// One of the other workers: its engine, and the fit job it holds.
pub(super) struct Helper {
    pub(super) worker: Worker,
    pub(super) fit: u64,
}

/// A job spread over the pool: the bootstrap band of a curves job, a backtest, or the
/// forecasts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Band,
    Backtest,
    Forecast,
}

impl Kind {
    /// The kind of job of `family` spread over the pool, if it is one.
    pub(super) fn of(family: Family) -> Option<Kind> {
        match family {
            Family::Curves => Some(Kind::Band),
            Family::Backtest => Some(Kind::Backtest),
            Family::Forecast => Some(Kind::Forecast),
            _ => None,
        }
    }

    /// The family of the other workers' parts.
    pub(super) fn part_family(self) -> Family {
        match self {
            Kind::Band => Family::BandPart,
            Kind::Backtest => Family::BacktestPart,
            Kind::Forecast => Family::ForecastPart,
        }
    }

    /// Where the end-to-end tests read how many parts other workers handed over.
    fn counter(self) -> &'static str {
        match self {
            Kind::Band => "__passkPoolRows",
            Kind::Backtest => "__passkPoolBacktests",
            Kind::Forecast => "__passkPoolForecasts",
        }
    }

    /// The progress line of a job over `of` workers, `done` of `all` counted across them
    /// (resamples; series in thousandths for a job spread by series).
    pub(super) fn line(self, of: u32, done: u64, all: u64) -> String {
        let series = |verb: &str| {
            let (d, t) = (done / 1000, all / 1000);
            format!("{verb} on {of} workers: {d} of {t} series done…")
        };
        match self {
            Kind::Band => {
                format!("bootstrap band on {of} workers: {done} of {all} resamples fitted…")
            }
            Kind::Backtest => series("backtesting"),
            Kind::Forecast => series("forecasting"),
        }
    }
}

/// One job spread: its number (0: none), its parts, what was handed to the first worker
/// for it (sent again if that worker restarts), and how far each worker is.
#[derive(Default)]
pub(super) struct Spread {
    pub(super) job: u64,
    pub(super) of: u32,
    pub(super) sent: Vec<(Part, Request)>,
    /// Parts other workers handed over since the page loaded.
    pub(super) handed: u32,
    /// The steps done and to do of the first worker's part, and of the others'.
    pub(super) first: Option<(u64, u64)>,
    pub(super) others: Vec<Option<(u64, u64)>>,
}

/// The other workers and the jobs spread over them.
#[derive(Default)]
pub(super) struct Pool {
    pub(super) helpers: Vec<Option<Helper>>,
    band: Spread,
    backtest: Spread,
    forecast: Spread,
}

impl Pool {
    pub(super) fn spread(&mut self, kind: Kind) -> &mut Spread {
        match kind {
            Kind::Band => &mut self.band,
            Kind::Backtest => &mut self.backtest,
            Kind::Forecast => &mut self.forecast,
        }
    }
}

thread_local! {
    pub(super) static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

pub(super) const KINDS: [Kind; 3] = [Kind::Band, Kind::Backtest, Kind::Forecast];

/// Whether `kind`'s job `job` is spread and worker `index` has a part of it.
pub(super) fn ours(kind: Kind, job: u64, index: u32) -> Option<Part> {
    POOL.with_borrow_mut(|p| {
        let s = p.spread(kind);
        (s.job != 0 && (job == s.job || job == 0) && index < s.of)
            .then_some(Part { index, of: s.of })
    })
}

/// Worker `index`'s parts of the jobs spread go back to the first worker (unless it already
/// handed them over).
pub(super) fn give_back(index: u32) {
    for kind in KINDS {
        if let Some(part) = ours(kind, 0, index) {
            let (job, delivered) = POOL.with_borrow_mut(|p| {
                let s = p.spread(kind);
                let delivered =
                    (s.sent.iter()).any(|(at, req)| *at == part && from_other(&req.ask));
                (s.job, delivered)
            });
            if !delivered {
                hand_over(kind, job, part, None);
            }
        }
    }
}

/// Whether `ask` hands the first worker a part another worker did (not one to do itself).
fn from_other(ask: &Ask) -> bool {
    matches!(
        ask,
        Ask::BandRows { rows: Some(_), .. }
            | Ask::BacktestRows {
                backtests: Some(_),
                ..
            }
            | Ask::ForecastRows {
                forecasts: Some(_),
                ..
            }
    )
}

/// Hands `part` of `kind`'s job `job` to the first worker (`done`: what another worker sent;
/// None: do it yourself), and keeps it in case that worker restarts.
pub(super) fn hand_over(kind: Kind, job: u64, part: Part, done: Option<Ask>) {
    let ask = done.unwrap_or(match kind {
        Kind::Band => Ask::BandRows { part, rows: None },
        Kind::Backtest => Ask::BacktestRows {
            part,
            backtests: None,
        },
        Kind::Forecast => Ask::ForecastRows {
            part,
            forecasts: None,
        },
    });
    let handed_by_other = from_other(&ask);
    let req = Request { job, ask };
    let handed = POOL.with_borrow_mut(|p| {
        let s = p.spread(kind);
        if !handed_by_other {
            // Its worker's last count is not the first's, which now does the part.
            if let Some(c) = (part.index as usize)
                .checked_sub(1)
                .and_then(|i| s.others.get_mut(i))
            {
                *c = None;
            }
        }
        s.sent.retain(|m| m.0 != part);
        s.sent.push((part, req.clone()));
        s.handed += u32::from(handed_by_other);
        s.handed
    });
    if handed_by_other {
        // Counted where the end-to-end tests read it (that the pool worked).
        let window = leptos::prelude::window();
        let _ = js_sys::Reflect::set(&window, &kind.counter().into(), &handed.into());
    }
    engine_client::post_as_is(req);
}

/// Sends the first worker, restarted, what the old one was handed.
pub(super) fn resend() {
    let sent: Vec<Request> = POOL.with_borrow(|p| {
        [&p.band, &p.backtest, &p.forecast]
            .iter()
            .flat_map(|s| s.sent.iter().map(|m| m.1.clone()))
            .collect()
    });
    for req in sent {
        engine_client::post_as_is(req);
    }
}
