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
    let mut draws = BootstrapDraws::new(ds, full, ks, s);
    while draws.step() {}
    draws.finish()
}

/// The task bootstrap one resample at a time (the engine pauses between them): the same
/// seeded resamples, in the same order, as [`bootstrap_bands`].
#[derive(Debug, Clone)]
pub struct BootstrapDraws<'a> {
    ds: &'a Dataset,
    full: Option<Fits>,
    ks: Vec<u64>,
    settings: Settings,
    rng: SplitMix64,
    draws: Vec<Vec<[f64; 5]>>,
    done: usize,
}

impl<'a> BootstrapDraws<'a> {
    /// Ready to draw `s.bootstrap` resamples of the tasks of `ds`, whose own fits are `full`
    /// (each resample's fits start from them: [`fit_series_near`]).
    pub fn new(ds: &'a Dataset, full: Option<&Fits>, ks: &[u64], s: &Settings) -> Self {
        BootstrapDraws {
            ds,
            full: full.copied(),
            ks: ks.to_vec(),
            settings: s.clone(),
            rng: SplitMix64::new(s.seed),
            draws: vec![Vec::with_capacity(s.bootstrap as usize); ks.len()],
            done: 0,
        }
    }

    /// Resamples drawn, and in all.
    pub fn progress(&self) -> (u64, u64) {
        let total = if self.ds.tasks.is_empty() {
            0
        } else {
            self.settings.bootstrap
        };
        (self.done as u64, total)
    }

    /// Draws and refits one resample; false when all are drawn.
    pub fn step(&mut self) -> bool {
        let (done, total) = self.progress();
        if done >= total {
            return false;
        }
        let n = self.ds.tasks.len();
        let counts = resample_counts(&mut self.rng, n);
        let tasks = self.ds.tasks.iter().zip(&counts);
        let g = Groups::from_weighted(tasks.map(|(t, &m)| (t.counts, m)));
        let fits = self.full.as_ref().and_then(|f| fit_series_near(&g, f));
        let est = Estimates::new(&g, fits, config(&self.settings));
        // pass@k only: the bands are of pass@k (the same values as `at_ks`, bit for bit).
        for (i, e) in est.pass_at_ks(&self.ks).into_iter().enumerate() {
            let nan = f64::NAN;
            self.draws[i].push([
                e.combinatorial.unwrap_or(nan),
                e.naive,
                e.bb.unwrap_or(nan),
                e.zoibb.unwrap_or(nan),
                e.linmix.unwrap_or(nan),
            ]);
        }
        self.done += 1;
        true
    }

    /// The bands from the resamples drawn.
    pub fn finish(self) -> Vec<BTreeMap<String, Band>> {
        self.draws
            .iter()
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
}

/// A percentile band.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct Band {
    /// 2.5th percentile.
    pub lo: f64,
    /// 97.5th percentile.
    pub hi: f64,
}
