//! The ranking methods by name: each method's key (as `passk rank --method` takes it and as
//! scorio 0.2.3 names it), label, group and how it is run with the shared options.

use serde::{Deserialize, Serialize};

use super::by_metric::{by_metric, EvalMetric};
use super::outcomes::Outcomes;
use super::ranking::{competition_ranks, RankError, Ranking, Stop, StopReason};
use crate::analysis::bradley_terry::{bradley_terry, BtError, BtStop};

/// The family a method belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Group {
    /// Paired-comparison likelihoods (Bradley–Terry and its relatives).
    Likelihood,
    /// Sequential ratings (Elo, Glicko, TrueSkill).
    Rating,
    /// Voting rules, each task a voter.
    Voting,
    /// Item response theory.
    ItemResponse,
    /// Spectral and graph methods.
    Graph,
    /// An evaluation metric averaged over tasks.
    Metric,
}

impl Group {
    /// The group's name as people read it.
    pub fn label(self) -> &'static str {
        match self {
            Group::Likelihood => "paired-comparison likelihood",
            Group::Rating => "rating",
            Group::Voting => "voting",
            Group::ItemResponse => "item response",
            Group::Graph => "spectral and graph",
            Group::Metric => "evaluation metric",
        }
    }
}

/// What every method is run with.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RankOptions {
    /// The budget of the metric ranks (pass@k, pass^k, G-Pass@k, mG-Pass@k).
    pub k: u64,
    /// G-Pass@k's τ.
    pub tau: f64,
    /// The two-sided level of every interval.
    pub level: f64,
    /// Task resamples of the rank intervals (0: none).
    pub resamples: u32,
    /// The seed of every random draw.
    pub seed: u64,
}

impl Default for RankOptions {
    fn default() -> RankOptions {
        RankOptions {
            k: 10,
            tau: 0.5,
            level: 0.95,
            resamples: 200,
            seed: 0,
        }
    }
}

/// How a method is run.
pub type Run = fn(&Outcomes, &RankOptions) -> Result<Ranking, RankError>;

/// A ranking method.
#[derive(Debug, Clone, Copy)]
pub struct MethodDef {
    /// Its key (scorio's function name).
    pub key: &'static str,
    /// Its name as people read it.
    pub label: &'static str,
    /// Its family.
    pub group: Group,
    /// How it is run.
    pub run: Run,
    /// Whether its answer rests on random draws (then seeded by the options' seed).
    pub stochastic: bool,
    /// Whether its rank intervals come from task resamples: not for the sequential ratings
    /// and the Bayesian samplers, whose one run on Pythia takes up to 0.3 s (their own
    /// intervals, where they have one, stand instead).
    pub resampled: bool,
}

/// The maximum-likelihood Bradley–Terry strengths (`analysis::bradley_terry`) as a ranking:
/// scores π (geometric mean 1), Fisher intervals, se of ln π.
fn bt_ml(o: &Outcomes, opts: &RankOptions) -> Result<Ranking, RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    let (w, _) = o.pairwise();
    let fit = bradley_terry(w, o.tasks_left_out, opts.level).map_err(|e| match e {
        BtError::TooFew => RankError::TooFew,
        BtError::NotConnected => RankError::NotConnected,
    })?;
    let reason = match fit.stop {
        BtStop::Converged => StopReason::Converged,
        BtStop::NoDecisive => StopReason::Exact,
        BtStop::MaxSteps => StopReason::MaxIterations,
    };
    Ok(Ranking {
        ranks: competition_ranks(&fit.strengths),
        scores: fit.strengths,
        intervals: Some(fit.intervals),
        se: Some(fit.se),
        stop: Some(Stop {
            reason,
            iterations: fit.steps,
        }),
    })
}

/// Every method, in the order the agreement table lists them.
pub const METHODS: &[MethodDef] = &[
    MethodDef {
        key: "avg",
        label: "mean success rate",
        group: Group::Metric,
        run: |o, _| by_metric(o, EvalMetric::Avg),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "pass_at_k",
        label: "pass@k",
        group: Group::Metric,
        run: |o, p| by_metric(o, EvalMetric::PassAtK(p.k)),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "pass_hat_k",
        label: "pass^k",
        group: Group::Metric,
        run: |o, p| by_metric(o, EvalMetric::PassHatK(p.k)),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "g_pass_at_k_tau",
        label: "G-Pass@k_τ",
        group: Group::Metric,
        run: |o, p| by_metric(o, EvalMetric::GPass(p.k, p.tau)),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "mg_pass_at_k",
        label: "mG-Pass@k",
        group: Group::Metric,
        run: |o, p| by_metric(o, EvalMetric::MgPass(p.k)),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "bradley_terry",
        label: "Bradley–Terry",
        group: Group::Likelihood,
        run: bt_ml,
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "pagerank",
        label: "PageRank",
        group: Group::Graph,
        run: |o, _| super::pagerank::pagerank(o, &Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "spectral",
        label: "Keener's spectral",
        group: Group::Graph,
        run: |o, _| super::spectral::spectral(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "rank_centrality",
        label: "Rank Centrality",
        group: Group::Graph,
        run: |o, _| super::rank_centrality::rank_centrality(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "hodge_rank",
        label: "HodgeRank",
        group: Group::Graph,
        run: |o, _| super::hodge_rank::hodge_rank(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "serial_rank",
        label: "SerialRank",
        group: Group::Graph,
        run: |o, _| super::serial_rank::serial_rank(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "alpharank",
        label: "α-Rank",
        group: Group::Graph,
        run: |o, _| super::alpharank::alpharank(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "nash",
        label: "Nash equilibrium",
        group: Group::Graph,
        run: |o, _| super::nash::nash(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "win_rate",
        label: "win rate",
        group: Group::Voting,
        run: |o, _| super::win_rate::win_rate(o),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "borda",
        label: "Borda count",
        group: Group::Voting,
        run: |o, _| super::borda::borda(o),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "copeland",
        label: "Copeland",
        group: Group::Voting,
        run: |o, _| super::copeland::copeland(o),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "minimax",
        label: "minimax",
        group: Group::Voting,
        run: |o, _| super::minimax::minimax(o, Default::default(), Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "schulze",
        label: "Schulze",
        group: Group::Voting,
        run: |o, _| super::schulze::schulze(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "ranked_pairs",
        label: "ranked pairs",
        group: Group::Voting,
        run: |o, _| super::ranked_pairs::ranked_pairs(o, Default::default(), Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "kemeny_young",
        label: "Kemeny–Young",
        group: Group::Voting,
        run: |o, _| super::kemeny_young::kemeny_young(o, Default::default(), true),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "nanson",
        label: "Nanson",
        group: Group::Voting,
        run: |o, _| super::nanson::nanson(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "baldwin",
        label: "Baldwin",
        group: Group::Voting,
        run: |o, _| super::baldwin::baldwin(o, Default::default()),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "majority_judgment",
        label: "majority judgment",
        group: Group::Voting,
        run: |o, _| super::majority_judgment::majority_judgment(o),
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "inverse_difficulty",
        label: "inverse difficulty",
        group: Group::ItemResponse,
        run: |o, _| {
            super::inverse_difficulty::inverse_difficulty(
                o,
                super::inverse_difficulty::INVERSE_DIFFICULTY_CLIP,
            )
        },
        stochastic: false,
        resampled: true,
    },
    MethodDef {
        key: "elo",
        label: "Elo",
        group: Group::Rating,
        run: |o, _| super::elo::elo(o, &Default::default()),
        stochastic: false,
        resampled: false,
    },
    MethodDef {
        key: "glicko",
        label: "Glicko",
        group: Group::Rating,
        run: |o, p| {
            super::glicko::glicko(
                o,
                &super::glicko::GlickoOptions {
                    level: p.level,
                    ..Default::default()
                },
            )
        },
        stochastic: false,
        resampled: false,
    },
    MethodDef {
        key: "trueskill",
        label: "TrueSkill",
        group: Group::Rating,
        run: |o, p| {
            super::trueskill::trueskill(
                o,
                &super::trueskill::TrueSkillOptions {
                    level: p.level,
                    ..Default::default()
                },
            )
        },
        stochastic: false,
        resampled: false,
    },
    MethodDef {
        key: "thompson",
        label: "Thompson sampling",
        group: Group::Rating,
        run: |o, p| {
            super::thompson::thompson(
                o,
                &super::thompson::ThompsonOptions {
                    seed: p.seed,
                    ..Default::default()
                },
            )
        },
        stochastic: true,
        resampled: false,
    },
    MethodDef {
        key: "bayesian_mcmc",
        label: "Bayesian Bradley–Terry (MCMC)",
        group: Group::Rating,
        run: |o, p| {
            super::bayesian_mcmc::bayesian_mcmc(
                o,
                &super::bayesian_mcmc::McmcOptions {
                    seed: p.seed,
                    level: p.level,
                    ..Default::default()
                },
            )
        },
        stochastic: true,
        resampled: false,
    },
];

/// The method of `key`.
pub fn method(key: &str) -> Option<&'static MethodDef> {
    METHODS.iter().find(|m| m.key == key)
}
