//! The settings of the item response fits (`irt_fit`): the model, the
//! priors and penalties, the level and the iteration budget, with scorio's defaults and
//! passk's 2PL with priors.

use super::irt_items::IrtModel;

/// The standard deviation of ln a under `rasch_2pl_priors` (a lognormal(0, 1)
/// discrimination: a within e^±1.96 = 0.14 … 7.1 a priori, at 95 %).
pub const PRIORS_LOG_A_SD: f64 = 1.0;
/// The standard deviation of each difficulty b under `rasch_2pl_priors` (on the logit
/// scale, around Σ b = 0).
pub const PRIORS_B_SD: f64 = 5.0;

/// What to fit; [`IrtOptions::rasch`] and the like give scorio's defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IrtOptions {
    /// Rasch or 2PL.
    pub model: IrtModel,
    /// The variance of the Gaussian N(0, var) prior on each ability (MAP), or none (ML).
    pub prior_var: Option<f64>,
    /// The L2 penalty weight on ln a (2PL; scorio's `reg_discrimination`, default 0.01).
    pub reg_discrimination: f64,
    /// The variance of a Gaussian N(0, var) prior on each difficulty b, or none (scorio's
    /// fits have none).
    pub prior_b_var: Option<f64>,
    /// The level of the intervals (0.95).
    pub level: f64,
    /// The most Newton iterations (500, scorio's `max_iter` for its L-BFGS).
    pub max_iter: u32,
}

impl IrtOptions {
    fn of(model: IrtModel, prior_var: Option<f64>) -> IrtOptions {
        IrtOptions {
            model,
            prior_var,
            reg_discrimination: 0.01,
            prior_b_var: None,
            level: 0.95,
            max_iter: 500,
        }
    }
    /// scorio's `rasch` defaults.
    pub fn rasch() -> IrtOptions {
        IrtOptions::of(IrtModel::Rasch, None)
    }
    /// scorio's `rasch_map` defaults (prior variance 1).
    pub fn rasch_map() -> IrtOptions {
        IrtOptions::of(IrtModel::Rasch, Some(1.0))
    }
    /// scorio's `rasch_2pl` defaults (reg_discrimination 0.01).
    pub fn rasch_2pl() -> IrtOptions {
        IrtOptions::of(IrtModel::TwoPl, None)
    }
    /// scorio's `rasch_2pl_map` defaults (prior variance 1, reg_discrimination 0.01).
    pub fn rasch_2pl_map() -> IrtOptions {
        IrtOptions::of(IrtModel::TwoPl, Some(1.0))
    }
    /// passk's 2PL with priors on the parameters the likelihood leaves free
    /// (`rasch_2pl_priors`): ln a ~ N(0, 1) (reg_discrimination ½), b ~ N(0, 5²).
    pub fn rasch_2pl_priors() -> IrtOptions {
        IrtOptions {
            reg_discrimination: 1.0 / (2.0 * PRIORS_LOG_A_SD * PRIORS_LOG_A_SD),
            prior_b_var: Some(PRIORS_B_SD * PRIORS_B_SD),
            ..IrtOptions::of(IrtModel::TwoPl, None)
        }
    }
}
