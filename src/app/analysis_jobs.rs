//! The analysis pipelines, each a job that the latest input supersedes: the fits when the
//! series change, the curves when the fits, k_max, the band or the settings change, and the
//! backtests after the fits. Large inputs give the browser a turn between steps.

use leptos::prelude::*;

use super::jobs::{Jobs, Start, TimeSlice};
use crate::core::analysis::backtest::run::BacktestRun;
use crate::core::analysis::curves::{
    cover_curves, k_grid, round_budgets, series_curves, CoverCurves, SeriesCurves,
};
use crate::core::data::dataset::Dataset;
use crate::core::eval::fit::SeriesFit;
use crate::core::report::backtests::SeriesBacktest;
use crate::core::settings::BandKind;
use crate::io::settings::Parsed;

/// Points of the k grid the Pass@k curves are drawn on.
pub const GRID_POINTS: usize = 60;
/// Inputs with more tasks than this are analysed step by step, the browser getting a turn
/// between series (a progress line says what is being computed).
pub const LARGE: usize = 5_000;
/// Points of τ the posterior Cover curve is drawn on.
pub const COVER_POINTS: usize = 50;
/// Backtest repeats per shrink factor (as `passk report --backtest`).
pub const BACKTEST_REPEATS: u64 = 20;

/// The series that have tasks, each with its fit (fits of other series are skipped).
fn with_tasks<'a>(ds: &'a [Dataset], fits: &'a [SeriesFit]) -> Vec<(&'a Dataset, &'a SeriesFit)> {
    ds.iter()
        .zip(fits)
        .filter(|(d, f)| !d.tasks.is_empty() && d.name == f.name)
        .collect()
}

/// Refits every series when the series change.
pub fn fit_pipeline(
    datasets: Memo<Vec<Dataset>>,
    fits: RwSignal<Vec<SeriesFit>>,
    busy: RwSignal<Option<String>>,
) {
    let jobs = Jobs::new();
    Effect::new(move |_| {
        let ds = datasets.get();
        let large = ds.iter().map(|d| d.tasks.len()).sum::<usize>() > LARGE;
        jobs.spawn(Start::Now, move |job| async move {
            let mut out = Vec::with_capacity(ds.len());
            for (i, d) in ds.iter().enumerate() {
                if large {
                    busy.set(Some(format!("fitting series {} of {}…", i + 1, ds.len())));
                    if !job.yield_now().await {
                        return;
                    }
                }
                out.push(SeriesFit::new(d));
            }
            fits.set(out);
            busy.set(None);
        });
    });
}

/// Where the curves go.
#[derive(Clone, Copy)]
pub struct CurveOutputs {
    /// The Pass@k curves of the series with tasks.
    pub curves: RwSignal<Vec<SeriesCurves>>,
    /// Their Cover@τ curves.
    pub cover: RwSignal<Vec<CoverCurves>>,
    /// What is being computed.
    pub busy: RwSignal<Option<String>>,
}

/// Recomputes the curves when the fits, k_max, the band or the settings change (never
/// refitting).
pub fn curve_pipeline(
    datasets: Memo<Vec<Dataset>>,
    fits: RwSignal<Vec<SeriesFit>>,
    settings: Memo<Parsed>,
    k_max: Memo<u64>,
    band: RwSignal<BandKind>,
    out: CurveOutputs,
) {
    let jobs = Jobs::new();
    Effect::new(move |_| {
        let (k_max, band) = (k_max.get(), band.get());
        let (settings_, taus) = settings.with(|s| (s.opts.settings.clone(), s.opts.taus.clone()));
        let fitted = fits.get();
        let ds = datasets.get_untracked();
        let large = fitted
            .iter()
            .map(|f| f.groups.tasks() as usize)
            .sum::<usize>()
            > LARGE;
        jobs.spawn(Start::Now, move |job| async move {
            let (mut new_curves, mut new_cover) = (Vec::new(), Vec::new());
            let series = with_tasks(&ds, &fitted);
            for (i, (d, f)) in series.iter().enumerate() {
                if large {
                    let total = series.len();
                    out.busy
                        .set(Some(format!("drawing series {} of {total}…", i + 1)));
                    if !job.yield_now().await {
                        return;
                    }
                }
                let (lo, hi) = f.n_range();
                let mut marks = round_budgets(k_max);
                marks.extend([lo, hi]);
                let ks = k_grid(k_max, GRID_POINTS, &marks);
                // A large series in parts of the grid (the bootstrap band needs it whole).
                let part = if large && band != BandKind::Bootstrap {
                    8
                } else {
                    ks.len()
                };
                let mut parts = Vec::new();
                for (j, chunk) in ks.chunks(part.max(1)).enumerate() {
                    if large && j > 0 && !job.yield_now().await {
                        return;
                    }
                    parts.push(series_curves(d, f, chunk, &settings_, band));
                }
                new_curves.extend(SeriesCurves::concat(parts));
                if large && !job.yield_now().await {
                    return;
                }
                new_cover.push(cover_curves(f, &taus, COVER_POINTS));
            }
            out.curves.set(new_curves);
            out.cover.set(new_cover);
            out.busy.set(None);
        });
    });
}

/// Backtests every series after the fits (one subsample at a time, in time slices), and
/// chooses the estimator for the k list — the same choice as `passk report --backtest`.
pub fn backtest_pipeline(
    datasets: Memo<Vec<Dataset>>,
    fits: RwSignal<Vec<SeriesFit>>,
    settings: Memo<Parsed>,
    backtests: RwSignal<Vec<SeriesBacktest>>,
    busy: RwSignal<Option<String>>,
) {
    let jobs = Jobs::new();
    Effect::new(move |_| {
        let fitted = fits.get();
        let (settings_, ks) = settings.with(|s| (s.opts.settings.clone(), s.opts.ks.clone()));
        let ds = datasets.get_untracked();
        jobs.spawn(Start::AfterPaint, move |job| async move {
            let mut out = Vec::new();
            let series = with_tasks(&ds, &fitted);
            for (i, (d, f)) in series.iter().enumerate() {
                let Some(full) = f.fits else { continue };
                let n_min = f.groups.n_min();
                let run = match BacktestRun::new(d, &full, &settings_, BACKTEST_REPEATS) {
                    Err(e) => Err(e),
                    Ok(mut bt) => {
                        let mut slice = TimeSlice::new();
                        if !job.yield_now().await {
                            return;
                        }
                        loop {
                            if slice.pause().await {
                                if !job.live() {
                                    return;
                                }
                                let (done, total) = bt.progress();
                                busy.set(Some(format!(
                                    "backtesting series {} of {} ({done} of {total} subsamples)…",
                                    i + 1,
                                    series.len()
                                )));
                            }
                            if !bt.step() {
                                break;
                            }
                        }
                        Ok(bt.finish())
                    }
                };
                out.push(SeriesBacktest::new(
                    &d.name,
                    n_min,
                    &ks,
                    BACKTEST_REPEATS,
                    run,
                ));
            }
            backtests.set(out);
            busy.set(None);
        });
    });
}
