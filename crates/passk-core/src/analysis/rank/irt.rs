//! Item response theory: series ranked by the ability of a Rasch (1PL) or 2PL model fitted
//! jointly with the tasks' difficulties (and discriminations), by maximum likelihood or with a
//! Gaussian prior on the abilities (MAP) — scorio 0.2.3's `rank/irt.py` `rasch`, `rasch_map`,
//! `rasch_2pl` and `rasch_2pl_map`, fitted here by Newton's method to full convergence.

use super::irt_data::{average_equivalent, connected, start};
use super::irt_items::{IrtFit, IrtModel, ItemFit};
use super::irt_newton::{Params, Problem};
use super::irt_options::IrtOptions;
use super::outcomes::Outcomes;
use super::ranking::{competition_ranks, RankError, Ranking, Stop, StopReason};
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;

/// scorio's bound on |ln a| (`_LOG_DISCRIMINATION_BOUND`): a fit reaching it is refused.
const LOG_A_BOUND: f64 = 8.0;
/// scorio's largest stable |θ| or |b| (`_MAX_STABLE_IRT_LOCATION`).
const MAX_LOCATION: f64 = 50.0;
/// A Newton step this small (in every parameter, relative to max(1, |value|)) ends the fit:
/// Newton's quadratic convergence leaves the next error near its square.
const STEP_TOL: f64 = 1e-10;

/// Rasch (1PL) abilities by joint maximum likelihood: scorio `rank/irt.py:rasch`.
///
/// # Formula
/// k_lm ~ Binomial(n_m, σ(θ_l − b_m)) independently, Σ_m b_m = 0; the scores are the θ̂_l
/// (series with equal total passes share one, scorio's `average_equivalent_scores`), with
/// Fisher intervals θ̂ ± z·SE from the inverse information under the constraint. See
/// [`irt_fit`] for the fit, the tasks left out and the task side.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`] (also when every task is passed or failed by
/// every series on every sample), [`RankError::NotConnected`] when the maximum is not finite.
pub fn rasch(o: &Outcomes) -> Result<Ranking, RankError> {
    irt_fit(o, &IrtOptions::rasch()).map(|f| f.ranking)
}

/// Rasch abilities by MAP with a N(0, `prior_var`) prior on each θ: scorio
/// `rank/irt.py:rasch_map` (default `prior_var` 1).
///
/// # Formula
/// θ̂, b̂ minimise −Σ ln p(k_lm | θ_l, b_m) + Σ_l θ_l²/(2·var) under Σ b = 0; intervals
/// θ̂ ± z·SE from the inverse Hessian (a Laplace approximation).
///
/// # Errors
/// As [`rasch`], and [`RankError::Other`] for a variance not positive and finite.
pub fn rasch_map(o: &Outcomes, prior_var: f64) -> Result<Ranking, RankError> {
    let opts = IrtOptions {
        prior_var: Some(prior_var),
        ..IrtOptions::rasch_map()
    };
    irt_fit(o, &opts).map(|f| f.ranking)
}

/// 2PL abilities by penalised joint likelihood: scorio `rank/irt.py:rasch_2pl`.
///
/// # Formula
/// k_lm ~ Binomial(n_m, σ(a_m (θ_l − b_m))), a_m = e^{u_m}, Σ b = 0, minimising the negative
/// log-likelihood + `reg`·Σ u_m² (the penalty fixes the ability/discrimination scale).
///
/// # Errors
/// As [`rasch`]; [`RankError::Other`] for `reg` not positive and finite, or a fit whose
/// |ln a| reaches 8 or |θ|, |b| exceed 50 (scorio refuses those as unstable).
pub fn rasch_2pl(o: &Outcomes, reg_discrimination: f64) -> Result<Ranking, RankError> {
    let opts = IrtOptions {
        reg_discrimination,
        ..IrtOptions::rasch_2pl()
    };
    irt_fit(o, &opts).map(|f| f.ranking)
}

/// 2PL abilities by MAP with a proper prior on every parameter that the likelihood leaves
/// unidentified: ln a ~ N(0, 1) (the scale: θ, b → cθ, cb with a → a/c) and b ~ N(0, 5²) (a
/// difficulty that runs off), the location fixed by Σ b = 0 as in every fit here
/// ([`IrtOptions::rasch_2pl_priors`]). Not one of scorio's: its `rasch_2pl` and
/// `rasch_2pl_map` put nothing on b and almost nothing on ln a (0.01·(ln a)², a N(0, 50)
/// prior), and have no interior estimate on either real file — a task that weaker series
/// pass more often than abler ones drives its a towards 0 and its b past 50 — so that both
/// refuse ("Use … an estimator with proper priors on every nonidentified parameter", scorio's
/// own refusal says). This is that estimator; its intervals are Laplace (the inverse Hessian
/// of the penalised objective).
///
/// # Formula
/// As [`rasch_2pl`], minimising the negative log-likelihood + Σ (ln a)²/2 + Σ b²/(2·25),
/// under Σ b = 0.
///
/// # Errors
/// As [`rasch_2pl`].
pub fn rasch_2pl_priors(o: &Outcomes) -> Result<Ranking, RankError> {
    irt_fit(o, &IrtOptions::rasch_2pl_priors()).map(|f| f.ranking)
}

/// 2PL abilities by MAP with a N(0, `prior_var`) prior on θ and `reg`·Σ (ln a)²: scorio
/// `rank/irt.py:rasch_2pl_map`.
///
/// # Formula
/// As [`rasch_2pl`] plus Σ_l θ_l²/(2·var); `reg` may be 0 here.
///
/// # Errors
/// As [`rasch_2pl`].
pub fn rasch_2pl_map(
    o: &Outcomes,
    prior_var: f64,
    reg_discrimination: f64,
) -> Result<Ranking, RankError> {
    let opts = IrtOptions {
        prior_var: Some(prior_var),
        reg_discrimination,
        ..IrtOptions::rasch_2pl_map()
    };
    irt_fit(o, &opts).map(|f| f.ranking)
}

/// Minimise the problem's objective from scorio's start under Σ b = 0: Newton steps on the
/// observed Hessian, Fisher scoring where that is not positive definite or not a descent
/// direction, halving steps until the objective falls (Armijo, or no rise within rounding).
fn minimise(pr: &Problem, max_iter: u32) -> Result<(Params, f64, Stop), RankError> {
    let mut p = start(pr.k, pr.n);
    let mut f = pr.objective(&p);
    let singular = || RankError::Other("the information matrix is singular".to_string());
    for it in 1..=max_iter {
        let b_sum: f64 = p.b.iter().sum();
        let try_step = |fisher: bool| {
            let bl = pr.blocks(&p, fisher);
            let (dt, dy) = bl.step(&bl.reduce()?, b_sum)?;
            let slope = bl.g_theta.iter().zip(&dt).map(|(g, d)| g * d).sum::<f64>()
                + bl.g_y
                    .iter()
                    .zip(&dy)
                    .map(|(g, d)| g[0] * d[0] + g[1] * d[1])
                    .sum::<f64>();
            (slope <= 1e-14 * f.abs().max(1.0)).then_some((dt, dy, slope))
        };
        let (dt, dy, slope) = try_step(false)
            .or_else(|| try_step(true))
            .ok_or_else(singular)?;
        let mut t = 1.0;
        let accepted = loop {
            let q = Params {
                theta: p.theta.iter().zip(&dt).map(|(x, d)| x + t * d).collect(),
                b: p.b.iter().zip(&dy).map(|(x, d)| x + t * d[0]).collect(),
                u: p.u
                    .iter()
                    .zip(&dy)
                    .map(|(x, d)| if pr.two_pl { x + t * d[1] } else { *x })
                    .collect(),
            };
            let fq = pr.objective(&q);
            let noise = 1e-14 * f.abs().max(1.0);
            if fq <= f + 1e-4 * t * slope || (fq <= f + noise && -slope <= noise) {
                break Some((q, fq));
            }
            t *= 0.5;
            if t < 1e-20 {
                break None;
            }
        };
        let Some((q, fq)) = accepted else {
            return Ok((
                p,
                f,
                Stop {
                    reason: StopReason::Converged,
                    iterations: it,
                },
            ));
        };
        let small = |x: &[f64], d: &[f64]| {
            x.iter()
                .zip(d)
                .all(|(x, d)| (t * d).abs() <= STEP_TOL * x.abs().max(1.0))
        };
        let done = small(&p.theta, &dt)
            && small(&p.b, &dy.iter().map(|d| d[0]).collect::<Vec<_>>())
            && small(&p.u, &dy.iter().map(|d| d[1]).collect::<Vec<_>>());
        p = q;
        f = fq;
        if !f.is_finite() {
            return Err(RankError::Other("the objective is not finite".to_string()));
        }
        if done {
            return Ok((
                p,
                f,
                Stop {
                    reason: StopReason::Converged,
                    iterations: it,
                },
            ));
        }
    }
    Ok((
        p,
        f,
        Stop {
            reason: StopReason::MaxIterations,
            iterations: max_iter,
        },
    ))
}

/// The item response fit of `o` with `opts`: abilities (the ranking, with Fisher intervals)
/// and the tasks' parameters ([`ItemFit`]), the model of scorio `rank/irt.py` (`rasch`,
/// `rasch_map`, `rasch_2pl`, `rasch_2pl_map` by `opts`).
///
/// # Formula
/// k_lm ~ Binomial(n_m, σ(a_m (θ_l − b_m))) (a = 1 under Rasch); minimise
/// Σ n ln(1 + e^η) − k η + reg·Σ (ln a)² (2PL) + Σ θ²/(2 var) (MAP) under Σ b = 0 (scorio's
/// centring), by Newton's method on (θ, b, ln a) with the constraint in a bordered system, to
/// steps below 1e-10. Standard errors: the inverse observed information under the constraint.
/// scorio needs one n for every task; here each task has its own n (the same likelihood).
/// Tasks passed (or failed) on every sample by every series have no finite difficulty: scorio
/// refuses such data, here they are left out ([`ItemFit::all_pass`], [`ItemFit::all_fail`]),
/// which is the limit of the fit as their difficulty goes to ∓∞.
///
/// # Errors
/// [`RankError::TooFew`], [`RankError::NoTasks`] (no task with a finite difficulty),
/// [`RankError::NotConnected`] (ML only: a series or set of tasks separated, no finite
/// maximum), [`RankError::Other`] for options out of range, a singular information, or a
/// 2PL fit beyond scorio's bounds (|ln a| ≥ 8, |θ| or |b| > 50).
pub fn irt_fit(o: &Outcomes, opts: &IrtOptions) -> Result<IrtFit, RankError> {
    let two_pl = opts.model == IrtModel::TwoPl;
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    let bad = |what: &str| Err(RankError::Other(format!("{what} is out of range")));
    if opts.prior_var.is_some_and(|v| !(v.is_finite() && v > 0.0)) {
        return bad("the prior variance");
    }
    if opts
        .prior_b_var
        .is_some_and(|v| !(v.is_finite() && v > 0.0))
    {
        return bad("the difficulties' prior variance");
    }
    let reg = opts.reg_discrimination;
    if two_pl && !(reg.is_finite() && (reg > 0.0 || (reg == 0.0 && opts.prior_var.is_some()))) {
        return bad("reg_discrimination");
    }
    if !(opts.level > 0.0 && opts.level < 1.0) {
        return bad("the level");
    }
    let nl = o.series();
    let (mut tasks, mut all_pass, mut all_fail) = (Vec::new(), Vec::new(), Vec::new());
    for (t, n) in o.n.iter().enumerate() {
        let total: u64 = o.c.iter().map(|row| row.get(t).copied().unwrap_or(0)).sum();
        if total == 0 {
            all_fail.push(t);
        } else if total >= n * nl as u64 {
            all_pass.push(t);
        } else {
            tasks.push(t);
        }
    }
    if tasks.is_empty() {
        return Err(RankError::NoTasks);
    }
    let n: Vec<f64> = tasks.iter().map(|t| o.n[*t] as f64).collect();
    let k: Vec<Vec<f64>> =
        o.c.iter()
            .map(|row| {
                tasks
                    .iter()
                    .map(|t| row.get(*t).copied().unwrap_or(0) as f64)
                    .collect()
            })
            .collect();
    if opts.prior_var.is_none() && !connected(&k, &n) {
        return Err(RankError::NotConnected);
    }
    let pr = Problem {
        k: &k,
        n: &n,
        two_pl,
        prior_var: opts.prior_var,
        prior_b_var: opts.prior_b_var,
        reg,
    };
    let (p, objective, stop) = minimise(&pr, opts.max_iter)?;
    let loc = p
        .theta
        .iter()
        .chain(&p.b)
        .fold(0.0_f64, |s, x| s.max(x.abs()));
    if two_pl && (loc > MAX_LOCATION || p.u.iter().any(|u| u.abs() >= LOG_A_BOUND - 1e-6)) {
        let whose = if opts.prior_b_var.is_none() {
            " (scorio refuses this fit too)"
        } else {
            ""
        };
        return Err(RankError::Other(format!(
            "no stable interior 2PL estimate: a discrimination reached e^±8 or an ability \
             or difficulty passed 50{whose}"
        )));
    }
    let bl = pr.blocks(&p, false);
    let (var_t, var_y) = bl
        .reduce()
        .and_then(|r| bl.variances(&r))
        .unwrap_or_else(|| (vec![f64::NAN; nl], vec![[f64::NAN; 2]; tasks.len()]));
    let sd = |v: f64| if v >= 0.0 { v.sqrt() } else { f64::NAN };
    let z = two_sided_z(opts.level);
    let mut theta = p.theta.clone();
    average_equivalent(&mut theta, &k, opts.model);
    let se: Vec<f64> = var_t.iter().map(|v| sd(*v)).collect();
    let ranking = Ranking {
        ranks: competition_ranks(&theta),
        intervals: Some(
            theta
                .iter()
                .zip(&se)
                .map(|(t, s)| (t - z * s, t + z * s))
                .collect(),
        ),
        se: Some(se),
        scores: theta,
        stop: Some(stop),
    };
    let b_se: Vec<f64> = var_y.iter().map(|v| sd(v[0])).collect();
    let u_se: Vec<f64> = var_y.iter().map(|v| sd(v[1])).collect();
    let a: Vec<f64> = p.u.iter().map(|u| u.libm_exp()).collect();
    let items = ItemFit {
        n: tasks.iter().map(|t| o.n[*t]).collect(),
        tasks,
        difficulty_intervals: p
            .b
            .iter()
            .zip(&b_se)
            .map(|(b, s)| (b - z * s, b + z * s))
            .collect(),
        difficulty: p.b,
        difficulty_se: b_se,
        discrimination_se: two_pl.then(|| a.iter().zip(&u_se).map(|(a, s)| a * s).collect()),
        discrimination_intervals: two_pl.then(|| {
            p.u.iter()
                .zip(&u_se)
                .map(|(u, s)| ((u - z * s).libm_exp(), (u + z * s).libm_exp()))
                .collect()
        }),
        discrimination: a,
        all_pass,
        all_fail,
    };
    Ok(IrtFit {
        model: opts.model,
        ranking,
        items,
        objective,
        level: opts.level,
    })
}
