//! The engine's other workers: the bootstrap band of the curves, and the backtest's and the
//! forecasts' series, are spread over a pool of `workers` (a setting, by default one per
//! core, 1 to 8; kept on this device, not in links). Who does which part, what goes to the
//! home worker ([`client`](crate::engine::client)) and what a failure gives back is
//! `passk_workers::pool` (natively tested); here are its Web Workers. (The comparison's
//! resamples and the paired band stay on the first: under a second on Pythia natively, less
//! than handing the series to the others would save.)

use std::cell::RefCell;

use leptos::prelude::{ArcRwSignal, GetUntracked, Set};
use web_sys::Worker;

use crate::engine::client;
use crate::inputs::storage;
use passk_core::settings::BandKind;
use passk_protocol::{Ask, JobKind, Pooled, Request, Work};
use passk_workers::pool::{Pool, Workers};

mod workers;

thread_local! {
    static SIZE: ArcRwSignal<u32> = ArcRwSignal::new(initial_size());
    static POOL: RefCell<Pool<Worker>> = RefCell::new(Pool::default());
    static HANDED: RefCell<Handed> = RefCell::new(Handed::default());
}

/// How many parts the other workers handed over in the last job of each kind: what the page
/// shows scripts and the end-to-end tests as `window.__passkPool` (a plain object, by
/// serde-wasm-bindgen).
#[derive(Debug, Default, serde::Serialize)]
struct Handed {
    /// The bootstrap band's rows.
    rows: u32,
    /// The backtest's series.
    backtests: u32,
    /// The forecasts' series.
    forecasts: u32,
}

/// Where the number of workers is kept on this device.
const KEY: &str = "passk-workers";

/// The most workers one may choose.
pub const MAX_WORKERS: u32 = 16;

/// One per core (at least 1, at most 8), unless this device chose. The workers compute
/// while the page's own thread waits for their answers (it draws and reads input only), so
/// a core left to it sat idle through a backtest (`bench/answers.mjs`).
fn initial_size() -> u32 {
    if let Some(n) = storage::load(KEY).and_then(|v| v.parse::<u32>().ok()) {
        return n.clamp(1, MAX_WORKERS);
    }
    let cores = leptos::prelude::window().navigator().hardware_concurrency() as u32;
    cores.clamp(1, 8)
}

/// The pool's Web Workers, and what is posted to the home worker once the pool is let go
/// (posting may restart it, which asks the pool to send again).
#[derive(Default)]
struct Web {
    first: Vec<Request>,
}

impl Workers for Web {
    type Worker = Worker;

    fn start(&mut self, index: u32) -> Option<Worker> {
        workers::start(index, on_reply, failed)
    }

    fn post(&mut self, worker: &Worker, req: &Request) -> bool {
        workers::post(worker, req)
    }

    fn terminate(&mut self, worker: Worker) {
        worker.terminate();
    }

    fn to_home(&mut self, req: Request) {
        self.first.push(req);
    }

    fn handed(&mut self, kind: Pooled, handed: u32) {
        let shown = HANDED.with_borrow_mut(|h| {
            match kind {
                Pooled::Band => h.rows = handed,
                Pooled::Backtest => h.backtests = handed,
                Pooled::Forecast => h.forecasts = handed,
            }
            serde_wasm_bindgen::to_value(&*h)
        });
        if let Ok(shown) = shown {
            let window = leptos::prelude::window();
            let _ = js_sys::Reflect::set(&window, &"__passkPool".into(), &shown);
        }
    }
}

/// `f` of the pool and its workers; then what it gave the home worker is posted.
fn with_pool<R>(f: impl FnOnce(&mut Pool<Worker>, &mut Web) -> R) -> R {
    let mut web = Web::default();
    let r = POOL.with_borrow_mut(|p| f(p, &mut web));
    for req in web.first {
        client::post_as_is(req);
    }
    r
}

/// The number of workers (a signal: the settings field shows it).
pub fn size() -> ArcRwSignal<u32> {
    SIZE.with(|s| s.clone())
}

/// Sets the number of workers (1 to [`MAX_WORKERS`]), kept on this device; workers beyond it
/// stop, and their parts go back to the home worker.
pub fn set_size(n: u32) {
    let n = n.clamp(1, MAX_WORKERS);
    let _ = storage::save(KEY, &n.to_string());
    size().set(n);
    with_pool(|p, web| p.resize(n, web));
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
    let series = client::with_last_fit(|f| match &f.ask {
        Ask::Fit { datasets } if f.job == data => {
            datasets.iter().filter(|d| !d.tasks.is_empty()).count()
        }
        _ => 0,
    });
    workers_of(data).min(series.unwrap_or(0).max(1) as u32)
}

/// The pool's size for the last fit asked for (`data`), else one.
fn workers_of(data: u64) -> u32 {
    let fitted = client::with_last_fit(|f| f.job == data) == Some(true);
    if cfg!(feature = "in-page-engine") || !fitted {
        return 1;
    }
    size().get_untracked()
}

/// Spreads job `job` (what it computes: `work`) over `of` workers: each other worker gets
/// the series (the last fit, posted from where it is kept: not copied) and its part; with
/// `of` = 1 the others stop that kind of part.
pub fn split(job: u64, of: u32, work: Work) {
    // (Split once the whole engine runs, when the job waits for it.)
    if client::split_later(job, of, &work, split) {
        return;
    }
    client::after_restart(|| with_pool(|p, web| p.resend(web)));
    // (What goes to the home worker is posted once the last fit is let go too.)
    with_pool(|p, web| {
        let fitted = client::with_last_fit(|fit| p.assign(web, job, of, &work, Some(fit)));
        if fitted.is_none() {
            p.assign(web, job, of, &work, None);
        }
    });
}

/// What the progress of `job_kind`'s job `job` shows: for a job spread over the pool, the
/// steps done by every worker under one line; else `text` and `done` as they are.
pub fn across(
    job_kind: JobKind,
    job: u64,
    text: String,
    done: Option<(u64, u64)>,
) -> (String, Option<(u64, u64)>) {
    with_pool(|p, _| p.across(job_kind, job, text, done))
}

/// Stops the other workers' parts when a job spread over them is cancelled (`job`: the
/// cancel's own number, newer than the parts', so that it supersedes them).
pub fn cancel(job_kind: JobKind, job: u64) {
    with_pool(|p, web| p.cancel(web, job_kind, job));
}

/// What worker `index` answered.
fn on_reply(index: u32, reply: passk_protocol::Reply) {
    with_pool(|p, web| p.on_reply(web, index, reply));
}

/// Worker `index` stopped (its wasm failed, or it died): its parts go back to the first.
fn failed(index: u32) {
    with_pool(|p, web| p.failed(web, index));
}
