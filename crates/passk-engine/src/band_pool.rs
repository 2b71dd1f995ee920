//! The bootstrap band spread over the page's pool of workers: the worker drawing the curves
//! (`Ask::Curves` with `pool` > 1) fits part 0 of the resamples; each other worker fits its
//! part (`Ask::Part` of `Work::Band`) and answers its rows, which the page hands to the first
//! (`Ask::Rows`, kept in the [`Mailbox`]); the first merges them in resample order. Every
//! worker draws every resample in the same order, so each is the same whoever fits it, and
//! the band is the one a single worker draws, bit for bit.

use crate::job::{with_tasks, Data, Job};
use crate::mailbox::Mailbox;
use passk_core::analysis::bootstrap_settings;
use passk_core::analysis::{BandRows, BootstrapDraws, Part};
use passk_core::data::Dataset;
use passk_core::eval::SeriesFit;
use passk_core::settings::Settings;
use passk_protocol::{Answer, Reply, Rows};

/// Fits the resamples of `part` of series `i` of `total` (pausing between them); None when a
/// newer request stopped the job.
pub(crate) async fn part_rows(
    job: &mut Job<'_>,
    (ds, f): (&Dataset, &SeriesFit),
    ks: &[u64],
    settings: &Settings,
    part: Part,
    (i, total): (usize, usize),
) -> Option<BandRows> {
    let s = bootstrap_settings(settings);
    let mut draws = BootstrapDraws::with_part(ds, f.fits.as_ref(), ks, &s, part);
    loop {
        let (done, all) = draws.progress();
        let text = || {
            let whose = if part.of > 1 {
                format!(" (part {} of {})", part.index + 1, part.of)
            } else {
                String::new()
            };
            let what = format!(
                "bootstrap band of series {} of {total}{whose}: {done} of {all} resamples…",
                i + 1
            );
            // In a pool, over every series (the page adds up the workers' counts).
            let counted = if part.of > 1 {
                (i as u64 * all + done, total as u64 * all)
            } else {
                (done, all)
            };
            (what, Some(counted))
        };
        if !job.tick(text).await {
            return None;
        }
        if !draws.step() {
            return Some(draws.into_rows());
        }
    }
}

/// This worker's part of the band of every series with tasks of `d` (`Ask::Part` of `Work::Band`).
pub(crate) async fn band_part(
    job: &mut Job<'_>,
    d: Data,
    k_max: u64,
    settings: &Settings,
    part: Part,
) {
    let series = with_tasks(&d.datasets, &d.fits);
    let mut rows = Vec::with_capacity(series.len());
    for (i, &(ds, f)) in series.iter().enumerate() {
        let ks = passk_core::analysis::curve_grid(f, k_max);
        let Some(r) = part_rows(job, (ds, f), &ks, settings, part, (i, series.len())).await else {
            return;
        };
        rows.push(r);
    }
    job.finish(Reply {
        job: job.job,
        answer: Answer::Rows {
            part,
            rows: Rows::band(rows),
        },
    });
}

/// The other workers' rows for this curves job, `[part][series]` in part order (part 0, this
/// worker's, is `own`): waits for them, and fits a failed worker's part here. None when a
/// newer request stopped the job.
pub(crate) async fn all_parts(
    job: &mut Job<'_>,
    mailbox: &Mailbox,
    of: u32,
    own: Vec<BandRows>,
    series: &[(&Dataset, &SeriesFit, Vec<u64>)],
    settings: &Settings,
) -> Option<Vec<Vec<BandRows>>> {
    let parts: Vec<Part> = (1..of).map(|index| Part { index, of }).collect();
    let waiting = "waiting for the other workers' resamples…";
    let others = mailbox.wait(job, &parts, waiting).await?;
    let mut parts = vec![own];
    for (part, rows) in others {
        match rows {
            Some(rows) if rows.len() == series.len() => parts.push(rows),
            _ => {
                // That worker failed (or sent other series): its part is fitted here.
                let mut rows = Vec::with_capacity(series.len());
                for (i, (ds, f, ks)) in series.iter().enumerate() {
                    rows.push(
                        part_rows(job, (ds, f), ks, settings, part, (i, series.len())).await?,
                    );
                }
                parts.push(rows);
            }
        }
    }
    Some(parts)
}
