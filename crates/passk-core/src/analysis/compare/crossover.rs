//! Where two curves cross: the smallest integer budget at which the paired difference
//! pass@k(A) − pass@k(B) has the other sign than at k = 1, with a paired task-bootstrap
//! interval over at least [`CROSSOVER_RESAMPLES`] seeded resamples (the same in every door)
//! and the share of resamples that cross.

use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use crate::analysis::bootstrap::{resample_weights, weighted_sum};
use crate::analysis::curves::{k_grid, round_budgets};
use crate::data::counts::Counts;
use crate::estimators::unbiased::pass_at_k;
use crate::num::rng::SplitMix64;
use crate::settings::Settings;

/// The crossover of a pair.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Crossover {
    /// The largest budget searched: every integer k from 1 to the smallest n of the pairs.
    pub k_max: u64,
    /// Which series is ahead at k = 1: 1 (A), −1 (B), 0 (neither).
    pub sign_at_1: i8,
    /// The smallest k whose difference has the other sign (None: no crossover up to k_max).
    pub k: Option<u64>,
    /// The 2.5 and 97.5 percentiles of the crossover over the resamples that have one: order
    /// statistics, so integer budgets like the crossover itself ([`integer_interval`]).
    pub interval: Option<(u64, u64)>,
    /// The share of resamples without a crossover up to k_max.
    pub no_crossover_share: Option<f64>,
    /// Resamples drawn.
    pub resamples: u64,
}

/// The fewest resamples of the crossover's interval, whatever the bootstrap setting (more
/// when it asks for more): its endpoints are extreme percentiles, which a few hundred
/// resamples place a handful of budgets off (DeepScaleR: 12–41 at 200, 13–46 at 2,000).
pub const CROSSOVER_RESAMPLES: u64 = 2_000;

/// Grid budgets per block whose per-task bounds let a resample skip the block
/// ([`Differences::first_flip`]).
const BLOCK: usize = 16;

/// Up to this many budgets every integer k is searched; beyond, a log grid of
/// [`GRID_POINTS`] (and the round budgets), each sign change refined to the integer.
pub const EXACT_UP_TO: u64 = 512;

/// Points of the log grid searched beyond [`EXACT_UP_TO`] (neighbours ≈ 5 % apart at 10⁴).
pub const GRID_POINTS: usize = 200;

/// The per-task differences d_i(k) = pass@k(A_i) − pass@k(B_i), computed once per budget.
struct Differences<'a> {
    pairs: &'a [(Counts, Counts)],
    at: BTreeMap<u64, Vec<f64>>,
    /// Per block of [`BLOCK`] searched budgets (after k = 1), each task's smallest and
    /// largest difference over the block (empty until [`Differences::bound_blocks`]).
    blocks: Vec<Block>,
    /// The same over every searched budget after k = 1 (one test that can skip them all).
    whole: Option<Block>,
    /// A resample's weights as a dense vector (kept to be filled again).
    dense: Vec<f64>,
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
    /// Positions in the search list (from, to exclusive).
    from: usize,
    to: usize,
    /// min_k d_i(k) and max_k d_i(k) over the block's budgets, per task.
    min: Vec<f64>,
    max: Vec<f64>,
}

impl Differences<'_> {
    fn get(&mut self, k: u64) -> &Vec<f64> {
        let pairs = self.pairs;
        self.at.entry(k).or_insert_with(|| {
            pairs
                .iter()
                .map(|(a, b)| {
                    pass_at_k(*a, k).unwrap_or(f64::NAN) - pass_at_k(*b, k).unwrap_or(f64::NAN)
                })
                .collect()
        })
    }

    /// Σ w·d_i(k) over the (task, weight) list `w`.
    fn sum(&mut self, k: u64, w: &[(usize, f64)]) -> f64 {
        weighted_sum(w, self.get(k))
    }

    /// Whether Σ w·d_i(k) has the other sign than `sign`: the compensated sum's sign, read
    /// from a plain sum where that is farther from 0 than its rounding (`margin`) can reach.
    fn turned(&mut self, k: u64, (w, dense): Weights<'_>, sign: f64, margin: f64) -> bool {
        let plain = dot(dense, self.get(k));
        if plain.abs() > margin {
            plain * sign < 0.0
        } else {
            self.sum(k, w) * sign < 0.0
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
            if self.turned(mid, w, sign, margin) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    }

    /// Each block's per-task extremes over the budgets of `search` after k = 1.
    fn bound_blocks(&mut self, search: &[u64]) {
        let tasks = self.pairs.len();
        let mut blocks = Vec::new();
        let mut from = 1.min(search.len());
        while from < search.len() {
            let to = (from + BLOCK).min(search.len());
            let (mut min, mut max) = (vec![f64::INFINITY; tasks], vec![f64::NEG_INFINITY; tasks]);
            for &k in &search[from..to] {
                // (No difference is NaN up to the smallest n; a NaN sum would never turn the
                // sign, so a block it were left out of is skipped rightly.)
                for (i, &v) in self.get(k).iter().enumerate() {
                    min[i] = min[i].min(v);
                    max[i] = max[i].max(v);
                }
            }
            blocks.push(Block { from, to, min, max });
            from = to;
        }
        self.whole = blocks.first().map(|first| {
            let mut whole = Block {
                from: first.from,
                to: search.len(),
                min: first.min.clone(),
                max: first.max.clone(),
            };
            for b in &blocks[1..] {
                for i in 0..tasks {
                    whole.min[i] = whole.min[i].min(b.min[i]);
                    whole.max[i] = whole.max[i].max(b.max[i]);
                }
            }
            whole
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
    fn first_flip(&mut self, search: &[u64], w: &[(usize, f64)]) -> (i8, Option<u64>) {
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
        // |d| ≤ 1: each sum (compensated, plain over the tasks drawn, or the four-lane dot
        // product over every task) is off by at most (tasks · ε) · Σ w; the margin is 64
        // times that.
        let margin = 64.0 * dense.len().max(1) as f64 * f64::EPSILON * weight;
        // The sign at k = 1: a plain sum's where it is beyond the margin, else the
        // compensated sum's (which may be 0: no sign, no crossover).
        let plain = dot(dense, self.get(1));
        let first = if plain.abs() > margin {
            plain
        } else {
            self.sum(1, w)
        };
        let sign = if first > 0.0 {
            1.0
        } else if first < 0.0 {
            -1.0
        } else {
            return (0, None);
        };
        // No budget at all can turn the sign: one sum instead of a block's each.
        if let Some(b) = &self.whole {
            let low = if sign > 0.0 { &b.min } else { &b.max };
            let bound = dot(dense, low);
            if bound * sign > margin && b.from == usize::from(search.first() == Some(&1)) {
                return (sign as i8, None);
            }
        }
        let mut before = 1;
        let start = usize::from(search.first() == Some(&1));
        let mut at = start;
        let blocks = std::mem::take(&mut self.blocks);
        let mut found = None;
        'scan: while at < search.len() {
            let block = (at >= 1 && (at - 1) % BLOCK == 0)
                .then(|| blocks.get((at - 1) / BLOCK))
                .flatten()
                .filter(|b| b.from == at);
            if let Some(b) = block {
                let low = if sign > 0.0 { &b.min } else { &b.max };
                // (A plain sum: its rounding is within the margin.)
                let bound = dot(dense, low);
                if bound * sign > margin {
                    before = search[b.to - 1];
                    at = b.to;
                    continue;
                }
            }
            let k = search[at];
            if k > 1 && self.turned(k, ws, sign, margin) {
                found = Some(self.refine((before, k), ws, sign, margin));
                break 'scan;
            }
            before = k.max(before);
            at += 1;
        }
        self.blocks = blocks;
        (sign as i8, found)
    }
}

/// The resamples of `tasks` tasks seeded by `seed` ([`resample_weights`], `count` of them),
/// the last ones drawn kept for the next pair of as many tasks: every pair of a comparison
/// draws the same resamples (the same seed), so they are drawn once (the same weights as
/// drawing them again).
fn draws(seed: u64, tasks: usize, count: u64) -> Arc<Vec<Vec<(usize, f64)>>> {
    type Kept = Option<((u64, usize, u64), Arc<Vec<Vec<(usize, f64)>>>)>;
    static LAST: Mutex<Kept> = Mutex::new(None);
    let key = (seed, tasks, count);
    if let Some((k, w)) = LAST.lock().ok().as_deref().and_then(Option::as_ref) {
        if *k == key {
            return Arc::clone(w);
        }
    }
    let mut rng = SplitMix64::new(seed);
    let w: Arc<Vec<_>> = Arc::new(
        (0..count)
            .map(|_| resample_weights(&mut rng, tasks))
            .collect(),
    );
    if let Ok(mut last) = LAST.lock() {
        *last = Some((key, Arc::clone(&w)));
    }
    w
}

/// The (q, 1 − q) interval of integer values by order statistics: the ⌈q·m⌉-th and the
/// ⌈(1 − q)·m⌉-th smallest of the m values (the inverse of their empirical distribution, so
/// a budget some resample found); None without values.
pub fn integer_interval(values: &[u64], q: f64) -> Option<(u64, u64)> {
    let mut v = values.to_vec();
    v.sort_unstable();
    let m = v.len() as f64;
    let at = |p: f64| {
        let rank = (p * m - 1e-9).ceil().max(1.0) as usize;
        v.get(rank - 1).copied()
    };
    at(q).zip(at(1.0 - q))
}

/// The crossover of `pairs` (A's counts, B's counts), with `settings.bootstrap` paired
/// resamples seeded by `settings.seed`, at least [`CROSSOVER_RESAMPLES`].
///
/// # Formula
/// D(k) = Σ_i d_i(k) over the tasks (weighted by how often a resample drew each); the
/// crossover is min{k ≥ 2 : D(k)·D(1) < 0}, none when D(1) = 0 or the sign never turns. Every
/// integer k up to [`EXACT_UP_TO`] is searched; beyond, a log grid whose first turning point
/// is refined to the integer by bisection, so that two sign changes closer than the grid's
/// step count as none.
pub fn crossover(pairs: &[(Counts, Counts)], settings: &Settings) -> Crossover {
    let k_max = pairs
        .iter()
        .map(|(a, b)| a.n().min(b.n()))
        .min()
        .unwrap_or(0);
    let search: Vec<u64> = if k_max <= EXACT_UP_TO {
        (1..=k_max).collect()
    } else {
        k_grid(k_max, GRID_POINTS, &round_budgets(k_max))
    };
    let mut d = Differences {
        pairs,
        at: BTreeMap::new(),
        blocks: Vec::new(),
        whole: None,
        dense: Vec::new(),
    };
    let all: Vec<(usize, f64)> = (0..pairs.len()).map(|i| (i, 1.0)).collect();
    let (sign_at_1, k) = if k_max == 0 {
        (0, None)
    } else {
        d.first_flip(&search, &all)
    };
    let resamples = if k_max == 0 {
        0
    } else {
        settings.bootstrap.max(CROSSOVER_RESAMPLES)
    };
    if resamples > 0 {
        d.bound_blocks(&search);
    }
    let draws = draws(settings.seed, pairs.len(), resamples);
    let mut found = Vec::new();
    let mut none = 0u64;
    for w in draws.iter() {
        match d.first_flip(&search, w).1 {
            Some(k) => found.push(k),
            None => none += 1,
        }
    }
    let interval = integer_interval(&found, 0.025);
    Crossover {
        k_max,
        sign_at_1,
        k,
        interval,
        no_crossover_share: (resamples > 0).then(|| none as f64 / resamples as f64),
        resamples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(n: u64, c: u64) -> Counts {
        Counts::new(n, c).unwrap()
    }

    #[test]
    fn the_curves_cross_where_the_spread_overtakes_the_mean() {
        // A solves half of each of two tasks; B always solves one task and never the other.
        // pass@1: A 0.5, B 0.5 — a tie at k = 1: no sign, no crossover.
        let tie = vec![(counts(4, 2), counts(4, 4)), (counts(4, 2), counts(4, 0))];
        let s = Settings {
            bootstrap: 0,
            ..Settings::default()
        };
        let c = crossover(&tie, &s);
        assert_eq!((c.sign_at_1, c.k, c.k_max), (0, None, 4));
        // B slightly ahead at k = 1 (0.55 vs 0.5), A's breadth wins from k = 2:
        // A: pass@k = 1 − C(5, k)/C(10, k) on both tasks (c = 5 of 10); B: task 1 c = 10,
        // task 2 c = 1: pass@1 = (1 + 0.1)/2 = 0.55 > 0.5; pass@2: A 1 − 10/45 = 0.778,
        // B (1 + 0.2)/2 = 0.6.
        let pairs = vec![
            (counts(10, 5), counts(10, 10)),
            (counts(10, 5), counts(10, 1)),
        ];
        let c = crossover(&pairs, &s);
        assert_eq!((c.sign_at_1, c.k), (-1, Some(2)));
        // No bootstrap asked: the crossover's own resamples all the same.
        assert_eq!(c.resamples, CROSSOVER_RESAMPLES);
    }

    #[test]
    fn resamples_give_an_interval_and_a_share_without_crossover() {
        let pairs: Vec<(Counts, Counts)> = (0..40)
            .map(|i| {
                if i % 2 == 0 {
                    (counts(16, 6), counts(16, 16))
                } else {
                    (counts(16, 6), counts(16, 1))
                }
            })
            .collect();
        let s = Settings {
            bootstrap: 200,
            seed: 7,
            ..Settings::default()
        };
        let c = crossover(&pairs, &s);
        assert_eq!(c.sign_at_1, -1);
        let k = c.k.unwrap();
        let (lo, hi) = c.interval.unwrap();
        assert!(lo <= k && k <= hi && hi <= 16, "{c:?}");
        assert_eq!(c.resamples, CROSSOVER_RESAMPLES);
        let share = c.no_crossover_share.unwrap();
        assert!((0.0..=1.0).contains(&share));
        // Seeded: the same answer twice.
        assert_eq!(crossover(&pairs, &s), c);
    }

    #[test]
    fn beyond_the_exact_range_the_grid_refines_to_the_same_integer() {
        // n = 2000: A solves 300 of 2000 on every task; B all of one task and 40 of the other.
        // The grid search refined to the integer finds the smallest k an integer scan finds.
        let pairs = vec![
            (counts(2000, 300), counts(2000, 2000)),
            (counts(2000, 300), counts(2000, 40)),
        ];
        let s = Settings {
            bootstrap: 0,
            ..Settings::default()
        };
        let c = crossover(&pairs, &s);
        let diff = |k: u64| {
            pairs
                .iter()
                .map(|(a, b)| pass_at_k(*a, k).unwrap() - pass_at_k(*b, k).unwrap())
                .sum::<f64>()
        };
        let scan = (2..=2000).find(|&k| diff(k) * diff(1) < 0.0);
        assert!(scan.is_some());
        assert_eq!(c.k, scan);
        assert_eq!(c.k_max, 2000);
    }

    #[test]
    fn integer_intervals_are_order_statistics() {
        // m = 40: the 1st and the 39th smallest (⌈0.025·40⌉ = 1, ⌈0.975·40⌉ = 39).
        let v: Vec<u64> = (1..=40).rev().collect();
        assert_eq!(integer_interval(&v, 0.025), Some((1, 39)));
        // m = 2,000: the 50th and the 1,950th.
        let v: Vec<u64> = (1..=2000).collect();
        assert_eq!(integer_interval(&v, 0.025), Some((50, 1950)));
        assert_eq!(integer_interval(&[7], 0.025), Some((7, 7)));
        assert_eq!(integer_interval(&[], 0.025), None);
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
            let search: Vec<u64> = if n <= EXACT_UP_TO {
                (1..=n).collect()
            } else {
                k_grid(n, GRID_POINTS, &round_budgets(n))
            };
            let mut d = Differences {
                pairs: &pairs,
                at: BTreeMap::new(),
                blocks: Vec::new(),
                whole: None,
                dense: Vec::new(),
            };
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
