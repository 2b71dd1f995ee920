//! Scaled families (Schaeffer et al., ICML 2025): p = s·X with 0 < s ≤ 1 and X ~ Beta(a, b)
//! (the scaled Beta) or Kumaraswamy(a, b), fitted to the counts by maximum marginal
//! likelihood. The scale lets the per-task success rates stop below 1; the left tail x^(a−1)
//! makes −log pass@k fall as a power of k with exponent a.
//!
//! Both families' marginal likelihoods are integrated on one tanh-sinh grid shared by every
//! group of a series and every step of a fit (`grid`, `point`): the density's part of a
//! node once per parameter point, then one exponential per node a group's peak needs, with
//! the gradient and Hessian the fits' Newton steps use. A group the grid cannot resolve is
//! computed alone: the scaled Beta's positive finite series (`series`), exact to rounding,
//! or tanh-sinh quadrature split at the integrand's peak (`kernel`); both also check the
//! grid in the tests.

mod data;
mod density;
mod distribution;
mod fit;
pub(crate) mod grid;
pub(crate) mod kernel;
mod moments;
pub(crate) mod point;
mod predict;
pub(crate) mod series;
mod walk;

pub use grid::{Grid, Node, LEVEL_MAX, LEVEL_MIN};
pub use kernel::Kernel;
pub use point::{with_point, GroupLn, Point};
pub use series::{scaled_beta_ln, scaled_beta_ln_hess};

pub use data::{ScaledData, Summed};
pub use distribution::Distribution;
pub use fit::{
    fit_scaled, fit_scaled_from, fit_scaled_in, fit_scaled_near, fit_scaled_profile, scaled_box,
    ScaledFit, PARAM_MAX, PARAM_MIN, SCALE_MIN,
};
pub use predict::Predictor;
