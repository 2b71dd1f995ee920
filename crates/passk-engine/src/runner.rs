//! The engine's jobs, independent of where they run: the worker gives them a [`Host`] whose
//! pause yields to the worker's event loop (so that a newer request is seen), the native tests
//! one that never waits. Every job pauses at least once per [`SLICE_MS`] of work and stops,
//! without replying, when a newer request of its family has arrived.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use super::analyses::read;
use super::protocol::{Family, Reply, Request};

use super::report_wire::ReportWire;
use passk_core::analysis::diagnose::diagnose;
use passk_core::data::dataset::Dataset;
use passk_core::data::rejected::Rejected;
use passk_core::eval::fit::SeriesFit;
use passk_core::report::build::{assemble, model_report_fitted};
use passk_core::settings::Options;

/// Points of the k grid the Pass@k curves are drawn on.
pub const GRID_POINTS: usize = 60;
/// Points of τ the posterior Cover curve is drawn on.
pub const COVER_POINTS: usize = 50;
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
pub(super) struct Data {
    job: u64,
    pub(super) datasets: Rc<Vec<Dataset>>,
    pub(super) fits: Rc<Vec<SeriesFit>>,
}

/// The engine's state: the latest job of each family and the series last fitted.
#[derive(Debug, Default)]
pub struct Engine {
    latest: [Cell<u64>; Family::COUNT],
    data: RefCell<Option<Data>>,
}

/// A running job: its number, family, and the slice it is in.
pub(super) struct Job<'a> {
    engine: &'a Engine,
    host: &'a dyn Host,
    pub(super) job: u64,
    family: Family,
    since: f64,
}

impl Job<'_> {
    /// Whether no newer request of its family has arrived.
    pub(super) fn live(&self) -> bool {
        self.engine.latest[self.family.index()].get() == self.job
    }

    /// Pauses when the slice is used up (saying `text`); whether the job is still live.
    pub(super) async fn tick(
        &mut self,
        text: impl FnOnce() -> (String, Option<(u64, u64)>),
    ) -> bool {
        if self.host.now_ms() - self.since < SLICE_MS {
            return true;
        }
        let (text, done) = text();
        self.host.send(Reply::Progress {
            job: self.job,
            family: self.family,
            text,
            done,
        });
        self.host.pause().await;
        self.since = self.host.now_ms();
        self.live()
    }

    /// Says how far it is, whether or not the slice is used up.
    pub(super) fn progress(&self, text: String, done: Option<(u64, u64)>) {
        self.host.send(Reply::Progress {
            job: self.job,
            family: self.family,
            text,
            done,
        });
    }

    /// Sends the reply if the job is still live.
    pub(super) fn finish(&self, reply: Reply) {
        if self.live() {
            self.host.send(reply);
        }
    }

    pub(super) fn fail(&self, message: String) {
        self.finish(Reply::Failed {
            job: self.job,
            family: self.family,
            message,
        });
    }
}

/// The series with tasks, each with its fit.
pub(super) fn with_tasks<'a>(
    ds: &'a [Dataset],
    fits: &'a [SeriesFit],
) -> Vec<(&'a Dataset, &'a SeriesFit)> {
    ds.iter()
        .zip(fits)
        .filter(|(d, f)| !d.tasks.is_empty() && d.name == f.name)
        .collect()
}

impl Engine {
    /// An engine with nothing fitted.
    pub fn new() -> Rc<Engine> {
        Rc::new(Engine::default())
    }

    /// Takes note of a request as it arrives (before its job starts): it supersedes the
    /// running job of its family.
    pub fn accept(&self, req: &Request) {
        self.latest[req.family().index()].set(req.job());
    }

    /// The series and fits of fit job `data`, if they are the ones held.
    pub(super) fn data(&self, data: u64) -> Option<Data> {
        self.data
            .borrow()
            .as_ref()
            .filter(|d| d.job == data)
            .cloned()
    }

    /// The series and fits of fit job `data`, waiting while that fit is still running: the
    /// page asks for curves, the report and the rest together with the fit they need, so
    /// they start the moment it is done. None when that fit was superseded or cancelled (the
    /// page has asked again), or when this job was.
    pub(super) async fn fitted(&self, job: &Job<'_>, data: u64) -> Option<Data> {
        loop {
            if let Some(d) = self.data(data) {
                return Some(d);
            }
            let fitting = data != 0 && self.latest[Family::Fit.index()].get() == data;
            if !fitting || !job.live() {
                return None;
            }
            job.host.pause().await;
        }
    }

    /// Runs one request to its reply (none when superseded).
    pub async fn run(self: Rc<Self>, req: Request, host: Rc<dyn Host>) {
        let mut job = Job {
            engine: &self,
            host: host.as_ref(),
            job: req.job(),
            family: req.family(),
            since: host.now_ms(),
        };
        if !job.live() {
            return;
        }
        match req {
            Request::Cancel { .. } => {}
            Request::Read {
                source,
                name,
                format,
                options,
                ..
            } => read(&job, &source, &name, (format, options)).await,
            Request::Fit { datasets, .. } => self.fit(&mut job, datasets).await,
            Request::Report {
                data,
                rejected,
                options,
                full,
                ..
            } => self.report(&mut job, data, rejected, options, full).await,
            Request::Bench {
                file, text, runs, ..
            } => {
                let now = || host.now_ms();
                let result = crate::bench::bench_text(&file, &text, runs as usize, &now);
                job.finish(Reply::Bench {
                    job: job.job,
                    result,
                });
            }
            Request::Curves {
                data,
                k_max,
                band,
                settings,
                taus,
                ..
            } => {
                self.curves(&mut job, data, k_max, band, &settings, &taus)
                    .await
            }
            Request::Backtest {
                data,
                settings,
                ks,
                repeats,
                ..
            } => self.backtest(&mut job, data, &settings, &ks, repeats).await,
            Request::Paired {
                data,
                a,
                b,
                settings,
                ..
            } => self.paired(&mut job, data, &a, &b, &settings).await,
            Request::Plan {
                data,
                series,
                k,
                half_width,
                confidence,
                ..
            } => {
                self.plan(&job, data, &series, k, half_width, confidence)
                    .await
            }
            Request::Diagnose {
                data,
                series,
                folds,
                ..
            } => {
                let Some(d) = self.fitted(&job, data).await else {
                    return job.fail("the series changed".into());
                };
                let with = with_tasks(&d.datasets, &d.fits);
                let chosen = with
                    .iter()
                    .find(|(_, f)| Some(&f.name) == series.as_ref())
                    .or(with.first());
                let diagnostics = chosen.map(|(ds, f)| Box::new(diagnose(ds, f, folds)));
                job.finish(Reply::Diagnostics {
                    job: job.job,
                    diagnostics,
                });
            }
        }
    }

    /// Groups and fits every series; a series whose tasks are those of the last fit keeps its
    /// fit.
    async fn fit(&self, job: &mut Job<'_>, datasets: Vec<Dataset>) {
        let before = self.data.borrow().clone();
        let mut fits = Vec::with_capacity(datasets.len());
        for (i, d) in datasets.iter().enumerate() {
            let kept = before.as_ref().and_then(|b| {
                let j = b.datasets.iter().position(|old| old == d)?;
                b.fits.get(j).cloned()
            });
            let fit = match kept {
                Some(f) => f,
                None => {
                    let text = || {
                        (
                            format!("fitting series {} of {}…", i + 1, datasets.len()),
                            None,
                        )
                    };
                    if !job.tick(text).await {
                        return;
                    }
                    SeriesFit::new(d)
                }
            };
            fits.push(fit);
        }
        if !job.live() {
            return;
        }
        *self.data.borrow_mut() = Some(Data {
            job: job.job,
            datasets: Rc::new(datasets),
            fits: Rc::new(fits.clone()),
        });
        job.finish(Reply::Fits { job: job.job, fits });
    }

    /// The report of the series of fit job `data`, one series per slice.
    async fn report(
        &self,
        job: &mut Job<'_>,
        data: u64,
        rejected: Vec<Vec<Rejected>>,
        options: Options,
        full: bool,
    ) {
        let Some(d) = self.fitted(job, data).await else {
            return job.fail("the series changed".into());
        };
        let mut rejected = rejected.into_iter();
        let n = d.datasets.len();
        let mut models = Vec::with_capacity(n);
        for (i, (ds, f)) in d.datasets.iter().zip(d.fits.iter()).enumerate() {
            let text = || {
                (
                    format!("report of series {} of {n}…", i + 1),
                    Some((i as u64, n as u64)),
                )
            };
            if !job.tick(text).await {
                return;
            }
            let rows = rejected.next().unwrap_or_default();
            models.push(model_report_fitted(ds, f, rows, &options));
        }
        let report = ReportWire::pack(assemble(models, &d.fits, &options));
        job.finish(Reply::Report {
            job: job.job,
            full,
            report: Box::new(report),
        });
    }
}
