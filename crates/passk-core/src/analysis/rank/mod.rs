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

pub(crate) mod elo;
pub(crate) mod glicko;
pub(crate) mod pairwise_stream;
pub(crate) mod trueskill;
pub(crate) mod trueskill_v;

pub use elo::{elo, EloOptions};
pub use glicko::{glicko, GlickoOptions};
pub use pairwise_stream::PairwiseTies;
pub use trueskill::{trueskill, TrueSkillOptions};
pub(crate) mod bayesian_mcmc;
pub(crate) mod thompson;

pub use bayesian_mcmc::{bayesian_mcmc, McmcOptions};
pub use thompson::{thompson, ThompsonOptions};
