//! What other workers of the page's pool sent for a running job of this one (the rows of a
//! bootstrap band's parts, the backtests of a backtest's series): kept until that job takes
//! them, each with the job it is for and whose part it is.

use std::cell::RefCell;

use crate::job::Job;
use passk_core::analysis::bands::Part;

/// A part another worker sent: the job it is for, whose, and what (None: that worker
/// failed, and the job does the part itself).
type Sent<T> = (u64, Part, Option<Vec<T>>);

/// The parts other workers sent for this worker's jobs, until their job takes them.
#[derive(Debug)]
pub struct Mailbox<T>(RefCell<Vec<Sent<T>>>);

impl<T> Default for Mailbox<T> {
    fn default() -> Self {
        Mailbox(RefCell::new(Vec::new()))
    }
}

impl<T> Mailbox<T> {
    /// Keeps `rows` of `part` for job `job`.
    pub(crate) fn put(&self, job: u64, part: Part, rows: Option<Vec<T>>) {
        self.0.borrow_mut().push((job, part, rows));
    }

    /// Drops what was sent for jobs before `job` (they are over).
    pub(crate) fn forget_before(&self, job: u64) {
        self.0.borrow_mut().retain(|m| m.0 >= job);
    }

    /// What was sent of each of `parts` for `job`, once all have come (taken out), in part
    /// order.
    pub(crate) fn take(&self, job: u64, parts: &[Part]) -> Option<Vec<(Part, Option<Vec<T>>)>> {
        let mut held = self.0.borrow_mut();
        let mut parts: Vec<_> = parts
            .iter()
            .map(|p| held.iter().position(|m| m.0 == job && m.1 == *p))
            .collect::<Option<Vec<_>>>()?;
        parts.sort_unstable();
        let mut out: Vec<_> = parts
            .into_iter()
            .rev()
            .map(|at| {
                let (_, part, rows) = held.remove(at);
                (part, rows)
            })
            .collect();
        out.sort_by_key(|p| p.0.index);
        Some(out)
    }

    /// [`take`](Self::take), waiting (between pauses, saying so with `waiting`) until all of
    /// `parts` have come; None when a newer request stopped the job.
    pub(crate) async fn wait(
        &self,
        job: &mut Job<'_>,
        parts: &[Part],
        waiting: &str,
    ) -> Option<Vec<(Part, Option<Vec<T>>)>> {
        loop {
            if let Some(got) = self.take(job.job, parts) {
                return Some(got);
            }
            if !job.tick(|| (waiting.to_string(), None)).await || !job.live() {
                return None;
            }
            job.pause().await;
        }
    }
}
