//! "How this is computed": one collapsible panel per estimator, with its formula, what it
//! assumes, and where it comes from.

use leptos::prelude::*;

/// (title, formula, assumptions, source).
const NOTES: [(&str, &str, &str, &str); 7] = [
    (
        "Unbiased combinatorial pass@k",
        "pass@k = 1 − C(n−c, k)/C(n, k), averaged over tasks; evaluated as −expm1 of a sum of log1p terms so that tiny values keep every digit.",
        "Samples are exchangeable draws; defined only for k ≤ n (reported undefined beyond, never 1).",
        "Chen et al. (2021), Evaluating Large Language Models Trained on Code.",
    ),
    (
        "Naive plug-in",
        "1 − (1 − c/n)^k per task.",
        "Treats c/n as the true success rate; biased low for k > 1 (Jensen).",
        "The plug-in estimator, for comparison.",
    ),
    (
        "Bayesian credible interval",
        "Per task p | data ~ Beta(α0 + c, β0 + n − c); μ = mean E[1 − (1−p)^k], σ = √(Σ Var)/N, interval μ ± zσ clipped to [0, 1].",
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
        "Cover@τ and the log-logit extrapolation",
        "Cover@τ = share of tasks with c/n ≥ τ (plug-in, exact in integers) or Σ P(p ≥ τ | data)/N under the BB fit; ∫G = pass@1. Extrapolation: least squares of logit(pass@k) on ln k over k = 1, 2, 4, … ≤ n.",
        "Cover reads reliability rather than best-of-k; the extrapolation is a heuristic.",
        "Dragoi et al. (Cover@τ); the log-k trend of pass@k.",
    ),
];

/// The panels.
#[component]
pub fn MethodNotes() -> impl IntoView {
    view! {
        <section class="card" aria-labelledby="notes-title">
            <h2 id="notes-title">"How this is computed"</h2>
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
