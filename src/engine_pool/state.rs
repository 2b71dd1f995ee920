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

/// A job spread over the pool: the bootstrap band of a curves job, or a backtest.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Band,
    Backtest,
}

impl Kind {
    /// The family of the other workers' parts.
    pub(super) fn part_family(self) -> Family {
        match self {
            Kind::Band => Family::BandPart,
            Kind::Backtest => Family::BacktestPart,
        }
    }

    /// Where the end-to-end tests read how many parts other workers handed over.
    fn counter(self) -> &'static str {
        match self {
            Kind::Band => "__passkPoolRows",
            Kind::Backtest => "__passkPoolBacktests",
        }
    }
}

/// One job spread: its number (0: none), its parts, and what was handed to the first worker
/// for it (sent again if that worker restarts).
#[derive(Default)]
pub(super) struct Spread {
    pub(super) job: u64,
    pub(super) of: u32,
    pub(super) sent: Vec<(Part, Request)>,
    /// Parts other workers handed over since the page loaded.
    pub(super) handed: u32,
}

/// The other workers and the jobs spread over them.
#[derive(Default)]
pub(super) struct Pool {
    pub(super) helpers: Vec<Option<Helper>>,
    pub(super) band: Spread,
    pub(super) backtest: Spread,
    /// The band's resamples fitted and to fit, over every series: the first worker's, the
    /// others'.
    pub(super) first: Option<(u64, u64)>,
    pub(super) others: Vec<Option<(u64, u64)>>,
}

impl Pool {
    pub(super) fn spread(&mut self, kind: Kind) -> &mut Spread {
        match kind {
            Kind::Band => &mut self.band,
            Kind::Backtest => &mut self.backtest,
        }
    }
}

thread_local! {
    pub(super) static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

pub(super) const KINDS: [Kind; 2] = [Kind::Band, Kind::Backtest];

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
    });
    let handed_by_other = from_other(&ask);
    let req = Request { job, ask };
    let handed = POOL.with_borrow_mut(|p| {
        let s = p.spread(kind);
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
        (p.band.sent.iter().chain(&p.backtest.sent))
            .map(|m| m.1.clone())
            .collect()
    });
    for req in sent {
        engine_client::post_as_is(req);
    }
}
