//! The pool of workers: the bootstrap band of the curves, and the backtest's and the
//! forecasts' series, are spread over `of` workers ([`Pooled`]). The home worker (the engine
//! client's) runs the job and part 0; each other worker here holds the same series (the last
//! fit request) and does its part (`Ask::Part`), whose rows (`Rows`) are handed to the
//! first (`Ask::Rows`), which puts the job together: the result one worker computes, bit for
//! bit. A worker that fails, or that its part cannot be posted to, has its part done by the
//! first (`Ask::Rows` with no rows).
//!
//! [`Pool`] is the state and its transitions; what happens outside (starting and posting to
//! workers, posting to the first) is a [`Workers`] the caller passes, so that the page does
//! it with Web Workers and the tests with a record of what was asked.

use passk_core::analysis::Part;
use passk_protocol::{Answer, Ask, JobKind, Pooled, Reply, Request, Work};

/// What the pool does outside itself.
pub trait Workers {
    /// A worker (the page's `web_sys::Worker`).
    type Worker;
    /// Starts the worker that will do parts `index` (None if it cannot start).
    fn start(&mut self, index: u32) -> Option<Self::Worker>;
    /// Posts `req` to `worker`; false if it could not be sent.
    fn post(&mut self, worker: &Self::Worker, req: &Request) -> bool;
    /// Terminates `worker`.
    fn terminate(&mut self, worker: Self::Worker);
    /// Posts `req` to the home worker as it is (not numbered, not kept as unanswered).
    fn to_home(&mut self, req: Request);
    /// Another worker handed over a part of a `kind` job: `handed` since the page loaded.
    fn handed(&mut self, kind: Pooled, handed: u32);
}

/// One of the other workers: its handle, and the fit job it holds.
#[derive(Debug)]
pub struct Helper<W> {
    /// The worker.
    pub worker: W,
    /// The fit job whose series it holds (0: none).
    pub fit: u64,
}

/// One job spread: its number (0: none), its parts, what was handed to the home worker
/// for it (sent again if that worker restarts), and how far each worker is.
#[derive(Debug, Default, Clone)]
struct SplitJob {
    job: u64,
    of: u32,
    sent: Vec<(Part, Request)>,
    /// Parts other workers handed over since the page loaded.
    handed: u32,
    /// The steps done and to do of the home worker's part, and of the others'.
    first: Option<(u64, u64)>,
    others: Vec<Option<(u64, u64)>>,
}

/// The other workers and the jobs spread over them.
#[derive(Debug)]
pub struct Pool<W> {
    helpers: Vec<Option<Helper<W>>>,
    splits: [SplitJob; 3],
}

impl<W> Default for Pool<W> {
    fn default() -> Self {
        Pool {
            helpers: Vec::new(),
            splits: Default::default(),
        }
    }
}

/// The progress line of a `kind` job over `of` workers, `done` of `all` counted across them
/// (resamples; series in thousandths for a job spread by series).
pub fn line(kind: Pooled, of: u32, done: u64, all: u64) -> String {
    let series = |verb: &str| {
        let (d, t) = (done / 1000, all / 1000);
        format!("{verb} on {of} workers: {d} of {t} series done…")
    };
    match kind {
        Pooled::Band => {
            format!("bootstrap band on {of} workers: {done} of {all} resamples fitted…")
        }
        Pooled::Backtest => series("backtesting"),
        Pooled::Forecast => series("forecasting"),
    }
}

/// Whether `ask` hands the home worker a part another worker did (not one to do itself).
fn from_other(ask: &Ask) -> bool {
    matches!(ask, Ask::Rows { rows: Some(_), .. })
}

impl<W> Pool<W> {
    fn split_of(&mut self, kind: Pooled) -> &mut SplitJob {
        &mut self.splits[kind as usize]
    }

    /// The other workers running now.
    pub fn running(&self) -> usize {
        self.helpers.iter().flatten().count()
    }

    /// The fit job worker `index` holds (None: no such worker).
    pub fn fit_of(&self, index: u32) -> Option<u64> {
        let h = self.helpers.get((index as usize).checked_sub(1)?)?;
        h.as_ref().map(|h| h.fit)
    }

    /// Keeps at most `n` workers in all (the first and `n` − 1 others): those beyond stop,
    /// and their parts go back to the home worker.
    pub fn resize(&mut self, n: u32, io: &mut impl Workers<Worker = W>) {
        let keep = n.max(1) as usize - 1;
        let mut stopped = Vec::new();
        for (i, h) in self.helpers.iter_mut().enumerate().skip(keep) {
            if let Some(h) = h.take() {
                io.terminate(h.worker);
                stopped.push(i as u32 + 1);
            }
        }
        self.helpers.truncate(keep);
        for index in stopped {
            self.give_back(index, io);
        }
    }

    /// Gives each other worker its part of `work`'s job `job` over `of` workers, the last
    /// fit (`last_fit`, the request) first where a worker does not hold it; the workers
    /// beyond `of` stop that kind of part. A part whose worker cannot start or be posted to
    /// goes to the home worker.
    pub fn assign(
        &mut self,
        io: &mut impl Workers<Worker = W>,
        job: u64,
        of: u32,
        work: &Work,
        last_fit: Option<&Request>,
    ) {
        let kind = work.kind();
        let data = work.data();
        let fitted = last_fit.is_some_and(|f| f.job == data);
        let handed = self.split_of(kind).handed;
        *self.split_of(kind) = SplitJob {
            job,
            of,
            handed,
            others: vec![None; of.saturating_sub(1) as usize],
            ..SplitJob::default()
        };
        while self.helpers.len() < of.saturating_sub(1) as usize {
            let index = self.helpers.len() as u32 + 1;
            let h = io.start(index).map(|worker| Helper { worker, fit: 0 });
            self.helpers.push(h);
        }
        let mut unposted = Vec::new();
        for (i, slot) in self.helpers.iter_mut().enumerate() {
            let part = Part {
                index: i as u32 + 1,
                of,
            };
            if slot.is_none() && part.index < of {
                // One that failed before: a new one.
                *slot = io.start(part.index).map(|worker| Helper { worker, fit: 0 });
            }
            let Some(h) = slot.as_mut() else {
                continue;
            };
            if part.index >= of {
                // Not needed for this job: whatever part of that kind it runs stops.
                let job_kind = JobKind::Part(kind);
                let _ = io.post(
                    &h.worker,
                    &Request {
                        job,
                        ask: Ask::Cancel { job_kind },
                    },
                );
                continue;
            }
            if let (true, Some(fit)) = (fitted && h.fit != data, last_fit) {
                // (Not sent: its part fails for want of the series, and comes back to the
                // first.)
                if io.post(&h.worker, fit) {
                    h.fit = data;
                }
            }
            let ask = Ask::Part {
                work: work.clone(),
                part,
            };
            if !io.post(&h.worker, &Request { job, ask }) {
                unposted.push(part.index);
            }
        }
        let missing: Vec<u32> = (1..of)
            .filter(|&i| self.helpers.get(i as usize - 1).is_none_or(Option::is_none))
            .chain(unposted)
            .collect();
        for index in missing {
            self.hand_over(io, kind, job, Part { index, of }, None);
        }
    }

    /// Whether `kind`'s job `job` (0: whichever) is spread and worker `index` has a part of
    /// it.
    fn ours(&mut self, kind: Pooled, job: u64, index: u32) -> Option<Part> {
        let s = self.split_of(kind);
        (s.job != 0 && (job == s.job || job == 0) && index < s.of)
            .then_some(Part { index, of: s.of })
    }

    /// What worker `index` answered: its part's rows go to the home worker, its progress
    /// is counted, its failure hands its part to the home worker.
    pub fn on_reply(&mut self, io: &mut impl Workers<Worker = W>, index: u32, reply: Reply) {
        let job = reply.job;
        match reply.answer {
            Answer::Rows { part, rows } => {
                let kind = rows.kind();
                if self.ours(kind, job, index) == Some(part) && job != 0 {
                    let ask = Ask::Rows {
                        kind,
                        part,
                        rows: Some(rows),
                    };
                    self.hand_over(io, kind, job, part, Some(ask));
                }
            }
            Answer::Progress {
                job_kind: JobKind::Part(kind),
                done: Some(done),
                ..
            } if job != 0 && self.ours(kind, job, index).is_some() => {
                if let Some(slot) = self.split_of(kind).others.get_mut(index as usize - 1) {
                    *slot = Some(done);
                }
            }
            // Its failure (or one it could not tie to a job: a request it could not read).
            Answer::Failed { job_kind, .. } => {
                for kind in Pooled::ALL {
                    let whose = job_kind == JobKind::Part(kind) || job == 0;
                    if let Some(part) = self.ours(kind, job, index).filter(|_| whose) {
                        let job = self.split_of(kind).job;
                        self.hand_over(io, kind, job, part, None);
                    }
                }
            }
            _ => {}
        }
    }

    /// Worker `index` stopped (its wasm failed, or it died): its parts go back to the first
    /// worker, and a new one starts for the next job.
    pub fn failed(&mut self, io: &mut impl Workers<Worker = W>, index: u32) {
        if let Some(h) = (index as usize)
            .checked_sub(1)
            .and_then(|i| self.helpers.get_mut(i))
            .and_then(Option::take)
        {
            io.terminate(h.worker);
        }
        self.give_back(index, io);
    }

    /// Worker `index`'s parts of the jobs spread go back to the home worker (unless it
    /// already handed them over).
    fn give_back(&mut self, index: u32, io: &mut impl Workers<Worker = W>) {
        for kind in Pooled::ALL {
            if let Some(part) = self.ours(kind, 0, index) {
                let s = self.split_of(kind);
                let delivered =
                    (s.sent.iter()).any(|(at, req)| *at == part && from_other(&req.ask));
                let job = s.job;
                if !delivered {
                    self.hand_over(io, kind, job, part, None);
                }
            }
        }
    }

    /// Hands `part` of `kind`'s job `job` to the home worker (`done`: the rows another
    /// worker sent; None: do it yourself), and keeps it in case that worker restarts.
    fn hand_over(
        &mut self,
        io: &mut impl Workers<Worker = W>,
        kind: Pooled,
        job: u64,
        part: Part,
        done: Option<Ask>,
    ) {
        let ask = done.unwrap_or(Ask::Rows {
            kind,
            part,
            rows: None,
        });
        let handed_by_other = from_other(&ask);
        let req = Request { job, ask };
        let s = self.split_of(kind);
        if !handed_by_other {
            // Its worker's last count is not the first's, which now does the part.
            if let Some(c) = (part.index as usize)
                .checked_sub(1)
                .and_then(|i| s.others.get_mut(i))
            {
                *c = None;
            }
        }
        s.sent.retain(|m| m.0 != part);
        s.sent.push((part, req.clone()));
        s.handed += u32::from(handed_by_other);
        if handed_by_other {
            io.handed(kind, s.handed);
        }
        io.to_home(req);
    }

    /// What the home worker, restarted, must be sent again: what the old one was handed.
    pub fn resend(&self, io: &mut impl Workers<Worker = W>) {
        for s in &self.splits {
            for (_, req) in &s.sent {
                io.to_home(req.clone());
            }
        }
    }

    /// What the progress of `job_kind`'s job `job` shows: for a job spread over the pool, the
    /// steps done by every worker (the first's `done` with the others' latest) under one
    /// line; else `text` and `done` as they are.
    pub fn across(
        &mut self,
        job_kind: JobKind,
        job: u64,
        text: String,
        done: Option<(u64, u64)>,
    ) -> (String, Option<(u64, u64)>) {
        let Some(kind) = Pooled::of(job_kind) else {
            return (text, done);
        };
        let s = self.split_of(kind);
        if s.job != job || s.of <= 1 {
            return (text, done);
        }
        // The home worker says no count while it draws the curves or waits: its last one.
        if done.is_some() {
            s.first = done;
        }
        let all: Vec<Option<(u64, u64)>> = std::iter::once(s.first)
            .chain(s.others.iter().copied())
            .collect();
        // A worker that has not counted yet has about as many steps as one that has (give or
        // take one resample or series).
        let Some(each) = all.iter().flatten().map(|c| c.1).next() else {
            return (text, done);
        };
        let (d, t) = all.iter().fold((0, 0), |(d, t), c| match c {
            Some((a, b)) => (d + a, t + b),
            None => (d, t + each),
        });
        (line(kind, s.of, d, t), Some((d, t)))
    }

    /// Stops the other workers' parts when `job_kind`'s job spread over them is cancelled
    /// (`job`: the cancel's own number, newer than the parts', so that it supersedes them).
    pub fn cancel(&mut self, io: &mut impl Workers<Worker = W>, job_kind: JobKind, job: u64) {
        let Some(kind) = Pooled::of(job_kind) else {
            return;
        };
        let s = self.split_of(kind);
        (s.job, s.sent) = (0, Vec::new());
        let job_kind = JobKind::Part(kind);
        for h in self.helpers.iter().flatten() {
            let _ = io.post(
                &h.worker,
                &Request {
                    job,
                    ask: Ask::Cancel { job_kind },
                },
            );
        }
    }
}
