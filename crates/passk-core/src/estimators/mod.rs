//! Every estimator, one concept per file: the unbiased combinatorial estimator and its exact
//! check, its standard errors, G-Pass@k_τ and mG-Pass@k, the Bayesian interval, the
//! Beta-Binomial likelihood and fits (BB, ZOIBB, LinMix), the logit extrapolation and
//! Cover@τ, and the names passk gives them.

pub(crate) mod at_least;
pub(crate) mod avg_at_n;
pub(crate) mod bayes_at_n;
pub(crate) mod bernstein;
pub(crate) mod best_of;
pub(crate) mod beta_binomial;
pub(crate) mod count_posterior;
pub(crate) mod count_score;
pub(crate) mod cover;
pub(crate) mod exact;
pub(crate) mod extrapolate;
pub(crate) mod g_pass;
pub(crate) mod geom;
pub(crate) mod interval;
pub(crate) mod kind;
pub(crate) mod likelihood;
pub(crate) mod linmix;
pub(crate) mod majority;
pub(crate) mod max_reward;
pub mod scaled;
pub(crate) mod stderr;
pub(crate) mod tailpass;
pub(crate) mod unbiased;
pub mod zoibb;

pub use at_least::{AtLeast, Scratch};
pub use avg_at_n::avg_at_n;
pub use bayes_at_n::{
    bayes_at_n, bayes_of_tasks, rubric_of, task_posterior, BayesAtN, BayesError, Rubric,
    RUBRIC_MATCH,
};
pub use bernstein::{beta_binomial_pmf, beta_binomial_pmf_into};
pub use best_of::{best_of_k, mean_best_of_k, mean_max_at_k};
pub use beta_binomial::{
    bb_pass_at_k, bb_pass_hat_k, fit_bb, fit_bb_data, log_box, moments_start, on_edge, BbFit,
    Search, PARAM_MAX, PARAM_MIN,
};
pub use count_posterior::{intervals, Joint, Posterior, Workspace};
pub use count_score::{auc_weights, CountScore, CountScoreError, GENERAL_K_MAX};
pub use cover::{
    auc_plus, auc_plus_matrix, cover_plugin, cover_posterior, cover_posterior_by_task, CoverSteps,
    Tau, TauError, TAIL,
};
pub use exact::{
    binomial, closed_form_check, pass_at_k_exact, pass_hat_k_exact, ratio_to_f64, CheckMethod,
    EXACT_MAX_N,
};
pub use extrapolate::{doubling_budgets, LogitLine, MIN_POINTS};
pub use g_pass::{g_pass, g_pass_task, half, threshold, GPassAtK, GPassTask, Thresholds};
pub use geom::{
    blends, delta, half_blend, pass_unanimous_cov, pass_unanimous_cov_of, Blend, BlendSums, Blends,
};
pub use interval::{
    credible_interval, task_moments, task_moments_ln, Interval, Metric, PassMoments, Prior,
};
pub use kind::{unbiased_else, Estimator, BASES, DEFAULT_ENABLED, MIX_TENTHS};
pub use likelihood::{for_ln_choose, BbData, Pieces, D2};
pub use linmix::{linmix_pass_at_k, linmix_weight};
pub use majority::{maj_at_k, mean_maj_at_k, mean_over, plurality_fraction};
pub use max_reward::{max_reward_at_k, MaxReward, MaxRewardError};
pub use stderr::{
    clustered_se, exact_variance, sampling_se, sampling_se_of, sampling_variance, tasks_se,
    tasks_se_of, SeError, SeKind,
};
pub use tailpass::{profile, scores, Profile, TAILPASS_K_MAX};
pub use unbiased::{
    ln_all_fail, mean_pass_at_k, mean_pass_hat_k, naive_pass_at_k, naive_pass_hat_k, pass_at_k,
    pass_hat_k, BudgetError, ShortTasks,
};
