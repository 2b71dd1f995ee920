//! The first budget at which a (resampled) paired difference turns sign, for the crossover
//! (`compare::crossover`): the budgets searched; the per-task differences computed once per budget; blocks of
//! budgets skipped where per-task bounds show no budget of them can turn; each sign read from
//! a vectorised plain sum where that is clear of its rounding, else from the compensated sum;
//! a grid cell refined by bisection.

use std::collections::{BTreeMap, HashMap};

use crate::analysis::bootstrap::weighted_sum;
use crate::analysis::grids::{k_grid, round_budgets};
use crate::data::counts::Counts;
use crate::estimators::unbiased::pass_at_k;

/// Up to this many budgets every integer k is searched; beyond, a log grid of
/// [`GRID_POINTS`] (and the round budgets), each sign change refined to the integer.
pub const EXACT_UP_TO: u64 = 512;

/// Points of the log grid searched beyond [`EXACT_UP_TO`] (neighbours ≈ 5 % apart at 10⁴).
pub const GRID_POINTS: usize = 200;

/// The budgets searched up to `k_max`, ascending from 1: every integer up to
/// [`EXACT_UP_TO`], beyond a log grid of [`GRID_POINTS`] and the round budgets.
pub(super) fn search_budgets(k_max: u64) -> Vec<u64> {
    if k_max <= EXACT_UP_TO {
        (1..=k_max).collect()
    } else {
        k_grid(k_max, GRID_POINTS, &round_budgets(k_max))
    }
}

/// Searched budgets per block whose per-task bounds let a resample skip the block.
const BLOCK: usize = 16;

/// The per-task differences d_i(k) = pass@k(A_i) − pass@k(B_i), computed once per budget, and
/// the bounds that let a resample skip budgets.
pub(super) struct Differences<'a> {
    pairs: &'a [(Counts, Counts)],
    /// The distinct counts of both sides and each task's two indices into them (made at the
    /// first budget): pass@k is computed once per distinct count (10⁶ tasks of n ≤ 1,000 have
    /// about a third as many).
    distinct: Option<Distinct>,
    at: BTreeMap<u64, Vec<f64>>,
    /// Per block of [`BLOCK`] searched budgets (after k = 1), each task's smallest and
    /// largest difference over the block (empty until [`Differences::bound_blocks`]).
    blocks: Vec<Block>,
    /// The same over every searched budget after k = 1 (one test that can skip them all).
    whole: Option<Block>,
    /// A resample's weights as a dense vector (kept to be filled again).
    dense: Vec<f64>,
}

/// Distinct counts and, per task, the index of A's and of B's.
struct Distinct {
    counts: Vec<Counts>,
    index: Vec<(u32, u32)>,
}

impl Distinct {
    fn new(pairs: &[(Counts, Counts)]) -> Self {
        let mut at: HashMap<(u64, u64), u32> = HashMap::new();
        let mut counts = Vec::new();
        let mut id = |x: Counts| {
            *at.entry((x.n(), x.c())).or_insert_with(|| {
                counts.push(x);
                (counts.len() - 1) as u32
            })
        };
        let index = pairs.iter().map(|(a, b)| (id(*a), id(*b))).collect();
        Distinct { counts, index }
    }

    /// d_i(k) for every task: pass@k of each distinct count, then the tasks' differences.
    fn at(&self, k: u64) -> Vec<f64> {
        let p: Vec<f64> = self
            .counts
            .iter()
            .map(|x| pass_at_k(*x, k).unwrap_or(f64::NAN))
            .collect();
        self.index
            .iter()
            .map(|&(a, b)| p[a as usize] - p[b as usize])
            .collect()
    }
}

/// A resample's weights: as (task, times drawn) for the tasks drawn, and dense.
type Weights<'a> = (&'a [(usize, f64)], &'a [f64]);

/// Σ a_i·b_i in four running sums (which vectorise). Its rounding, at most about
/// (n/4 + 2)·ε·Σ|a_i·b_i|, is far within the margin the sign tests allow.
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut acc = [0.0f64; 4];
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let rest: f64 = (ca.remainder().iter().zip(cb.remainder()))
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for j in 0..4 {
            acc[j] += x[j] * y[j];
        }
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + rest
}

/// A block of searched budgets with each task's extreme differences over it.
struct Block {
    /// The position in the search list after the block's last budget.
    to: usize,
    /// min_k d_i(k) and max_k d_i(k) over the block's budgets, per task.
    min: Vec<f64>,
    max: Vec<f64>,
}

impl Block {
    /// Whether no budget of the block can have the other sign than `sign` under the dense
    /// weights: Σ w_i·min_k(sign·d_i(k)) beyond the rounding `margin`.
    fn holds(&self, dense: &[f64], sign: f64, margin: f64) -> bool {
        let low = if sign > 0.0 { &self.min } else { &self.max };
        dot(dense, low) * sign > margin
    }
}

impl<'a> Differences<'a> {
    /// The differences of `pairs` (A's counts, B's counts), none computed yet.
    pub(super) fn new(pairs: &'a [(Counts, Counts)]) -> Self {
        Differences {
            pairs,
            distinct: None,
            at: BTreeMap::new(),
            blocks: Vec::new(),
            whole: None,
            dense: Vec::new(),
        }
    }

    fn get(&mut self, k: u64) -> &Vec<f64> {
        let pairs = self.pairs;
        let distinct = self.distinct.get_or_insert_with(|| Distinct::new(pairs));
        self.at.entry(k).or_insert_with(|| distinct.at(k))
    }

    /// Σ w·d_i(k) with the sign of the compensated sum over the (task, weight) list: a plain
    /// dense sum where it is farther from 0 than its rounding (`margin`) can reach, else the
    /// compensated sum itself.
    fn signed(&mut self, k: u64, (w, dense): Weights<'_>, margin: f64) -> f64 {
        let plain = dot(dense, self.get(k));
        if plain.abs() > margin {
            plain
        } else {
            weighted_sum(w, self.get(k))
        }
    }

    /// The budget in (`before`, `k`] where the sign turns: `before` has the sign of k = 1 (or
    /// none), `k` the other. By bisection: the integer j with the other sign whose j − 1 has
    /// not (the first such j when the sign turns once between two searched budgets, which
    /// on the grid beyond [`EXACT_UP_TO`] are ≤ 5 % apart; consecutive integers below it).
    fn refine(&mut self, (before, k): (u64, u64), w: Weights<'_>, sign: f64, margin: f64) -> u64 {
        let (mut lo, mut hi) = (before, k);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.signed(mid, w, margin) * sign < 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    }

    /// Each block's per-task extremes over the budgets of `search` (ascending, from 1) after
    /// k = 1, and those over all of them.
    pub(super) fn bound_blocks(&mut self, search: &[u64]) {
        let tasks = self.pairs.len();
        let extremes = |from: usize, to: usize, this: &mut Self| {
            let (mut min, mut max) = (vec![f64::INFINITY; tasks], vec![f64::NEG_INFINITY; tasks]);
            for &k in &search[from..to] {
                // (No difference is NaN up to the smallest n; a NaN sum would never turn the
                // sign, so a block it were left out of is skipped rightly.)
                for (i, &v) in this.get(k).iter().enumerate() {
                    min[i] = min[i].min(v);
                    max[i] = max[i].max(v);
                }
            }
            Block { to, min, max }
        };
        let mut blocks = Vec::new();
        let mut from = 1.min(search.len());
        while from < search.len() {
            let to = (from + BLOCK).min(search.len());
            blocks.push(extremes(from, to, self));
            from = to;
        }
        self.whole = (search.len() > 1).then(|| Block {
            to: search.len(),
            min: (0..tasks)
                .map(|i| {
                    blocks
                        .iter()
                        .map(|b| b.min[i])
                        .fold(f64::INFINITY, f64::min)
                })
                .collect(),
            max: (0..tasks)
                .map(|i| {
                    blocks
                        .iter()
                        .map(|b| b.max[i])
                        .fold(f64::NEG_INFINITY, f64::max)
                })
                .collect(),
        });
        self.blocks = blocks;
    }

    /// The sign at k = 1 and the first budget of `search` (ascending, from 1) at which the
    /// weighted sum has the other sign, refined to the first integer between the budget before
    /// it and it.
    ///
    /// A block of budgets is skipped when Σ w_i·min_k(sign·d_i(k)) over it exceeds the
    /// summation's rounding bound: then no budget of the block can have the other sign, and
    /// the answer is that of the scan of every budget.
    pub(super) fn first_flip(&mut self, search: &[u64], w: &[(usize, f64)]) -> (i8, Option<u64>) {
        // The weights also as a dense vector (0 for the tasks not drawn), for plain sums
        // that vectorise.
        let mut dense = std::mem::take(&mut self.dense);
        dense.clear();
        dense.resize(self.pairs.len(), 0.0);
        for &(i, m) in w {
            dense[i] = m;
        }
        let answer = self.first_flip_with(search, (w, &dense));
        self.dense = dense;
        answer
    }

    /// [`Differences::first_flip`] with the weights also dense.
    fn first_flip_with(&mut self, search: &[u64], ws: Weights<'_>) -> (i8, Option<u64>) {
        let (w, dense) = ws;
        let weight: f64 = w.iter().map(|p| p.1).sum();
        // |d| ≤ 1: each sum (compensated, or the four-lane dot product over every task) is
        // off by at most (tasks · ε) · Σ w; the margin is 64 times that.
        let margin = 64.0 * dense.len().max(1) as f64 * f64::EPSILON * weight;
        // (A compensated sum of 0: no sign, no crossover.)
        let first = self.signed(1, ws, margin);
        let sign = if first > 0.0 {
            1.0
        } else if first < 0.0 {
            -1.0
        } else {
            return (0, None);
        };
        // No budget at all can turn the sign: one sum instead of a block's each.
        if self
            .whole
            .as_ref()
            .is_some_and(|b| b.holds(dense, sign, margin))
        {
            return (sign as i8, None);
        }
        let blocks = std::mem::take(&mut self.blocks);
        let (mut before, mut at, mut found) = (1, 1, None);
        while at < search.len() {
            // At a block's first budget: the whole block skipped where it cannot turn.
            if let Some(b) = ((at - 1) % BLOCK == 0)
                .then(|| blocks.get((at - 1) / BLOCK))
                .flatten()
                .filter(|b| b.holds(dense, sign, margin))
            {
                before = search[b.to - 1];
                at = b.to;
                continue;
            }
            let k = search[at];
            if self.signed(k, ws, margin) * sign < 0.0 {
                found = Some(self.refine((before, k), ws, sign, margin));
                break;
            }
            before = k;
            at += 1;
        }
        self.blocks = blocks;
        (sign as i8, found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::bootstrap::resample_weights;
    use crate::num::rng::SplitMix64;

    fn counts(n: u64, c: u64) -> Counts {
        Counts::new(n, c).unwrap()
    }

    /// The first flip by scanning every budget (no blocks), refined by bisection.
    fn scanned(pairs: &[(Counts, Counts)], search: &[u64], w: &[(usize, f64)]) -> Option<u64> {
        let sum = |k: u64| {
            let d: Vec<f64> = pairs
                .iter()
                .map(|(a, b)| pass_at_k(*a, k).unwrap() - pass_at_k(*b, k).unwrap())
                .collect();
            weighted_sum(w, &d)
        };
        let sign = sum(1).signum();
        let mut before = 1;
        for &k in search.iter().filter(|&&k| k > 1) {
            if sum(k) * sign < 0.0 {
                let (mut lo, mut hi) = (before, k);
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if sum(mid) * sign < 0.0 {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                return Some(hi);
            }
            before = k;
        }
        None
    }

    #[test]
    fn skipping_blocks_finds_what_scanning_every_budget_finds() {
        // Random pairs (some crossing, some not), exact and grid searches: the blocks skip
        // only where no budget can flip.
        let mut rng = SplitMix64::new(68);
        let (mut crossed, mut skipped_all) = (0, 0);
        for case in 0..60 {
            let n = if case % 3 == 0 {
                1500
            } else {
                40 + case as u64
            };
            let tasks = 6 + case % 9;
            let pairs: Vec<(Counts, Counts)> = (0..tasks)
                .map(|_| {
                    // B often all or nothing, A spread: curves that may cross.
                    let ca = 1 + rng.below(n / 3);
                    let cb = match rng.below(3) {
                        0 => 0,
                        1 => n,
                        _ => rng.below(n + 1),
                    };
                    (counts(n, ca), counts(n, cb))
                })
                .collect();
            let search = search_budgets(n);
            let mut d = Differences::new(&pairs);
            d.bound_blocks(&search);
            for _ in 0..20 {
                let w = resample_weights(&mut rng, pairs.len());
                let got = d.first_flip(&search, &w).1;
                assert_eq!(got, scanned(&pairs, &search, &w), "case {case}");
                match got {
                    Some(_) => crossed += 1,
                    None => skipped_all += 1,
                }
            }
        }
        // Both kinds of answer occurred.
        assert!(crossed > 20 && skipped_all > 20, "{crossed} {skipped_all}");
    }
}
