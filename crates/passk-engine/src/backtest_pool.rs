//! A backtest spread over the page's pool of workers: series `i` of those with tasks is part
//! `pool − 1 − i mod pool`'s (so the worker running the job, part 0, which also draws the
//! curves and the report, has the fewest). The worker running it (`Ask::Backtest` with
//! `pool` > 1) backtests part 0's series; each other worker backtests its part's
//! (`Ask::BacktestPart`) and answers them, and the page hands them to the first
//! (`Ask::BacktestRows`, kept in a [`Mailbox`]), which puts every series' backtest in its
//! place. A series' backtest is computed whole by one worker, as one worker alone computes
//! it: the same, bit for bit.

use crate::job::{with_tasks, Data, Job};
use crate::mailbox::Mailbox;
use crate::protocol::{Answer, Reply};
use passk_core::analysis::backtest::run::BacktestRun;
use passk_core::analysis::bands::Part;
use passk_core::report::backtests::SeriesBacktest;
use passk_core::settings::Settings;

/// What a backtest is of: the settings, the k list and the subsamples per shrink factor.
pub(crate) struct BacktestAsk<'a> {
    pub(crate) settings: &'a Settings,
    pub(crate) ks: &'a [u64],
    pub(crate) repeats: u64,
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

/// Whether `sent` are backtests of `series` (by name, in order).
fn are_of(d: &Data, sent: &[SeriesBacktest], series: &[usize]) -> bool {
    let all = with_tasks(&d.datasets, &d.fits);
    sent.len() == series.len()
        && (sent.iter().zip(series)).all(|(b, &i)| all.get(i).is_some_and(|s| s.0.name == b.name))
}

/// The backtest of series `i` (of those with tasks; it has a fit), one subsample at a time;
/// None when a newer request stopped the job.
async fn backtest_one(
    job: &mut Job<'_>,
    d: &Data,
    i: usize,
    what: &BacktestAsk<'_>,
    whose: &str,
) -> Option<SeriesBacktest> {
    let series = with_tasks(&d.datasets, &d.fits);
    let total = series.len();
    let (ds, f) = *series.get(i)?;
    let full = f.fits?;
    let scaled = d.scaled_in_slice(job, f, (i, total)).await?;
    let run = match BacktestRun::with_scaled(ds, &full, scaled, what.settings, what.repeats) {
        Err(e) => Err(e),
        Ok(mut bt) => {
            loop {
                let (done, all) = bt.progress();
                let text = || {
                    let line = format!(
                        "backtesting series {} of {total}{whose} ({done} of {all} subsamples)…",
                        i + 1
                    );
                    (line, Some((done, all)))
                };
                if !job.tick(text).await {
                    return None;
                }
                if !bt.step() {
                    break;
                }
            }
            Ok(bt.finish())
        }
    };
    Some(SeriesBacktest::new(
        &ds.name,
        f.groups.n_min(),
        what.ks,
        what.repeats,
        run,
    ))
}

/// The backtests of `series` in order; None when a newer request stopped the job.
async fn backtest_all(
    job: &mut Job<'_>,
    d: &Data,
    series: &[usize],
    what: &BacktestAsk<'_>,
    whose: &str,
) -> Option<Vec<SeriesBacktest>> {
    let mut out = Vec::with_capacity(series.len());
    for &i in series {
        out.push(backtest_one(job, d, i, what, whose).await?);
    }
    Some(out)
}

/// Backtests every series with tasks and a fit (`Ask::Backtest`): here those of part 0 of
/// `pool`, the others' from the [`Mailbox`] (a failed worker's part here too).
pub(crate) async fn backtest(
    job: &mut Job<'_>,
    d: Data,
    what: &BacktestAsk<'_>,
    pool: u32,
    mailbox: &Mailbox<SeriesBacktest>,
) {
    mailbox.forget_before(job.job);
    let of = pool.max(1);
    let own = part_series(&d, Part { index: 0, of });
    let Some(mine) = backtest_all(job, &d, &own, what, "").await else {
        return;
    };
    let mut placed: Vec<(usize, SeriesBacktest)> = own.into_iter().zip(mine).collect();
    if of > 1 {
        // The other parts with series (a part with none has nothing to wait for).
        let parts: Vec<Part> = (1..of)
            .map(|index| Part { index, of })
            .filter(|&p| !part_series(&d, p).is_empty())
            .collect();
        let waiting = "waiting for the other workers' backtests…";
        let Some(others) = mailbox.wait(job, &parts, waiting).await else {
            return;
        };
        for (part, sent) in others {
            let series = part_series(&d, part);
            let got = match sent {
                Some(b) if are_of(&d, &b, &series) => b,
                // That worker failed (or sent other series): its part is run here.
                _ => match backtest_all(job, &d, &series, what, "").await {
                    Some(b) => b,
                    None => return,
                },
            };
            placed.extend(series.into_iter().zip(got));
        }
    }
    placed.sort_by_key(|p| p.0);
    job.finish(Reply {
        job: job.job,
        answer: Answer::Backtests {
            backtests: placed.into_iter().map(|p| p.1).collect(),
        },
    });
}

/// This worker's part of a backtest's series (`Ask::BacktestPart`).
pub(crate) async fn backtest_part(job: &mut Job<'_>, d: Data, what: &BacktestAsk<'_>, part: Part) {
    let whose = format!(" (part {} of {})", part.index + 1, part.of);
    let Some(backtests) = backtest_all(job, &d, &part_series(&d, part), what, &whose).await else {
        return;
    };
    job.finish(Reply {
        job: job.job,
        answer: Answer::BacktestRows { part, backtests },
    });
}
