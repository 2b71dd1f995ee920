//! Scaled families (Schaeffer et al., ICML 2025): p = s·X with 0 < s ≤ 1 and X ~ Beta(a, b)
//! (the scaled Beta) or Kumaraswamy(a, b), fitted to the counts by maximum marginal
//! likelihood. The scale lets the per-task success rates stop below 1; the left tail x^(a−1)
//! makes −log pass@k fall as a power of k with exponent a.
//!
//! The scaled Beta's marginal likelihood is a positive finite series ([`series`]), exact to
//! rounding; the Kumaraswamy's has no such form and is integrated by tanh-sinh quadrature
//! split at the integrand's peak ([`kernel`]), which also serves the predictive values of
//! both (where k makes the series long).

mod fit;
pub mod kernel;
mod predict;
pub mod series;

pub use fit::{
    fit_scaled, fit_scaled_from, fit_scaled_in, fit_scaled_near, scaled_box, ScaledData, ScaledFit,
    PARAM_MAX, PARAM_MIN, SCALE_MIN,
};
pub use predict::Predictor;

use std::fmt;

/// Which distribution X follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// X ~ Beta(a, b): s = 1 is BB.
    ScaledBeta,
    /// X ~ Kumaraswamy(a, b), density a·b·x^(a−1)(1 − x^a)^(b−1).
    Kumaraswamy,
}

impl Family {
    /// Both families.
    pub const ALL: [Family; 2] = [Family::ScaledBeta, Family::Kumaraswamy];

    /// The report's key.
    pub fn key(self) -> &'static str {
        match self {
            Family::ScaledBeta => "scaled_beta",
            Family::Kumaraswamy => "kumaraswamy",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::ScaledBeta => "scaled Beta",
            Family::Kumaraswamy => "Kumaraswamy",
        })
    }
}
