//! The smallest benchmark that keeps the order (issue 71): how few of the shared tasks, taken
//! as a systematic sample along the Rasch difficulty order, still rank the series as the full
//! benchmark does, with the curve over sizes and a held-out check of the choice on split
//! samples. The rule itself is in `subset_rule.rs`. No scorio counterpart.

use serde::{Deserialize, Serialize};

use super::outcomes::Outcomes;
use super::ranking::RankError;
use super::subset_rule::{check, difficulty_order, held_out, reference, smallest, systematic};
use crate::analysis::bradley_terry::kendall_tau_b;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;

/// What [`smallest_subset`] asks; [`Default`] gives level 0.95, 50 splits, seed 0 and a
/// tolerance of 0.01 (±1 point of pass@1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SubsetOptions {
    /// The level of the paired test deciding which pairs are separated (0.95).
    pub level: f64,
    /// Held-out validations: random halvings of every task's samples (50; 0 skips them).
    pub splits: u32,
    /// The seed of the halvings.
    pub seed: u64,
    /// How far a series' pass@1 on the subset may be from its full pass@1, as a fraction
    /// (0.01 = ±1 point).
    pub points_tol: f64,
}

impl Default for SubsetOptions {
    fn default() -> Self {
        SubsetOptions {
            level: 0.95,
            splits: 50,
            seed: 0,
            points_tol: 0.01,
        }
    }
}

/// One size on the curve of [`SubsetAnswer::curve`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SubsetPoint {
    /// Tasks in the subset.
    pub size: usize,
    /// Kendall's τ-b between the series' pass@1 on the subset and on all tasks (NaN when
    /// either is constant).
    pub tau_b: f64,
    /// The largest |pass@1 on the subset − full pass@1| over the series, as a fraction.
    pub max_points_off: f64,
    /// Whether the subset keeps the order (every separated pair's sign, every pass@1 within
    /// the tolerance).
    pub keeps: bool,
}

/// The smallest subset of tasks that keeps the order, the curve over sizes and the held-out
/// check; see [`smallest_subset`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubsetAnswer {
    /// The smallest size m from which every larger size keeps the order.
    pub size: usize,
    /// The chosen tasks (indices in the outcomes, ascending).
    pub tasks: Vec<usize>,
    /// Their ids.
    pub ids: Vec<String>,
    /// Every size up to 50, then about 40 sizes spaced evenly in log up to all tasks.
    pub curve: Vec<SubsetPoint>,
    /// The pairs (i < j) whose full-data pass@1 differ beyond the paired test; only these
    /// must keep their order.
    pub separated_pairs: Vec<(usize, usize)>,
    /// Held-out splits where the tasks chosen on one half kept the other half's order.
    pub held: u32,
    /// Held-out splits run (0 when no task has two samples or more).
    pub splits: u32,
    /// held / splits (NaN when no split ran).
    pub held_share: f64,
    /// The mean size chosen on the first halves (NaN when no split ran).
    pub mean_split_size: f64,
    /// Tasks left out of the held-out splits for having fewer than two samples.
    pub split_tasks_skipped: usize,
    /// Splits whose first half fell back to ordering by mean pass rate (the Rasch fit refused).
    pub split_fallbacks: u32,
    /// The rule, in a line.
    pub rule: String,
    /// True when the Rasch fit refused and the tasks were ordered by mean c/n instead.
    pub fallback: bool,
}

/// The rule in a line, for [`SubsetAnswer::rule`].
const RULE: &str = "smallest m from which every larger m keeps the order: m tasks at positions \
     floor((i+0.5)T/m) along the Rasch difficulty order keep the sign of every pair separated \
     by a paired z-test over tasks and every pass@1 within points_tol";

/// Sizes spaced in log beyond the first 50 on the curve.
const LOG_SIZES: u32 = 40;
/// Every size up to this one is on the curve.
const DENSE_SIZES: usize = 50;

/// The sizes on the curve: 1..=min(50, T), then ~40 sizes 50·(T/50)^(k/40), and T.
fn grid(t: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (1..=t.min(DENSE_SIZES)).collect();
    if t > DENSE_SIZES {
        let ratio = t as f64 / DENSE_SIZES as f64;
        for k in 1..=LOG_SIZES {
            let m = (DENSE_SIZES as f64 * ratio.libm_pow(k as f64 / LOG_SIZES as f64)).round();
            let m = (m as usize).clamp(1, t);
            if out.last().is_some_and(|l| m > *l) {
                out.push(m);
            }
        }
        if out.last() != Some(&t) {
            out.push(t);
        }
    }
    out
}

/// Refuse outcomes the rule cannot read: under two series, no task, rows of another length,
/// a task without samples, or more passes than samples.
fn validate(o: &Outcomes, opts: &SubsetOptions) -> Result<(), RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    let other = |s: &str| Err(RankError::Other(s.to_string()));
    if o.c.iter().any(|row| row.len() != o.tasks()) {
        return other("every series needs a count for every task");
    }
    if o.n.contains(&0) {
        return other("a task has no samples: its pass@1 is undefined");
    }
    if o.c
        .iter()
        .any(|row| row.iter().zip(&o.n).any(|(c, n)| c > n))
    {
        return other("a task has more passes than samples");
    }
    if !(opts.level > 0.0 && opts.level < 1.0) {
        return other("the level must lie in (0, 1)");
    }
    if opts.points_tol.is_nan() || opts.points_tol < 0.0 {
        return other("points_tol must be a number ≥ 0");
    }
    Ok(())
}

/// The smallest benchmark that keeps the order: how few tasks, sampled systematically along
/// the Rasch difficulty order, rank the series as all of them do (issue 71; scorio has no such
/// function).
///
/// # Formula
/// 1. *Reference.* pass@1_s = (1/T) Σ_t c_st/n_t. Pair (i, j) is *separated* when
///    |d̄| > z·sd(d)/√T, d_t = c_it/n_t − c_jt/n_t (paired over tasks, sd with T − 1,
///    z = [`two_sided_z`]`(level)`); with T < 2 no pair is. Only separated pairs must keep
///    their order: an unseparated pair's order is noise, and asking a subset to keep it would
///    ask it to reproduce noise (its size would grow with T for no reason).
/// 2. *Candidates.* The tasks are ordered from easy to hard by the Rasch difficulty
///    ([`irt_fit`](super::irt_fit) with [`IrtOptions::rasch`](super::IrtOptions::rasch);
///    tasks passed by everyone first, failed by everyone last); the subset of size m is the
///    systematic sample at positions ⌊(i + ½)·T/m⌋, i = 0..m. It keeps the difficulty
///    distribution (each of m equal strata of difficulty gives its middle task), so pass@1 on
///    the subset estimates the full pass@1 without reweighting, and it spans every
///    difficulty, including those where series
///    separate. If the fit refuses, the order is by mean c/n over the series
///    ([`SubsetAnswer::fallback`]).
/// 3. *Keeping the order.* Every separated pair has the same sign of pass@1 difference on the
///    subset as on all tasks (a tie on the subset does not keep it), and every series' pass@1
///    on the subset is within `points_tol` of its full pass@1.
/// 4. *Answer.* Keeping is not monotone in m, so the size is the smallest m such that every
///    m' ≥ m keeps (scanning down from T, which keeps by construction); the curve gives τ-b
///    ([`kendall_tau_b`]), the largest |Δ pass@1| and keeping at every size up to 50 and ~40
///    log-spaced sizes up to T.
/// 5. *Held-out.* Each of `splits` seeded halvings draws c_A ~ Hypergeometric(n, c, ⌊n/2⌋)
///    per task and series (c_B = c − c_A); steps 1–4 on half A choose the tasks, which must
///    keep half B's order (step 3 against B's separated pairs and pass@1). Tasks with n < 2
///    are left out of the halvings ([`SubsetAnswer::split_tasks_skipped`]).
///
/// # Errors
/// [`RankError::TooFew`] (under two series), [`RankError::NoTasks`], [`RankError::Other`] for
/// a task without samples, more passes than samples, rows of another length, a level outside
/// (0, 1) or a tolerance not ≥ 0.
pub fn smallest_subset(o: &Outcomes, opts: &SubsetOptions) -> Result<SubsetAnswer, RankError> {
    validate(o, opts)?;
    let z = two_sided_z(opts.level);
    let r = reference(o, z);
    let (order, fallback) = difficulty_order(o, &r);
    let size = smallest(&r, &order, opts.points_tol);
    let tasks = systematic(&order, size);
    let ids = tasks
        .iter()
        .map(|t| {
            o.ids
                .get(*t)
                .cloned()
                .unwrap_or_else(|| (t + 1).to_string())
        })
        .collect();
    let curve = grid(order.len())
        .into_iter()
        .map(|m| {
            let (keeps, off, sub) = check(&r, &systematic(&order, m), opts.points_tol);
            SubsetPoint {
                size: m,
                tau_b: kendall_tau_b(&sub, &r.p1),
                max_points_off: off,
                keeps,
            }
        })
        .collect();
    let h = held_out(o, opts.splits, opts.seed, opts.points_tol, z);
    let share = |x: f64| {
        if h.splits > 0 {
            x / f64::from(h.splits)
        } else {
            f64::NAN
        }
    };
    Ok(SubsetAnswer {
        size,
        tasks,
        ids,
        curve,
        separated_pairs: r.separated,
        held: h.held,
        splits: h.splits,
        held_share: share(f64::from(h.held)),
        mean_split_size: share(h.size_sum as f64),
        split_tasks_skipped: h.skipped,
        split_fallbacks: h.fallbacks,
        rule: RULE.to_string(),
        fallback,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systematic_positions_and_grid() {
        let order: Vec<usize> = (0..10).rev().collect();
        // T = 10, m = 3: positions ⌊0.5·10/3⌋ = 1, ⌊1.5·10/3⌋ = 5, ⌊2.5·10/3⌋ = 8.
        assert_eq!(systematic(&order, 3), vec![1, 4, 8]);
        assert_eq!(systematic(&order, 10), (0..10).collect::<Vec<_>>());
        let g = grid(1000);
        assert_eq!(&g[..3], &[1, 2, 3]);
        assert_eq!(g.last(), Some(&1000));
        assert!(g.windows(2).all(|w| w[0] < w[1]));
        assert!(g.len() <= 50 + 41);
        assert_eq!(grid(7), (1..=7).collect::<Vec<_>>());
    }
}
