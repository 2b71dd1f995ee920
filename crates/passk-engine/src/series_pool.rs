//! Work done series by series (the backtest, the forecasts), spread over the page's pool of
//! workers: series `i` of those with tasks is part `pool − 1 − i mod pool`'s (so the worker
//! running the job, part 0, which also draws the curves and the report, has the fewest). The
//! worker running the job (`pool` > 1) does part 0's series; each other worker does its
//! part's (`Ask::Part`) and answers them, and the page hands
//! them to the first (`Ask::Rows`, kept in the [`Mailbox`]), which
//! puts every series' result in its place. A series is computed whole by one worker, as one
//! worker alone computes it: the same, bit for bit.

use crate::job::{with_tasks, Data, Job};
use crate::mailbox::Mailbox;
use passk_core::analysis::Part;
use passk_protocol::{Answer, InRows, Reply};

/// Units of progress per series in a pool's counts (a series' own progress in thousandths).
const PER_SERIES: u64 = 1000;

/// Where a series is worked on: its index among the series with tasks and their number, the
/// part it belongs to (named in progress lines), and its place in that part's series.
pub(crate) struct Slot {
    /// Its index among the series with tasks.
    pub(crate) i: usize,
    /// The number of series with tasks.
    pub(crate) total: usize,
    part: Part,
    /// Its place in the part's series, and their number.
    place: (usize, usize),
}

impl Slot {
    /// " (part p of n)" for a helper's series, else nothing.
    pub(crate) fn whose(&self) -> String {
        if self.part.index > 0 {
            format!(" (part {} of {})", self.part.index + 1, self.part.of)
        } else {
            String::new()
        }
    }

    /// Whether the job is spread over more than one worker.
    pub(crate) fn pooled(&self) -> bool {
        self.part.of > 1
    }

    /// The progress count of `done` of `all` steps of this series: as it is for one worker;
    /// in a pool, over the part's series (thousandths of a series, which the page adds up
    /// across the workers).
    pub(crate) fn count(&self, done: u64, all: u64) -> (u64, u64) {
        if !self.pooled() {
            return (done, all);
        }
        let within = (done.min(all) * PER_SERIES).checked_div(all).unwrap_or(0);
        let (at, of) = (self.place.0 as u64, self.place.1 as u64);
        (at * PER_SERIES + within, of * PER_SERIES)
    }
}

/// Work done series by series.
pub(crate) trait PerSeries {
    /// One series' result.
    type Out: InRows;

    /// The result of the series at `slot` (it has tasks and a fit); None when a newer request
    /// stopped the job.
    async fn one(&self, job: &mut Job<'_>, d: &Data, slot: &Slot) -> Option<Self::Out>;

    /// The name of the series a result is of.
    fn name(out: &Self::Out) -> &str;

    /// The home worker's progress line while it waits for the others' parts.
    const WAITING: &'static str;

    /// The answer to the whole job: the results of every series with tasks and a fit.
    fn answer(all: Vec<Self::Out>) -> Answer;
}

/// How much of a job a worker does: all of it, spread over `pool` workers (the others'
/// parts arrive in the mailbox), or one part of it for the worker running it.
pub(crate) enum Portion<'m> {
    /// The whole job, over this many workers.
    All(u32, &'m Mailbox),
    /// A helper's part.
    Part(Part),
}

/// Runs `work` on the series of `d` (`share` of it) to its answer (none when a newer request
/// stopped the job).
pub(crate) async fn run<W: PerSeries>(work: &W, job: &mut Job<'_>, d: &Data, share: Portion<'_>) {
    let answer = match share {
        Portion::All(pool, mailbox) => all_series(work, job, d, (pool, mailbox))
            .await
            .map(W::answer),
        Portion::Part(part) => part_results(work, job, d, part)
            .await
            .map(|r| Answer::Rows {
                part,
                rows: InRows::into_rows(r),
            }),
    };
    if let Some(answer) = answer {
        job.finish(Reply {
            job: job.job,
            answer,
        });
    }
}

/// The series of `part` (indices among those with tasks) that have a fit.
fn part_series(d: &Data, part: Part) -> Vec<usize> {
    let of = part.of.max(1);
    with_tasks(&d.datasets, &d.fits)
        .iter()
        .enumerate()
        .filter(|(i, (_, f))| of - 1 - *i as u32 % of == part.index && f.fits.is_some())
        .map(|(i, _)| i)
        .collect()
}

/// Whether `sent` are results of `series` (by name, in order).
fn are_of<W: PerSeries>(d: &Data, sent: &[W::Out], series: &[usize]) -> bool {
    let all = with_tasks(&d.datasets, &d.fits);
    sent.len() == series.len()
        && (sent.iter().zip(series))
            .all(|(b, &i)| all.get(i).is_some_and(|s| s.0.name == W::name(b)))
}

/// The results of `part`'s series in order; None when a newer request stopped the job.
async fn part_results<W: PerSeries>(
    work: &W,
    job: &mut Job<'_>,
    d: &Data,
    part: Part,
) -> Option<Vec<W::Out>> {
    let series = part_series(d, part);
    let total = with_tasks(&d.datasets, &d.fits).len();
    let mut out = Vec::with_capacity(series.len());
    for (at, &i) in series.iter().enumerate() {
        let slot = Slot {
            i,
            total,
            part,
            place: (at, series.len()),
        };
        out.push(work.one(job, d, &slot).await?);
    }
    Some(out)
}

/// Every series with tasks and a fit, in order (the job's, `pool` > 1: here those of part 0
/// of `pool`, the others' from the [`Mailbox`], a failed worker's part here too); None when a
/// newer request stopped the job.
async fn all_series<W: PerSeries>(
    work: &W,
    job: &mut Job<'_>,
    d: &Data,
    (pool, mailbox): (u32, &Mailbox),
) -> Option<Vec<W::Out>> {
    mailbox.forget_before(W::Out::KIND, job.job);
    let of = pool.max(1);
    let own = part_series(d, Part { index: 0, of });
    let mine = part_results(work, job, d, Part { index: 0, of }).await?;
    let mut placed: Vec<(usize, W::Out)> = own.into_iter().zip(mine).collect();
    if of > 1 {
        // The other parts with series (a part with none has nothing to wait for).
        let parts: Vec<Part> = (1..of)
            .map(|index| Part { index, of })
            .filter(|&p| !part_series(d, p).is_empty())
            .collect();
        for (part, sent) in mailbox.wait(job, &parts, W::WAITING).await? {
            let series = part_series(d, part);
            let got = match sent {
                Some(b) if are_of::<W>(d, &b, &series) => b,
                // That worker failed (or sent other series): its part is done here.
                _ => part_results(work, job, d, part).await?,
            };
            placed.extend(series.into_iter().zip(got));
        }
    }
    placed.sort_by_key(|p| p.0);
    Some(placed.into_iter().map(|p| p.1).collect())
}
