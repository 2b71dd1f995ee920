//! Task-bootstrap percentile bands for every estimator of the pass@k table: resample tasks
//! with replacement (seeded), refit BB and ZOIBB on each resample, take the 2.5–97.5
//! percentiles.

use std::collections::BTreeMap;

use crate::core::analysis::bootstrap::{quantile, resample_counts};
use crate::core::data::dataset::{Dataset, Groups};
use crate::core::estimators::kind::Estimator;
use crate::core::eval::estimates::Estimates;
use crate::core::eval::fit::{config, fit_series};
use crate::core::num::rng::SplitMix64;
use crate::core::settings::Settings;
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
/// its band from the others; undefined in all, it is left out).
pub fn bootstrap_bands(ds: &Dataset, ks: &[u64], s: &Settings) -> Vec<BTreeMap<String, Band>> {
    let b = s.bootstrap as usize;
    let mut draws: Vec<Vec<[f64; 5]>> = vec![Vec::with_capacity(b); ks.len()];
    let mut rng = SplitMix64::new(s.seed);
    let n = ds.tasks.len();
    if n == 0 || b == 0 {
        return vec![BTreeMap::new(); ks.len()];
    }
    for _ in 0..b {
        let counts = resample_counts(&mut rng, n);
        let g = Groups::from_weighted(ds.tasks.iter().zip(&counts).map(|(t, &m)| (t.counts, m)));
        let est = Estimates::new(&g, fit_series(&g), config(s));
        for (i, e) in est.at_ks(ks).into_iter().enumerate() {
            let nan = f64::NAN;
            draws[i].push([
                e.combinatorial.unwrap_or(nan),
                e.naive,
                e.bb.unwrap_or(nan),
                e.zoibb.unwrap_or(nan),
                e.linmix.unwrap_or(nan),
            ]);
        }
    }
    draws
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

/// A percentile band.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Band {
    /// 2.5th percentile.
    pub lo: f64,
    /// 97.5th percentile.
    pub hi: f64,
}
