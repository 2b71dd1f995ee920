//! Rankings of series beyond pass@k, from their paired per-sample outcomes: the
//! paired-comparison likelihoods, ratings, voting rules, item response, spectral and graph
//! methods of scorio 0.2.3's `rank` module (one method a file), and the agreement between
//! them (estimators.md §26).
//!
//! Every method reads [`Outcomes`] (the tasks every series shares, c of n, laid out per task
//! as c ones then n − c zeros, scorio's layout of counts) and answers a [`Ranking`]: scores
//! (higher is better), competition ranks, the interval where the method has one, and why it
//! stopped where it iterates.

pub(crate) mod outcomes;
pub(crate) mod ranking;

pub use outcomes::Outcomes;
pub use ranking::{competition_ranks, RankError, Ranking, Stop, StopReason, TIE_TOL};
pub(crate) mod irt;
pub(crate) mod irt_data;
pub(crate) mod irt_items;
pub(crate) mod irt_newton;

pub use irt::{irt_fit, rasch, rasch_2pl, rasch_2pl_map, rasch_map, IrtOptions};
pub use irt_items::{separating_tasks, task_information, IrtFit, IrtModel, ItemFit};
