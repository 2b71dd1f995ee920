//! A running job and where it runs: the worker gives jobs a [`Host`] whose pause yields to the
//! worker's event loop (so that a newer request is seen), the native tests one that never
//! waits. Every job pauses at least once per [`SLICE_MS`] of work and stops, without replying,
//! when a newer request of its family has arrived.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use crate::protocol::{Answer, Family, Reply};
use passk_core::data::dataset::Dataset;
use passk_core::eval::fit::SeriesFit;

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
pub struct Data {
    pub(crate) job: u64,
    pub(crate) datasets: Rc<Vec<Dataset>>,
    pub(crate) fits: Rc<Vec<SeriesFit>>,
}

/// A running job: its number, family, and the slice it is in.
pub struct Job<'a> {
    latest: &'a Cell<u64>,
    host: &'a dyn Host,
    pub(crate) job: u64,
    family: Family,
    since: f64,
}

impl<'a> Job<'a> {
    /// Job `job` of `family`, live while `latest` (its family's newest job) is `job`.
    pub(crate) fn new(
        latest: &'a Cell<u64>,
        host: &'a dyn Host,
        job: u64,
        family: Family,
    ) -> Job<'a> {
        Job {
            latest,
            host,
            job,
            family,
            since: host.now_ms(),
        }
    }

    /// Gives the event loop a turn.
    pub(crate) async fn pause(&self) {
        self.host.pause().await;
    }

    /// Whether no newer request of its family has arrived.
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
                family: self.family,
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
                family: self.family,
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
