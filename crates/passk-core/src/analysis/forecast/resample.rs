//! The scaled Beta refitted on task resamples: the forecast chart's band and the reach
//! intervals.

use super::reach::{reach, Reached};
use crate::analysis::bootstrap::quantile;
use crate::data::groups::Groups;
use crate::estimators::scaled::{Predictor, ScaledData, ScaledFit};

/// The scaled Beta refitted on task resamples.
pub struct Resampled {
    /// Each resample's groups, prepared data and fit.
    pub fits: Vec<(Groups, ScaledData, ScaledFit)>,
}

impl Resampled {
    /// Each resample's pass@k at `ks`, then the percentile band at each.
    pub fn band(&self, ks: &[f64], level: f64) -> Vec<(f64, f64)> {
        let curves: Vec<Vec<f64>> = self
            .fits
            .iter()
            .map(|(g, d, f)| {
                let p = Predictor::new(*f, d, g);
                ks.iter().map(|&k| p.pass_at_k(k)).collect()
            })
            .collect();
        let q = (1.0 - level) / 2.0;
        (0..ks.len())
            .map(|i| {
                let v: Vec<f64> = curves.iter().map(|c| c[i]).collect();
                (
                    quantile(&v, q).unwrap_or(f64::NAN),
                    quantile(&v, 1.0 - q).unwrap_or(f64::NAN),
                )
            })
            .collect()
    }

    /// The percentile interval of the reach k over the resamples (a resample that never
    /// reaches the target counts as beyond every k: the upper end is then None).
    pub fn reach_interval(&self, target: f64, level: f64) -> (Option<u64>, Option<u64>) {
        let ks: Vec<f64> = self
            .fits
            .iter()
            .map(|(g, d, f)| {
                let p = Predictor::new(*f, d, g);
                match reach(|k| p.pass_at_k(k), target, 1.0) {
                    Reached::At(k) => k as f64,
                    _ => f64::INFINITY,
                }
            })
            .collect();
        let q = (1.0 - level) / 2.0;
        let fin = |v: Option<f64>| v.filter(|x| x.is_finite()).map(|x| x.round() as u64);
        (fin(quantile(&ks, q)), fin(quantile(&ks, 1.0 - q)))
    }
}
