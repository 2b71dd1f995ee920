//! Task-bootstrap percentile bands for every estimator of the pass@k table: resample tasks
//! with replacement (seeded), refit BB and ZOIBB on each resample, take the 2.5–97.5
//! percentiles.

use std::collections::BTreeMap;

use crate::analysis::bootstrap::{quantile, resample_counts};
use crate::data::dataset::Dataset;

use crate::data::groups::Groups;
use crate::estimators::kind::Estimator;
use crate::eval::estimates::Estimates;

use crate::eval::fit::{config, fit_series_near};
use crate::eval::fits::Fits;
use crate::num::rng::SplitMix64;
use crate::par::free_threads;
use crate::settings::Settings;
use serde::Serialize;

/// The estimators that get bands, in the report's order.
pub const BAND_ESTIMATORS: [Estimator; 5] = [
    Estimator::Combinatorial,
    Estimator::Naive,
    Estimator::Bb,
    Estimator::Zoibb,
    Estimator::LinMix,
];

/// For each budget, the band of each estimator (an estimator undefined in some resamples gets
/// its band from the others; undefined in all, it is left out). `full`: the fits of `ds`
/// itself, from which each resample's fits start (None only without tasks, where no
/// resample is drawn).
pub fn bootstrap_bands(
    ds: &Dataset,
    full: Option<&Fits>,
    ks: &[u64],
    s: &Settings,
) -> Vec<BTreeMap<String, Band>> {
    let parts = free_threads().min(s.bootstrap.max(1) as usize);
    bootstrap_bands_in_parts(ds, full, ks, s, parts as u32)
}

/// Which resamples a part of the bootstrap fits: those numbered `r` with `r % of == index`
/// (the engine's workers, the command line's threads). Every part draws every resample, in
/// the same order, so that each resample is the same whichever part fits it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Part {
    /// This part's number, below `of`.
    pub index: u32,
    /// The parts in all (at least 1).
    pub of: u32,
}

impl Part {
    /// All the resamples.
    pub const WHOLE: Part = Part { index: 0, of: 1 };

    /// Every part of `of` (at least one).
    pub fn all(of: u32) -> Vec<Part> {
        let of = of.max(1);
        (0..of).map(|index| Part { index, of }).collect()
    }

    /// Whether resample `r` is this part's.
    pub fn owns(&self, r: u64) -> bool {
        r % u64::from(self.of.max(1)) == u64::from(self.index)
    }
}

/// Each budget's values of each resample a part fitted: `rows[k][j]` is budget `k` of the
/// part's `j`-th resample, the estimators in [`BAND_ESTIMATORS`]' order.
pub type BandRows = Vec<Vec<[f64; 5]>>;

/// The task bootstrap one resample at a time (the engine pauses between them): the same
/// seeded resamples, in the same order, as [`bootstrap_bands`]; of them, a part's only
/// ([`with_part`](Self::with_part)).
#[derive(Debug, Clone)]
pub struct BootstrapDraws<'a> {
    ds: &'a Dataset,
    full: Option<Fits>,
    ks: Vec<u64>,
    settings: Settings,
    rng: SplitMix64,
    draws: BandRows,
    part: Part,
    /// Resamples drawn (this part's or not).
    drawn: u64,
    /// This part's resamples fitted.
    done: usize,
}

impl<'a> BootstrapDraws<'a> {
    /// Ready to draw `s.bootstrap` resamples of the tasks of `ds`, whose own fits are `full`
    /// (each resample's fits start from them: [`fit_series_near`]).
    pub fn new(ds: &'a Dataset, full: Option<&Fits>, ks: &[u64], s: &Settings) -> Self {
        BootstrapDraws::with_part(ds, full, ks, s, Part::WHOLE)
    }

    /// As [`new`](Self::new), fitting only the resamples `part` owns (all are drawn).
    pub fn with_part(
        ds: &'a Dataset,
        full: Option<&Fits>,
        ks: &[u64],
        s: &Settings,
        part: Part,
    ) -> Self {
        BootstrapDraws {
            ds,
            full: full.copied(),
            ks: ks.to_vec(),
            settings: s.clone(),
            rng: SplitMix64::new(s.seed),
            draws: vec![Vec::new(); ks.len()],
            part,
            drawn: 0,
            done: 0,
        }
    }

    /// This part's resamples fitted, and in all.
    pub fn progress(&self) -> (u64, u64) {
        let (index, of) = (u64::from(self.part.index), u64::from(self.part.of.max(1)));
        let all = self.settings.bootstrap;
        let total = if self.ds.tasks.is_empty() {
            0
        } else {
            all / of + u64::from(index < all % of)
        };
        (self.done as u64, total)
    }

    /// Draws the resamples up to this part's next one and refits it; false when all are
    /// drawn.
    pub fn step(&mut self) -> bool {
        if self.ds.tasks.is_empty() {
            return false;
        }
        let n = self.ds.tasks.len();
        while self.drawn < self.settings.bootstrap {
            let r = self.drawn;
            self.drawn += 1;
            let counts = resample_counts(&mut self.rng, n);
            if !self.part.owns(r) {
                continue;
            }
            let g = resample_groups(self.ds, &counts);
            let row = resample_row(&g, self.full.as_ref(), &self.ks, &self.settings);
            for (rows, v) in self.draws.iter_mut().zip(row) {
                rows.push(v);
            }
            self.done += 1;
            return true;
        }
        false
    }

    /// This part's rows, to be merged with the other parts' ([`merge_rows`]).
    pub fn into_rows(self) -> BandRows {
        self.draws
    }

    /// The bands from the resamples drawn (all of them: [`Part::WHOLE`]).
    pub fn finish(self) -> Vec<BTreeMap<String, Band>> {
        bands_of(&self.draws)
    }
}

/// The tasks of `ds`, each `counts[i]` times.
fn resample_groups(ds: &Dataset, counts: &[u64]) -> Groups {
    let tasks = ds.tasks.iter().zip(counts);
    Groups::from_weighted(tasks.map(|(t, &m)| (t.counts, m)))
}

/// A resample's value at each budget of each estimator, its fits started from `full`.
fn resample_row(g: &Groups, full: Option<&Fits>, ks: &[u64], s: &Settings) -> Vec<[f64; 5]> {
    let fits = full.and_then(|f| fit_series_near(g, f));
    let est = Estimates::new(g, fits, config(s));
    // pass@k only: the bands are of pass@k (the same values as `at_ks`, bit for bit).
    let nan = f64::NAN;
    est.pass_at_ks(ks)
        .into_iter()
        .map(|e| {
            [
                e.combinatorial.unwrap_or(nan),
                e.naive,
                e.bb.unwrap_or(nan),
                e.zoibb.unwrap_or(nan),
                e.linmix.unwrap_or(nan),
            ]
        })
        .collect()
}

/// The rows of every part (in [`Part::all`]'s order) as one part fitting all would have
/// them: resample `r` is row `r / of` of part `r % of`. None when the parts do not fit
/// together (other budgets, or rows missing).
pub fn merge_rows(parts: &[BandRows]) -> Option<BandRows> {
    let of = parts.len();
    let budgets = parts.first()?.len();
    if parts.iter().any(|p| p.len() != budgets) {
        return None;
    }
    (0..budgets)
        .map(|k| {
            let total: usize = parts.iter().map(|p| p[k].len()).sum();
            (0..total)
                .map(|r| parts[r % of][k].get(r / of).copied())
                .collect::<Option<Vec<_>>>()
        })
        .collect()
}

/// For each budget, the band of each estimator (2.5 and 97.5 percentiles of its column).
pub fn bands_of(rows: &BandRows) -> Vec<BTreeMap<String, Band>> {
    rows.iter()
        .map(|rows| {
            let mut out = BTreeMap::new();
            for (e, name) in BAND_ESTIMATORS.iter().enumerate() {
                let col: Vec<f64> = rows.iter().map(|r| r[e]).collect();
                if let (Some(lo), Some(hi)) = (quantile(&col, 0.025), quantile(&col, 0.975)) {
                    out.insert(name.key(), Band { lo, hi });
                }
            }
            out
        })
        .collect()
}

/// [`bootstrap_bands`] with the resamples' fits spread over `parts` threads (natively: this
/// thread draws every resample in order and hands each to the thread of its part; one after
/// the other in WebAssembly): the same bands, bit for bit, whatever `parts`.
pub fn bootstrap_bands_in_parts(
    ds: &Dataset,
    full: Option<&Fits>,
    ks: &[u64],
    s: &Settings,
    parts: u32,
) -> Vec<BTreeMap<String, Band>> {
    #[cfg(not(target_arch = "wasm32"))]
    if parts > 1 && !ds.tasks.is_empty() {
        let rows = drawn_here_fitted_there(ds, full, ks, s, parts as usize);
        return bands_of(&merge_rows(&rows).unwrap_or_default());
    }
    let _ = parts;
    let mut draws = BootstrapDraws::new(ds, full, ks, s);
    while draws.step() {}
    draws.finish()
}

/// Every resample drawn on this thread, in order; resample `r` fitted on thread `r % parts`;
/// each thread's rows.
#[cfg(not(target_arch = "wasm32"))]
fn drawn_here_fitted_there(
    ds: &Dataset,
    full: Option<&Fits>,
    ks: &[u64],
    s: &Settings,
    parts: usize,
) -> Vec<BandRows> {
    use std::sync::mpsc::sync_channel;
    std::thread::scope(|scope| {
        let (senders, threads): (Vec<_>, Vec<_>) = (0..parts)
            .map(|_| {
                let (tx, rx) = sync_channel::<Groups>(2);
                let fit = scope.spawn(move || {
                    let mut rows: BandRows = vec![Vec::new(); ks.len()];
                    for g in rx {
                        for (rows, v) in rows.iter_mut().zip(resample_row(&g, full, ks, s)) {
                            rows.push(v);
                        }
                    }
                    rows
                });
                (tx, fit)
            })
            .unzip();
        let mut rng = SplitMix64::new(s.seed);
        for r in 0..s.bootstrap as usize {
            let g = resample_groups(ds, &resample_counts(&mut rng, ds.tasks.len()));
            // A thread that stopped (a panic) is reported by its join below.
            if senders[r % parts].send(g).is_err() {
                break;
            }
        }
        drop(senders);
        threads
            .into_iter()
            .map(|t| t.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// A percentile band.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct Band {
    /// 2.5th percentile.
    pub lo: f64,
    /// 97.5th percentile.
    pub hi: f64,
}
