//! Rankings of series beyond pass@k, from their paired per-sample outcomes: the
//! paired-comparison likelihoods, ratings, voting rules, item response, spectral and graph
//! methods of scorio 0.2.3's `rank` module (one method a file), and the agreement between
//! them (estimators.md §26).
//!
//! Every method reads [`Outcomes`] (the tasks every series shares, c of n, laid out per task
//! as c ones then n − c zeros, scorio's layout of counts) and answers a [`Ranking`]: scores
//! (higher is better), competition ranks, the interval where the method has one, and why it
//! stopped where it iterates.

pub(crate) mod agreement;
pub(crate) mod alpharank;
pub(crate) mod baldwin;
pub(crate) mod bayesian_mcmc;
pub(crate) mod borda;
pub(crate) mod bradley_terry_davidson;
pub(crate) mod bradley_terry_luce;
pub(crate) mod bradley_terry_map;
pub(crate) mod by_metric;
pub(crate) mod canonical;
pub(crate) mod choice_model;
pub(crate) mod copeland;
pub(crate) mod davidson_luce;
pub(crate) mod digraph;
pub(crate) mod elo;
pub(crate) mod glicko;
pub(crate) mod hodge_rank;
pub(crate) mod inverse_difficulty;
pub(crate) mod irt;
pub(crate) mod irt_data;
pub(crate) mod irt_items;
pub(crate) mod irt_newton;
pub(crate) mod irt_options;
pub(crate) mod items;
pub(crate) mod kemeny_young;
pub(crate) mod levels;
pub(crate) mod linalg;
pub(crate) mod majority_judgment;
pub(crate) mod methods;
pub(crate) mod minimax;
pub(crate) mod nanson;
pub(crate) mod nash;
pub(crate) mod newton_fit;
pub(crate) mod outcomes;
pub(crate) mod pagerank;
pub(crate) mod pairwise_stream;
pub(crate) mod plackett_luce;
pub(crate) mod preferences;
pub(crate) mod rank_all;
pub(crate) mod rank_centrality;
pub(crate) mod rank_intervals;
pub(crate) mod ranked_pairs;
pub(crate) mod ranking;
pub(crate) mod rao_kupper;
pub(crate) mod schulze;
pub(crate) mod serial_rank;
pub(crate) mod spectral;
pub(crate) mod subset;
pub(crate) mod subset_rule;
pub(crate) mod thompson;
pub(crate) mod trueskill;
pub(crate) mod trueskill_v;
pub(crate) mod win_probability;
pub(crate) mod win_rate;
pub(crate) mod winner_sets;

pub use agreement::{agreement, average_ranks, Agreement, DisputedPair};
pub use alpharank::{alpharank, AlphaRankOptions};
pub use baldwin::baldwin;
pub use bayesian_mcmc::{bayesian_mcmc, McmcOptions};
pub use borda::{borda, RankTies};
pub use bradley_terry_davidson::{bradley_terry_davidson, bradley_terry_davidson_map};
pub use bradley_terry_luce::{bradley_terry_luce, bradley_terry_luce_map};
pub use bradley_terry_map::bradley_terry_map;
pub use by_metric::{by_metric, EvalMetric};
pub use canonical::canonical;
pub use copeland::copeland;
pub use davidson_luce::{davidson_luce, davidson_luce_map, DAVIDSON_LUCE_MAX_SERIES};
pub use elo::{elo, elo_quick, EloOptions};
pub use glicko::{glicko, GlickoOptions};
pub use hodge_rank::{
    hodge_rank, hodge_residual, HodgeOptions, HodgeResidual, HodgeStat, HodgeWeight,
};
pub use inverse_difficulty::{inverse_difficulty, INVERSE_DIFFICULTY_CLIP};
pub use irt::{irt_fit, rasch, rasch_2pl, rasch_2pl_map, rasch_2pl_priors, rasch_map};
pub use irt_items::{separating_tasks, task_information, IrtFit, IrtModel, ItemFit};
pub use irt_options::{IrtOptions, PRIORS_B_SD, PRIORS_LOG_A_SD};
pub use items::{items, Items, TaskDifficulty, SEPARATING_SHOWN};
pub use kemeny_young::{kemeny_young, KEMENY_MAX_SERIES};
pub use majority_judgment::majority_judgment;
pub use methods::{method, Group, MethodDef, RankOptions, Run, METHODS};
pub use minimax::{minimax, DefeatStrength};
pub use nanson::nanson;
pub use nash::{nash, nash_equilibrium, NashScore};
pub use newton_fit::{
    DEFAULT_LEVEL, DEFAULT_PRIOR_VAR, NEWTON_FULL_STEP, NEWTON_MAX_STEPS, NEWTON_STEP_TOL,
};
pub use outcomes::Outcomes;
pub use pagerank::{pagerank, PageRankOptions};
pub use pairwise_stream::PairwiseTies;
pub use plackett_luce::{plackett_luce, plackett_luce_map};
pub use preferences::{preference_counts, question_wins, TiePolicy};
pub use rank_all::{answer, combine, rank_all, restore, MethodAnswer, RankAll};
pub use rank_centrality::{rank_centrality, RankCentralityOptions, TieHandling};
pub use rank_intervals::{rank_intervals, RankIntervals};
pub use ranked_pairs::ranked_pairs;
pub use ranking::{competition_ranks, RankError, Ranking, Stop, StopReason, TIE_TOL};
pub use rao_kupper::{rao_kupper, rao_kupper_map, DEFAULT_TIE_STRENGTH};
pub use schulze::schulze;
pub use serial_rank::{serial_rank, SerialComparison, SERIAL_RANK_MAX_SERIES};
pub use spectral::{spectral, SpectralOptions};
pub use subset::{smallest_subset, SubsetAnswer, SubsetOptions, SubsetPoint};
pub use thompson::{thompson, ThompsonOptions};
pub use trueskill::{trueskill, TrueSkillOptions};
pub use win_rate::win_rate;
