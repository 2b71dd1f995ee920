//! The forecasts' backtest: each task thinned to ⌈n/s⌉ of its samples, every forecast fitted
//! to the thinned counts and read at k = n_min (s times beyond the thinned n), against the
//! unbiased pass@n_min of the full data — the main backtest's protocol
//! ([`crate::analysis::backtest`]) at one budget per shrink factor, for BB, ZOIBB, the scaled
//! Beta and the Kumaraswamy.

use super::prepared::Prepared;
use super::schema::{ForecastBacktest, ForecastFit};
use crate::analysis::backtest::run::subsample;
use crate::estimators::scaled::{fit_scaled_from, Distribution, Predictor, ScaledData};
use crate::eval::fit::fit_subsample;
use crate::eval::kernels::unbiased_pass_at_k;
use crate::num::rng::SplitMix64;

impl Prepared<'_> {
    /// Runs the forecasts' backtest with `repeats` subsamples per ratio (None with fewer than
    /// two tasks or n_min < 8).
    ///
    /// # Formula
    /// For s = 4, 16, …: c′_i ~ Hypergeometric(n_i, c_i, ⌈n_i/s⌉); each forecast fitted to the
    /// c′ (BB and ZOIBB from the full fits' optima, the scaled Beta from its full optimum, the
    /// Kumaraswamy from its full optimum and the subsample's scaled Beta); error = forecast
    /// pass@n_min − unbiased pass@n_min of the full counts; mean of |error| over repeats.
    pub fn backtest(&self, repeats: u64, seed: u64) -> Option<ForecastBacktest> {
        let g = self.groups;
        let n_min = g.n_min();
        let tasks = self.tasks();
        if tasks.len() < 2 || n_min < 8 {
            return None;
        }
        let truth = unbiased_pass_at_k(g, n_min).ok()?;
        let ratios: Vec<u64> = (1..=4)
            .map(|j| 4u64.pow(j))
            .filter(|&s| n_min.div_ceil(s) >= 2)
            .collect();
        let mut rng = SplitMix64::new(seed);
        let [sb_full, ku_full] = self.scaled;
        let k = n_min as f64;
        let mut sums = vec![vec![0.0; ratios.len()]; ForecastFit::ALL.len()];
        for (j, &s) in ratios.iter().enumerate() {
            for _ in 0..repeats.max(1) {
                let sub = subsample(&tasks, s, &mut rng);
                let Some(fits) = fit_subsample(&sub, self.fits) else {
                    continue;
                };
                let data = ScaledData::new(&sub);
                let sb = fit_scaled_from(&data, Distribution::ScaledBeta, &[sb_full.start()]);
                let ku = fit_scaled_from(
                    &data,
                    Distribution::Kumaraswamy,
                    &[ku_full.start(), sb.start()],
                );
                let values = [
                    fits.bb.pass_at_k(&sub, k),
                    fits.zoibb.pass_at_k(&sub, k),
                    Predictor::new(sb, &data, &sub).pass_at_k(k),
                    Predictor::new(ku, &data, &sub).pass_at_k(k),
                ];
                for (row, v) in sums.iter_mut().zip(values) {
                    row[j] += (v - truth).abs();
                }
            }
        }
        let reps = repeats.max(1) as f64;
        let mae: Vec<(ForecastFit, Vec<f64>)> = ForecastFit::ALL
            .into_iter()
            .zip(sums)
            .map(|(f, row)| (f, row.into_iter().map(|s| s / reps).collect()))
            .collect();
        let last = ratios.len().checked_sub(1)?;
        let best = mae
            .iter()
            .filter(|(_, e)| e[last].is_finite())
            .min_by(|a, b| a.1[last].total_cmp(&b.1[last]))
            .map_or(ForecastFit::Bb, |(f, _)| *f);
        Some(ForecastBacktest {
            ratios,
            mae,
            repeats: repeats.max(1),
            best,
        })
    }
}
