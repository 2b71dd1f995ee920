//! Where two curves cross: the smallest integer budget at which the paired difference
//! pass@k(A) − pass@k(B) has the other sign than at k = 1, with a paired task-bootstrap
//! interval over [`CROSSOVER_RESAMPLES`] seeded resamples by default (fewer beyond 200,000
//! paired tasks, never fewer than [`CROSSOVER_FLOOR`]: [`crossover_resamples`]; the same in
//! every door) and the share of resamples that cross.

use serde::{Deserialize, Serialize};

use super::flip::{search_budgets, Differences};
use crate::analysis::bootstrap::SharedDraws;
use crate::data::counts::Counts;
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

/// The resamples of the crossover's interval up to 200,000 paired tasks, whatever the
/// bootstrap setting (more when it asks for more; fewer beyond, within [`CROSSOVER_WORK`]):
/// its endpoints are extreme percentiles, which a few hundred resamples place a handful of
/// budgets off (DeepScaleR: 12–41 at 200, 13–46 at 2,000).
pub const CROSSOVER_RESAMPLES: u64 = 2_000;

/// The most tasks × resamples the crossover draws by default: each resample costs a pass over
/// its tasks (about 20 ns a task natively), so [`CROSSOVER_RESAMPLES`] hold up to 200,000
/// tasks and larger pairs get fewer (10⁶ tasks: 400, about 8 s natively instead of 40), never
/// fewer than [`CROSSOVER_FLOOR`]. The sentence says how many were drawn.
pub const CROSSOVER_WORK: u64 = 400_000_000;

/// The fewest resamples of a crossover however many tasks (beyond 2·10⁶ tasks the cost grows
/// with them again).
pub const CROSSOVER_FLOOR: u64 = 200;

/// Resamples of the crossover of `tasks` pairs when the bootstrap setting asks for `asked`:
/// [`CROSSOVER_RESAMPLES`] within [`CROSSOVER_WORK`] (at least [`CROSSOVER_FLOOR`]), more when
/// the setting asks for more.
pub fn crossover_resamples(tasks: usize, asked: u64) -> u64 {
    let affordable = CROSSOVER_WORK / (tasks.max(1) as u64);
    CROSSOVER_RESAMPLES
        .min(affordable)
        .max(CROSSOVER_FLOOR)
        .max(asked)
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
/// resamples seeded by `settings.seed`, at least [`crossover_resamples`] (from `draws`, which
/// the pairs of a comparison share).
///
/// # Formula
/// D(k) = Σ_i d_i(k) over the tasks (weighted by how often a resample drew each); the
/// crossover is min{k ≥ 2 : D(k)·D(1) < 0}, none when D(1) = 0 or the sign never turns. Every
/// integer k up to 512 (`EXACT_UP_TO`) is searched; beyond, a log grid whose first turning point
/// is refined to the integer by bisection, so that two sign changes closer than the grid's
/// step count as none.
pub fn crossover(
    pairs: &[(Counts, Counts)],
    settings: &Settings,
    draws: &SharedDraws,
) -> Crossover {
    let k_max = pairs
        .iter()
        .map(|(a, b)| a.n().min(b.n()))
        .min()
        .unwrap_or(0);
    let search = search_budgets(k_max);
    let mut d = Differences::new(pairs);
    let all: Vec<(usize, f64)> = (0..pairs.len()).map(|i| (i, 1.0)).collect();
    let (sign_at_1, k) = if k_max == 0 {
        (0, None)
    } else {
        d.first_flip(&search, &all)
    };
    let resamples = if k_max == 0 {
        0
    } else {
        crossover_resamples(pairs.len(), settings.bootstrap)
    };
    if resamples > 0 {
        d.bound_blocks(&search);
    }
    let mut found = Vec::new();
    let mut none = 0u64;
    draws.for_each(settings.seed, pairs.len(), resamples, |w| {
        match d.first_flip(&search, w).1 {
            Some(k) => found.push(k),
            None => none += 1,
        }
    });
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
    use crate::estimators::unbiased::pass_at_k;

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
        let c = crossover(&tie, &s, &SharedDraws::default());
        assert_eq!((c.sign_at_1, c.k, c.k_max), (0, None, 4));
        // B slightly ahead at k = 1 (0.55 vs 0.5), A's breadth wins from k = 2:
        // A: pass@k = 1 − C(5, k)/C(10, k) on both tasks (c = 5 of 10); B: task 1 c = 10,
        // task 2 c = 1: pass@1 = (1 + 0.1)/2 = 0.55 > 0.5; pass@2: A 1 − 10/45 = 0.778,
        // B (1 + 0.2)/2 = 0.6.
        let pairs = vec![
            (counts(10, 5), counts(10, 10)),
            (counts(10, 5), counts(10, 1)),
        ];
        let c = crossover(&pairs, &s, &SharedDraws::default());
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
        let c = crossover(&pairs, &s, &SharedDraws::default());
        assert_eq!(c.sign_at_1, -1);
        let k = c.k.unwrap();
        let (lo, hi) = c.interval.unwrap();
        assert!(lo <= k && k <= hi && hi <= 16, "{c:?}");
        assert_eq!(c.resamples, CROSSOVER_RESAMPLES);
        let share = c.no_crossover_share.unwrap();
        assert!((0.0..=1.0).contains(&share));
        // Seeded: the same answer twice.
        assert_eq!(crossover(&pairs, &s, &SharedDraws::default()), c);
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
        let c = crossover(&pairs, &s, &SharedDraws::default());
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

    #[test]
    fn large_pairs_draw_fewer_resamples_within_a_budget() {
        assert_eq!(crossover_resamples(30, 0), 2_000);
        assert_eq!(crossover_resamples(200_000, 0), 2_000);
        assert_eq!(crossover_resamples(1_000_000, 0), 400);
        assert_eq!(crossover_resamples(10_000_000, 0), CROSSOVER_FLOOR);
        assert_eq!(crossover_resamples(1_000_000, 5_000), 5_000);
        assert_eq!(crossover_resamples(0, 0), 2_000);
    }
}
