//! HodgeRank: the potentials whose differences best fit the pairwise flow in weighted least
//! squares (scorio 0.2.3, `rank/hodge_rank.py:hodge_rank`; Jiang, Lim, Yao & Ye 2009).

use super::digraph::components;
use super::linalg::solve;
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking, Stop, StopReason};
use super::win_probability::{checked_pairwise, totals, Matrix};
use crate::num::libm_math::LibmMath;

/// The pairwise statistic HodgeRank fits (scorio's `pairwise_stat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HodgeStat {
    /// `Y_ij = (W_ji − W_ij) / (W_ij + W_ji + T_ij)` (scorio's default, `"binary"`).
    #[default]
    Binary,
    /// `Y_ij = ln((total − W_ij + ε) / (total − W_ji + ε))` (`"log_odds"`).
    LogOdds,
}

/// The edge weights (scorio's `weight_method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HodgeWeight {
    /// Every comparison, ties included (scorio's default, `"total"`).
    #[default]
    Total,
    /// The decisive ones, `W_ij + W_ji` (`"decisive"`).
    Decisive,
    /// 1 on every compared pair (`"uniform"`).
    Uniform,
}

/// HodgeRank's settings; the default is scorio's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HodgeOptions {
    /// The statistic (binary).
    pub stat: HodgeStat,
    /// The weights (total).
    pub weight: HodgeWeight,
    /// The additive smoothing ε > 0 of the log-odds statistic (0.5).
    pub epsilon: f64,
}

impl Default for HodgeOptions {
    fn default() -> Self {
        HodgeOptions {
            stat: HodgeStat::Binary,
            weight: HodgeWeight::Total,
            epsilon: 0.5,
        }
    }
}

/// How far the fitted gradient is from the flow (scorio's `return_diagnostics`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HodgeResidual {
    /// `‖Y − grad s‖₂,w = √(Σ_{i<j} w_ij ((Y_ij − (s_j − s_i))²)`.
    pub residual_l2: f64,
    /// That over `‖Y‖₂,w` (0 when the flow is 0).
    pub relative_residual_l2: f64,
}

/// HodgeRank, as scorio's `rank/hodge_rank.py:hodge_rank`: the minimum-norm least-squares
/// potentials. Scorio applies numpy's pseudo-inverse of the weighted Laplacian; this solves
/// the same normal equations directly on each connected component of the weights (Gaussian
/// elimination of `Δ₀ + (ā/k) 11ᵀ` on the mean-free right side, ā the component's mean
/// degree, then the mean removed), which is the pseudo-inverse's answer (stop
/// [`StopReason::Exact`]).
///
/// Series with unequal n per task are compared sample by sample on each task.
///
/// # Formula
/// Flow Y (see [`HodgeStat`]), weights w (see [`HodgeWeight`]), both 0 on the diagonal and on
/// pairs never compared. `s* = argmin Σ_{i<j} w_ij ((s_j − s_i) − Y_ij)²` of least norm:
/// `Δ₀ s = −div Y`, `Δ₀ = diag(w 1) − w`, `(div Y)_i = Σ_j w_ij Y_ij`,
/// `s* = −Δ₀⁺ div Y`. Scores s* (higher is better; they sum to 0 on every component);
/// uniform 1/m when no weight is positive.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task,
/// [`RankError::Other`] for a log-odds ε not positive and finite, or a singular system
/// (which a connected component's shifted Laplacian is not).
pub fn hodge_rank(o: &Outcomes, opts: HodgeOptions) -> Result<Ranking, RankError> {
    let (scores, _) = fit(o, opts)?;
    let mut out = Ranking::of_scores(scores);
    out.stop = Some(Stop {
        reason: StopReason::Exact,
        iterations: 0,
    });
    Ok(out)
}

/// The weighted residual of [`hodge_rank`]'s fit (scorio's diagnostics).
///
/// # Errors
/// As [`hodge_rank`].
pub fn hodge_residual(o: &Outcomes, opts: HodgeOptions) -> Result<HodgeResidual, RankError> {
    let (s, flow) = fit(o, opts)?;
    let Some((y, w)) = flow else {
        return Ok(HodgeResidual {
            residual_l2: 0.0,
            relative_residual_l2: 0.0,
        });
    };
    let (mut res, mut norm) = (0.0, 0.0);
    for i in 0..s.len() {
        for j in i + 1..s.len() {
            if w[i][j] > 0.0 {
                let r = y[i][j] - (s[j] - s[i]);
                res += w[i][j] * (r * r);
                norm += w[i][j] * (y[i][j] * y[i][j]);
            }
        }
    }
    let residual_l2 = res.sqrt();
    let denom = norm.sqrt();
    let relative_residual_l2 = if denom > 0.0 {
        residual_l2 / denom
    } else {
        0.0
    };
    Ok(HodgeResidual {
        residual_l2,
        relative_residual_l2,
    })
}

/// The flow Y and the weights w, none when no weight is positive.
type Flow = Option<(Matrix, Matrix)>;

/// The potentials, with the flow and weights (none when no weight is positive).
fn fit(o: &Outcomes, opts: HodgeOptions) -> Result<(Vec<f64>, Flow), RankError> {
    let (wins, ties) = checked_pairwise(o)?;
    let eps = opts.epsilon;
    if opts.stat == HodgeStat::LogOdds && !(eps.is_finite() && eps > 0.0) {
        return Err(RankError::Other(format!(
            "epsilon must be > 0 for log-odds smoothing, got {eps}"
        )));
    }
    let total = totals(&wins, &ties);
    let m = wins.len();
    let mut y = vec![vec![0.0; m]; m];
    let mut w = vec![vec![0.0; m]; m];
    for i in 0..m {
        for j in 0..m {
            if i == j {
                continue;
            }
            if total[i][j] > 0.0 {
                y[i][j] = match opts.stat {
                    HodgeStat::Binary => (wins[j][i] - wins[i][j]) / total[i][j],
                    HodgeStat::LogOdds => ((total[i][j] - wins[i][j] + eps)
                        / (total[i][j] - wins[j][i] + eps))
                        .libm_ln(),
                };
            }
            w[i][j] = match opts.weight {
                HodgeWeight::Total => total[i][j],
                HodgeWeight::Decisive => wins[i][j] + wins[j][i],
                HodgeWeight::Uniform => f64::from(u8::from(total[i][j] > 0.0)),
            };
        }
    }
    if !w.iter().flatten().any(|v| *v > 0.0) {
        return Ok((vec![1.0 / m as f64; m], None));
    }
    let div: Vec<f64> = (0..m)
        .map(|i| (0..m).map(|j| w[i][j] * y[i][j]).sum())
        .collect();
    let mut s = vec![0.0; m];
    for comp in components(&w) {
        let k = comp.len();
        if k < 2 {
            continue;
        }
        let kf = k as f64;
        let deg: Vec<f64> = comp
            .iter()
            .map(|i| comp.iter().map(|j| w[*i][*j]).sum())
            .collect();
        let shift = deg.iter().sum::<f64>() / kf / kf;
        let a: Vec<Vec<f64>> = comp
            .iter()
            .enumerate()
            .map(|(r, i)| {
                comp.iter()
                    .enumerate()
                    .map(|(c, j)| if r == c { deg[r] } else { -w[*i][*j] } + shift)
                    .collect()
            })
            .collect();
        let b: Vec<f64> = comp.iter().map(|i| -div[*i]).collect();
        let mean_b = b.iter().sum::<f64>() / kf;
        let b = b.iter().map(|v| v - mean_b).collect();
        let x = solve(a, b).ok_or_else(|| {
            RankError::Other("HodgeRank's Laplacian system is singular".to_string())
        })?;
        let mean_x = x.iter().sum::<f64>() / kf;
        for (i, v) in comp.iter().zip(&x) {
            s[*i] = v - mean_x;
        }
    }
    Ok((s, Some((y, w))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // One task, n = 4, c = 3 and 1: W01 = 2, W10 = 0, total 4. Y01 = −1/2, Y10 = 1/2,
        // w = 4: the fit is exact, s1 − s0 = Y01 = −1/2, Σ s = 0: s = (1/4, −1/4).
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let r = hodge_rank(&o, HodgeOptions::default()).expect("ranks");
        assert_eq!(r.scores, vec![0.25, -0.25]);
        assert_eq!(r.ranks, vec![1.0, 2.0]);
        let d = hodge_residual(&o, HodgeOptions::default()).expect("fit");
        assert_eq!(d.residual_l2, 0.0);
        // Log-odds, ε = 1/2: Y01 = ln((4 − 2 + 1/2)/(4 − 0 + 1/2)) = −ln(9/5), so
        // s = (ln(9/5)/2, −ln(9/5)/2).
        let lo = HodgeOptions {
            stat: HodgeStat::LogOdds,
            ..HodgeOptions::default()
        };
        let r = hodge_rank(&o, lo).expect("ranks");
        let half = 0.5 * 1.8f64.libm_ln();
        assert!((r.scores[0] - half).abs() < 1e-15 && (r.scores[1] + half).abs() < 1e-15);
        let log = HodgeOptions {
            stat: HodgeStat::LogOdds,
            epsilon: 0.0,
            ..HodgeOptions::default()
        };
        assert!(matches!(hodge_rank(&o, log), Err(RankError::Other(_))));
        // No samples: no weight, uniform.
        let empty = Outcomes::from_counts(vec![0], vec![vec![0], vec![0]]);
        assert_eq!(
            hodge_rank(&empty, HodgeOptions::default())
                .expect("ranks")
                .scores,
            vec![0.5, 0.5]
        );
    }

    #[test]
    fn identical_series_have_no_decisive_weight() {
        // Decisive weights join every two series that differ (Σ_t |c_i − c_j| > 0), so their
        // graph is whole or empty: two identical series leave it empty, scores uniform.
        let o = Outcomes::from_counts(vec![3], vec![vec![2], vec![2]]);
        let opts = HodgeOptions {
            weight: HodgeWeight::Decisive,
            ..HodgeOptions::default()
        };
        assert_eq!(hodge_rank(&o, opts).expect("ranks").scores, vec![0.5, 0.5]);
    }
}
