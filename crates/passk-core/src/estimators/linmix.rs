//! LinMix: per task, a mix of ZOIBB and BB weighted by the task's number of samples.

use crate::data::groups::Groups;
use crate::estimators::beta_binomial::{bb_pass_at_k, BbFit};
use crate::estimators::zoibb::ZoibbFit;

/// LinMix weight w(m) = clip((m − m_low)/(m_high − m_low), 0, 1).
pub fn linmix_weight(m: u64, low: f64, high: f64) -> f64 {
    ((m as f64 - low) / (high - low)).clamp(0.0, 1.0)
}

/// LinMix pass@k: mean over tasks of w(n_i)·ZOIBB_i + (1 − w(n_i))·BB_i.
pub fn linmix_pass_at_k(g: &Groups, bb: &BbFit, z: &ZoibbFit, k: f64, low: f64, high: f64) -> f64 {
    g.mean(|t| {
        let w = linmix_weight(t.n(), low, high);
        w * z.task_pass_at_k(t, k) + (1.0 - w) * bb_pass_at_k(bb.a, bb.b, t, k)
    })
}
