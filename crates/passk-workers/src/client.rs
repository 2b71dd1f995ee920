//! The engine client's bookkeeping: each request numbered, the newest unanswered request of
//! each job kind kept (a newer one, or its cancel, supersedes it), the last fit kept for the
//! pool's other workers, and what happens when the worker fails: the first time it restarts
//! and is sent every request still unanswered; after that the page gives up (every request
//! fails with the reason) until the user retries.
//!
//! A first visit talks to the first engine (the fits and curves of the first chart, a part of
//! the whole engine's code: `passk_protocol::first`) until that chart has its curves; every
//! other request waits, kept, for the whole engine, which the page then starts and sends the
//! series and everything waiting ([`Client::to_whole`]). It starts the whole engine at once
//! when a request cannot wait for the chart (a file read, or nothing of the chart pending),
//! or when the first engine fails.
//!
//! [`Client`] is the state and its transitions; the page's `engine::client` holds one and does
//! what its answers say with the real worker.

use passk_protocol::{Answer, Ask, JobKind, Reply, Request, Work};

/// Restarts of a failed worker before the page gives up (until the user retries).
pub const RESTARTS: u32 = 1;

/// The engine client's state.
#[derive(Debug, Default, Clone)]
pub struct Client {
    next_job: u64,
    /// The newest request of each job kind not answered yet (a cancel drops its job kind's).
    unanswered: Vec<Request>,
    /// Restarts since the page loaded or the user's last retry.
    restarts: u32,
    /// The last fit asked for, and whether it was answered with its fits.
    last_fit: Option<Request>,
    fit_answered: bool,
    /// Why the page gave up (None while it has not).
    gave_up: Option<String>,
    /// Whether the engine takes requests now (its `Ready` came, or the page gave up: then
    /// requests are answered with the failure at once).
    ready: bool,
    /// Which engine the page talks to.
    engine: Engine,
    /// What waits for the whole engine beside the requests kept: the rows the pool's other
    /// workers sent (posted as they are), and the jobs to spread over the pool (job, workers,
    /// work).
    held: Vec<Request>,
    splits: Vec<Split>,
}

/// Which engine the page talks to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Engine {
    /// The first engine: the fits and curves of the first chart.
    #[default]
    First,
    /// The whole engine.
    Whole,
}

/// A job to spread over the pool once the whole engine runs: its number, the workers, and
/// what it computes.
pub type Split = (u64, u32, Work);

/// What the page sends the whole engine when it starts it, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct ToWhole {
    /// Every request unanswered, oldest first: first the series (the last fit, even when the
    /// first engine answered it: the whole engine holds none); then the rows held.
    pub requests: Vec<Request>,
    /// The jobs to spread over the pool, after those.
    pub splits: Vec<Split>,
}

/// What the page does when the worker failed.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// Whether it starts the worker again (else it gives up).
    pub restart: bool,
    /// The requests to send again (to the new worker), or to answer with the failure.
    pub unanswered: Vec<Request>,
}

impl Client {
    /// Numbers the request `make` builds and keeps it until answered (a newer request of its
    /// job kind, or its cancel, supersedes the one kept).
    pub fn request(&mut self, make: impl FnOnce(u64) -> Request) -> Request {
        self.next_job += 1;
        let req = make(self.next_job);
        self.unanswered.retain(|r| r.job_kind() != req.job_kind());
        if !matches!(req.ask, Ask::Cancel { .. }) {
            self.unanswered.push(req.clone());
        }
        if matches!(req.ask, Ask::Fit { .. }) {
            self.last_fit = Some(req.clone());
            self.fit_answered = false;
        }
        req
    }

    /// The last job number given.
    pub fn last_job(&self) -> u64 {
        self.next_job
    }

    /// Takes note of a reply: its request is answered unless it says only how far it is or
    /// is a first answer of two (sent again to a restarted worker until the second comes);
    /// `Ready` means the engine takes requests.
    pub fn replied(&mut self, reply: &Reply) {
        match reply.answer {
            Answer::Ready => self.ready = true,
            Answer::Progress { .. } => {}
            ref first if first.is_first_of_two() => {}
            _ => self.unanswered.retain(|r| r.job != reply.job),
        }
        if let (Answer::Fits { .. }, Some(fit)) = (&reply.answer, &self.last_fit) {
            self.fit_answered |= fit.job == reply.job;
        }
    }

    /// The worker failed: whether it starts again (the first time since the page loaded or
    /// the user retried) or the page gives up with `why`, and the requests still unanswered.
    pub fn worker_failed(&mut self, why: &str) -> Failure {
        let restart = self.restarts < RESTARTS;
        if restart {
            self.restarts += 1;
            self.ready = false;
        } else {
            self.gave_up = Some(why.to_string());
            self.ready = true;
        }
        Failure {
            restart,
            unanswered: self.unanswered.clone(),
        }
    }

    /// The user asks to retry after the page gave up: a fresh start, nothing kept.
    pub fn retry(&mut self) {
        self.gave_up = None;
        self.restarts = 0;
        self.ready = false;
        self.unanswered.clear();
    }

    /// The page gave up, and why.
    pub fn gave_up(&self) -> Option<&str> {
        self.gave_up.as_deref()
    }

    /// Whether the engine takes requests now.
    pub fn ready(&self) -> bool {
        self.ready
    }

    /// The engine runs on the page itself from now on (its worker could not load, in the
    /// wasm tests): it takes requests at once.
    pub fn on_page(&mut self) {
        self.ready = true;
        self.engine = Engine::Whole;
    }

    /// The requests not answered yet, oldest first.
    pub fn unanswered(&self) -> &[Request] {
        &self.unanswered
    }

    /// The last fit request (the pool's other workers fit the same series).
    pub fn last_fit(&self) -> Option<&Request> {
        self.last_fit.as_ref()
    }

    /// Which engine the page talks to.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Whether `req` goes to the engine now: the whole engine takes every request, the first
    /// its own ([`Request::for_first`]); the others stay kept, unsent, for the whole engine.
    pub fn goes_now(&self, req: &Request) -> bool {
        self.engine == Engine::Whole || req.for_first()
    }

    /// Whether the page starts the whole engine now (asked after each request and reply):
    /// a file is to be read or stored, or a request waits for it and nothing of the first
    /// chart is pending any more (its curves came, were cancelled, or are a band spread over
    /// the pool, which the first engine does not do).
    pub fn whole_due(&self) -> bool {
        let user_file = |r: &Request| matches!(r.job_kind(), JobKind::Read | JobKind::Store);
        let chart_pending = self.unanswered.iter().any(Request::for_first);
        let waiting = self.unanswered.iter().any(|r| !r.for_first());
        self.engine == Engine::First
            && (self.unanswered.iter().any(user_file) || (waiting && !chart_pending))
    }

    /// A request posted as it is (the rows another worker computed): Some(it) to post now,
    /// else held for the whole engine.
    pub fn as_is(&mut self, req: Request) -> Option<Request> {
        if self.engine == Engine::Whole {
            return Some(req);
        }
        self.held.push(req);
        None
    }

    /// Job `job` spread over `of` workers (`work`): whether it waits for the whole engine
    /// (kept while the job is asked for: [`Client::to_whole`]).
    pub fn split_later(&mut self, job: u64, of: u32, work: &Work) -> bool {
        if self.engine == Engine::Whole {
            return false;
        }
        self.splits.push((job, of, work.clone()));
        true
    }

    /// The page starts the whole engine (the first is let go): what to send it, in order.
    /// It takes requests once its `Ready` comes.
    pub fn to_whole(&mut self) -> ToWhole {
        self.engine = Engine::Whole;
        self.ready = false;
        // The last fit, answered by the first engine, is the whole engine's to answer now
        // (kept, so that a restart sends it again); a cancelled one is not sent.
        if let Some(fit) = self.last_fit.as_ref().filter(|_| self.fit_answered) {
            if !self.unanswered.iter().any(|r| r.job == fit.job) {
                self.unanswered.insert(0, fit.clone());
            }
        }
        let mut requests = self.unanswered.clone();
        requests.append(&mut self.held);
        // The splits of jobs still asked for (a cancelled one, or one a newer request of its
        // job kind superseded, is not).
        let mut splits = std::mem::take(&mut self.splits);
        splits.retain(|(job, _, _)| self.unanswered.iter().any(|r| r.job == *job));
        ToWhole { requests, splits }
    }
}
