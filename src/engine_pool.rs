//! The engine's other workers: the bootstrap band of the curves is spread over a pool of
//! `workers` (a setting, by default the machine's cores less one, 1 to 8; kept on this device,
//! not in links). The first worker ([`engine_client`](super::engine_client)) draws the
//! curves and fits part 0 of the resamples; each other worker here fits the same series
//! (the last fit request) and its part (`Ask::BandPart`), and its rows are handed to the first
//! (`Ask::BandRows`), which merges them: the band is the one a single worker draws, bit for
//! bit. A worker that fails has its part fitted by the first.

use std::cell::RefCell;

use leptos::prelude::{ArcRwSignal, GetUntracked, Set};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use super::engine_client::{self, WORKER_URL};
use super::storage;
use passk_core::analysis::bands::{BandRows, Part};
use passk_core::settings::{BandKind, Settings};
use passk_engine::codec::{from_js, handed_over, to_js};
use passk_engine::protocol::{Answer, Ask, Family, Reply, Request};

/// Where the number of workers is kept on this device.
const KEY: &str = "passk-workers";

/// The most workers one may choose.
pub const MAX_WORKERS: u32 = 16;

/// One of the other workers: its engine, and the fit job it holds.
struct Helper {
    worker: Worker,
    fit: u64,
}

/// The band under way: the curves job, and the rows each other worker sent for it.
#[derive(Default)]
struct Pool {
    helpers: Vec<Option<Helper>>,
    job: u64,
    of: u32,
    sent: Vec<(Part, Option<Vec<BandRows>>)>,
    /// Resamples fitted and to fit, over every series: the first worker's, the others'.
    first: Option<(u64, u64)>,
    others: Vec<Option<(u64, u64)>>,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
    static SIZE: ArcRwSignal<u32> = ArcRwSignal::new(initial_size());
    /// Parts another worker fitted and handed over since the page loaded.
    static HANDED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The machine's cores less one (at least 1, at most 8), unless this device chose.
fn initial_size() -> u32 {
    if let Some(n) = storage::load(KEY).and_then(|v| v.parse::<u32>().ok()) {
        return n.clamp(1, MAX_WORKERS);
    }
    let cores = leptos::prelude::window().navigator().hardware_concurrency() as u32;
    cores.saturating_sub(1).clamp(1, 8)
}

/// The number of workers (a signal: the settings field shows it).
pub fn size() -> ArcRwSignal<u32> {
    SIZE.with(|s| s.clone())
}

/// Sets the number of workers (1 to [`MAX_WORKERS`]), kept on this device; workers beyond it
/// stop.
pub fn set_size(n: u32) {
    let n = n.clamp(1, MAX_WORKERS);
    let _ = storage::save(KEY, &n.to_string());
    size().set(n);
    let (job, of, stopped) = POOL.with_borrow_mut(|p| {
        let mut stopped = Vec::new();
        for (i, h) in p.helpers.iter_mut().enumerate().skip(n as usize - 1) {
            if let Some(h) = h.take() {
                h.worker.terminate();
                stopped.push(i as u32 + 1);
            }
        }
        p.helpers.truncate(n as usize - 1);
        (p.job, p.of, stopped)
    });
    // The parts they were fitting go back to the first worker.
    for index in stopped.into_iter().filter(|&i| i < of) {
        hand_over(job, Part { index, of }, None);
    }
}

/// The workers curves with `band` of fit job `data` are spread over now: the pool for a
/// bootstrap band of the last fit asked for, else one (and one on the page's own engine, in
/// the wasm tests).
pub fn workers_for(band: BandKind, data: u64) -> u32 {
    let fitted = engine_client::last_fit().is_some_and(|f| f.job == data);
    if cfg!(feature = "in-page-engine") || band != BandKind::Bootstrap || !fitted {
        return 1;
    }
    size().get_untracked()
}

/// Spreads the band of curves job `job` (fit job `data`) over `of` workers: each other
/// worker gets the series and its part; with `of` = 1 the others stop what they were doing.
pub fn spread(job: u64, of: u32, data: u64, k_max: u64, settings: &Settings) {
    engine_client::after_restart(resend_rows);
    // (`of` is [`workers_for`]'s: more than one only with this fit.)
    let fit = engine_client::last_fit().filter(|f| f.job == data);
    POOL.with_borrow_mut(|p| {
        p.job = job;
        p.of = of;
        p.sent.clear();
        p.first = None;
        p.others = vec![None; of.saturating_sub(1) as usize];
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
                // Not needed for this band: whatever it fits stops.
                post(
                    h,
                    &Request {
                        job,
                        ask: Ask::Cancel {
                            family: Family::BandPart,
                        },
                    },
                );
                continue;
            }
            if let Some(fit) = fit.as_ref().filter(|f| f.job != h.fit) {
                post(h, fit);
                h.fit = fit.job;
            }
            post(
                h,
                &Request {
                    job,
                    ask: Ask::BandPart {
                        data,
                        k_max,
                        settings: settings.clone(),
                        part,
                    },
                },
            );
        }
    });
    // A part whose worker could not start is fitted by the first.
    let missing: Vec<Part> = POOL.with_borrow(|p| {
        (1..of)
            .filter(|&i| p.helpers.get(i as usize - 1).is_none_or(Option::is_none))
            .map(|index| Part { index, of })
            .collect()
    });
    for part in missing {
        hand_over(job, part, None);
    }
}

/// Posts `req` to a helper (its task lists handed over).
fn post(h: &Helper, req: &Request) {
    if let Ok(v) = to_js(req) {
        let _ = h.worker.post_message_with_transfer(&v, &handed_over(&v));
    }
}

/// Starts the worker fitting part `index` (None if it cannot start).
fn start(index: u32) -> Option<Helper> {
    let worker = Worker::new(WORKER_URL).ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        match from_js::<Reply>(ev.data()) {
            Ok(reply) => on_reply(index, reply),
            // Not understood (another build of the engine): as if it had failed.
            Err(_) => failed(index),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        e.prevent_default();
        failed(index);
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(Helper { worker, fit: 0 })
}

/// What a helper answered: its rows go to the first worker; a failure hands its part back.
fn on_reply(index: u32, reply: Reply) {
    let (job, of) = POOL.with_borrow(|p| (p.job, p.of));
    if index >= of || job == 0 {
        return;
    }
    match reply.answer {
        Answer::BandRows { part, rows } if reply.job == job && part == (Part { index, of }) => {
            // Counted where the end-to-end tests read it (that the pool worked).
            let handed = HANDED.with(|n| {
                n.set(n.get() + 1);
                n.get()
            });
            let window = leptos::prelude::window();
            let _ = js_sys::Reflect::set(&window, &"__passkPoolRows".into(), &handed.into());
            hand_over(job, part, Some(rows))
        }
        Answer::Progress {
            done: Some(done), ..
        } if reply.job == job => POOL.with_borrow_mut(|p| {
            if let Some(slot) = p.others.get_mut(index as usize - 1) {
                *slot = Some(done);
            }
        }),
        // Its failure (or one it could not tie to a job: a request it could not read).
        Answer::Failed { .. } if reply.job == job || reply.job == 0 => {
            hand_over(job, Part { index, of }, None)
        }
        _ => {}
    }
}

/// What the progress of `family`'s job `job` shows: for a curves job spread over the pool,
/// the resamples fitted by every worker (the first's `done` with the others' latest) under
/// one line; else `text` and `done` as they are.
pub fn across(
    family: Family,
    job: u64,
    text: String,
    done: Option<(u64, u64)>,
) -> (String, Option<(u64, u64)>) {
    POOL.with_borrow_mut(|p| {
        if family != Family::Curves || p.job != job || p.of <= 1 {
            return (text, done);
        }
        // The first worker says no count while it draws the curves or waits: its last one.
        if done.is_some() {
            p.first = done;
        }
        let all: Vec<Option<(u64, u64)>> = std::iter::once(p.first)
            .chain(p.others.iter().copied())
            .collect();
        // A worker that has not counted yet has as many to fit as one that has (give or take
        // one resample per series).
        let Some(each) = all.iter().flatten().map(|c| c.1).next() else {
            return (text, done);
        };
        let (d, t) = all.iter().fold((0, 0), |(d, t), c| match c {
            Some((a, b)) => (d + a, t + b),
            None => (d, t + each),
        });
        let line = format!(
            "bootstrap band on {} workers: {d} of {t} resamples fitted…",
            p.of
        );
        (line, Some((d, t)))
    })
}

/// Stops the other workers' parts when the curves job is cancelled (`family` Curves).
pub fn cancel(family: Family) {
    if family != Family::Curves {
        return;
    }
    POOL.with_borrow_mut(|p| {
        let job = p.job;
        p.job = 0;
        p.sent.clear();
        for h in p.helpers.iter().flatten() {
            post(
                h,
                &Request {
                    job,
                    ask: Ask::Cancel {
                        family: Family::BandPart,
                    },
                },
            );
        }
    });
}

/// A helper stopped (its wasm failed, or it died): its part goes back to the first worker,
/// and a new one starts for the next band.
fn failed(index: u32) {
    let (job, of) = POOL.with_borrow_mut(|p| {
        if let Some(h) = p.helpers.get_mut(index as usize - 1).and_then(Option::take) {
            h.worker.terminate();
        }
        (p.job, p.of)
    });
    if index < of && job != 0 {
        hand_over(job, Part { index, of }, None);
    }
}

/// Hands part `part`'s rows (None: fit them yourself) to the first worker, and keeps them in
/// case it restarts.
fn hand_over(job: u64, part: Part, rows: Option<Vec<BandRows>>) {
    POOL.with_borrow_mut(|p| {
        p.sent.retain(|s| s.0 != part);
        p.sent.push((part, rows.clone()));
    });
    engine_client::post_as_is(Request {
        job,
        ask: Ask::BandRows { part, rows },
    });
}

/// Sends the first worker, restarted, the rows the old one was given.
fn resend_rows() {
    let (job, sent) = POOL.with_borrow(|p| (p.job, p.sent.clone()));
    for (part, rows) in sent {
        engine_client::post_as_is(Request {
            job,
            ask: Ask::BandRows { part, rows },
        });
    }
}
