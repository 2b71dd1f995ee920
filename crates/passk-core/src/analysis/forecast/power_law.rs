//! The power law −log pass@k ≈ A·k^(−b) fitted by least squares to the unbiased curve.

use crate::data::groups::Groups;
use crate::eval::kernels::unbiased_pass_at_k;
use crate::num::libm_math::LibmMath;

/// A fitted power law.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PowerLaw {
    /// A.
    pub a: f64,
    /// The exponent b.
    pub b: f64,
    /// The smallest k fitted.
    pub k_from: u64,
    /// The largest k fitted.
    pub k_to: u64,
    /// How many budgets the line went through.
    pub points: u64,
}

impl PowerLaw {
    /// pass@k on the line: exp(−A·k^(−b)).
    pub fn pass_at_k(&self, k: f64) -> f64 {
        (-self.a * (-self.b * k.libm_ln()).libm_exp()).libm_exp()
    }
}

/// Budgets from `from` to `to`, about 16 per decade, whole and distinct.
pub fn log_budgets(from: u64, to: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    if from == 0 || to < from {
        return out;
    }
    let (lf, lt) = ((from as f64).libm_ln(), (to as f64).libm_ln());
    let steps = ((lt - lf) / core::f64::consts::LN_10 * 16.0)
        .ceil()
        .max(1.0) as usize;
    for i in 0..=steps {
        let k = ((lf + (lt - lf) * i as f64 / steps as f64)
            .libm_exp()
            .round() as u64)
            .clamp(from, to);
        if out.last() != Some(&k) {
            out.push(k);
        }
    }
    out
}

/// The least-squares line through (ln k, ln(−ln pass@k)) on the unbiased curve for k from
/// `k_from` to `k_to` (default 2 to the smallest n), skipping budgets where pass@k is 1 or 0.
///
/// # Formula
/// ln(−ln pass@k) = ln A − b·ln k; b and ln A by ordinary least squares over
/// [`log_budgets`].
///
/// # Errors
/// None when fewer than two budgets have 0 < pass@k < 1.
pub fn power_law(g: &Groups, k_from: Option<u64>, k_to: Option<u64>) -> Option<PowerLaw> {
    let from = k_from.unwrap_or(2).max(1);
    let to = k_to.unwrap_or(g.n_min()).min(g.n_min());
    let pts: Vec<(f64, f64)> = log_budgets(from, to)
        .into_iter()
        .filter_map(|k| {
            let p = unbiased_pass_at_k(g, k).ok()?;
            (p > 0.0 && p < 1.0).then(|| ((k as f64).libm_ln(), (-p.libm_ln()).libm_ln()))
        })
        .collect();
    if pts.len() < 2 {
        return None;
    }
    let n = pts.len() as f64;
    let (mx, my) = (
        pts.iter().map(|p| p.0).sum::<f64>() / n,
        pts.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    Some(PowerLaw {
        a: (my - slope * mx).libm_exp(),
        b: -slope,
        k_from: from,
        k_to: to,
        points: pts.len() as u64,
    })
}
