//! The paired test of two series at one budget: the mean of the per-task differences of the
//! unbiased pass@k, its standard error, z, the two-sided p and P(A better); McNemar's exact p
//! when every task has one sample; and the expected solved sets.

use serde::{Deserialize, Serialize};

use crate::data::counts::Counts;
use crate::estimators::unbiased::pass_at_k;
use crate::num::libm_math::LibmMath;
use crate::num::normal::{normal_cdf, two_sided_p};
use crate::num::sum::sum;

/// Expected numbers of tasks solved at budget k by A only, B only, both and neither.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Solved {
    /// Σ Ĝ_A (1 − Ĝ_B).
    pub a_only: f64,
    /// Σ (1 − Ĝ_A) Ĝ_B.
    pub b_only: f64,
    /// Σ Ĝ_A Ĝ_B.
    pub both: f64,
    /// Σ (1 − Ĝ_A)(1 − Ĝ_B).
    pub neither: f64,
}

/// Tasks solved (c > 0) in the samples drawn by A only, B only, both and neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolvedCounts {
    /// c_A > 0, c_B = 0.
    pub a_only: u64,
    /// c_A = 0, c_B > 0.
    pub b_only: u64,
    /// Both c > 0.
    pub both: u64,
    /// Both c = 0.
    pub neither: u64,
}

impl SolvedCounts {
    /// The counts of `pairs` (A's counts, B's counts).
    pub fn of(pairs: &[(Counts, Counts)]) -> SolvedCounts {
        let mut s = SolvedCounts {
            a_only: 0,
            b_only: 0,
            both: 0,
            neither: 0,
        };
        for (a, b) in pairs {
            match (a.c() > 0, b.c() > 0) {
                (true, false) => s.a_only += 1,
                (false, true) => s.b_only += 1,
                (true, true) => s.both += 1,
                (false, false) => s.neither += 1,
            }
        }
        s
    }
}

/// The paired test at one budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairTest {
    /// Budget.
    pub k: u64,
    /// Tasks paired.
    pub tasks: u64,
    /// Mean of d_i = Ĝ_A,i(k) − Ĝ_B,i(k).
    pub diff: f64,
    /// sd(d_i, ddof 1)/√T (None when T < 2).
    pub se: Option<f64>,
    /// diff / se (None when se is None or 0).
    pub z: Option<f64>,
    /// Two-sided p = 2(1 − Φ(|z|)) (0 below the smallest double: see `log10_p`).
    pub p: Option<f64>,
    /// log₁₀ p, kept where p itself underflows (|z| beyond about 37).
    pub log10_p: Option<f64>,
    /// Φ(z): the normal approximation's probability that A is better.
    pub prob_a_better: Option<f64>,
    /// McNemar's exact two-sided p, when every task has n = 1 in both series.
    pub mcnemar_p: Option<f64>,
    /// Why z, p and P(A better) are missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_null: Option<String>,
    /// Expected solved sets at k.
    pub solved: Solved,
}

/// Why a paired test cannot run at a budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairTestError {
    /// No pairs.
    Empty,
    /// k is 0 or beyond some pair's n.
    Budget(u64),
}

impl std::fmt::Display for PairTestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairTestError::Empty => write!(f, "no task is paired"),
            PairTestError::Budget(k) => {
                write!(f, "k = {k} is 0 or beyond the samples of some paired task")
            }
        }
    }
}

impl std::error::Error for PairTestError {}

/// log₁₀ of [`two_sided_p`], also where p underflows.
///
/// # Formula
/// log₁₀ erfc(x), x = |z|/√2, while erfc(x) > 10⁻³⁰⁰; beyond, the asymptotic series
/// erfc(x) = e^(−x²)/(x√π)·(1 − 1/(2x²) + 3/(4x⁴) − 15/(8x⁶)), whose next term is below 10⁻¹¹
/// of the sum there (x > 26).
pub fn log10_two_sided_p(z: f64) -> f64 {
    let p = two_sided_p(z);
    if p > 1e-300 {
        return p.libm_log10();
    }
    log10_erfc_asymptotic(z.abs() / std::f64::consts::SQRT_2)
}

fn log10_erfc_asymptotic(x: f64) -> f64 {
    let x2 = x * x;
    let series = 1.0 - 1.0 / (2.0 * x2) + 3.0 / (4.0 * x2 * x2) - 15.0 / (8.0 * x2 * x2 * x2);
    let ln = -x2 - (x * std::f64::consts::PI.sqrt()).libm_ln() + series.libm_ln();
    ln / std::f64::consts::LN_10
}

/// McNemar's exact two-sided p for `b` and `c` discordant pairs.
///
/// # Formula
/// min(1, 2 Σ_{i ≤ min(b, c)} C(b + c, i) / 2^(b+c)); 1 when b + c = 0. The terms are summed in
/// log space from the largest, so the p of thousands of pairs keeps its relative precision.
pub fn mcnemar_exact(b: u64, c: u64) -> f64 {
    let n = b + c;
    if n == 0 {
        return 1.0;
    }
    let m = b.min(c);
    let ln_term = |i: u64| {
        crate::num::gamma::ln_gamma(n as f64 + 1.0)
            - crate::num::gamma::ln_gamma(i as f64 + 1.0)
            - crate::num::gamma::ln_gamma((n - i) as f64 + 1.0)
            - n as f64 * std::f64::consts::LN_2
    };
    // The largest term is at i = m (the tail is below the mode); scale by it.
    let top = ln_term(m);
    let scaled = sum((0..=m).rev().map(|i| libm::exp(ln_term(i) - top)));
    (2.0 * libm::exp(top) * scaled).min(1.0)
}

/// The paired test of `pairs` (A's counts, B's counts) at budget `k`.
///
/// # Formula
/// d_i = Ĝ_A,i(k) − Ĝ_B,i(k), Ĝ the unbiased pass@k (estimators.md §1); diff = mean d_i;
/// se = sd(d_i, ddof 1)/√T; z = diff/se; p = 2(1 − Φ(|z|)); P(A better) = Φ(z). Solved sets:
/// Σ Ĝ_A(1 − Ĝ_B), Σ (1 − Ĝ_A)Ĝ_B, Σ Ĝ_A Ĝ_B, Σ (1 − Ĝ_A)(1 − Ĝ_B) — unbiased, A's and B's
/// samples being independent.
///
/// # Errors
/// [`PairTestError`] when there is no pair or k is 0 or beyond some pair's n.
pub fn pair_test(pairs: &[(Counts, Counts)], k: u64) -> Result<PairTest, PairTestError> {
    if pairs.is_empty() {
        return Err(PairTestError::Empty);
    }
    let g: Vec<(f64, f64)> = pairs
        .iter()
        .map(|(a, b)| Ok((pass_at_k(*a, k)?, pass_at_k(*b, k)?)))
        .collect::<Result<_, crate::estimators::unbiased::BudgetError>>()
        .map_err(|_| PairTestError::Budget(k))?;
    let t = g.len() as f64;
    let diff = sum(g.iter().map(|(a, b)| a - b)) / t;
    let se = (g.len() > 1).then(|| {
        let ss = sum(g.iter().map(|(a, b)| {
            let d = a - b - diff;
            d * d
        }));
        (ss / (t - 1.0) / t).sqrt()
    });
    let (z, why_null) = match se {
        None => (None, Some("fewer than two paired tasks".to_string())),
        Some(0.0) => (
            None,
            Some("every paired task has the same difference: the standard error is 0".into()),
        ),
        Some(s) => (Some(diff / s), None),
    };
    let mcnemar_p = pairs
        .iter()
        .all(|(a, b)| a.n() == 1 && b.n() == 1)
        .then(|| {
            let b = pairs
                .iter()
                .filter(|(a, b)| a.c() == 1 && b.c() == 0)
                .count() as u64;
            let c = pairs
                .iter()
                .filter(|(a, b)| a.c() == 0 && b.c() == 1)
                .count() as u64;
            mcnemar_exact(b, c)
        });
    let solved = Solved {
        a_only: sum(g.iter().map(|(a, b)| a * (1.0 - b))),
        b_only: sum(g.iter().map(|(a, b)| (1.0 - a) * b)),
        both: sum(g.iter().map(|(a, b)| a * b)),
        neither: sum(g.iter().map(|(a, b)| (1.0 - a) * (1.0 - b))),
    };
    Ok(PairTest {
        k,
        tasks: g.len() as u64,
        diff,
        se,
        z,
        p: z.map(two_sided_p),
        log10_p: z.map(log10_two_sided_p),
        prob_a_better: z.map(normal_cdf),
        mcnemar_p,
        why_null,
        solved,
    })
}

// Exact rationals are a native dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

#[cfg(test)]
mod tail_tests {
    use super::*;
    use crate::num::prec::close;

    #[test]
    fn the_log_of_p_continues_past_the_underflow() {
        // Where both exist (x = 26 … 26.5: erfc ≈ 1e-296 … 1e-307), the series equals
        // log10 erfc to 1e-12 relative.
        for x in [26.0, 26.2, 26.5] {
            let direct = libm::erfc(x).libm_log10();
            assert!(close(log10_erfc_asymptotic(x), direct, 1e-12, 0.0), "{x}");
        }
        // Beyond, p is 0 but its log goes on, decreasing.
        assert_eq!(two_sided_p(60.0), 0.0);
        let (a, b) = (log10_two_sided_p(60.0), log10_two_sided_p(61.0));
        assert!(a < -780.0 && b < a, "{a} {b}");
        assert!(close(
            log10_two_sided_p(1.959_963_984_540_054),
            0.05f64.libm_log10(),
            1e-14,
            0.0
        ));
    }
}
