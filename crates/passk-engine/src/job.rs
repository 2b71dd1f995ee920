//! A running job and where it runs: the worker gives jobs a [`Host`] whose pause yields to the
//! worker's event loop (so that a newer request is seen), the native tests one that never
//! waits. Every job pauses at least once per [`SLICE_MS`] of work and stops, without replying,
//! when a newer request of its job kind has arrived.

use std::cell::{Cell, OnceCell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use passk_core::analysis::forecast::{ForecastOptions, Outlook};
use passk_core::data::Dataset;
use passk_core::estimators::scaled::ScaledFit;
use passk_core::eval::{scaled_fits, SeriesFit};
use passk_protocol::{Answer, JobKind, Reply};

/// Budgets per slice of a curve job.
pub const CURVE_CHUNK: usize = 8;
/// How long a job runs before it pauses, in milliseconds.
pub const SLICE_MS: f64 = 30.0;

/// Where the jobs run.
pub trait Host {
    /// Gives the event loop a turn (new requests are accepted then).
    fn pause(&self) -> Pin<Box<dyn Future<Output = ()>>>;
    /// A clock in milliseconds.
    fn now_ms(&self) -> f64;
    /// Sends a reply to the page.
    fn send(&self, reply: Reply);
}

/// The series of one fit job and their fits.
#[derive(Debug, Clone)]
pub struct Data {
    pub(crate) job: u64,
    pub(crate) datasets: Rc<Vec<Dataset>>,
    pub(crate) fits: Rc<Vec<SeriesFit>>,
    /// Each series' scaled fits, once a job needed them (every later job on this fit, and a
    /// later fit of the same tasks, reuses them).
    pub(crate) scaled: Rc<Vec<OnceCell<Option<[ScaledFit; 2]>>>>,
    /// Each series' latest forecasts without their reach rows, by the options they were
    /// made with (reach targets left out): a new reach target reuses them.
    pub(crate) outlooks: Rc<Vec<KeptOutlook>>,
}

/// A series' kept forecasts without reach rows, with the options (reach left out) they are of.
pub(crate) type KeptOutlook = RefCell<Option<(ForecastOptions, Rc<Outlook>)>>;

impl Data {
    /// The series of fit job `job` with their fits, and the scaled fits already known
    /// (`scaled[i]` of series i).
    pub(crate) fn new(
        job: u64,
        datasets: Vec<Dataset>,
        fits: Vec<SeriesFit>,
        scaled: Vec<Option<Option<[ScaledFit; 2]>>>,
    ) -> Data {
        let cells = (0..fits.len())
            .map(|i| {
                let cell = OnceCell::new();
                if let Some(Some(known)) = scaled.get(i) {
                    let _ = cell.set(*known);
                }
                cell
            })
            .collect();
        let outlooks = (0..fits.len()).map(|_| RefCell::new(None)).collect();
        Data {
            job,
            datasets: Rc::new(datasets),
            fits: Rc::new(fits),
            scaled: Rc::new(cells),
            outlooks: Rc::new(outlooks),
        }
    }

    /// Series i's forecasts without reach rows for `options` (whose reach targets are left
    /// out of the comparison): the kept ones, or `make`'s, kept.
    pub(crate) fn outlook(
        &self,
        i: usize,
        options: &ForecastOptions,
        make: impl FnOnce() -> Outlook,
    ) -> Rc<Outlook> {
        let key = ForecastOptions {
            reach: Vec::new(),
            ..options.clone()
        };
        let Some(cell) = self.outlooks.get(i) else {
            return Rc::new(make());
        };
        if let Some((k, o)) = &*cell.borrow() {
            if *k == key {
                return o.clone();
            }
        }
        let o = Rc::new(make());
        *cell.borrow_mut() = Some((key, o.clone()));
        o
    }

    /// The scaled fits of `fit` (one of this data's), fitted the first time they are asked
    /// for ([`SeriesFit::with_scaled`]: None without fits or with too many distinct counts).
    pub(crate) fn scaled(&self, fit: &SeriesFit) -> Option<[ScaledFit; 2]> {
        let i = self.fits.iter().position(|f| std::ptr::eq(f, fit))?;
        *self.scaled.get(i)?.get_or_init(|| {
            fit.scaled
                .or_else(|| scaled_fits(&fit.groups, fit.fits.as_ref()))
        })
    }

    /// [`Data::scaled`] of series `i` of `total` in a slice of its own (fitting them the first
    /// time is one slice); None when a newer request stopped the job.
    pub(crate) async fn scaled_in_slice(
        &self,
        job: &mut Job<'_>,
        fit: &SeriesFit,
        (i, total): (usize, usize),
    ) -> Option<Option<[ScaledFit; 2]>> {
        let text = || {
            let what = format!("fitting the scaled fits of series {} of {total}…", i + 1);
            (what, None)
        };
        job.tick(text).await.then(|| self.scaled(fit))
    }

    /// `fit` with its scaled fits ([`Data::scaled`]).
    pub(crate) fn with_scaled(&self, fit: &SeriesFit) -> SeriesFit {
        SeriesFit {
            scaled: self.scaled(fit),
            ..fit.clone()
        }
    }

    /// Series i's scaled fits if some job already fitted them.
    pub(crate) fn known_scaled(&self, i: usize) -> Option<Option<[ScaledFit; 2]>> {
        self.scaled.get(i).and_then(|c| c.get().copied())
    }
}

/// A running job: its number, job kind, and the slice it is in.
pub struct Job<'a> {
    latest: &'a Cell<u64>,
    host: &'a dyn Host,
    pub(crate) job: u64,
    job_kind: JobKind,
    since: f64,
}

impl<'a> Job<'a> {
    /// Job `job` of `job_kind`, live while `latest` (its job kind's newest job) is `job`.
    pub(crate) fn new(
        latest: &'a Cell<u64>,
        host: &'a dyn Host,
        job: u64,
        job_kind: JobKind,
    ) -> Job<'a> {
        Job {
            latest,
            host,
            job,
            job_kind,
            since: host.now_ms(),
        }
    }

    /// Gives the event loop a turn.
    pub(crate) async fn pause(&self) {
        self.host.pause().await;
    }

    /// Whether no newer request of its job kind has arrived.
    pub(crate) fn live(&self) -> bool {
        self.latest.get() == self.job
    }

    /// Pauses when the slice is used up (saying `text`); whether the job is still live.
    pub(crate) async fn tick(
        &mut self,
        text: impl FnOnce() -> (String, Option<(u64, u64)>),
    ) -> bool {
        if self.host.now_ms() - self.since < SLICE_MS {
            return true;
        }
        let (text, done) = text();
        self.progress(text, done);
        self.host.pause().await;
        self.since = self.host.now_ms();
        self.live()
    }

    /// Says how far it is, whether or not the slice is used up.
    pub(crate) fn progress(&self, text: String, done: Option<(u64, u64)>) {
        self.host.send(Reply {
            job: self.job,
            answer: Answer::Progress {
                job_kind: self.job_kind,
                text,
                done,
            },
        });
    }

    /// Sends the reply if the job is still live.
    pub(crate) fn finish(&self, reply: Reply) {
        if self.live() {
            self.host.send(reply);
        }
    }

    pub(crate) fn fail(&self, message: String) {
        self.finish(Reply {
            job: self.job,
            answer: Answer::Failed {
                job_kind: self.job_kind,
                message,
            },
        });
    }
}

/// The series with tasks, each with its fit.
pub(crate) fn with_tasks<'a>(
    ds: &'a [Dataset],
    fits: &'a [SeriesFit],
) -> Vec<(&'a Dataset, &'a SeriesFit)> {
    ds.iter()
        .zip(fits)
        .filter(|(d, f)| !d.tasks.is_empty() && d.name == f.name)
        .collect()
}
