//! The analysis pipelines, each a request to the engine worker that the latest input
//! supersedes: the fits when the series change, the curves when the fit asked for, k_max, the
//! band or the settings change, the backtests and the report with each fit (the engine starts
//! what names a fit once that fit is done). The page only sends and receives: it
//! never computes them, so it never freezes. Until a new result arrives the old one stays,
//! marked stale; a job that runs longer than [`SHOW_AFTER_MS`] shows its progress.

use leptos::prelude::*;

use crate::engine::client;
use crate::engine::pool;
use passk_core::analysis::{CoverCurves, SeriesCurves};
use passk_core::data::Dataset;
use passk_core::estimators::Estimator;
use passk_core::eval::SeriesFit;
use passk_core::report::SeriesBacktest;
use passk_core::settings::BandKind;
use passk_io::settings::Parsed;
use passk_page::jobs::BACKTEST_REPEATS;
use passk_page::jobs::{
    backtest_inputs, curve_inputs, route, shown, started as note_started, CurveInputs, Pendings,
    Routed,
};
use passk_protocol::{Answer, Ask, CurvesAsk, JobKind, Reply, Request, Work};

/// A job running longer than this shows its progress bar, in milliseconds.
pub const SHOW_AFTER_MS: i32 = 300;

/// The pending job of each job kind (indexed by [`JobKind::index`]).
pub type PendingJobs = RwSignal<Pendings>;

/// Sends the request `make` builds from its job number and notes the job as pending (saying
/// `text` until the engine says more); returns the job number.
pub fn ask(pending: PendingJobs, text: &str, make: impl FnOnce(u64) -> Request) -> u64 {
    let mut job_kind = None;
    let job = client::send(|job| {
        let req = make(job);
        job_kind = Some(req.job_kind());
        req
    });
    if let Some(f) = job_kind {
        started(pending, f, job, text);
    }
    job
}

/// Notes a job as pending, and shows it once it has run for [`SHOW_AFTER_MS`].
fn started(pending: PendingJobs, job_kind: JobKind, job: u64, text: &str) {
    pending.update(|p| note_started(p, job_kind, job, text));
    set_timeout(
        move || pending.update(|p| shown(p, job_kind, job)),
        std::time::Duration::from_millis(SHOW_AFTER_MS as u64),
    );
}

/// Routes the replies of `job_kind` to `done` (the result of its latest job) and keeps its
/// pending entry ([`route`]: progress updates it, the result or a failure clears it).
pub fn handle(pending: PendingJobs, job_kind: JobKind, done: impl Fn(Reply) + 'static) {
    client::on_reply(job_kind, move |reply| {
        // (A band spread over the pool: every worker's resamples.)
        let across = |job, text, steps| pool::across(job_kind, job, text, steps);
        let mut routed = Routed::Stale;
        pending.update(|p| routed = route(p, job_kind, reply, across));
        match routed {
            Routed::Answer(reply) => done(*reply),
            Routed::Failed(Some(message)) => {
                web_sys::console::warn_1(&format!("engine: {message}").into())
            }
            Routed::Failed(None) | Routed::Progress | Routed::Stale => {}
        }
    });
}

/// Cancels the pending job of `job_kind` (the old result stays).
pub fn cancel(pending: PendingJobs, job_kind: JobKind) {
    let job = client::cancel(job_kind);
    pool::cancel(job_kind, job);
    pending.update(|p| p[job_kind.index()] = None);
}

/// Refits every series when the series change; `data` gets the fit job's number as it is
/// asked for, so that the requests naming it (curves, report, …) go at once and the engine
/// starts them the moment the fit is done. The first fit is asked for before the page has
/// mounted (the engine fits while the page builds).
pub fn fit_pipeline(
    datasets: Memo<Vec<Dataset>>,
    fits: RwSignal<Vec<SeriesFit>>,
    data: RwSignal<u64>,
    pending: PendingJobs,
) {
    handle(pending, JobKind::Fit, move |reply| {
        if let Reply {
            answer: Answer::Fits { fits: f, .. },
            ..
        } = reply
        {
            fits.set(f);
        }
    });
    let fit = move |ds: Vec<Dataset>| {
        data.set(ask(pending, "fitting…", |job| Request {
            job,
            ask: Ask::Fit { datasets: ds },
        }));
    };
    let first = datasets.get_untracked();
    let sent = StoredValue::new(first.clone());
    fit(first);
    // A retry after the engine failed asks again (everything downstream follows the fit).
    let retries = crate::engine::status::retries();
    let retried = StoredValue::new(retries.get_untracked());
    Effect::new(move |_| {
        let ds = datasets.get();
        let r = retries.get();
        // Its first run sees the series asked for above, unless they changed since.
        if sent.with_value(|s| *s != ds) || retried.get_value() != r {
            sent.set_value(ds.clone());
            retried.set_value(r);
            fit(ds);
        }
    });
}

/// Whether the scaled fits' curves are wanted ([`passk_page::jobs::scaled_drawn`]).
pub fn scaled_drawn(
    enabled: RwSignal<Vec<Estimator>>,
    backtests: RwSignal<Vec<SeriesBacktest>>,
) -> Memo<bool> {
    Memo::new(move |_| enabled.with(|e| backtests.with(|b| passk_page::jobs::scaled_drawn(e, b))))
}

/// Where the curves go.
#[derive(Clone, Copy)]
pub struct CurveOutputs {
    /// The Pass@k curves of the series with tasks.
    pub curves: RwSignal<Vec<SeriesCurves>>,
    /// Their Cover@τ curves.
    pub cover: RwSignal<Vec<CoverCurves>>,
    /// The pending jobs.
    pub pending: PendingJobs,
    /// Whether to draw the scaled fits too.
    pub scaled: Memo<bool>,
}

/// Asks for the curves when a fit is asked for or k_max, the band, the settings or whether
/// the scaled fits are drawn change (never refitting).
pub fn curve_pipeline(
    data: RwSignal<u64>,
    settings: Memo<Parsed>,
    k_max: Memo<u64>,
    band: RwSignal<BandKind>,
    out: CurveOutputs,
) {
    handle(out.pending, JobKind::Curves, move |reply| {
        if let Reply {
            answer: Answer::Curves { curves, cover, .. },
            ..
        } = reply
        {
            out.curves.set(curves);
            out.cover.set(cover);
        }
    });
    // Only what the curves depend on ([`curve_inputs`]).
    let inputs = Memo::new(move |_| {
        let (band, k_max) = (band.get(), k_max.get());
        settings.with(|s| curve_inputs(s, band, k_max))
    });
    Effect::new(move |_| {
        let CurveInputs {
            k_max,
            band,
            settings,
            taus,
        } = inputs.get();
        let scaled = out.scaled.get();
        let data = data.get();
        let pool = pool::workers_for(band, data);
        let band_settings = settings.clone();
        let job = ask(out.pending, "drawing…", |job| Request {
            job,
            ask: Ask::Curves(CurvesAsk {
                data,
                k_max,
                band,
                settings,
                taus,
                scaled,
                pool,
            }),
        });
        let work = Work::Band {
            data,
            k_max,
            settings: band_settings,
        };
        pool::split(job, pool, work);
    });
}

/// Asks for the backtests with each fit (the engine starts them once it is done), for the k
/// list — the same choice as `passk report --backtest`.
pub fn backtest_pipeline(
    data: RwSignal<u64>,
    settings: Memo<Parsed>,
    backtests: RwSignal<Vec<SeriesBacktest>>,
    pending: PendingJobs,
) {
    handle(pending, JobKind::Backtest, move |reply| {
        if let Reply {
            answer: Answer::Backtests { backtests: b, .. },
            ..
        } = reply
        {
            backtests.set(b);
        }
    });
    // Only what the backtest depends on ([`backtest_inputs`]).
    let inputs = Memo::new(move |_| settings.with(backtest_inputs));
    Effect::new(move |_| {
        let (settings, ks) = inputs.get();
        let data = data.get();
        // Its series spread over the pool's workers, when they hold this fit.
        let pool = pool::series_workers(data);
        let what = (settings.clone(), ks.clone(), BACKTEST_REPEATS);
        let job = ask(pending, "backtesting…", |job| Request {
            job,
            ask: Ask::Backtest {
                data,
                settings,
                ks,
                repeats: BACKTEST_REPEATS,
                pool,
            },
        });
        let (settings, ks, repeats) = what;
        let work = Work::Backtest {
            data,
            settings,
            ks,
            repeats,
        };
        pool::split(job, pool, work);
    });
}
