//! Rankings of series beyond pass@k, from their paired per-sample outcomes: the
//! paired-comparison likelihoods, ratings, voting rules, item response, spectral and graph
//! methods of scorio 0.2.3's `rank` module (one method a file), and the agreement between
//! them (estimators.md §26).
//!
//! Every method reads [`Outcomes`] (the tasks every series shares, c of n, laid out per task
//! as c ones then n − c zeros, scorio's layout of counts) and answers a [`Ranking`]: scores
//! (higher is better), competition ranks, the interval where the method has one, and why it
//! stopped where it iterates.

pub(crate) mod bradley_terry_davidson;
pub(crate) mod bradley_terry_luce;
pub(crate) mod bradley_terry_map;
pub(crate) mod choice_model;
pub(crate) mod davidson_luce;
pub(crate) mod newton_fit;
pub(crate) mod outcomes;
pub(crate) mod plackett_luce;
pub(crate) mod ranking;
pub(crate) mod rao_kupper;
pub(crate) mod winner_sets;

pub use bradley_terry_davidson::{bradley_terry_davidson, bradley_terry_davidson_map};
pub use bradley_terry_luce::{bradley_terry_luce, bradley_terry_luce_map};
pub use bradley_terry_map::bradley_terry_map;
pub use davidson_luce::{davidson_luce, davidson_luce_map, DAVIDSON_LUCE_MAX_SERIES};
pub use newton_fit::{
    DEFAULT_LEVEL, DEFAULT_PRIOR_VAR, NEWTON_FULL_STEP, NEWTON_MAX_STEPS, NEWTON_STEP_TOL,
};
pub use outcomes::Outcomes;
pub use plackett_luce::{plackett_luce, plackett_luce_map};
pub use ranking::{competition_ranks, RankError, Ranking, Stop, StopReason, TIE_TOL};
pub use rao_kupper::{rao_kupper, rao_kupper_map, DEFAULT_TIE_STRENGTH};
