//! Bradley–Terry strengths of the series from their paired per-task outcomes, with
//! intervals, and Kendall's τ-b between two rankings — as the scorio package's
//! `rank/bradley_terry.py:bradley_terry` (its pairs from `rank/_base.py:build_pairwise_wins`)
//! and `utils.py:compare_rankings` (scipy's `kendalltau`), scorio 0.2.3.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::data::dataset::Dataset;
use crate::num::cholesky::solve_spd;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;

/// The most Newton steps.
pub const MAX_STEPS: u32 = 200;

/// Why no strengths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BtError {
    /// Fewer than two series.
    TooFew,
    /// Some series never beats, or is never beaten by, the rest (a graph of wins that is
    /// not strongly connected): the likelihood has no finite maximum.
    NotConnected,
}

impl fmt::Display for BtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BtError::TooFew => write!(f, "Bradley–Terry needs two series or more"),
            BtError::NotConnected => write!(
                f,
                "some series never wins (or never loses) against the rest: no finite Bradley–Terry strengths"
            ),
        }
    }
}

impl std::error::Error for BtError {}

/// Why the fit stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BtStop {
    /// The gradient fell below 10⁻¹⁰ of the wins.
    Converged,
    /// No decisive outcome at all: every strength 1.
    NoDecisive,
    /// [`MAX_STEPS`] steps taken.
    MaxSteps,
}

/// The fit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BtFit {
    /// Strengths π (their geometric mean 1), in the input's order.
    pub strengths: Vec<f64>,
    /// Each strength's interval at the level asked, exp(θ ± z·se(θ)).
    pub intervals: Vec<(f64, f64)>,
    /// se(θ) of θ = ln π under Σθ = 0, from the observed information.
    pub se: Vec<f64>,
    /// The decisive outcomes: wins\[i\]\[j\] = how often series i passed where j failed.
    pub wins: Vec<Vec<f64>>,
    /// Tasks left out: not in every series, or with n differing between series.
    pub tasks_left_out: u64,
    /// Why the fit stopped, and after how many steps.
    pub stop: BtStop,
    /// Newton steps taken.
    pub steps: u32,
}

/// The decisive outcomes of `series` on their shared tasks, paired sample by sample as a 0/1
/// matrix of c ones then n − c zeros pairs them (scorio's layout of counts): series i wins
/// over j on a task max(c_i − c_j, 0) times. Tasks are matched by id (by position when a
/// series names none); a task missing from a series, or with another n there, is left out.
pub fn wins(series: &[&Dataset]) -> (Vec<Vec<f64>>, u64) {
    let m = series.len();
    let mut w = vec![vec![0.0; m]; m];
    let Some(first) = series.first() else {
        return (w, 0);
    };
    let key = |d: &Dataset, i: usize| {
        d.tasks[i]
            .id
            .as_deref()
            .map_or_else(|| (i + 1).to_string(), str::to_string)
    };
    let maps: Vec<std::collections::HashMap<String, (u64, u64)>> = series
        .iter()
        .map(|d| {
            (0..d.tasks.len())
                .map(|i| (key(d, i), (d.tasks[i].counts.n(), d.tasks[i].counts.c())))
                .collect()
        })
        .collect();
    let mut left_out = 0;
    for i in 0..first.tasks.len() {
        let id = key(first, i);
        let row: Option<Vec<(u64, u64)>> = maps.iter().map(|mp| mp.get(&id).copied()).collect();
        match row {
            Some(r) if r.iter().all(|x| x.0 == r[0].0) => {
                for a in 0..m {
                    for b in 0..m {
                        w[a][b] += r[a].1.saturating_sub(r[b].1) as f64;
                    }
                }
            }
            _ => left_out += 1,
        }
    }
    (w, left_out)
}

/// Whether every series reaches every other through wins (i → j when i beat j).
fn connected(w: &[Vec<f64>]) -> bool {
    let m = w.len();
    let reach = |rev: bool| {
        let mut seen = vec![false; m];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in 0..m {
                let edge = if rev { w[j][i] } else { w[i][j] };
                if edge > 0.0 && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|s| *s)
    };
    reach(false) && reach(true)
}

/// The maximum-likelihood Bradley–Terry strengths of the win matrix `w`, with intervals at
/// the two-sided `level`.
///
/// # Formula
/// P(i beats j) = π_i/(π_i + π_j), θ = ln π with Σθ = 0; the log-likelihood
/// Σ_{i≠j} W_ij·(θ_i − ln(e^θ_i + e^θ_j)) is maximised by Newton's method on θ_1..θ_{m−1}
/// (θ_m = 0, then centred), its gradient Σ_j W_ij − N_ij·p_ij and information
/// I_ii = Σ_j N_ij p_ij p_ji, I_ij = −N_ij p_ij p_ji (N_ij = W_ij + W_ji). se(θ) from the
/// pseudo-inverse of I (under Σθ = 0): (I + J/m)⁻¹ − J/m, J all ones.
///
/// # Errors
/// [`BtError::TooFew`] with fewer than two series; [`BtError::NotConnected`] when some
/// series never wins or never loses against the rest.
pub fn bradley_terry(w: Vec<Vec<f64>>, tasks_left_out: u64, level: f64) -> Result<BtFit, BtError> {
    let m = w.len();
    if m < 2 {
        return Err(BtError::TooFew);
    }
    let total: f64 = w.iter().flatten().sum();
    let fit = |theta: Vec<f64>, se: Vec<f64>, stop: BtStop, steps: u32, w: Vec<Vec<f64>>| {
        let z = two_sided_z(level);
        BtFit {
            strengths: theta.iter().map(|t| t.libm_exp()).collect(),
            intervals: theta
                .iter()
                .zip(&se)
                .map(|(t, s)| ((t - z * s).libm_exp(), (t + z * s).libm_exp()))
                .collect(),
            se,
            wins: w,
            tasks_left_out,
            stop,
            steps,
        }
    };
    if total == 0.0 {
        return Ok(fit(
            vec![0.0; m],
            vec![f64::INFINITY; m],
            BtStop::NoDecisive,
            0,
            w,
        ));
    }
    if !connected(&w) {
        return Err(BtError::NotConnected);
    }
    let info = |theta: &[f64]| {
        let mut g = vec![0.0; m];
        let mut h = vec![vec![0.0; m]; m];
        let mut ll = 0.0;
        for i in 0..m {
            for j in 0..m {
                if i == j {
                    continue;
                }
                let n = w[i][j] + w[j][i];
                let d = theta[i] - theta[j];
                // p_ij = 1/(1 + e^(−d)), ln p_ij = −ln1p(e^(−d)).
                let p = 1.0 / (1.0 + (-d).libm_exp());
                g[i] += w[i][j] - n * p;
                h[i][i] += n * p * (1.0 - p);
                h[i][j] -= n * p * (1.0 - p);
                ll -= w[i][j] * (-d).libm_exp().libm_ln_1p();
            }
        }
        (ll, g, h)
    };
    let mut theta = vec![0.0; m];
    let (mut steps, mut stop) = (0, BtStop::MaxSteps);
    while steps < MAX_STEPS {
        let (ll, g, h) = info(&theta);
        if g.iter().map(|x| x.abs()).fold(0.0, f64::max) <= 1e-10 * total {
            stop = BtStop::Converged;
            break;
        }
        // The step on θ_1..θ_{m−1} (θ_m held at 0).
        let a: Vec<Vec<f64>> = h[..m - 1].iter().map(|r| r[..m - 1].to_vec()).collect();
        let Some(dx) = solve_spd(&a, &g[..m - 1]) else {
            break;
        };
        let mut t = 1.0;
        loop {
            let next: Vec<f64> = (0..m)
                .map(|i| theta[i] + if i < m - 1 { t * dx[i] } else { 0.0 })
                .collect();
            if info(&next).0 >= ll || t < 1e-8 {
                theta = next;
                break;
            }
            t /= 2.0;
        }
        steps += 1;
    }
    let mean = theta.iter().sum::<f64>() / m as f64;
    theta.iter_mut().for_each(|t| *t -= mean);
    // se from the pseudo-inverse of the information: (I + J/m)⁻¹ − J/m.
    let (_, _, h) = info(&theta);
    let mut plus = h.clone();
    plus.iter_mut()
        .for_each(|r| r.iter_mut().for_each(|x| *x += 1.0 / m as f64));
    let se = (0..m)
        .map(|i| {
            let e: Vec<f64> = (0..m).map(|j| if i == j { 1.0 } else { 0.0 }).collect();
            solve_spd(&plus, &e).map_or(f64::NAN, |col| (col[i] - 1.0 / m as f64).max(0.0).sqrt())
        })
        .collect();
    Ok(fit(theta, se, stop, steps, w))
}

/// Kendall's τ-b between two lists of scores or ranks (scipy's `kendalltau` default, as
/// scorio's `compare_rankings`): (concordant − discordant)/√((n₀ − n₁)(n₀ − n₂)), n₀ the
/// pairs, n₁ and n₂ those tied in the first and the second list. NaN when a list is constant
/// or shorter than two.
pub fn kendall_tau_b(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len());
    let (mut conc, mut disc, mut ta, mut tb, mut pairs) = (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for i in 0..n {
        for j in i + 1..n {
            pairs += 1.0;
            let (x, y) = (a[i] - a[j], b[i] - b[j]);
            if x == 0.0 {
                ta += 1.0;
            }
            if y == 0.0 {
                tb += 1.0;
            }
            if x * y > 0.0 {
                conc += 1.0;
            } else if x * y < 0.0 {
                disc += 1.0;
            }
        }
    }
    (conc - disc) / ((pairs - ta) * (pairs - tb)).sqrt()
}
