//! "How this is computed": one collapsible panel per estimator, with its formula, what it
//! assumes, and where it comes from.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

/// (title, formula, assumptions, source).
const NOTES: [(&str, &str, &str, &str); 10] = [
    (
        "Unbiased combinatorial pass@k",
        "pass@k = 1 − C(n−c, k)/C(n, k), averaged over tasks; evaluated as −expm1 of a sum of log1p terms so that tiny values keep every digit.",
        "Samples are exchangeable draws; defined only for k ≤ n (reported undefined beyond, never 1).",
        "Chen et al. (2021), Evaluating Large Language Models Trained on Code.",
    ),
    (
        "Standard errors (± SE)",
        "Over tasks: sd(Ĝᵢ, ddof 1)/√T of the per-task unbiased estimates; cluster-robust √(G/(G−1)·Σ_g e_g²)/T over the groups a group, category, subset, difficulty or level column names. Over samples: √(Σ V̂ᵢ)/T with V̂ᵢ = Ĝ′ᵢ² − C(nᵢ−cᵢ, 2k)/C(nᵢ, 2k), Ĝ′ᵢ = C(nᵢ−cᵢ, k)/C(nᵢ, k), the unbiased estimate of each task's sampling variance (null unless every n ≥ 2k).",
        "Over tasks: the benchmark's tasks are a sample of possible tasks (what lm-evaluation-harness, lighteval and inspect_ai print). Over samples: the tasks are fixed and only the draws vary; E[V̂] equals Hoeffding's exact variance.",
        "Hoeffding (1948) for the U-statistic's variance; the harnesses named for the task standard error.",
    ),
    (
        "G-Pass@k_τ and mG-Pass@k",
        "G-Pass@k_τ = mean over tasks of P(X ≥ ⌈τk⌉), X the passing samples among k drawn without replacement (hypergeometric): τ = 0 is pass@k, τ = 1 is pass^k. mG-Pass@k = (2/k)·Σ_{i=⌈k/2⌉+1}^{k} G-Pass@k_{i/k}. One walk over the pmf from its mode gives every τ.",
        "Stability: how often at least a share τ of k attempts succeed; defined for k ≤ n.",
        "Liu et al. (2024), GPassK / LiveMathBench; as lighteval and scorio compute them.",
    ),
    (
        "Sample-size planner",
        "Samples per task: the smallest n with z·√(Σᵢ Var(Ĝᵢ; n, k, cᵢ/nᵢ))/T ≤ h, Var by Hoeffding's exact formula. Tasks: ⌈(z·sd(Ĝᵢ)/h)²⌉ at the samples drawn.",
        "Each task's rate is its observed c/n (tasks never solved or always solved add no sampling variance); new tasks resemble these.",
        "The variance formulas above, on your own counts.",
    ),
    (
        "Naive plug-in",
        "1 − (1 − c/n)^k per task.",
        "Treats c/n as the true success rate; biased low for k > 1 (Jensen).",
        "The plug-in estimator, for comparison.",
    ),
    (
        "Bayesian credible interval",
        "Per task p | data ~ Beta(α0 + c, β0 + n − c); μ = mean E[1 − (1−p)^k], σ = √(Σ Var)/N, interval μ ± zσ clipped to [0, 1]. Var = E[X²]·(1 − E[X]²/E[X²]), X = (1−p)^k, with the second factor from a sum of positive log1p terms, so σ keeps its digits at n = 10⁹.",
        "Independent tasks, a Beta(α0, β0) prior on each; a normal approximation for the mean.",
        "As in the scorio package.",
    ),
    (
        "Beta-Binomial (BB)",
        "p_i ~ Beta(a, b), c_i ~ Bin(n_i, p_i); (a, b) maximise the marginal likelihood; posterior-predictive pass@k = 1 − B(a+c, b+n−c+k)/B(a+c, b+n−c), any k.",
        "One Beta prior fits all tasks. On sparse successes the fit can run to the binomial limit and overestimate pass@k far beyond n: the page warns.",
        "Vérine et al. (2026), empirical-Bayes pass@k.",
    ),
    (
        "Zero/one-inflated BB (ZOIBB)",
        "p ~ π0·δ0 + π1·δ1 + (1−π0−π1)·Beta(a, b); tasks with c = 0 or c = n get posterior weights on the atoms.",
        "Some tasks are impossible or always solved. Its Beta part can collapse to a point mass and underestimate large k: the page warns.",
        "Vérine et al. (2026).",
    ),
    (
        "LinMix",
        "w(n)·ZOIBB + (1 − w(n))·BB per task, w(n) = clip((n − m_low)/(m_high − m_low), 0, 1), m_low = 10, m_high = 50 by default.",
        "A fixed heuristic between the two fits.",
        "Vérine et al. (2026).",
    ),
    (
        "Cover@τ and the logit line",
        "Cover@τ = share of tasks with c/n ≥ τ (plug-in, exact in integers) or Σ P(p ≥ τ | data)/N under the BB fit; ∫G = pass@1. Extrapolation: least squares of logit(pass@k) on ln k over k = 1, 2, 4, … ≤ n.",
        "Cover reads reliability rather than best-of-k; the extrapolation is a heuristic.",
        "Dragoi et al. (Cover@τ); the log-k trend of pass@k.",
    ),
];

/// The panels.
#[component]
pub fn MethodNotes() -> impl IntoView {
    view! {
        <section class="card" class:folded=move || is_folded("notes") aria-labelledby="notes-title">
            <FoldHead key="notes" title_id="notes-title">"How this is computed"</FoldHead>
            {NOTES
                .iter()
                .map(|(title, formula, assume, source)| {
                    view! {
                        <details class="method">
                            <summary>{*title}</summary>
                            <p><strong>"Formula. "</strong>{*formula}</p>
                            <p><strong>"Assumes. "</strong>{*assume}</p>
                            <p class="muted"><strong>"Source. "</strong>{*source}</p>
                        </details>
                    }
                })
                .collect_view()}
        </section>
    }
}
