//! Newton's method on a concave [`ChoiceModel`] log-likelihood (or log-posterior, with a
//! Gaussian prior on the centred log-strengths), to full convergence, with standard errors
//! of the centred log-strengths from the observed information; and the [`Ranking`] a fit
//! makes.

use super::choice_model::{ChoiceModel, Eval};
use super::outcomes::Outcomes;
use super::ranking::{competition_ranks, RankError, Ranking, Stop, StopReason};
use crate::num::cholesky::solve_spd;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;

/// The most Newton steps.
pub const NEWTON_MAX_STEPS: u32 = 200;

/// Newton stops once its step moves no parameter by more than this (in log-strength).
pub const NEWTON_STEP_TOL: f64 = 1e-11;

/// Below this step (in log-strength) Newton takes full steps, without a line search.
pub const NEWTON_FULL_STEP: f64 = 1e-4;

/// scorio's default prior: a Gaussian of mean 0 and this variance on the centred
/// log-strengths (`prior=1.0` in every `*_map`).
pub const DEFAULT_PRIOR_VAR: f64 = 1.0;

/// The default level of the Fisher intervals.
pub const DEFAULT_LEVEL: f64 = 0.95;

/// A maximum.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Fit {
    /// The log-strengths, centred (Σθ = 0).
    pub theta: Vec<f64>,
    /// The further parameters (tie parameters), on their log scale.
    pub extra: Vec<f64>,
    /// se(θ_i) of the centred log-strengths, the other parameters profiled out.
    pub se: Vec<f64>,
    /// The maximised log-likelihood (log-posterior up to its constant for a MAP).
    pub loglik: f64,
    /// Why Newton stopped.
    pub stop: Stop,
}

/// Checks the outcomes (two series or more, a task or more, c ≤ n for each), a prior
/// variance and a level.
pub(crate) fn check_args(
    o: &Outcomes,
    prior_var: Option<f64>,
    level: f64,
) -> Result<(), RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    let fits = |row: &Vec<u64>| row.len() == o.tasks() && row.iter().zip(&o.n).all(|(c, n)| c <= n);
    if !o.c.iter().all(fits) {
        return Err(RankError::Other(
            "each series needs one count per task, at most its samples".into(),
        ));
    }
    if let Some(v) = prior_var {
        if !(v.is_finite() && v > 0.0) {
            return Err(RankError::Other(format!(
                "the prior variance must be positive and finite, not {v}"
            )));
        }
    }
    if !(level > 0.0 && level < 1.0) {
        return Err(RankError::Other(format!(
            "the interval's level must lie in (0, 1), not {level}"
        )));
    }
    Ok(())
}

/// The objective: the model's log-likelihood, less Σ(θ_i − θ̄)²/(2·var) with a prior.
fn objective(model: &ChoiceModel, prior_var: Option<f64>, x: &[f64]) -> Eval {
    let (mut f, mut g, mut h) = model.eval(x);
    if let Some(v) = prior_var {
        let m = model.n_theta;
        let mean = x[..m].iter().sum::<f64>() / m as f64;
        for i in 0..m {
            let c = x[i] - mean;
            f -= c * c / (2.0 * v);
            g[i] -= c / v;
            for (j, hij) in h[i][..m].iter_mut().enumerate() {
                *hij += (if i == j { 1.0 } else { 0.0 } - 1.0 / m as f64) / v;
            }
        }
    }
    (f, g, h)
}

/// Maximises the model by Newton's method from 0 with the last log-strength held at 0
/// (the likelihood and the prior on centred θ are unchanged by a common shift), halving a
/// step until the objective does not fall (full steps once a step is below
/// [`NEWTON_FULL_STEP`]); stops when a full step moves no parameter by
/// more than [`NEWTON_STEP_TOL`]. The standard errors of the centred θ are the diagonal of
/// P·C·P, C the inverse of the information over the free parameters (zero row and column
/// for the held one), P = I − J/m the centring.
pub(crate) fn maximise(model: &ChoiceModel, prior_var: Option<f64>) -> Result<Fit, RankError> {
    let m = model.n_theta;
    let p = model.dim();
    let free: Vec<usize> = (0..p).filter(|i| *i != m - 1).collect();
    let reduce = |g: &[f64], h: &[Vec<f64>]| {
        let gr: Vec<f64> = free.iter().map(|i| g[*i]).collect();
        let hr: Vec<Vec<f64>> = free
            .iter()
            .map(|i| free.iter().map(|j| h[*i][*j]).collect())
            .collect();
        (gr, hr)
    };
    let singular = || RankError::Other("the information is singular: no unique maximum".into());
    let mut x = vec![0.0; p];
    let mut stop = Stop {
        reason: StopReason::MaxIterations,
        iterations: NEWTON_MAX_STEPS,
    };
    for it in 0..NEWTON_MAX_STEPS {
        let (f, g, h) = objective(model, prior_var, &x);
        if !f.is_finite() {
            return Err(RankError::Other("the log-likelihood is not finite".into()));
        }
        let (gr, hr) = reduce(&g, &h);
        let dx = solve_spd(&hr, &gr).ok_or_else(singular)?;
        let size = dx.iter().map(|d| d.abs()).fold(0.0, f64::max);
        let step = |t: f64| {
            let mut next = x.clone();
            for (k, i) in free.iter().enumerate() {
                next[*i] += t * dx[k];
            }
            next
        };
        if size <= NEWTON_STEP_TOL {
            x = step(1.0);
            stop = Stop {
                reason: StopReason::Converged,
                iterations: it + 1,
            };
            break;
        }
        if size <= NEWTON_FULL_STEP {
            // Near the maximum the objective's differences drown in rounding, its gradient
            // does not: full Newton steps.
            x = step(1.0);
            continue;
        }
        let mut t = 1.0;
        let mut moved = false;
        while t >= 1e-12 {
            let next = step(t);
            if objective(model, prior_var, &next).0 >= f {
                x = next;
                moved = true;
                break;
            }
            t /= 2.0;
        }
        if !moved {
            return Err(RankError::Other(
                "Newton's line search failed far from a maximum".into(),
            ));
        }
    }
    let (loglik, _, h) = objective(model, prior_var, &x);
    let (_, hr) = reduce(&vec![0.0; p], &h);
    // C over the strengths, with the held one's zero row and column.
    let mut c = vec![vec![0.0; m]; m];
    for (k, i) in free.iter().enumerate().filter(|(_, i)| **i < m) {
        let mut e = vec![0.0; free.len()];
        e[k] = 1.0;
        let col = solve_spd(&hr, &e).ok_or_else(singular)?;
        for (l, j) in free.iter().enumerate().filter(|(_, j)| **j < m) {
            c[*j][*i] = col[l];
        }
    }
    let mf = m as f64;
    let row: Vec<f64> = c.iter().map(|r| r.iter().sum::<f64>()).collect();
    let all: f64 = row.iter().sum();
    let se = (0..m)
        .map(|i| {
            (c[i][i] - 2.0 * row[i] / mf + all / (mf * mf))
                .max(0.0)
                .sqrt()
        })
        .collect();
    let mean = x[..m].iter().sum::<f64>() / mf;
    Ok(Fit {
        theta: x[..m].iter().map(|t| t - mean).collect(),
        extra: x[m..].to_vec(),
        se,
        loglik,
        stop,
    })
}

/// The ranking of a fit: scores `scale`·e^θ (scale 1: geometric mean 1, scorio's
/// normalisation of most models), averaged over series whose counts are identical on every
/// task (scorio's `average_equivalent_scores`), and intervals score·e^{±z·se} at `level`.
pub(crate) fn ranking_of(o: &Outcomes, fit: &Fit, scale: f64, level: f64) -> Ranking {
    let z = two_sided_z(level);
    let raw: Vec<f64> = fit.theta.iter().map(|t| scale * t.libm_exp()).collect();
    let scores = average_identical(o, &raw);
    let intervals = scores
        .iter()
        .zip(&fit.se)
        .map(|(s, e)| (s * (-z * e).libm_exp(), s * (z * e).libm_exp()))
        .collect();
    Ranking {
        ranks: competition_ranks(&scores),
        scores,
        intervals: Some(intervals),
        se: Some(fit.se.clone()),
        stop: Some(fit.stop),
    }
}

/// An answer without a fit (no decisive outcome): `scores` as they are, stop Exact.
pub(crate) fn exact(scores: Vec<f64>) -> Ranking {
    let mut r = Ranking::of_scores(scores);
    r.stop = Some(Stop {
        reason: StopReason::Exact,
        iterations: 0,
    });
    r
}

/// `scores` with each group of series whose counts agree on every task given its mean.
pub(crate) fn average_identical(o: &Outcomes, scores: &[f64]) -> Vec<f64> {
    let m = scores.len().min(o.series());
    let mut out = scores.to_vec();
    let mut done = vec![false; m];
    for i in 0..m {
        if done[i] {
            continue;
        }
        let group: Vec<usize> = (i..m).filter(|j| o.c[*j] == o.c[i]).collect();
        if group.len() > 1 {
            let mean = group.iter().map(|j| scores[*j]).sum::<f64>() / group.len() as f64;
            for j in &group {
                out[*j] = mean;
                done[*j] = true;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_bad_arguments() {
        let o = Outcomes::from_counts(vec![2], vec![vec![1], vec![0]]);
        assert!(check_args(&o, Some(0.0), 0.95).is_err());
        assert!(check_args(&o, Some(f64::NAN), 0.95).is_err());
        assert!(check_args(&o, None, 1.0).is_err());
        assert!(check_args(&o, None, 0.95).is_ok());
        let over = Outcomes::from_counts(vec![2], vec![vec![3], vec![0]]);
        assert!(check_args(&over, None, 0.95).is_err());
        let short = Outcomes::from_counts(vec![2, 2], vec![vec![1, 1], vec![0]]);
        assert!(check_args(&short, None, 0.95).is_err());
    }
}
