//! A series prepared for its forecasts: both scaled families fitted, and what they predict.

use super::chart::{self, forecast_ks, ForecastCurves};
use super::power_law::power_law;
use super::profile::{interval_a, profile_a, profile_scale, IntervalMethod};
use super::reach::{reach, Reached};
use super::resample::Resampled;
use super::schema::{Exponent, ForecastFit, ForecastOptions, ReachRow, Scaling, SeriesForecast};
use crate::analysis::bootstrap::resample_weights;
use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::beta_binomial::BbFit;
use crate::estimators::scaled::{
    fit_scaled, fit_scaled_from, Distribution, Predictor, ScaledData, ScaledFit,
};
use crate::eval::fits::Fits;
use crate::eval::kernels::unbiased_pass_at_k;
use crate::num::rng::SplitMix64;

/// The fits, their predictions, and the series they were fitted to.
pub struct Prepared<'a> {
    pub(super) groups: &'a Groups,
    pub(super) fits: &'a Fits,
    pub(super) data: ScaledData,
    pub(super) scaled: [ScaledFit; 2],
}

impl<'a> Prepared<'a> {
    /// Fits both scaled families to a series whose BB and ZOIBB fits are `fits`.
    pub fn new(groups: &'a Groups, fits: &'a Fits) -> Self {
        Prepared::with_scaled(groups, fits, fit_scaled(groups, &fits.bb))
    }

    /// [`Prepared::new`] with the scaled fits already known (`fit_scaled` of the series).
    pub fn with_scaled(groups: &'a Groups, fits: &'a Fits, scaled: [ScaledFit; 2]) -> Self {
        Prepared {
            groups,
            fits,
            data: ScaledData::new(groups),
            scaled,
        }
    }

    /// The predictions of the two scaled fits (each task's normalising integral computed
    /// once): pass them to [`Prepared::forecast_with`] and read the report's columns from them.
    pub fn predictors(&self) -> [Predictor<'_>; 2] {
        self.scaled
            .map(|f| Predictor::new(f, &self.data, self.groups))
    }

    /// A forecast's mean posterior-predictive pass@k, the scaled ones from `preds`.
    fn pass_at_k(&self, fit: ForecastFit, preds: &[Predictor<'_>; 2], k: f64) -> f64 {
        match fit {
            ForecastFit::Bb => self.fits.bb.pass_at_k(self.groups, k),
            ForecastFit::Zoibb => self.fits.zoibb.pass_at_k(self.groups, k),
            ForecastFit::ScaledBeta => preds[0].pass_at_k(k),
            ForecastFit::Kumaraswamy => preds[1].pass_at_k(k),
        }
    }

    /// The tasks one by one (each group repeated by its multiplicity), for resampling.
    pub(super) fn tasks(&self) -> Vec<Counts> {
        self.groups
            .iter()
            .flat_map(|(t, m)| std::iter::repeat_n(t, m as usize))
            .collect()
    }

    /// pass@k as k → ∞: 1, except ZOIBB's 1 − (posterior mass at p = 0, averaged).
    pub fn ceiling(&self, fit: ForecastFit) -> f64 {
        match fit {
            ForecastFit::Zoibb => {
                1.0 - self.groups.mean(|t| {
                    if t.c() == 0 {
                        self.fits.zoibb.weights(t).0
                    } else {
                        0.0
                    }
                })
            }
            _ => 1.0,
        }
    }

    /// The forecasts of the series.
    pub fn forecast(&self, o: &ForecastOptions) -> SeriesForecast {
        self.forecast_with(o, &self.predictors())
    }

    /// [`Prepared::forecast`] with the scaled fits' predictions already prepared.
    pub fn forecast_with(&self, o: &ForecastOptions, preds: &[Predictor<'_>; 2]) -> SeriesForecast {
        self.outlook(o, preds).with_reach(self, &o.reach, preds)
    }

    /// Everything of the forecasts but the `reach` rows: what a change of the reach targets
    /// keeps (the fits, the intervals, the curves and the resamples).
    pub fn outlook(&self, o: &ForecastOptions, preds: &[Predictor<'_>; 2]) -> Outlook {
        let [sb, ku] = self.scaled;
        let mut fits = Vec::new();
        let (lo, hi) = profile_a(&self.data, &bb_as_scaled(&self.fits.bb), true, o.level);
        fits.push(Exponent {
            fit: ForecastFit::Bb,
            exponent: self.fits.bb.a,
            lo,
            hi,
            method: IntervalMethod::Profile,
        });
        for (fit, f) in [
            (ForecastFit::ScaledBeta, sb),
            (ForecastFit::Kumaraswamy, ku),
        ] {
            let (lo, hi, method) = interval_a(&self.data, &f, o.level);
            fits.push(Exponent {
                fit,
                exponent: f.a,
                lo,
                hi,
                method,
            });
        }
        let head = fits[1];
        let resampled = self.resample(o);
        let law = power_law(self.groups, o.power_range.0, o.power_range.1);
        let ks = forecast_ks(self.groups.n_min(), self.groups.n_max());
        let kf: Vec<f64> = ks.iter().map(|&k| k as f64).collect();
        let values = |fit: ForecastFit| {
            kf.iter()
                .map(|&k| self.pass_at_k(fit, preds, k))
                .collect::<Vec<f64>>()
        };
        let forecast_curves = ForecastCurves {
            observed: ks.iter().map(|&k| observed(self.groups, k)).collect(),
            bb: values(ForecastFit::Bb),
            zoibb: values(ForecastFit::Zoibb),
            scaled_beta: values(ForecastFit::ScaledBeta),
            kumaraswamy: values(ForecastFit::Kumaraswamy),
            power_law: chart::power_law_values(law.as_ref(), &ks),
            band: resampled.as_ref().map(|r| r.band(&kf, o.level)),
            ks,
        };
        Outlook {
            forecast: SeriesForecast {
                scaled_beta: sb,
                kumaraswamy: ku,
                scaling: Scaling {
                    fit: ForecastFit::ScaledBeta,
                    exponent: head.exponent,
                    lo: head.lo,
                    hi: head.hi,
                    scale: {
                        let (lo, hi) = profile_scale(&self.data, &sb, o.level);
                        (sb.scale, lo, hi)
                    },
                    power_law: law,
                    fits,
                },
                reach: Vec::new(),
                forecast_curves,
                forecast_backtest: o.backtest.and_then(|r| self.backtest(r, o.seed)),
            },
            resampled,
            level: o.level,
        }
    }

    /// The `reach` rows of `targets`: the smallest k at which each forecast reaches each
    /// target, with the scaled Beta's bootstrap interval from `resampled`.
    pub fn reach_rows(
        &self,
        targets: &[f64],
        level: f64,
        preds: &[Predictor<'_>; 2],
        resampled: Option<&Resampled>,
    ) -> Vec<ReachRow> {
        let mut rows = Vec::new();
        for &target in targets {
            let measured = measured_reach(self.groups, target);
            for fit in ForecastFit::ALL {
                let ceiling = self.ceiling(fit);
                let reached = reach(|k| self.pass_at_k(fit, preds, k), target, ceiling);
                let (lo, hi) = match (fit, resampled) {
                    (ForecastFit::ScaledBeta, Some(r)) => r.reach_interval(target, level),
                    _ => (None, None),
                };
                rows.push(ReachRow {
                    fit,
                    target,
                    k: match reached {
                        Reached::At(k) => Some(k),
                        _ => None,
                    },
                    reached,
                    ceiling,
                    lo,
                    hi,
                    measured,
                });
            }
        }
        rows
    }

    /// The scaled Beta refitted on `o.bootstrap` task resamples (from the full optimum).
    pub fn resample(&self, o: &ForecastOptions) -> Option<Resampled> {
        if o.bootstrap == 0 || self.groups.is_empty() {
            return None;
        }
        let tasks = self.tasks();
        let mut rng = SplitMix64::new(o.seed);
        let full = self.scaled[0];
        let fits = (0..o.bootstrap)
            .map(|_| {
                let w = resample_weights(&mut rng, tasks.len());
                let g = Groups::from_weighted(w.iter().map(|&(i, m)| (tasks[i], m as u64)));
                let data = ScaledData::new(&g);
                let f = fit_scaled_from(&data, Distribution::ScaledBeta, &[full.start()]);
                (g, data, f)
            })
            .collect();
        Some(Resampled { fits })
    }
}

/// A series' forecasts without their `reach` rows, and the resamples the rows' intervals
/// read: kept by the engine while only the reach targets change.
pub struct Outlook {
    /// The forecasts, `reach` empty.
    pub forecast: SeriesForecast,
    /// The scaled Beta's task resamples (with a bootstrap).
    pub resampled: Option<Resampled>,
    /// The intervals' level.
    pub level: f64,
}

impl std::fmt::Debug for Outlook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outlook")
            .field("forecast", &self.forecast)
            .field("resamples", &self.resampled.as_ref().map(|r| r.fits.len()))
            .field("level", &self.level)
            .finish()
    }
}

impl Outlook {
    /// The forecasts with the reach rows of `targets`.
    pub fn with_reach(
        &self,
        prepared: &Prepared<'_>,
        targets: &[f64],
        preds: &[Predictor<'_>; 2],
    ) -> SeriesForecast {
        SeriesForecast {
            reach: prepared.reach_rows(targets, self.level, preds, self.resampled.as_ref()),
            ..self.forecast.clone()
        }
    }
}

/// BB as the scaled Beta at s = 1.
fn bb_as_scaled(bb: &BbFit) -> ScaledFit {
    ScaledFit {
        dist: Distribution::ScaledBeta,
        a: bb.a.clamp(
            crate::estimators::scaled::PARAM_MIN,
            crate::estimators::scaled::PARAM_MAX,
        ),
        b: bb.b.clamp(
            crate::estimators::scaled::PARAM_MIN,
            crate::estimators::scaled::PARAM_MAX,
        ),
        scale: 1.0,
        log_likelihood: bb.log_likelihood,
        at_bound: bb.at_bound,
        identifiable: bb.identifiable,
        converged: bb.converged,
        iterations: bb.iterations,
        stop_reason: bb.stop_reason,
    }
}

/// The unbiased pass@k at `k` (None where some task has n < k).
pub fn observed(g: &Groups, k: u64) -> Option<f64> {
    unbiased_pass_at_k(g, k).ok()
}

/// The smallest k ≤ the smallest n of `g` at which the unbiased pass@k (the mean over tasks)
/// reaches `target`; None when it does not within the samples drawn.
///
/// # Formula
/// Each task's unbiased pass@k = 1 − C(n − c, k)/C(n, k) does not decrease with k, nor does
/// their mean: bisection on [1, n_min].
pub fn measured_reach(g: &Groups, target: f64) -> Option<u64> {
    let at = |k: u64| crate::estimators::unbiased::mean_pass_at_k(g, k).ok();
    let n = g.n_min();
    if g.is_empty() || n == 0 || at(n)? < target {
        return None;
    }
    let (mut lo, mut hi) = (0, n);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if at(mid)? >= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::counts::Counts;

    #[test]
    fn the_measured_reach_by_hand() {
        // Tasks (4, 2) and (4, 0): pass@1 = (1/2 + 0)/2 = 1/4; pass@2 = (1 − 1/6)/2 = 5/12;
        // pass@3 = pass@4 = 1/2.
        let g = Groups::new([Counts::new(4, 2).unwrap(), Counts::new(4, 0).unwrap()]);
        assert_eq!(measured_reach(&g, 0.25), Some(1));
        assert_eq!(measured_reach(&g, 0.4), Some(2));
        assert_eq!(measured_reach(&g, 5.0 / 12.0 + 1e-9), Some(3));
        assert_eq!(measured_reach(&g, 0.5), Some(3));
        assert_eq!(measured_reach(&g, 0.6), None);
        assert_eq!(measured_reach(&Groups::new([]), 0.1), None);
    }
}
