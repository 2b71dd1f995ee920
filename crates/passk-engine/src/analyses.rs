//! The engine's jobs besides fits and reports: reading a file, and on the series last fitted
//! the curves and bands, backtests, the paired difference and the sample-size plan, each
//! pausing between slices of work.

use crate::band_pool;
use crate::job::{with_tasks, Data, Job, CURVE_CHUNK};
use crate::mailbox::Mailbox;
use passk_core::analysis;
use passk_core::analysis::compare::{chosen_pairs, compare_pair, comparison, Pairs};
use passk_core::analysis::rank::{
    answer, canonical, combine, restore, Outcomes, RankOptions, METHODS,
};
use passk_core::analysis::SharedDraws;
use passk_core::analysis::COVER_POINTS;
use passk_core::analysis::{bands_of, merge_rows, Part};
use passk_core::analysis::{
    bootstrap_settings, cover_curves, series_curves, with_bootstrap_band, SeriesCurves,
};
use passk_core::analysis::{Paired, PairedOutcome, PairedRun};
use passk_core::eval::SeriesFit;
use passk_core::settings::{BandKind, Settings};
use passk_io::display::count_of;
use passk_io::read::{series_name_for, Format, ReadOptions, Reader};
use passk_protocol::source::Source;
use passk_protocol::{Answer, CurvesAsk, Pooled, Reply};

/// Bytes read per slice of a file (about 20 ms of reading here).
pub const READ_CHUNK: u64 = 1 << 20;

/// Reads `source` in slices of [`READ_CHUNK`], saying after each how far it is; stops,
/// without a reply, when a newer read or a cancel arrives.
pub(crate) async fn read(
    job: &Job<'_>,
    source: &Source,
    name: &str,
    (format, options): (Option<Format>, ReadOptions),
) {
    let total = source.size();
    let mut reader = Reader::new(name, &series_name_for(name), format).with_options(options);
    let mut done = 0;
    while done < total {
        let end = (done + READ_CHUNK).min(total);
        let bytes = match source.read(done, end).await {
            Ok(b) => b,
            Err(e) => return job.fail(format!("{name}: {e}")),
        };
        if !job.live() {
            return;
        }
        reader.feed(&bytes);
        done = end;
        let tasks = count_of(reader.tasks() as u64, "task", "tasks");
        job.progress(tasks, Some((done, total)));
    }
    job.finish(Reply {
        job: job.job,
        answer: Answer::Read {
            read: Box::new(reader.finish()),
        },
    });
}

/// The Pass@k curves (the grid in slices; the bootstrap band one resample at a time, its
/// parts spread over the page's pool when `pool` > 1: `band_pool`) and the Cover@τ curves of
/// every series with tasks; with the scaled fits' curves when asked (each series' scaled fits
/// in a slice of their own the first time).
pub(crate) async fn curves(job: &mut Job<'_>, d: Data, what: &CurvesAsk, mailbox: &Mailbox) {
    let CurvesAsk {
        k_max,
        band,
        ref taus,
        ref settings,
        ..
    } = *what;
    let pool = if band == BandKind::Bootstrap {
        what.pool.max(1)
    } else {
        1
    };
    mailbox.forget_before(Pooled::Band, job.job);
    let (mut curves, mut cover) = (Vec::new(), Vec::new());
    // Pooled: each series' own rows, and (its curve's place, its fit, its grid).
    let (mut own, mut pending) = (Vec::new(), Vec::new());
    let series = with_tasks(&d.datasets, &d.fits);
    for (i, (ds, f)) in series.iter().enumerate() {
        let with;
        let f = if what.scaled {
            let Some(scaled) = d.scaled_in_slice(job, f, (i, series.len())).await else {
                return;
            };
            with = SeriesFit {
                scaled,
                ..(*f).clone()
            };
            &with
        } else {
            *f
        };
        let ks = passk_core::analysis::curve_grid(f, k_max);
        // The curves in slices of the grid; the bootstrap band one resample at a
        // time over the whole grid.
        let plain = if band == BandKind::Bootstrap {
            BandKind::None
        } else {
            band
        };
        let mut parts = Vec::new();
        for chunk in ks.chunks(CURVE_CHUNK) {
            let text = || {
                (
                    format!("drawing series {} of {}…", i + 1, series.len()),
                    None,
                )
            };
            if !job.tick(text).await {
                return;
            }
            parts.push(series_curves(ds, f, chunk, settings, plain));
        }
        let mut joined = SeriesCurves::concat(parts);
        if band == BandKind::Bootstrap {
            let part = Part { index: 0, of: pool };
            let at = (i, series.len());
            let Some(rows) = band_pool::part_rows(job, (ds, f), &ks, settings, part, at).await
            else {
                return;
            };
            if pool == 1 {
                if let Some(c) = joined.as_mut() {
                    with_bootstrap_band(c, f, settings, &bands_of(&rows));
                }
            } else {
                own.push(rows);
                let place = joined.is_some().then_some(curves.len());
                pending.push((place, f.clone(), ks));
            }
        }
        curves.extend(joined);
        cover.push(cover_curves(f, taus, COVER_POINTS));
    }
    if pool > 1 {
        let with_grids: Vec<_> = series
            .iter()
            .zip(&pending)
            .map(|((ds, f), p)| (*ds, *f, p.2.clone()))
            .collect();
        let Some(parts) =
            band_pool::all_parts(job, mailbox, pool, own, &with_grids, settings).await
        else {
            return;
        };
        for (s, (place, f, _)) in pending.iter().enumerate() {
            let rows: Vec<_> = parts.iter().map(|p| p[s].clone()).collect();
            let all = bootstrap_settings(settings).bootstrap as usize;
            let Some(merged) = merge_rows(&rows).filter(|m| m.iter().all(|k| k.len() == all))
            else {
                return job
                    .fail("the workers' parts of the bootstrap band do not fit together".into());
            };
            if let Some(c) = place.and_then(|at| curves.get_mut(at)) {
                with_bootstrap_band(c, f, settings, &bands_of(&merged));
            }
        }
    }
    job.finish(Reply {
        job: job.job,
        answer: Answer::Curves { curves, cover },
    });
}

/// The paired difference `a − b`, one bootstrap resample at a time.
pub(crate) async fn paired(job: &mut Job<'_>, d: Data, a: &str, b: &str, settings: &Settings) {
    let find = |name: &str| d.datasets.iter().find(|s| s.name == name);
    let (Some(da), Some(db)) = (find(a), find(b)) else {
        return job.finish(Reply {
            job: job.job,
            answer: Answer::Paired { outcome: None },
        });
    };
    let outcome = match Paired::new(da, db) {
        Err(e) => Err(e),
        Ok(p) => {
            let mut run = PairedRun::new(&p, &p.grid(), settings);
            loop {
                let (done, total) = run.progress();
                let text = || {
                    (
                        format!("paired bootstrap: {done} of {total} resamples…"),
                        Some((done, total)),
                    )
                };
                if !job.tick(text).await {
                    return;
                }
                if !run.step() {
                    break;
                }
            }
            Ok(PairedOutcome::new(da, db, &p, run.finish()))
        }
    };
    job.finish(Reply {
        job: job.job,
        answer: Answer::Paired {
            outcome: Some(outcome),
        },
    });
}

/// Every pair of series compared, one pair at a time (a newer request stops it between
/// pairs), then Holm, BH and the ranks: the same functions as `passk compare`.
pub(crate) async fn compare(job: &mut Job<'_>, d: Data, ks: &[u64], settings: &Settings) {
    let series = &d.datasets;
    let pairs = chosen_pairs(series.len(), Pairs::All);
    let total = pairs.len() as u64;
    let mut compared = Vec::with_capacity(pairs.len());
    let draws = SharedDraws::default();
    for (done, (i, j)) in pairs.into_iter().enumerate() {
        let text = || {
            (
                format!("comparing pairs: {done} of {total}…"),
                Some((done as u64, total)),
            )
        };
        if !job.tick(text).await {
            return;
        }
        compared.push(compare_pair(&series[i], &series[j], ks, settings, &draws));
    }
    let comparison = comparison(series, ks, settings, compared);
    job.finish(Reply {
        job: job.job,
        answer: Answer::Comparison { comparison },
    });
}

/// Every ranking method on the series with tasks, one method at a time (a newer request
/// stops it between methods), then their agreement: the same functions as `passk rank`.
pub(crate) async fn rank(job: &mut Job<'_>, d: Data, options: &RankOptions) {
    let series: Vec<&passk_core::data::Dataset> =
        d.datasets.iter().filter(|s| !s.tasks.is_empty()).collect();
    // (In the order fixed by the counts, then back in the page's: `passk rank`'s answer.)
    let (o, perm) = canonical(&Outcomes::of(&series));
    let total = METHODS.len() as u64;
    let mut answers = Vec::with_capacity(METHODS.len());
    if o.series() >= 2 && o.tasks() > 0 {
        for (i, def) in METHODS.iter().enumerate() {
            let text = || {
                (
                    format!("ranking by {}: {i} of {total} methods…", def.label),
                    Some((i as u64, total)),
                )
            };
            if !job.tick(text).await {
                return;
            }
            answers.push(answer(&o, def, i, options));
        }
    }
    let ranking = Box::new(restore(combine(&o, answers, options), &perm));
    job.finish(Reply {
        job: job.job,
        answer: Answer::Ranking {
            ranking,
            names: series.iter().map(|s| s.name.clone()).collect(),
        },
    });
}

/// The sample-size plan of one series (a few dozen passes over its distinct counts: one
/// step).
pub(crate) async fn sample_plan(
    job: &Job<'_>,
    d: Data,
    series: &str,
    k: u64,
    half_width: f64,
    confidence: f64,
) {
    let fit = d.fits.iter().find(|f| f.name == series);
    let plan = fit.map(|f| {
        let g = &f.groups;
        analysis::plan(g, k, half_width, confidence)
            .map(|p| (p, (g.n_min(), g.n_max())))
            .map_err(|e| e.to_string())
    });
    job.finish(Reply {
        job: job.job,
        answer: Answer::Plan { plan },
    });
}
