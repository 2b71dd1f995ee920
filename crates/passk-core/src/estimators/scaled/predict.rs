//! Posterior-predictive pass@k and pass^k of a fitted scaled distribution, for any k.

use super::data::ScaledData;
use super::fit::ScaledFit;
use crate::data::groups::Groups;
use crate::num::libm_math::LibmMath;

/// A fit and a series prepared for predictions: each group's ln ∫ (sx)^c (1 − sx)^m f, once.
#[derive(Debug, Clone)]
pub struct Predictor<'a> {
    fit: ScaledFit,
    data: &'a ScaledData,
    /// (c, m, weight, ln I(c, m)).
    tasks: Vec<(f64, f64, f64, f64)>,
    total: f64,
}

impl<'a> Predictor<'a> {
    /// Prepares the predictions of `fit` for the tasks of `g` (the data it was fitted to, or
    /// any other series).
    pub fn new(fit: ScaledFit, data: &'a ScaledData, g: &Groups) -> Self {
        let cm: Vec<(f64, f64, f64)> = g
            .iter()
            .map(|(t, w)| (t.c() as f64, (t.n() - t.c()) as f64, w as f64))
            .collect();
        let ln0 = data.tasks_ln(fit.dist, fit.params(), cm.iter().map(|t| (t.0, t.1)));
        let tasks: Vec<_> = cm
            .iter()
            .zip(ln0)
            .map(|(&(c, m, w), l)| (c, m, w, l))
            .collect();
        let total = tasks.iter().map(|t| t.2).sum();
        Predictor {
            fit,
            data,
            tasks,
            total,
        }
    }

    /// Mean posterior-predictive pass@k over the tasks.
    ///
    /// # Formula
    /// Per task, 1 − E[(1 − sX)^k | n, c] = 1 − I(c, m + k)/I(c, m), I(c, m) =
    /// ∫ (sx)^c (1 − sx)^m f(x) dx; averaged with the tasks' weights.
    pub fn pass_at_k(&self, k: f64) -> f64 {
        let ln1 = self.lns(|c, m| (c, m + k));
        let sum: f64 = self
            .tasks
            .iter()
            .zip(ln1)
            .map(|(&(_, _, w, ln0), ln1)| -w * (ln1 - ln0).libm_exp_m1())
            .sum();
        sum / self.total
    }

    /// Mean posterior-predictive pass^k: E[(sX)^k | n, c] = I(c + k, m)/I(c, m).
    pub fn pass_hat_k(&self, k: f64) -> f64 {
        let ln1 = self.lns(|c, m| (c + k, m));
        let sum: f64 = self
            .tasks
            .iter()
            .zip(ln1)
            .map(|(&(_, _, w, ln0), ln1)| w * (ln1 - ln0).libm_exp())
            .sum();
        sum / self.total
    }

    /// ln I of every task at the exponents `at` gives (one point: its nodes computed once).
    fn lns(&self, at: impl Fn(f64, f64) -> (f64, f64)) -> Vec<f64> {
        self.data.tasks_ln(
            self.fit.dist,
            self.fit.params(),
            self.tasks.iter().map(|&(c, m, _, _)| at(c, m)),
        )
    }
}
