//! TailPass@k (the scorio package's `eval/tailpass.py`, scorio 0.2.3; Hariri, Hinczewski,
//! Ayday and Chaudhary 2026, "Success Has a Shape: TailPass@k for Repeated Sampling
//! Evaluation"): the posterior profile of the chance that k fresh samples of a task reach
//! each share r/k of passes, averaged over tasks, and its moment utility.

use crate::data::groups::Groups;
use crate::estimators::count_posterior::intervals;
use crate::estimators::count_score::CountScore;
use crate::estimators::interval::{Interval, Prior};
use crate::num::libm_math::LibmMath;

/// The largest budget whose profile is computed: k thresholds of O(k²) work each once per
/// budget, and O(k²) per distinct (n, c).
pub const TAILPASS_K_MAX: u64 = 100;

/// The TailPass profile of a series at one budget.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// The budget k.
    pub k: u64,
    /// The interval at each threshold r/k, r = 1..=k: (1/T)·Σ_i P(J_i ≥ r), J_i the passes
    /// among k fresh samples of task i (r = 1 is pass@k's, r = k pass^k's).
    pub points: Vec<Interval>,
    /// The moment utility at λ = 2: E\[(J/k)²\], which values high shares of passes more
    /// than the mean does.
    pub moment2: Interval,
}

/// The profile at budget k (any k ≥ 1 up to [`TAILPASS_K_MAX`]: the posterior reaches
/// beyond the samples drawn), each task's rate Beta(α0 + c, β0 + n − c) a posteriori.
///
/// # Formula
/// Point r: μ_r = (1/T)·Σ_i E\[P(Bin(k, p_i) ≥ r)\], σ_r = √(Σ_i Var\[·\])/T, the exact
/// moments of the count score A_j = 1{j ≥ r} ([`intervals`]); the moment utility is the
/// count score A_j = (j/k)²; each μ ± zσ clipped to [0, 1] (scorio's `ci(method="normal")`
/// and `moment(lam=2)`).
///
/// # Errors
/// None: None for k = 0 or k > [`TAILPASS_K_MAX`]; an empty dataset gives NaN.
pub fn profile(g: &Groups, k: u64, prior: Prior, level: f64) -> Option<Profile> {
    let scores = scores(k)?;
    let refs: Vec<&CountScore> = scores.iter().collect();
    Profile::new(k, intervals(&refs, g, prior, level)?)
}

/// The count scores of the profile at budget k: 1{j ≥ r} for r = 1..=k, then (j/k)². None
/// for k = 0 or k > [`TAILPASS_K_MAX`].
pub fn scores(k: u64) -> Option<Vec<CountScore>> {
    if k == 0 || k > TAILPASS_K_MAX {
        return None;
    }
    let kf = k as f64;
    let mut scores: Vec<CountScore> = (1..=k)
        .map(|r| CountScore::at_least(k, r))
        .collect::<Result<_, _>>()
        .ok()?;
    let moment = (0..=k).map(|j| (j as f64 / kf).pow_int(2)).collect();
    scores.push(CountScore::new(moment).ok()?);
    Some(scores)
}

impl Profile {
    /// The profile at budget k from the intervals of its [`scores`], in their order.
    pub fn new(k: u64, mut ivs: Vec<Interval>) -> Option<Profile> {
        if ivs.len() as u64 != k + 1 {
            return None;
        }
        let moment2 = ivs.pop()?;
        Some(Profile {
            k,
            points: ivs,
            moment2,
        })
    }
}
