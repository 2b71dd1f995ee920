//! The sample-size planner: how many samples per task (the series' tasks held fixed), or how
//! many tasks (at the samples drawn), bring the half-width of pass@k's interval at budget k
//! down to a target — from the variance formulas on the series' own counts.

use crate::data::groups::Groups;
use crate::estimators::stderr::exact_variance;
use crate::eval::std_errors::swept_std_errors;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest number of samples per task the planner considers.
pub const N_LIMIT: u64 = 1_000_000_000_000;

/// Points of the half-width curve.
pub const CURVE_POINTS: usize = 24;

/// Why there is no plan.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum PlanError {
    /// The series has no tasks.
    NoTasks,
    /// k = 0.
    ZeroBudget,
    /// The target half-width is not a number in (0, 1).
    HalfWidth(f64),
    /// The level is not strictly between 0 and 1.
    Confidence(f64),
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::NoTasks => write!(f, "the series has no tasks"),
            PlanError::ZeroBudget => write!(f, "k must be at least 1"),
            PlanError::HalfWidth(h) => write!(f, "the half-width {h} must lie in (0, 1)"),
            PlanError::Confidence(p) => write!(f, "the confidence {p} must lie in (0, 1)"),
        }
    }
}

impl std::error::Error for PlanError {}

/// One point of the curve: the half-width with n samples per task.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlanRow {
    /// Samples per task.
    pub n: u64,
    /// z·(sampling standard error) with n samples for each of the series' tasks.
    pub half_width: f64,
}

/// The plan (`passk plan`'s JSON, field for field).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The budget.
    pub k: u64,
    /// The target half-width (probability units).
    pub half_width: f64,
    /// The two-sided level.
    pub confidence: f64,
    /// The series' tasks T.
    pub tasks: u64,
    /// The half-width against the samples per task, the tasks held fixed.
    pub rows: Vec<PlanRow>,
    /// The fewest samples per task (the same for every task) that reach the target with these
    /// T tasks held fixed (null when even 10^12 do not).
    pub n_needed: Option<u64>,
    /// The fewest tasks, drawn like these at the samples drawn here, that reach the target by
    /// the tasks standard error (null where it is undefined: one task, or k above some n).
    pub tasks_needed: Option<u64>,
}

/// The half-width of the sampling interval if each of the tasks had n samples, its success
/// rate being its observed c/n.
///
/// # Formula
/// z·√(Σ_i Var(Ĝ_i; n, k, p̂_i))/T, Var from Hoeffding's exact formula
/// ([`exact_variance`]); None for n < k.
pub fn sampling_half_width(g: &Groups, k: u64, n: u64, z: f64) -> Option<f64> {
    if n < k || g.is_empty() {
        return None;
    }
    let mut sum = Neumaier::default();
    for (t, w) in g.iter() {
        if t.c() == 0 || t.c() == t.n() {
            continue;
        }
        sum.add(w as f64 * exact_variance(n, k, t.rate()).ok()?);
    }
    Some(z * sum.total().max(0.0).sqrt() / g.tasks() as f64)
}

/// The plan for budget k, target half-width `h` and two-sided level `confidence`.
///
/// # Formula
/// Samples: the smallest n ≥ k with [`sampling_half_width`] ≤ h (it decreases in n), found by
/// doubling then bisection. Tasks: ⌈(z·s/h)²⌉ (at least 2) with s = sd(Ĝ_i, ddof 1) at the
/// samples drawn, i.e. the T at which the tasks standard error s/√T times z equals h. The
/// curve: [`CURVE_POINTS`] log-spaced n from k to beyond both the samples drawn and n_needed.
///
/// # Errors
/// [`PlanError`] for an empty series, k = 0, or a target or level outside (0, 1).
pub fn plan(g: &Groups, k: u64, h: f64, confidence: f64) -> Result<Plan, PlanError> {
    if g.is_empty() {
        return Err(PlanError::NoTasks);
    }
    if k == 0 {
        return Err(PlanError::ZeroBudget);
    }
    if h.is_nan() || h <= 0.0 || h >= 1.0 {
        return Err(PlanError::HalfWidth(h));
    }
    if confidence.is_nan() || confidence <= 0.0 || confidence >= 1.0 {
        return Err(PlanError::Confidence(confidence));
    }
    let z = two_sided_z(confidence);
    let hw = |n: u64| sampling_half_width(g, k, n, z).unwrap_or(f64::INFINITY);
    let n_needed = smallest(k, |n| hw(n) <= h);
    let tasks_needed = match swept_std_errors(g, &[k])[0].tasks {
        Ok(se) => {
            let s = se * (g.tasks() as f64).sqrt();
            let t = (z * s / h) * (z * s / h);
            Some((t.ceil() as u64).max(2))
        }
        Err(_) => None,
    };
    let top = [n_needed.unwrap_or(0), g.n_max(), k]
        .into_iter()
        .max()
        .unwrap_or(k)
        .saturating_mul(4)
        .clamp(k.saturating_add(1), N_LIMIT);
    let rows = curve_ns(k, top, &[g.n_max(), n_needed.unwrap_or(k)])
        .into_iter()
        .map(|n| PlanRow {
            n,
            half_width: hw(n),
        })
        .collect();
    Ok(Plan {
        k,
        half_width: h,
        confidence,
        tasks: g.tasks(),
        rows,
        n_needed,
        tasks_needed,
    })
}

/// The smallest n in [lo, [`N_LIMIT`]] where `ok` holds (`ok` monotone), or None.
fn smallest(lo: u64, ok: impl Fn(u64) -> bool) -> Option<u64> {
    if ok(lo) {
        return Some(lo);
    }
    let (mut bad, mut good) = (lo, lo);
    loop {
        if good >= N_LIMIT {
            return None;
        }
        good = good.saturating_mul(2).min(N_LIMIT);
        if ok(good) {
            break;
        }
        bad = good;
    }
    while good - bad > 1 {
        let mid = bad + (good - bad) / 2;
        if ok(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Some(good)
}

/// About [`CURVE_POINTS`] log-spaced whole n from `lo` to `hi`, with `marks` in range; sorted
/// and distinct.
fn curve_ns(lo: u64, hi: u64, marks: &[u64]) -> Vec<u64> {
    let (a, b) = ((lo as f64).libm_ln(), (hi as f64).libm_ln());
    let last = (CURVE_POINTS - 1) as f64;
    let mut ns: Vec<u64> = (0..CURVE_POINTS)
        .map(|i| (a + (b - a) * i as f64 / last).libm_exp().round() as u64)
        .chain(marks.iter().copied())
        .filter(|&n| n >= lo && n <= hi)
        .collect();
    ns.sort_unstable();
    ns.dedup();
    ns
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::counts::Counts;

    #[test]
    fn a_plan_reaches_its_target() {
        let g = Groups::new((0..40).map(|i| Counts::new(20, i % 21).unwrap()));
        let p = plan(&g, 4, 0.01, 0.95).unwrap();
        let n = p.n_needed.unwrap();
        let z = two_sided_z(0.95);
        assert!(sampling_half_width(&g, 4, n, z).unwrap() <= 0.01);
        assert!(sampling_half_width(&g, 4, n - 1, z).unwrap() > 0.01);
        assert!(p
            .rows
            .windows(2)
            .all(|w| w[0].n < w[1].n && w[0].half_width >= w[1].half_width));
        assert!(p.tasks_needed.unwrap() > 40);
        assert_eq!(plan(&g, 4, 0.0, 0.95), Err(PlanError::HalfWidth(0.0)));
        assert_eq!(
            plan(&Groups::default(), 4, 0.1, 0.95),
            Err(PlanError::NoTasks)
        );
    }
}
