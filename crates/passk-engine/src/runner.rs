//! The engine: the newest job of each job kind, the series last fitted, and each request run to
//! its reply (fits and reports here, the other analyses in `analyses`), independent of where
//! it runs (`job::Host`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use crate::analyses;
use crate::backtest_job::BacktestAsk;
use crate::band_pool;
use crate::forecast_job::ForecastAsk;
use crate::job::{with_tasks, Data, Host, Job};
use crate::mailbox::Mailbox;
use crate::series_pool::{self, PerSeries, Portion};
use passk_core::analysis::Part;
use passk_protocol::{Answer, Ask, CurvesAsk, JobKind, ReadFile, Reply, Request, Work};

use passk_core::analysis::diagnose;
use passk_core::data::Dataset;
use passk_core::eval::SeriesFit;

/// The engine's state: the latest job of each job kind and the series last fitted.
#[derive(Debug, Default)]
pub struct Engine {
    latest: [Cell<u64>; JobKind::COUNT],
    data: RefCell<Option<Data>>,
    /// What other workers computed for this one's jobs spread over the pool (a curves
    /// job's band, a backtest's or the forecasts' series).
    mailbox: Mailbox,
}

impl Engine {
    /// An engine with nothing fitted.
    pub fn new() -> Rc<Engine> {
        Rc::new(Engine::default())
    }

    /// Takes note of a request as it arrives (before its job starts): it supersedes the
    /// running job of its job kind.
    pub fn accept(&self, req: &Request) {
        // Rows for a curves, backtest or forecast job are that job's, not a newer request.
        if !req.is_rows() {
            self.latest[req.job_kind().index()].set(req.job);
        }
    }

    /// The series and fits of fit job `data`, if they are the ones held.
    pub(crate) fn data(&self, data: u64) -> Option<Data> {
        self.data
            .borrow()
            .as_ref()
            .filter(|d| d.job == data)
            .cloned()
    }

    /// The series and fits of fit job `data`, waiting while that fit is still running: the
    /// page asks for curves, the report and the rest together with the fit they need, so
    /// they start the moment it is done. None, the job failed ("the series changed"), when
    /// that fit was superseded or cancelled (the page has asked again), or when this job was
    /// (then nothing is sent).
    pub(crate) async fn fitted(&self, job: &Job<'_>, data: u64) -> Option<Data> {
        loop {
            if let Some(d) = self.data(data) {
                return Some(d);
            }
            let fitting = data != 0 && self.latest[JobKind::Fit.index()].get() == data;
            if !fitting || !job.live() {
                job.fail("the series changed".into());
                return None;
            }
            job.pause().await;
        }
    }

    /// The job of `req`, unless a newer request of its job kind has superseded it already.
    fn job<'a>(&'a self, req: &Request, host: &'a dyn Host) -> Option<Job<'a>> {
        let latest = &self.latest[req.job_kind().index()];
        let job = Job::new(latest, host, req.job, req.job_kind());
        job.live().then_some(job)
    }

    /// Runs one request of the first engine's ([`Request::for_first`]: a fit, or curves
    /// computed here alone) to its reply; any other fails, named. The first engine's worker
    /// calls this, not [`Engine::run`], so that it links these jobs' code alone.
    pub async fn run_first(self: Rc<Self>, req: Request, host: Rc<dyn Host>) {
        let Some(mut job) = self.job(&req, host.as_ref()) else {
            return;
        };
        if !req.for_first() {
            return job.fail(format!("the first engine does not do {}", req.ask.kind()));
        }
        match req.ask {
            Ask::Fit { datasets } => self.fit(&mut job, datasets).await,
            Ask::Curves(what) => self.curves(&mut job, &what).await,
            _ => {}
        }
    }

    /// Runs one request to its reply (none when superseded).
    pub async fn run(self: Rc<Self>, req: Request, host: Rc<dyn Host>) {
        if let Ask::Rows { kind, part, rows } = req.ask {
            return self.mailbox.put(kind, req.job, part, rows);
        }
        let Some(mut job) = self.job(&req, host.as_ref()) else {
            return;
        };
        match req.ask {
            Ask::Cancel { .. } => {}
            Ask::Store { files } => {
                // The page's own form of the files (serde_json of the same types): the text it
                // would write itself.
                match serde_json::to_string(&files) {
                    Ok(json) => job.finish(Reply {
                        job: job.job,
                        answer: Answer::Stored { json },
                    }),
                    // (The page then writes them itself.)
                    Err(e) => job.fail(e.to_string()),
                }
            }
            Ask::Read(ReadFile {
                source,
                name,
                format,
                options,
            }) => analyses::read(&job, &source, &name, (format, options)).await,
            Ask::Fit { datasets, .. } => self.fit(&mut job, datasets).await,
            Ask::Report {
                data,
                rejected,
                options,
                full,
                ..
            } => self.report(&mut job, data, rejected, options, full).await,
            Ask::Curves(what) => self.curves(&mut job, &what).await,
            Ask::Part { work, part } => self.part(&mut job, work, part).await,
            Ask::Rows { .. } => {}
            Ask::Backtest {
                data,
                settings,
                ks,
                repeats,
                pool,
            } => {
                let what = BacktestAsk {
                    settings: &settings,
                    ks: &ks,
                    repeats,
                };
                let share = Portion::All(pool, &self.mailbox);
                self.by_series(&mut job, data, &what, share).await
            }
            Ask::Forecast {
                data,
                options,
                pool,
            } => {
                let share = Portion::All(pool, &self.mailbox);
                self.by_series(&mut job, data, &ForecastAsk::new(&options), share)
                    .await
            }
            Ask::Paired {
                data,
                a,
                b,
                settings,
                ..
            } => {
                let Some(d) = self.fitted(&job, data).await else {
                    return;
                };
                analyses::paired(&mut job, d, &a, &b, &settings).await
            }
            Ask::Compare { data, ks, settings } => {
                let Some(d) = self.fitted(&job, data).await else {
                    return;
                };
                analyses::compare(&mut job, d, &ks, &settings).await
            }
            Ask::Rank { data, options } => {
                let Some(d) = self.fitted(&job, data).await else {
                    return;
                };
                analyses::rank(&mut job, d, &options).await
            }
            Ask::Plan {
                data,
                series,
                k,
                half_width,
                confidence,
                ..
            } => {
                let Some(d) = self.fitted(&job, data).await else {
                    return;
                };
                analyses::sample_plan(&job, d, &series, k, half_width, confidence).await
            }
            Ask::Diagnose {
                data,
                series,
                folds,
                ..
            } => {
                let Some(d) = self.fitted(&job, data).await else {
                    return;
                };
                let with = with_tasks(&d.datasets, &d.fits);
                let chosen = with
                    .iter()
                    .find(|(_, f)| Some(&f.name) == series.as_ref())
                    .or(with.first());
                let diagnostics = chosen.map(|(ds, f)| Box::new(diagnose(ds, f, folds)));
                job.finish(Reply {
                    job: job.job,
                    answer: Answer::Diagnostics { diagnostics },
                });
            }
        }
    }

    /// The curves of the series of `what`'s fit job, once fitted.
    async fn curves(&self, job: &mut Job<'_>, what: &CurvesAsk) {
        if let Some(d) = self.fitted(job, what.data).await {
            analyses::curves(job, d, what, &self.mailbox).await
        }
    }

    /// Does a part of a job another worker runs.
    async fn part(&self, job: &mut Job<'_>, work: Work, part: Part) {
        match work {
            Work::Band {
                data,
                k_max,
                settings,
            } => {
                let Some(d) = self.fitted(job, data).await else {
                    return;
                };
                band_pool::band_part(job, d, k_max, &settings, part).await
            }
            Work::Backtest {
                data,
                settings,
                ks,
                repeats,
            } => {
                let what = BacktestAsk {
                    settings: &settings,
                    ks: &ks,
                    repeats,
                };
                self.by_series(job, data, &what, Portion::Part(part)).await
            }
            Work::Forecast { data, options } => {
                let what = ForecastAsk::new(&options);
                self.by_series(job, data, &what, Portion::Part(part)).await
            }
        }
    }

    /// Runs `work` on the series of fit job `data` (`share` of them) to its answer.
    async fn by_series<W: PerSeries>(
        &self,
        job: &mut Job<'_>,
        data: u64,
        work: &W,
        share: Portion<'_>,
    ) {
        if let Some(d) = self.fitted(job, data).await {
            series_pool::run(work, job, &d, share).await
        }
    }

    /// Groups and fits every series; a series whose tasks are those of the last fit keeps its
    /// fit.
    async fn fit(&self, job: &mut Job<'_>, datasets: Vec<Dataset>) {
        let before = self.data.borrow().clone();
        let mut fits = Vec::with_capacity(datasets.len());
        let mut scaled = Vec::with_capacity(datasets.len());
        for (i, d) in datasets.iter().enumerate() {
            let kept = before.as_ref().and_then(|b| {
                let j = b.datasets.iter().position(|old| old == d)?;
                Some((b.fits.get(j).cloned()?, b.known_scaled(j)))
            });
            scaled.push(kept.as_ref().and_then(|k| k.1));
            let fit = match kept {
                Some((f, _)) => f,
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
        *self.data.borrow_mut() = Some(Data::new(job.job, datasets, fits.clone(), scaled));
        job.finish(Reply {
            job: job.job,
            answer: Answer::Fits { fits },
        });
    }
}
