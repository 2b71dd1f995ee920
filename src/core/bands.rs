//! Task-bootstrap percentile bands for every estimator of the pass@k table: resample tasks
//! with replacement (seeded), refit BB and ZOIBB on each resample, take the 2.5–97.5
//! percentiles.

use std::collections::BTreeMap;

use super::beta_binomial::fit_bb;
use super::bootstrap::{quantile, resample_counts, SplitMix64};
use super::dataset::{Dataset, Groups};
use super::pass_at_k::{mean_pass_at_k, naive_pass_at_k};
use super::report::{Band, Settings};
use super::zoibb::{fit_zoibb, linmix_pass_at_k};

/// The estimators that get bands, in the report's order.
pub const BAND_ESTIMATORS: [&str; 5] = ["combinatorial", "naive", "bb", "zoibb", "linmix"];

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
        let g = Groups::new(
            ds.tasks
                .iter()
                .zip(&counts)
                .flat_map(|(t, &m)| std::iter::repeat_n(t.counts, m as usize)),
        );
        let bb = fit_bb(&g);
        let z = fit_zoibb(&g, &bb);
        for (i, &k) in ks.iter().enumerate() {
            let kf = k as f64;
            draws[i].push([
                mean_pass_at_k(&g, k).unwrap_or(f64::NAN),
                g.mean(|t| naive_pass_at_k(t, kf)),
                bb.pass_at_k(&g, kf),
                z.pass_at_k(&g, kf),
                linmix_pass_at_k(&g, &bb, &z, kf, s.linmix[0], s.linmix[1]),
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
                    out.insert(name.to_string(), Band { lo, hi });
                }
            }
            out
        })
        .collect()
}
