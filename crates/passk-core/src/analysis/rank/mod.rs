//! Rankings of series beyond pass@k, from their paired per-sample outcomes: the
//! paired-comparison likelihoods, ratings, voting rules, item response, spectral and graph
//! methods of scorio 0.2.3's `rank` module (one method a file), and the agreement between
//! them (estimators.md §26).
//!
//! Every method reads [`Outcomes`] (the tasks every series shares, c of n, laid out per task
//! as c ones then n − c zeros, scorio's layout of counts) and answers a [`Ranking`]: scores
//! (higher is better), competition ranks, the interval where the method has one, and why it
//! stopped where it iterates.

pub(crate) mod baldwin;
pub(crate) mod borda;
pub(crate) mod copeland;
pub(crate) mod inverse_difficulty;
pub(crate) mod kemeny_young;
pub(crate) mod levels;
pub(crate) mod majority_judgment;
pub(crate) mod minimax;
pub(crate) mod nanson;
pub(crate) mod outcomes;
pub(crate) mod preferences;
pub(crate) mod ranked_pairs;
pub(crate) mod ranking;
pub(crate) mod schulze;
pub(crate) mod win_rate;

pub use baldwin::baldwin;
pub use borda::{borda, RankTies};
pub use copeland::copeland;
pub use inverse_difficulty::{inverse_difficulty, INVERSE_DIFFICULTY_CLIP};
pub use kemeny_young::{kemeny_young, KEMENY_MAX_SERIES};
pub use majority_judgment::majority_judgment;
pub use minimax::{minimax, DefeatStrength};
pub use nanson::nanson;
pub use outcomes::Outcomes;
pub use preferences::{preference_counts, question_wins, TiePolicy};
pub use ranked_pairs::ranked_pairs;
pub use ranking::{competition_ranks, RankError, Ranking, Stop, StopReason, TIE_TOL};
pub use schulze::schulze;
pub use win_rate::win_rate;
