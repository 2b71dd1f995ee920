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
use passk_core::settings::{BandKind, Options};
use passk_io::settings::Parsed;
use passk_protocol::{Answer, Ask, CurvesAsk, JobKind, Reply, Request, Work};

/// Backtest repeats per shrink factor (as `passk report --backtest`).
pub const BACKTEST_REPEATS: u64 = 20;
/// A job running longer than this shows its progress bar, in milliseconds.
pub const SHOW_AFTER_MS: i32 = 300;

/// A job sent to the engine and not yet answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    /// Its job number.
    pub job: u64,
    /// What is being computed (the engine's last progress message).
    pub text: String,
    /// Steps done and in all, when known.
    pub done: Option<(u64, u64)>,
    /// Whether it has run long enough to show its progress.
    pub shown: bool,
    /// Whether a first answer is shown while it goes on (the table's report before its
    /// count scores): what it answers is not stale.
    pub answered: bool,
}

/// The pending job of each job kind (indexed by [`JobKind::index`]).
pub type PendingJobs = RwSignal<[Option<Pending>; JobKind::COUNT]>;

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
    pending.update(|p| {
        p[job_kind.index()] = Some(Pending {
            job,
            text: text.to_string(),
            done: None,
            shown: false,
            answered: false,
        })
    });
    set_timeout(
        move || {
            pending.update(|p| {
                if let Some(q) = p[job_kind.index()].as_mut().filter(|q| q.job == job) {
                    q.shown = true;
                }
            })
        },
        std::time::Duration::from_millis(SHOW_AFTER_MS as u64),
    );
}

/// Routes the replies of `job_kind` to `done` (the result of its latest job) and keeps its
/// pending entry: progress updates it, the result or a failure clears it.
pub fn handle(pending: PendingJobs, job_kind: JobKind, done: impl Fn(Reply) + 'static) {
    client::on_reply(job_kind, move |reply| {
        let latest = pending.with_untracked(|p| p[job_kind.index()].as_ref().map(|q| q.job));
        if reply.job() != latest {
            return;
        }
        match reply {
            Reply {
                answer: Answer::Progress { text, done, .. },
                job,
            } => pending.update(|p| {
                if let Some(q) = p[job_kind.index()].as_mut() {
                    // (A band spread over the pool: every worker's resamples.)
                    (q.text, q.done) = pool::across(job_kind, job, text, done);
                }
            }),
            Reply {
                answer: Answer::Failed { message, .. },
                ..
            } => {
                pending.update(|p| p[job_kind.index()] = None);
                if message != "the series changed" {
                    web_sys::console::warn_1(&format!("engine: {message}").into());
                }
            }
            // The table's report without its count scores: shown, the job going on.
            first if first.answer.is_first_of_two() => {
                done(first);
                pending.update(|p| {
                    if let Some(q) = p[job_kind.index()].as_mut() {
                        q.answered = true;
                        q.text = "count scores…".into();
                    }
                });
            }
            other => {
                done(other);
                pending.update(|p| p[job_kind.index()] = None);
            }
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

/// Whether the scaled fits' curves are wanted: when drawn, or when some series' auto curve
/// extrapolates with one (its backtest chose it).
pub fn scaled_drawn(
    enabled: RwSignal<Vec<Estimator>>,
    backtests: RwSignal<Vec<SeriesBacktest>>,
) -> Memo<bool> {
    Memo::new(move |_| {
        let drawn = |f: fn(&Estimator) -> bool| enabled.with(|e| e.iter().any(f));
        drawn(|e| e.scaled())
            || (drawn(|e| *e == Estimator::Auto)
                && backtests.with(|b| b.iter().any(|b| b.chosen().scaled())))
    })
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
    // Only what the curves depend on: CV folds never redraw them, nor do the bootstrap's
    // resamples and seed unless the band is the bootstrap's.
    let inputs = Memo::new(move |_| {
        let band = band.get();
        let (mut settings, taus) =
            settings.with(|s| (s.opts.settings.clone(), s.opts.taus.clone()));
        settings.folds = 0;
        if band != BandKind::Bootstrap {
            settings.bootstrap = 0;
            settings.seed = 0;
        }
        (k_max.get(), band, settings, taus)
    });
    Effect::new(move |_| {
        let (k_max, band, settings, taus) = inputs.get();
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
    // Only what the backtest depends on: neither CV folds nor bootstrap resamples.
    let inputs = Memo::new(move |_| {
        settings.with(|s| {
            let mut settings = s.opts.settings.clone();
            settings.folds = 0;
            settings.bootstrap = 0;
            (settings, s.opts.ks.clone())
        })
    });
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

/// The report's options with the forecasts and the panel's target (none while the field
/// holds no valid one).
pub fn with_forecast(opts: Options, reach: Result<f64, String>) -> Options {
    Options {
        forecast: true,
        reach: reach.into_iter().collect(),
        ..opts
    }
}
