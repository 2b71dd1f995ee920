//! Every estimator, one concept per file: the unbiased combinatorial estimator and its exact
//! check, its standard errors, G-Pass@k_τ and mG-Pass@k, the Bayesian interval, the
//! Beta-Binomial likelihood and fits (BB, ZOIBB, LinMix), the logit extrapolation and
//! Cover@τ, and the names passk gives them.

pub mod at_least;
pub mod avg_at_n;
pub mod bayes_at_n;
pub mod bernstein;
pub mod best_of;
pub mod beta_binomial;
pub mod count_posterior;
pub mod count_score;
pub mod cover;
pub mod exact;
pub mod extrapolate;
pub mod g_pass;
pub mod geom;
pub mod interval;
pub mod kind;
pub mod likelihood;
pub mod linmix;
pub mod majority;
pub mod max_reward;
pub mod scaled;
pub mod stderr;
pub mod tailpass;
pub mod unbiased;
pub mod zoibb;
