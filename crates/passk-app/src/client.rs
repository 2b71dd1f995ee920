//! The engine client's bookkeeping: each request numbered, the newest unanswered request of
//! each family kept (a newer one, or its cancel, supersedes it), the last fit kept for the
//! pool's other workers, and what happens when the worker fails: the first time it restarts
//! and is sent every request still unanswered; after that the page gives up (every request
//! fails with the reason) until the user retries.
//!
//! [`Client`] is the state and its transitions; the page's `engine_client` holds one and does
//! what its answers say with the real worker.

use passk_protocol::{Answer, Ask, Reply, Request};

/// Restarts of a failed worker before the page gives up (until the user retries).
pub const RESTARTS: u32 = 1;

/// The engine client's state.
#[derive(Debug, Default, Clone)]
pub struct Client {
    next_job: u64,
    /// The newest request of each family not answered yet (a cancel drops its family's).
    unanswered: Vec<Request>,
    /// Restarts since the page loaded or the user's last retry.
    restarts: u32,
    /// The last fit asked for.
    last_fit: Option<Request>,
    /// Why the page gave up (None while it has not).
    gave_up: Option<String>,
    /// Whether the engine takes requests now (its `Ready` came, or the page gave up: then
    /// requests are answered with the failure at once).
    ready: bool,
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
    /// family, or its cancel, supersedes the one kept).
    pub fn request(&mut self, make: impl FnOnce(u64) -> Request) -> Request {
        self.next_job += 1;
        let req = make(self.next_job);
        self.unanswered.retain(|r| r.family() != req.family());
        if !matches!(req.ask, Ask::Cancel { .. }) {
            self.unanswered.push(req.clone());
        }
        if matches!(req.ask, Ask::Fit { .. }) {
            self.last_fit = Some(req.clone());
        }
        req
    }

    /// The last job number given.
    pub fn last_job(&self) -> u64 {
        self.next_job
    }

    /// Takes note of a reply: its request is answered unless it says only how far it is;
    /// `Ready` means the engine takes requests.
    pub fn replied(&mut self, reply: &Reply) {
        match reply.answer {
            Answer::Ready => self.ready = true,
            Answer::Progress { .. } => {}
            _ => self.unanswered.retain(|r| r.job != reply.job),
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
    }

    /// The requests not answered yet, oldest first.
    pub fn unanswered(&self) -> &[Request] {
        &self.unanswered
    }

    /// The last fit request (the pool's other workers fit the same series).
    pub fn last_fit(&self) -> Option<&Request> {
        self.last_fit.as_ref()
    }
}
