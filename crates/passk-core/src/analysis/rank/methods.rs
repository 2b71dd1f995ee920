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
    /// with intervals of their own (Glicko, TrueSkill), the MCMC sampler (its posterior) and
    /// the 2PL fits (Fisher).
    pub resampled: bool,
    /// How the resamples run it, when not as `run` (Elo: [`elo_quick`](super::elo::elo_quick),
    /// scorio's ratings to rounding, several times faster).
    pub resample_run: Option<Run>,
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

/// scorio's default prior variance of the MAP fits.
const PRIOR: f64 = super::newton_fit::DEFAULT_PRIOR_VAR;
/// scorio's default tie strength κ of Rao–Kupper.
const TIE: f64 = super::rao_kupper::DEFAULT_TIE_STRENGTH;

/// A method's entry.
const fn def(
    key: &'static str,
    label: &'static str,
    group: Group,
    run: Run,
    stochastic: bool,
    resampled: bool,
) -> MethodDef {
    MethodDef {
        key,
        label,
        group,
        run,
        stochastic,
        resampled,
        resample_run: None,
    }
}

/// `d` with its resamples run by `run`.
const fn resampled_by(mut d: MethodDef, run: Run) -> MethodDef {
    d.resample_run = Some(run);
    d
}

/// Every method, in the order the agreement table lists them.
#[rustfmt::skip]
pub const METHODS: &[MethodDef] = &[
    def("avg", "mean success rate", Group::Metric, |o, _| by_metric(o, EvalMetric::Avg), false, true),
    def("pass_at_k", "pass@k", Group::Metric, |o, p| by_metric(o, EvalMetric::PassAtK(p.k)), false, true),
    def("pass_hat_k", "pass^k", Group::Metric, |o, p| by_metric(o, EvalMetric::PassHatK(p.k)), false, true),
    def("g_pass_at_k_tau", "G-Pass@k_τ", Group::Metric, |o, p| by_metric(o, EvalMetric::GPass(p.k, p.tau)), false, true),
    def("mg_pass_at_k", "mG-Pass@k", Group::Metric, |o, p| by_metric(o, EvalMetric::MgPass(p.k)), false, true),
    def("bradley_terry", "Bradley–Terry", Group::Likelihood, bt_ml, false, true),
    def("bradley_terry_map", "Bradley–Terry (MAP)", Group::Likelihood, |o, p| super::bradley_terry_map::bradley_terry_map(o, PRIOR, p.level), false, true),
    def("bradley_terry_davidson", "Davidson (ties)", Group::Likelihood, |o, p| super::bradley_terry_davidson::bradley_terry_davidson(o, p.level), false, true),
    def("bradley_terry_davidson_map", "Davidson (ties, MAP)", Group::Likelihood, |o, p| super::bradley_terry_davidson::bradley_terry_davidson_map(o, PRIOR, p.level), false, true),
    def("rao_kupper", "Rao–Kupper (ties)", Group::Likelihood, |o, p| super::rao_kupper::rao_kupper(o, TIE, p.level), false, true),
    def("rao_kupper_map", "Rao–Kupper (ties, MAP)", Group::Likelihood, |o, p| super::rao_kupper::rao_kupper_map(o, TIE, PRIOR, p.level), false, true),
    def("plackett_luce", "Plackett–Luce", Group::Likelihood, |o, p| super::plackett_luce::plackett_luce(o, p.level), false, true),
    def("plackett_luce_map", "Plackett–Luce (MAP)", Group::Likelihood, |o, p| super::plackett_luce::plackett_luce_map(o, PRIOR, p.level), false, true),
    def("bradley_terry_luce", "Bradley–Terry–Luce", Group::Likelihood, |o, p| super::bradley_terry_luce::bradley_terry_luce(o, p.level), false, true),
    def("bradley_terry_luce_map", "Bradley–Terry–Luce (MAP)", Group::Likelihood, |o, p| super::bradley_terry_luce::bradley_terry_luce_map(o, PRIOR, p.level), false, true),
    def("davidson_luce", "Davidson–Luce (ties)", Group::Likelihood, |o, p| super::davidson_luce::davidson_luce(o, None, p.level), false, true),
    def("davidson_luce_map", "Davidson–Luce (ties, MAP)", Group::Likelihood, |o, p| super::davidson_luce::davidson_luce_map(o, PRIOR, None, p.level), false, true),
    def("pagerank", "PageRank", Group::Graph, |o, _| super::pagerank::pagerank(o, &Default::default()), false, true),
    def("spectral", "Keener's spectral", Group::Graph, |o, _| super::spectral::spectral(o, Default::default()), false, true),
    def("rank_centrality", "Rank Centrality", Group::Graph, |o, _| super::rank_centrality::rank_centrality(o, Default::default()), false, true),
    def("hodge_rank", "HodgeRank", Group::Graph, |o, _| super::hodge_rank::hodge_rank(o, Default::default()), false, true),
    def("serial_rank", "SerialRank", Group::Graph, |o, _| super::serial_rank::serial_rank(o, Default::default()), false, true),
    def("alpharank", "α-Rank", Group::Graph, |o, _| super::alpharank::alpharank(o, Default::default()), false, true),
    def("nash", "Nash equilibrium", Group::Graph, |o, _| super::nash::nash(o, Default::default()), false, true),
    def("win_rate", "win rate", Group::Voting, |o, _| super::win_rate::win_rate(o), false, true),
    def("borda", "Borda count", Group::Voting, |o, _| super::borda::borda(o), false, true),
    def("copeland", "Copeland", Group::Voting, |o, _| super::copeland::copeland(o), false, true),
    def("minimax", "minimax", Group::Voting, |o, _| super::minimax::minimax(o, Default::default(), Default::default()), false, true),
    def("schulze", "Schulze", Group::Voting, |o, _| super::schulze::schulze(o, Default::default()), false, true),
    def("ranked_pairs", "ranked pairs", Group::Voting, |o, _| super::ranked_pairs::ranked_pairs(o, Default::default(), Default::default()), false, true),
    def("kemeny_young", "Kemeny–Young", Group::Voting, |o, _| super::kemeny_young::kemeny_young(o, Default::default(), true), false, true),
    def("nanson", "Nanson", Group::Voting, |o, _| super::nanson::nanson(o, Default::default()), false, true),
    def("baldwin", "Baldwin", Group::Voting, |o, _| super::baldwin::baldwin(o, Default::default()), false, true),
    def("majority_judgment", "majority judgment", Group::Voting, |o, _| super::majority_judgment::majority_judgment(o), false, true),
    def("rasch", "Rasch", Group::ItemResponse, |o, _| super::irt::rasch(o), false, true),
    def("rasch_map", "Rasch (MAP)", Group::ItemResponse, |o, _| super::irt::rasch_map(o, PRIOR), false, true),
    def("rasch_2pl", "2PL", Group::ItemResponse, |o, _| super::irt::rasch_2pl(o, super::irt_options::IrtOptions::rasch_2pl().reg_discrimination), false, false),
    def("rasch_2pl_map", "2PL (MAP)", Group::ItemResponse, |o, _| { let d = super::irt_options::IrtOptions::rasch_2pl_map(); super::irt::rasch_2pl_map(o, d.prior_var.unwrap_or(PRIOR), d.reg_discrimination) }, false, false),
    def("rasch_2pl_priors", "2PL (priors on ln a, b)", Group::ItemResponse, |o, _| super::irt::rasch_2pl_priors(o), false, false),
    def("inverse_difficulty", "inverse difficulty", Group::ItemResponse, |o, _| { super::inverse_difficulty::inverse_difficulty(o, super::inverse_difficulty::INVERSE_DIFFICULTY_CLIP,) }, false, true),
    resampled_by(def("elo", "Elo", Group::Rating, |o, _| super::elo::elo(o, &Default::default()), false, true), |o, _| super::elo::elo_quick(o, &Default::default())),
    def("glicko", "Glicko", Group::Rating, |o, p| { super::glicko::glicko(o, &super::glicko::GlickoOptions { level: p.level, ..Default::default() },) }, false, false),
    def("trueskill", "TrueSkill", Group::Rating, |o, p| { super::trueskill::trueskill(o, &super::trueskill::TrueSkillOptions { level: p.level, ..Default::default() },) }, false, false),
    def("thompson", "Thompson sampling", Group::Rating, |o, p| { super::thompson::thompson(o, &super::thompson::ThompsonOptions { seed: p.seed, ..Default::default() },) }, true, true),
    def("bayesian_mcmc", "Bayesian Bradley–Terry (MCMC)", Group::Rating, |o, p| { super::bayesian_mcmc::bayesian_mcmc(o, &super::bayesian_mcmc::McmcOptions { seed: p.seed, level: p.level, ..Default::default() },) }, true, false),
];

/// The method of `key`.
pub fn method(key: &str) -> Option<&'static MethodDef> {
    METHODS.iter().find(|m| m.key == key)
}
