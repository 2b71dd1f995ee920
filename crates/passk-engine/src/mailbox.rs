//! What other workers of the page's pool sent for a running job of this one (the rows of a
//! bootstrap band's parts, the backtests of a backtest's series): kept until that job takes
//! them, each with the job it is for and whose part it is.

use std::cell::RefCell;

use crate::job::Job;
use passk_core::analysis::Part;
use passk_protocol::{InRows, Pooled, Rows};

/// A part another worker sent: the kind and number of the job it is for, whose, and what
/// (None: that worker failed, and the job does the part itself).
type Sent = (Pooled, u64, Part, Option<Rows>);

/// The parts other workers sent for this worker's jobs, until their job takes them; and for
/// each kind the job before which what arrives is over (rows the page relays late, once a
/// newer job of their kind has begun, are not kept).
#[derive(Debug, Default)]
pub struct Mailbox(RefCell<Vec<Sent>>, RefCell<Vec<(Pooled, u64)>>);

impl Mailbox {
    /// Keeps `rows` of `part` for `kind`'s job `job` (not when that job is over).
    pub(crate) fn put(&self, kind: Pooled, job: u64, part: Part, rows: Option<Rows>) {
        let over = self.1.borrow().iter().any(|&(k, j)| k == kind && job < j);
        if !over {
            self.0.borrow_mut().push((kind, job, part, rows));
        }
    }

    /// Drops what was sent for `kind`'s jobs before `job` (they are over), and what comes
    /// for them later.
    pub(crate) fn forget_before(&self, kind: Pooled, job: u64) {
        self.0.borrow_mut().retain(|m| m.0 != kind || m.1 >= job);
        let mut floors = self.1.borrow_mut();
        match floors.iter_mut().find(|f| f.0 == kind) {
            Some(f) => f.1 = f.1.max(job),
            None => floors.push((kind, job)),
        }
    }

    /// What was sent of each of `parts` for `job` (of `T`'s kind), once all have come (taken
    /// out), in part order, as it came (not yet read back nor opened: [`wait`](Self::wait)).
    pub(crate) fn take<T: InRows>(
        &self,
        job: u64,
        parts: &[Part],
    ) -> Option<Vec<(Part, Option<Rows>)>> {
        let mut held = self.0.borrow_mut();
        let mut parts: Vec<_> = parts
            .iter()
            .map(|p| (held.iter()).position(|m| m.0 == T::KIND && m.1 == job && m.2 == *p))
            .collect::<Option<Vec<_>>>()?;
        parts.sort_unstable();
        let mut out: Vec<_> = parts
            .into_iter()
            .rev()
            .map(|at| {
                let (_, _, part, rows) = held.remove(at);
                (part, rows)
            })
            .collect();
        out.sort_by_key(|p| p.0.index);
        Some(out)
    }

    /// [`take`](Self::take), waiting (between pauses, saying so with `waiting`) until all of
    /// `parts` have come, each read back (in the browser rows cross as a file: read here, in
    /// the job that needs them, off the page's thread) and opened (None: that part is done
    /// here); None when a newer request stopped the job.
    pub(crate) async fn wait<T: InRows>(
        &self,
        job: &mut Job<'_>,
        parts: &[Part],
        waiting: &str,
    ) -> Option<Vec<(Part, Option<Vec<T>>)>> {
        loop {
            if let Some(got) = self.take::<T>(job.job, parts) {
                let mut out = Vec::with_capacity(got.len());
                for (part, rows) in got {
                    let rows = match rows {
                        Some(rows) => T::from_rows(rows.opened().await),
                        None => None,
                    };
                    out.push((part, rows));
                }
                return Some(out);
            }
            if !job.tick(|| (waiting.to_string(), None)).await || !job.live() {
                return None;
            }
            job.pause().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::BandRows;

    /// Rows that arrive once a newer job of their kind has begun are not kept: they would
    /// hold tens of megabytes until the next.
    #[test]
    fn rows_for_a_job_already_over_are_not_kept() {
        let m = Mailbox::default();
        let part = Part { index: 1, of: 2 };
        m.forget_before(Pooled::Band, 5);
        m.put(Pooled::Band, 4, part, Some(Rows::band(Vec::new())));
        m.put(Pooled::Backtest, 4, part, None);
        m.put(Pooled::Band, 5, part, Some(Rows::band(Vec::new())));
        assert_eq!(m.0.borrow().len(), 2);
        assert!(m.take::<BandRows>(4, &[part]).is_none());
        let got = m.take::<BandRows>(5, &[part]).expect("job 5's part");
        assert_eq!(got.len(), 1);
    }
}
