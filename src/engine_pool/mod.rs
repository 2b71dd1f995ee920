//! The engine's other workers: the bootstrap band of the curves, and the backtest's and the
//! forecasts' series, are spread over a pool of `workers` (a setting, by default one per
//! core, 1 to 8; kept on this device, not in links). The first worker
//! ([`engine_client`](super::engine_client)) runs the job and part 0 of it; each other worker
//! here holds the same series (the last fit request) and runs its part (`Ask::BandPart`:
//! its resamples; `Ask::BacktestPart`, `Ask::ForecastPart`: its series), whose result is
//! handed to the first (`Ask::BandRows`, `Ask::BacktestRows`, `Ask::ForecastRows`), which
//! puts it together: the result one worker computes, bit for bit. A worker that fails, or
//! that its part cannot be posted to, has its part done by the first. (The comparison's
//! resamples and the paired band stay on the first: under a second on Pythia natively,
//! less than handing the series to the others would save.)

use leptos::prelude::{ArcRwSignal, GetUntracked, Set};

use super::engine_client;
use super::storage;
use passk_core::analysis::bands::Part;
use passk_core::settings::{BandKind, Options, Settings};
use passk_engine::protocol::{Ask, Family, Request};
use state::{give_back, hand_over, resend, Kind, Spread, POOL};
use workers::{post, start};

mod state;
mod workers;

thread_local! {
    static SIZE: ArcRwSignal<u32> = ArcRwSignal::new(initial_size());
}

/// Where the number of workers is kept on this device.
const KEY: &str = "passk-workers";

/// The most workers one may choose.
pub const MAX_WORKERS: u32 = 16;

/// One per core (at least 1, at most 8), unless this device chose. The workers compute
/// while the page's own thread waits for their answers (it draws and reads input only), so
/// a core left to it sat idle through a backtest: on two cores the Pythia example's every
/// panel took 8.8 s on one worker, 5.0 s on two (`bench/answers.mjs`).
fn initial_size() -> u32 {
    if let Some(n) = storage::load(KEY).and_then(|v| v.parse::<u32>().ok()) {
        return n.clamp(1, MAX_WORKERS);
    }
    let cores = leptos::prelude::window().navigator().hardware_concurrency() as u32;
    cores.clamp(1, 8)
}

/// The number of workers (a signal: the settings field shows it).
pub fn size() -> ArcRwSignal<u32> {
    SIZE.with(|s| s.clone())
}

/// Sets the number of workers (1 to [`MAX_WORKERS`]), kept on this device; workers beyond it
/// stop, and their parts go back to the first worker.
pub fn set_size(n: u32) {
    let n = n.clamp(1, MAX_WORKERS);
    let _ = storage::save(KEY, &n.to_string());
    size().set(n);
    let stopped = POOL.with_borrow_mut(|p| {
        let mut stopped = Vec::new();
        for (i, h) in p.helpers.iter_mut().enumerate().skip(n as usize - 1) {
            if let Some(h) = h.take() {
                h.worker.terminate();
                stopped.push(i as u32 + 1);
            }
        }
        p.helpers.truncate(n as usize - 1);
        stopped
    });
    for index in stopped {
        give_back(index);
    }
}

/// The workers curves with `band` of fit job `data` are spread over now: the pool for a
/// bootstrap band of the last fit asked for, else one (and one on the page's own engine, in
/// the wasm tests).
pub fn workers_for(band: BandKind, data: u64) -> u32 {
    if band != BandKind::Bootstrap {
        return 1;
    }
    workers_of(data)
}

/// The workers a backtest or the forecasts of fit job `data` are spread over now: the pool
/// for the last fit asked for, at most one per series with tasks (a series is done whole by
/// one), else one (and one on the page's own engine, in the wasm tests).
pub fn series_workers(data: u64) -> u32 {
    let series = engine_client::with_last_fit(|f| match &f.ask {
        Ask::Fit { datasets } if f.job == data => {
            datasets.iter().filter(|d| !d.tasks.is_empty()).count()
        }
        _ => 0,
    });
    workers_of(data).min(series.unwrap_or(0).max(1) as u32)
}

/// The pool's size for the last fit asked for (`data`), else one.
fn workers_of(data: u64) -> u32 {
    let fitted = engine_client::with_last_fit(|f| f.job == data) == Some(true);
    if cfg!(feature = "in-page-engine") || !fitted {
        return 1;
    }
    size().get_untracked()
}

/// Spreads the band of curves job `job` (fit job `data`) over `of` workers: each other
/// worker gets the series and its part of the resamples; with `of` = 1 the others stop
/// what they were fitting.
pub fn spread(job: u64, of: u32, data: u64, k_max: u64, settings: &Settings) {
    assign(Kind::Band, job, of, data, |part| Ask::BandPart {
        data,
        k_max,
        settings: settings.clone(),
        part,
    });
}

/// Spreads backtest job `job` (fit job `data`; its settings, k list and subsamples per
/// shrink factor) over `of` workers: each other worker gets the series and its part of them.
pub fn spread_backtest(job: u64, of: u32, data: u64, what: (Settings, Vec<u64>, u64)) {
    let (settings, ks, repeats) = what;
    assign(Kind::Backtest, job, of, data, |part| Ask::BacktestPart {
        data,
        settings: settings.clone(),
        ks: ks.clone(),
        repeats,
        part,
    });
}

/// Spreads forecast job `job` (fit job `data`; the report options it reads) over `of`
/// workers: each other worker gets the series and its part of them.
pub fn spread_forecast(job: u64, of: u32, data: u64, options: &Options) {
    assign(Kind::Forecast, job, of, data, |part| Ask::ForecastPart {
        data,
        options: options.clone(),
        part,
    });
}

/// Gives each other worker its part of `kind`'s job `job` (asked with `part_ask`), the last
/// fit first if it does not hold it; the workers beyond `of` stop that kind of part.
fn assign(kind: Kind, job: u64, of: u32, data: u64, part_ask: impl Fn(Part) -> Ask) {
    engine_client::after_restart(resend);
    // (`of` is [`series_workers`]'s or [`workers_for`]'s: more than one only with this fit.)
    let fitted = engine_client::with_last_fit(|f| f.job == data) == Some(true);
    let unposted = POOL.with_borrow_mut(|p| {
        let mut unposted = Vec::new();
        *p.spread(kind) = Spread {
            job,
            of,
            handed: p.spread(kind).handed,
            others: vec![None; of.saturating_sub(1) as usize],
            ..Spread::default()
        };
        while p.helpers.len() < of.saturating_sub(1) as usize {
            let index = p.helpers.len() + 1;
            p.helpers.push(start(index as u32));
        }
        for (i, h) in p.helpers.iter_mut().enumerate() {
            let part = Part {
                index: i as u32 + 1,
                of,
            };
            if h.is_none() && part.index < of {
                // One that failed before: a new one.
                *h = start(part.index);
            }
            let Some(h) = h.as_mut() else {
                continue;
            };
            if part.index >= of {
                // Not needed for this job: whatever part of that kind it runs stops.
                let family = kind.part_family();
                let _ = post(
                    h,
                    &Request {
                        job,
                        ask: Ask::Cancel { family },
                    },
                );
                continue;
            }
            if fitted && h.fit != data {
                // Posted from where it is kept: its series are not copied. (Not sent: its
                // part fails for want of the series, and comes back to the first.)
                if engine_client::with_last_fit(|fit| post(h, fit)) == Some(true) {
                    h.fit = data;
                }
            }
            let ask = part_ask(part);
            if !post(h, &Request { job, ask }) {
                unposted.push(part.index);
            }
        }
        unposted
    });
    // A part whose worker could not start, or could not be posted to, is done by the
    // first.
    let missing: Vec<u32> = POOL.with_borrow(|p| {
        (1..of)
            .filter(|&i| p.helpers.get(i as usize - 1).is_none_or(Option::is_none))
            .chain(unposted.iter().copied())
            .collect()
    });
    for index in missing {
        hand_over(kind, job, Part { index, of }, None);
    }
}

/// What the progress of `family`'s job `job` shows: for a job spread over the pool, the
/// steps done by every worker (the first's `done` with the others' latest) under one line;
/// else `text` and `done` as they are.
pub fn across(
    family: Family,
    job: u64,
    text: String,
    done: Option<(u64, u64)>,
) -> (String, Option<(u64, u64)>) {
    let Some(kind) = Kind::of(family) else {
        return (text, done);
    };
    POOL.with_borrow_mut(|p| {
        let s = p.spread(kind);
        if s.job != job || s.of <= 1 {
            return (text, done);
        }
        // The first worker says no count while it draws the curves or waits: its last one.
        if done.is_some() {
            s.first = done;
        }
        let all: Vec<Option<(u64, u64)>> = std::iter::once(s.first)
            .chain(s.others.iter().copied())
            .collect();
        // A worker that has not counted yet has about as many steps as one that has (give or
        // take one resample or series).
        let Some(each) = all.iter().flatten().map(|c| c.1).next() else {
            return (text, done);
        };
        let (d, t) = all.iter().fold((0, 0), |(d, t), c| match c {
            Some((a, b)) => (d + a, t + b),
            None => (d, t + each),
        });
        (kind.line(s.of, d, t), Some((d, t)))
    })
}

/// Stops the other workers' parts when a job spread over them (the curves, the backtest, the
/// forecasts) is cancelled (`job`: the cancel's own number, newer than the parts', so that it
/// supersedes them).
pub fn cancel(family: Family, job: u64) {
    let Some(kind) = Kind::of(family) else {
        return;
    };
    POOL.with_borrow_mut(|p| {
        let s = p.spread(kind);
        (s.job, s.sent) = (0, Vec::new());
        let family = kind.part_family();
        for h in p.helpers.iter().flatten() {
            let _ = post(
                h,
                &Request {
                    job,
                    ask: Ask::Cancel { family },
                },
            );
        }
    });
}
