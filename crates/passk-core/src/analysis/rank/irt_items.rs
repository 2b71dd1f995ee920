//! The task side of an item response fit: each task's difficulty (and discrimination under
//! 2PL) with standard errors and intervals, the tasks left out for having no finite
//! difficulty, each task's Fisher information at given abilities, and the tasks that best
//! separate two series.

use serde::{Deserialize, Serialize};

use super::ranking::Ranking;
use crate::num::libm_math::LibmMath;

/// Which item response model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum IrtModel {
    /// One parameter (Rasch): P(pass) = σ(θ − b).
    Rasch,
    /// Two parameters: P(pass) = σ(a (θ − b)), a = e^u > 0.
    TwoPl,
}

/// Each fitted task's parameters, in the order of [`ItemFit::tasks`].
///
/// Difficulties are identified by Σ b = 0 over the fitted tasks (scorio's centring), so a
/// difficulty's standard error is that of b under the constraint. Standard errors are the
/// square roots of the diagonal of the inverse observed information (of the penalised
/// objective under MAP: a Laplace approximation) under Σ b = 0; intervals are b ± z·SE, and
/// for discriminations exp(u ± z·SE(u)), u = ln a (SE(a) = a·SE(u), the delta method).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemFit {
    /// The index in [`Outcomes`](super::Outcomes) of each fitted task.
    pub tasks: Vec<usize>,
    /// Samples drawn on each fitted task.
    pub n: Vec<u64>,
    /// Difficulty b of each fitted task (higher is harder).
    pub difficulty: Vec<f64>,
    /// Standard error of each difficulty.
    pub difficulty_se: Vec<f64>,
    /// Interval of each difficulty at the fit's level.
    pub difficulty_intervals: Vec<(f64, f64)>,
    /// Discrimination a of each fitted task (all 1 under Rasch).
    pub discrimination: Vec<f64>,
    /// Standard error of each discrimination (2PL only).
    pub discrimination_se: Option<Vec<f64>>,
    /// Interval of each discrimination at the fit's level (2PL only).
    pub discrimination_intervals: Option<Vec<(f64, f64)>>,
    /// Tasks (indices in the outcomes) every series passed on every sample: difficulty −∞,
    /// no finite estimate, left out of the fit (scorio refuses such data).
    pub all_pass: Vec<usize>,
    /// Tasks every series failed on every sample: difficulty +∞, left out likewise.
    pub all_fail: Vec<usize>,
}

/// An item response fit: the ranking of series by ability and the tasks' parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IrtFit {
    /// The model fitted.
    pub model: IrtModel,
    /// Abilities θ as scores (higher is better), with standard errors, intervals and the stop.
    pub ranking: Ranking,
    /// The tasks' parameters.
    pub items: ItemFit,
    /// The minimised objective (negative log-likelihood without the binomial coefficients,
    /// plus the penalties), in nats.
    pub objective: f64,
    /// The interval level.
    pub level: f64,
}

/// The logistic function.
pub(super) fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).libm_exp())
    } else {
        let e = x.libm_exp();
        e / (1.0 + e)
    }
}

/// Each fitted task's Fisher information about an ability θ, at each of `theta`:
/// `out[t][j]` for task `fit.items.tasks[t]` at `theta[j]`.
///
/// # Formula
/// The n samples of a task are Binomial(n, p), p = σ(a (θ − b)), so the information about θ
/// is I(θ) = n·a²·p(1 − p): largest at θ = b (n·a²/4), vanishing for tasks far too easy or
/// too hard for that ability.
pub fn task_information(fit: &IrtFit, theta: &[f64]) -> Vec<Vec<f64>> {
    let it = &fit.items;
    it.difficulty
        .iter()
        .zip(&it.discrimination)
        .zip(&it.n)
        .map(|((b, a), n)| {
            theta
                .iter()
                .map(|t| {
                    let p = sigmoid(a * (t - b));
                    *n as f64 * a * a * p * (1.0 - p)
                })
                .collect()
        })
        .collect()
}

/// The tasks that best separate series `i` and `j`: every fitted task with the information it
/// carries about θ_i − θ_j, most informative first (ties by task index). Task indices are
/// those of the [`Outcomes`](super::Outcomes). Empty when `i` or `j` is not a series of the
/// fit or `i == j`.
///
/// # Formula
/// With the task's parameters known, its samples on series i and j are independent, with
/// information I_i = n·a²·p_i(1 − p_i) about θ_i and I_j about θ_j (p at the fitted
/// abilities). Written in δ = θ_i − θ_j and the nuisance σ = (θ_i + θ_j)/2, the task's
/// information about δ, σ unknown (the efficient information), is
///
///   I_δ = I_i·I_j / (I_i + I_j) = n·a²·v_i·v_j / (v_i + v_j),  v = p(1 − p),
///
/// the inverse of 1/I_i + 1/I_j, the variance of the difference of the two abilities read
/// from this task alone. It adds over tasks as inverse variances do, is large only when the
/// task is neither solved nor failed outright by both series, and vanishes when either series
/// saturates it — a task both always solve says nothing about which is better, however
/// informative it is about each alone.
pub fn separating_tasks(fit: &IrtFit, i: usize, j: usize) -> Vec<(usize, f64)> {
    let th = &fit.ranking.scores;
    if i == j || i >= th.len() || j >= th.len() {
        return Vec::new();
    }
    let info = task_information(fit, &[th[i], th[j]]);
    let mut out: Vec<(usize, f64)> = fit
        .items
        .tasks
        .iter()
        .zip(&info)
        .map(|(t, ij)| {
            let (a, b) = (ij[0], ij[1]);
            let d = if a + b > 0.0 { a * b / (a + b) } else { 0.0 };
            (*t, d)
        })
        .collect();
    out.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fit_of(theta: Vec<f64>, b: Vec<f64>, a: Vec<f64>, n: Vec<u64>) -> IrtFit {
        let m = b.len();
        IrtFit {
            model: IrtModel::TwoPl,
            ranking: Ranking::of_scores(theta),
            items: ItemFit {
                tasks: (0..m).map(|t| t + 10).collect(),
                n,
                difficulty: b,
                difficulty_se: vec![0.0; m],
                difficulty_intervals: vec![(0.0, 0.0); m],
                discrimination: a,
                discrimination_se: None,
                discrimination_intervals: None,
                all_pass: Vec::new(),
                all_fail: Vec::new(),
            },
            objective: 0.0,
            level: 0.95,
        }
    }

    #[test]
    fn information_by_hand() {
        // Task at b = 0, a = 2, n = 10: at θ = 0, p = 1/2, I = 10·4·1/4 = 10.
        let f = fit_of(vec![0.0, 0.0], vec![0.0, 5.0], vec![2.0, 1.0], vec![10, 10]);
        let i = task_information(&f, &[0.0]);
        assert!((i[0][0] - 10.0).abs() < 1e-15);
        // Task 2 at θ = 0: p = σ(−5); I = 10 p (1 − p).
        let p = 1.0 / (1.0 + 5.0_f64.libm_exp());
        assert!((i[1][0] - 10.0 * p * (1.0 - p)).abs() < 1e-15);
        // Both series at 0: I_δ = I·I/(2I) = I/2: 5 for the first task, which comes first.
        let s = separating_tasks(&f, 0, 1);
        assert_eq!(s[0].0, 10);
        assert!((s[0].1 - 5.0).abs() < 1e-15);
        assert!(separating_tasks(&f, 0, 0).is_empty());
        assert!(separating_tasks(&f, 0, 7).is_empty());
    }
}
