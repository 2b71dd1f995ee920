//! The fitted priors of a series, which the estimate kernels and the fits' callers share.

use crate::estimators::beta_binomial::BbFit;
use crate::estimators::zoibb::ZoibbFit;

/// The fitted priors of a series.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Fits {
    /// Beta-Binomial.
    pub bb: BbFit,
    /// Zero/one-inflated Beta-Binomial.
    pub zoibb: ZoibbFit,
}
