//! Tolerances, defined once (as statrs' `prec` module does).
//!
//! Every numeric test compares through these constants, so the accuracy the project promises
//! is written down in exactly one place.

/// Relative accuracy promised for the closed-form estimators (unbiased pass@k, pass^k, naive,
/// credible intervals, Cover@τ) against exact or published values.
pub const CLOSED_FORM_REL: f64 = 1e-12;

/// Absolute accuracy promised near zero, where a relative bound is meaningless.
pub const CLOSED_FORM_ABS: f64 = 1e-14;

/// Agreement with scorio 0.2.3's values, means and interval bounds (`*_ci`) on the real
/// files (issue 54).
pub const SCORIO_MEAN_REL: f64 = 1e-12;

/// Agreement with scorio 0.2.3's posterior standard deviations on the real files (the
/// interval's bounds μ ∓ zσ are held to what the two carry).
pub const SCORIO_SD_REL: f64 = 1e-12;

/// Relative accuracy of the count scores' exact posterior means and sds (TailPass@k's
/// profile) against exact rational arithmetic on the real files, down to values near 1e-300.
pub const EXACT_MOMENT_REL: f64 = 5e-13;

/// Relative accuracy of posterior-predictive values for given fitted parameters.
pub const POSTERIOR_REL: f64 = 1e-10;

/// Relative accuracy of a maximised log-likelihood against an independent search.
pub const FIT_LOGLIK_REL: f64 = 1e-9;

/// Absolute agreement of a bootstrap resample's fitted pass@k (BB, ZOIBB, LinMix, up to
/// k = 10^6 on the real files) between fits that start from the full data's optima and the
/// global search: both stop within the optimiser's tolerance of the same optimum (measured
/// up to 2.2e-6, 300 resamples of each series).
pub const RESAMPLE_FIT_ABS: f64 = 1e-5;

/// The backtest's ZOIBB subsample fits (Newton runs, no grid) against the global search on
/// inflated series: short of its log-likelihood by more than `SUBSAMPLE_GAP_ABS` on at most
/// `SUBSAMPLE_SHORT_SHARE` of the subsamples, and never by `SUBSAMPLE_GAP_MAX`.
pub const SUBSAMPLE_GAP_ABS: f64 = 1e-6;
/// See [`SUBSAMPLE_GAP_ABS`].
pub const SUBSAMPLE_SHORT_SHARE: f64 = 0.01;
/// See [`SUBSAMPLE_GAP_ABS`].
pub const SUBSAMPLE_GAP_MAX: f64 = 0.1;

/// Absolute accuracy of the Beta limit that stands in for the predictive CDF of c/n above
/// 10^5 samples per task (a diagnostic chart's curve; measured below 2e-5 at n = 10^5).
pub const BETA_LIMIT_ABS: f64 = 1e-4;

/// Where a walk over a pmf stops: the terms left are below this share of the sum it keeps
/// (2^-64, far below one ulp of the sum).
pub const TAIL_NEGLIGIBLE: f64 = 5.421_010_862_427_522e-20;

/// Relative accuracy of G-Pass@k_τ and mG-Pass@k far in their tails (down to 10⁻³⁰⁰) against
/// exact rational arithmetic (issue 54): the walk's anchor below 10⁻¹⁰ is a double-double
/// product.
pub const TAIL_EXACT_REL: f64 = 1e-14;

/// Relative accuracy of G-Pass@k_τ, mG-Pass@k and the standard errors against exact rational
/// arithmetic (a pmf walked term by term from its mode).
pub const WALK_REL: f64 = 1e-12;

/// How many Monte Carlo standard errors a simulated moment may stray from its closed form
/// before a test fails (a loose check: the closed form is tested exactly elsewhere).
pub const MONTE_CARLO_SES: f64 = 5.0;

/// Whether `got` is within `rel` relative or `abs` absolute of `want`.
///
/// # Formula
/// `|got − want| ≤ max(rel·|want|, abs)`; two NaNs never compare equal.
pub fn close(got: f64, want: f64, rel: f64, abs: f64) -> bool {
    if got == want {
        return true;
    }
    let diff = (got - want).abs();
    diff <= (rel * want.abs()).max(abs)
}

/// Relative difference `|a − b| / max(|a|, |b|)`, 0 when both are 0.
pub fn rel_diff(a: f64, b: f64) -> f64 {
    if a == b {
        return 0.0;
    }
    (a - b).abs() / a.abs().max(b.abs())
}

/// Relative accuracy of maj@k (binomial-scaled terms from `ln Γ`: 5.5e-13 measured at
/// n = 1000, k = 500) and BoN@k / max@k against exact rational arithmetic.
pub const VOTE_REL: f64 = 1e-12;

// rank: graph

/// Agreement of the graph and spectral rankings (PageRank, Keener, α-Rank, Nash, Rank
/// Centrality, HodgeRank) with scorio 0.2.3 on the real files, over the largest |score|: the
/// same iterations or a direct solve of the same equations, apart by rounding only.
pub const GRAPH_SCORIO_REL: f64 = 1e-12;

/// Agreement of those rankings, solved tightly (power iterations to their fixed point,
/// SerialRank's deflated eigenvector), with an independent dense solve by numpy, over the
/// largest |score|.
pub const GRAPH_EXACT_REL: f64 = 1e-12;

/// Agreement of SerialRank with scorio's vector, over the largest |score|: scorio's `eigh` of
/// `L_S` carries its conditioning, m²/gap · 1e-16 (2.6e-12 measured on Pythia).
pub const SERIAL_RANK_SCORIO_REL: f64 = 1e-10;

/// Agreement of HodgeRank's weighted residual norms with scorio's where they are more than
/// rounding.
pub const HODGE_RESIDUAL_REL: f64 = 1e-9;
// rank: ratings
/// Agreement of the sequential ratings (Elo, Glicko, TrueSkill) with scorio 0.2.3's on the
/// real files: the same updates in the same order; the last bits of `pow` (musl's against
/// glibc's and numpy's) and of φ/Φ (erfc against scipy's erfcx and log_ndtr) differ, and the
/// streams carry those through up to 1.28 million events.
pub const RATING_STREAM_REL: f64 = 1e-9;
// rank: likelihood
/// Relative agreement of the paired-comparison and Luce likelihood fits (analysis::rank)
/// with an independent Newton maximum of scorio 0.2.3's own objective (and with scorio's
/// scores where its optimiser converges that far).
pub const RANK_FIT_REL: f64 = 1e-9;

/// Relative agreement of those fits' standard errors with the independent maximum's, whose
/// Hessian is a central difference of exact (complex-step) gradients.
pub const RANK_SE_REL: f64 = 1e-6;

/// How closely the reference generator's rebuilt objective must equal scorio's own
/// (captured) objective at the maximum, relative.
pub const RANK_OBJECTIVE_REL: f64 = 1e-12;
