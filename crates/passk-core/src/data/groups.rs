//! Tasks grouped by their distinct counts (n, c), with multiplicities: what every estimator
//! iterates over.

use crate::data::counts::Counts;
use crate::par::{free_threads, join};

/// The pairs of `a` (sorted by key) with the weight `b` (sorted too) gives their key taken
/// off by `less` (None: nothing left, the pair is dropped), by one walk over both lists.
pub fn minus_sorted<K: Ord + Copy, W: Copy>(
    a: &[(K, W)],
    b: &[(K, W)],
    less: impl Fn(W, W) -> Option<W>,
) -> Vec<(K, W)> {
    let mut b = b.iter().peekable();
    let mut out = Vec::with_capacity(a.len());
    for &(k, w) in a {
        while b.next_if(|x| x.0 < k).is_some() {}
        let left = match b.next_if(|x| x.0 == k) {
            Some(&(_, h)) => less(w, h),
            None => Some(w),
        };
        out.extend(left.map(|w| (k, w)));
    }
    out
}

/// Fewer counts than this are sorted in one piece (a thread costs tens of microseconds).
const SPLIT_SORT: usize = 1 << 16;

/// The two sorted lists' items in order.
fn merged<'a>(a: &'a [u64], b: &'a [u64]) -> impl Iterator<Item = u64> + 'a {
    let (mut a, mut b) = (a.iter().copied().peekable(), b.iter().copied().peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(x), Some(y)) if y < x => b.next(),
        (Some(_), _) => a.next(),
        (None, _) => b.next(),
    })
}

/// Tasks grouped by distinct counts: `(counts, multiplicity)`, sorted by (n, c).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Groups {
    groups: Vec<(Counts, u64)>,
    tasks: u64,
}

impl Groups {
    /// Groups the given counts (a sort and a run-length count: O(N log N), no map). Counts
    /// with n < 2^32 (all real ones) are sorted as one packed integer `n·2^32 + c`, about
    /// four times faster than pairs; from 65,536 of them as two halves side by side, then merged,
    /// where there are threads (the same groups: a sort of integers has one result).
    pub fn new<I: IntoIterator<Item = Counts>>(counts: I) -> Self {
        let all: Vec<Counts> = counts.into_iter().collect();
        if let Some(mut keys) = all.iter().map(|t| t.packed()).collect::<Option<Vec<u64>>>() {
            drop(all);
            let unpack = |k| (Counts::from_packed(k), 1);
            if keys.len() < SPLIT_SORT || free_threads() < 2 {
                keys.sort_unstable();
                return Groups::from_sorted(keys.into_iter().map(unpack));
            }
            let half = keys.len() / 2;
            let (a, b) = keys.split_at_mut(half);
            join(|| a.sort_unstable(), || b.sort_unstable());
            let (a, b) = keys.split_at(half);
            return Groups::from_sorted(merged(a, b).map(unpack));
        }
        let mut all = all;
        all.sort_unstable();
        Groups::from_sorted(all.into_iter().map(|c| (c, 1)))
    }

    /// Groups from distinct counts with multiplicities (zero multiplicities are dropped,
    /// repeated counts merged).
    pub fn from_weighted<I: IntoIterator<Item = (Counts, u64)>>(weighted: I) -> Self {
        let mut all: Vec<(Counts, u64)> = weighted.into_iter().filter(|x| x.1 > 0).collect();
        all.sort_unstable_by_key(|x| x.0);
        Groups::from_sorted(all)
    }

    /// Groups from weighted counts sorted by counts: equal neighbours merged.
    fn from_sorted(sorted: impl IntoIterator<Item = (Counts, u64)>) -> Self {
        let mut groups: Vec<(Counts, u64)> = Vec::new();
        let mut tasks = 0;
        for (c, w) in sorted {
            tasks += w;
            match groups.last_mut() {
                Some((last, lw)) if *last == c => *lw += w,
                _ => groups.push((c, w)),
            }
        }
        Groups { groups, tasks }
    }

    /// These tasks without those of `part` (a sub-multiset of them: a fold), by one walk
    /// over both sorted lists; a count `part` has more often than `self` is dropped.
    pub fn minus(&self, part: &Groups) -> Groups {
        let groups = minus_sorted(&self.groups, &part.groups, |w, h| {
            Some(w.saturating_sub(h)).filter(|&w| w > 0)
        });
        let tasks = groups.iter().map(|g| g.1).sum();
        Groups { groups, tasks }
    }

    /// The groups that share one n, in increasing n; each block is sorted by c.
    pub fn blocks(&self) -> impl Iterator<Item = &[(Counts, u64)]> + '_ {
        self.groups.chunk_by(|a, b| a.0.n() == b.0.n())
    }

    /// The distinct counts with their multiplicities.
    pub fn iter(&self) -> impl Iterator<Item = (Counts, u64)> + '_ {
        self.groups.iter().copied()
    }

    /// Number of distinct (n, c).
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// Whether there are no tasks.
    pub fn is_empty(&self) -> bool {
        self.tasks == 0
    }

    /// Number of tasks N.
    pub fn tasks(&self) -> u64 {
        self.tasks
    }

    /// Smallest n (0 when empty).
    pub fn n_min(&self) -> u64 {
        self.groups.iter().map(|(c, _)| c.n()).min().unwrap_or(0)
    }

    /// Largest n (0 when empty).
    pub fn n_max(&self) -> u64 {
        self.groups.iter().map(|(c, _)| c.n()).max().unwrap_or(0)
    }

    /// Number of tasks with n < k.
    pub fn tasks_below(&self, k: u64) -> u64 {
        self.groups
            .iter()
            .filter(|(c, _)| c.n() < k)
            .map(|(_, w)| w)
            .sum()
    }

    /// Weighted compensated mean of `f` over tasks.
    pub fn mean(&self, mut f: impl FnMut(Counts) -> f64) -> f64 {
        let mut acc = crate::num::sum::Neumaier::default();
        for (c, w) in self.iter() {
            acc.add(w as f64 * f(c));
        }
        acc.total() / self.tasks as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_counts_sorted_in_halves_group_as_pairs_do() {
        // Above the split: the halves sorted side by side and merged (on a machine with
        // threads), against the pairs' own sort.
        let mut x = 7u64;
        let counts: Vec<Counts> = (0..3 * SPLIT_SORT as u64 + 1)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let n = 1 + (x >> 33) % 300;
                Counts::new(n, (x >> 13) % (n + 1)).unwrap()
            })
            .collect();
        crate::par::set_threads(2);
        let split = Groups::new(counts.iter().copied());
        crate::par::set_threads(0);
        assert_eq!(split, Groups::from_weighted(counts.iter().map(|&c| (c, 1))));
        assert_eq!(split.tasks(), counts.len() as u64);
        assert!(merged(&[1, 4, 4, 9], &[0, 4, 10]).eq([0, 1, 4, 4, 4, 9, 10]));
    }

    /// Pseudo-random counts (a linear congruential generator): n in 1..=max_n.
    fn random_counts(len: usize, max_n: u64, seed: u64) -> Vec<Counts> {
        let mut s = seed;
        let mut next = || {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            s >> 33
        };
        (0..len)
            .map(|_| {
                let n = 1 + next() % max_n;
                Counts::new(n, next() % (n + 1)).unwrap()
            })
            .collect()
    }

    /// Grouping by a map, the independent way.
    fn by_map(counts: &[Counts]) -> Vec<(Counts, u64)> {
        let mut m = std::collections::BTreeMap::new();
        for &c in counts {
            *m.entry((c.n(), c.c())).or_insert(0u64) += 1;
        }
        m.into_iter()
            .map(|((n, c), w)| (Counts::new(n, c).unwrap(), w))
            .collect()
    }

    #[test]
    fn packed_and_pair_sorts_group_as_a_map_does() {
        // Small n (packed keys) and n beyond 2^32 (pairs), mixed.
        let mut counts = random_counts(5_000, 40, 1);
        let big = Counts::new(1 << 33, 5).unwrap();
        for (max_n, with_big) in [(40, false), (40, true)] {
            if with_big {
                counts.extend([big, big, Counts::new(u32::MAX as u64 + 1, 0).unwrap()]);
            }
            let g = Groups::new(counts.iter().copied());
            assert_eq!(
                g.iter().collect::<Vec<_>>(),
                by_map(&counts),
                "max n {max_n}"
            );
            assert_eq!(g.tasks(), counts.len() as u64);
        }
    }

    #[test]
    fn a_fold_taken_away_leaves_the_other_tasks() {
        let counts = random_counts(3_000, 25, 7);
        let all = Groups::new(counts.iter().copied());
        for k in [2, 10] {
            for f in 0..k {
                let held = Groups::new(counts.iter().skip(f).step_by(k).copied());
                let rest: Vec<Counts> = counts
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i % k != f)
                    .map(|(_, &c)| c)
                    .collect();
                let train = all.minus(&held);
                assert_eq!(train.iter().collect::<Vec<_>>(), by_map(&rest));
                assert_eq!(train.tasks(), rest.len() as u64);
            }
        }
        // Nothing left; more taken than there is: never below zero.
        assert!(all.minus(&all).is_empty());
        let twice = Groups::from_weighted(all.iter().map(|(c, w)| (c, 2 * w)));
        assert_eq!(all.minus(&twice).len(), 0);
    }

    #[test]
    fn grouping_counts_multiplicities() {
        let c = |n, c| Counts::new(n, c).unwrap();
        let g = Groups::new([c(10, 3), c(5, 1), c(10, 3), c(10, 0)]);
        assert_eq!(g.tasks(), 4);
        assert_eq!(g.len(), 3);
        assert_eq!(g.n_min(), 5);
        assert_eq!(g.tasks_below(6), 1);
        assert_eq!(g.mean(|t| t.rate()), (0.3 + 0.2 + 0.3 + 0.0) / 4.0);
    }
}
