//! Numerical building blocks: special functions (gamma, beta, normal), compensated sums,
//! tolerances, the seeded generator and variates, and the bounded optimiser.

pub(crate) mod beta;
pub(crate) mod cholesky;
pub(crate) mod dd;
pub(crate) mod excess;
pub(crate) mod fast_exp;
pub(crate) mod gamma;
pub(crate) mod hypergeom;
pub(crate) mod libm_math;
pub(crate) mod newton;
pub(crate) mod newton_box;
pub(crate) mod normal;
pub(crate) mod optimize;
pub mod prec;
pub(crate) mod recips;
pub(crate) mod rng;
pub mod sample;
pub(crate) mod sum;
pub(crate) mod tanh_sinh;
pub(crate) mod termination;

pub use beta::{inc_beta, ln_beta};
pub use dd::{hypergeom_pmf, running_ratio_products, DD_BELOW, DD_K_MAX};
pub use excess::{excess_over_d, excess_over_k, excess_stirling, ln_gamma_ratio_excess};
pub use fast_exp::exp;
pub use gamma::{
    digamma, digamma_diff, direct_sum, ln_choose, ln_gamma, ln_gamma_ratio,
    ln_gamma_ratio_stirling, ln_poch, stirling_correction, trigamma, trigamma_diff, DIRECT_TERMS,
};
pub use hypergeom::{Hypergeom, HypergeomError, PRODUCT_MAX};
pub use libm_math::LibmMath;
pub use newton::{uphill, OutcomeN};
pub use newton_box::{BoxN, BoxObjective};
pub use normal::{normal_cdf, normal_quantile, two_sided_p, two_sided_z};
pub use optimize::{Objective, Outcome, Problem, WithHessian};
pub use recips::{Recips, RECIP_MAX};
pub use rng::SplitMix64;
pub use sum::{sum, Neumaier};
pub use tanh_sinh::{Ends, LogIntegral, LogValue, TanhSinh, LEVEL_REL, SEARCH_REL};
pub use termination::TerminationReason;
