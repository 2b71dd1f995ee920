//! Numerical building blocks: special functions (gamma, beta, normal), compensated sums,
//! tolerances, the seeded generator and variates, and the bounded optimiser.

pub mod beta;
pub mod dd;
pub mod excess;
pub mod fast_exp;
pub mod gamma;
pub mod hypergeom;
pub mod libm_math;
pub mod newton;
pub mod newton_box;
pub mod normal;
pub mod optimize;
pub mod prec;
pub mod recips;
pub mod rng;
pub mod sample;
pub mod sum;
pub mod tanh_sinh;
pub mod termination;
