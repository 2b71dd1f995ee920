//! Where two curves cross: the smallest integer budget at which the paired difference
//! pass@k(A) − pass@k(B) has the other sign than at k = 1, with a paired task-bootstrap
//! interval (the same seeded resamples as the paired band, `analysis::paired`).

use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use crate::analysis::bootstrap::{quantile, resample_weights, weighted_sum};
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
    /// The 2.5 and 97.5 percentiles of the crossover over the resamples that have one.
    pub interval: Option<(f64, f64)>,
    /// The share of resamples without a crossover up to k_max.
    pub no_crossover_share: Option<f64>,
    /// Resamples drawn.
    pub resamples: u64,
}

/// Up to this many budgets every integer k is searched; beyond, a log grid of
/// [`GRID_POINTS`] (and the round budgets), each sign change refined to the integer.
pub const EXACT_UP_TO: u64 = 512;

/// Points of the log grid searched beyond [`EXACT_UP_TO`] (neighbours ≈ 5 % apart at 10⁴).
pub const GRID_POINTS: usize = 200;

/// The per-task differences d_i(k) = pass@k(A_i) − pass@k(B_i), computed once per budget.
struct Differences<'a> {
    pairs: &'a [(Counts, Counts)],
    at: BTreeMap<u64, Vec<f64>>,
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

    /// The sign at k = 1 and the first budget of `search` (ascending, from 1) at which the
    /// weighted sum has the other sign, refined to the first integer between the budget before
    /// it and it.
    fn first_flip(&mut self, search: &[u64], w: &[(usize, f64)]) -> (i8, Option<u64>) {
        let first = self.sum(1, w);
        let sign = if first > 0.0 {
            1.0
        } else if first < 0.0 {
            -1.0
        } else {
            return (0, None);
        };
        let mut before = 1;
        for &k in search.iter().filter(|&&k| k > 1) {
            if self.sum(k, w) * sign < 0.0 {
                let k = (before + 1..k)
                    .find(|&j| self.sum(j, w) * sign < 0.0)
                    .unwrap_or(k);
                return (sign as i8, Some(k));
            }
            before = k;
        }
        (sign as i8, None)
    }
}

/// The crossover of `pairs` (A's counts, B's counts), with `settings.bootstrap` paired
/// resamples seeded by `settings.seed`.
///
/// # Formula
/// D(k) = Σ_i d_i(k) over the tasks (weighted by how often a resample drew each); the
/// crossover is min{k ≥ 2 : D(k)·D(1) < 0}, none when D(1) = 0 or the sign never turns. Every
/// integer k up to [`EXACT_UP_TO`] is searched; beyond, a log grid refined to the integer, so
/// that two sign changes closer than the grid's step count as none.
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
    };
    let all: Vec<(usize, f64)> = (0..pairs.len()).map(|i| (i, 1.0)).collect();
    let (sign_at_1, k) = if k_max == 0 {
        (0, None)
    } else {
        d.first_flip(&search, &all)
    };
    let resamples = if k_max == 0 { 0 } else { settings.bootstrap };
    let mut rng = SplitMix64::new(settings.seed);
    let mut found = Vec::new();
    let mut none = 0u64;
    for _ in 0..resamples {
        let w = resample_weights(&mut rng, pairs.len());
        match d.first_flip(&search, &w).1 {
            Some(k) => found.push(k as f64),
            None => none += 1,
        }
    }
    let interval = quantile(&found, 0.025).zip(quantile(&found, 0.975));
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
        assert_eq!(
            (c.interval, c.no_crossover_share, c.resamples),
            (None, None, 0)
        );
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
        let k = c.k.unwrap() as f64;
        let (lo, hi) = c.interval.unwrap();
        assert!(lo <= k && k <= hi && hi <= 16.0, "{c:?}");
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
}
