//! A dataset (one series): per-task counts in input order, and its grouping by distinct
//! (n, c), which is what every estimator iterates over.

use crate::core::data::counts::Counts;
use crate::core::data::samples::{Scored, Votes};

/// One task: its id (if the input had one), its counts and the group it belongs to (if the
/// input had a group column: `group`, `category`, `subset`, `difficulty` or `level`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Task {
    /// The task id from the input, if any (boxed: a task stays small).
    pub id: Option<Box<str>>,
    /// The counts.
    pub counts: Counts,
    /// The task's group (for cluster-robust standard errors), if the input names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<Box<str>>,
    /// The samples tallied by answer (for maj@k), when the input gave answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub votes: Option<Votes>,
    /// The samples' scores and outcomes (for BoN@k), when the input scored every sample.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scored: Option<Scored>,
    /// The samples' scores and graded rewards (for max@k), when the input gave both for
    /// every sample.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graded: Option<Scored>,
}

impl Task {
    /// A task with no group.
    pub fn new(id: Option<String>, counts: Counts) -> Task {
        Task::grouped(id, counts, None)
    }

    /// A task in a group (or none), with no answers or scores.
    pub fn grouped(id: Option<String>, counts: Counts, group: Option<String>) -> Task {
        Task {
            id: id.map(String::into_boxed_str),
            counts,
            group: group.map(String::into_boxed_str),
            votes: None,
            scored: None,
            graded: None,
        }
    }

    /// Adds the samples of another run of the same task: counts summed, votes combined by
    /// answer (samples without one abstain), scores joined (kept only if both runs scored
    /// every sample); the group stays the first run's.
    ///
    /// # Errors
    /// A counts error when the sums overflow; `self` is then unchanged.
    pub fn absorb(&mut self, other: Task) -> Result<(), crate::core::data::counts::CountsError> {
        let counts = Counts::new(
            self.counts.n().saturating_add(other.counts.n()),
            self.counts.c().saturating_add(other.counts.c()),
        )?;
        let abstaining = |v: Option<Votes>, n: u64| v.or_else(|| Votes::abstaining(n).ok());
        self.votes = match (self.votes.take(), other.votes) {
            (None, None) => None,
            (a, b) => abstaining(a, self.counts.n())
                .zip(abstaining(b, other.counts.n()))
                .and_then(|(a, b)| a.merge(&b).ok()),
        };
        let join = |a: Option<Scored>, b: Option<Scored>| {
            let (a, b) = a.zip(b)?;
            Scored::new(a.samples().iter().chain(b.samples()).copied().collect()).ok()
        };
        self.scored = join(self.scored.take(), other.scored);
        self.graded = join(self.graded.take(), other.graded);
        self.counts = counts;
        Ok(())
    }
}

/// A named series of tasks, in input order (the order matters for folds and pairing).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Dataset {
    /// The series name.
    pub name: String,
    /// The tasks in input order.
    pub tasks: Vec<Task>,
    /// What the input said about the series (model, temperature).
    pub meta: SeriesMeta,
}

/// The model and temperature a row or a file names; both absent for an unnamed series.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Hash,
    Default,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct SeriesMeta {
    /// The model, as written.
    pub model: Option<String>,
    /// The sampling temperature, as written.
    pub temperature: Option<String>,
}

impl SeriesMeta {
    /// A model name alone.
    pub fn model(name: &str) -> Self {
        SeriesMeta {
            model: Some(name.to_string()),
            temperature: None,
        }
    }

    /// The series name: the model, with `T=…` when a temperature is given; `default` for
    /// an unnamed series.
    pub fn name(&self, default: &str) -> String {
        match (&self.model, &self.temperature) {
            (Some(m), Some(t)) => format!("{m} T={t}"),
            (Some(m), None) => m.clone(),
            (None, Some(t)) => format!("{default} T={t}"),
            (None, None) => default.to_string(),
        }
    }

    /// The temperature as a number, if it is one.
    pub fn temperature_value(&self) -> Option<f64> {
        self.temperature
            .as_deref()
            .and_then(|t| t.trim().parse::<f64>().ok())
            .filter(|t| t.is_finite())
    }

    /// Whether the input named neither model nor temperature.
    pub fn is_unnamed(&self) -> bool {
        self.model.is_none() && self.temperature.is_none()
    }
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
    /// four times faster than pairs.
    pub fn new<I: IntoIterator<Item = Counts>>(counts: I) -> Self {
        let mut all: Vec<Counts> = counts.into_iter().collect();
        let tasks = all.len() as u64;
        if let Some(mut keys) = all.iter().map(|t| t.packed()).collect::<Option<Vec<u64>>>() {
            drop(all);
            keys.sort_unstable();
            let mut groups: Vec<(Counts, u64)> = Vec::new();
            let mut last = None;
            for key in keys {
                match groups.last_mut() {
                    Some((_, w)) if last == Some(key) => *w += 1,
                    _ => groups.push((Counts::from_packed(key), 1)),
                }
                last = Some(key);
            }
            return Groups { groups, tasks };
        }
        all.sort_unstable();
        let mut groups: Vec<(Counts, u64)> = Vec::new();
        for c in all {
            match groups.last_mut() {
                Some((last, w)) if *last == c => *w += 1,
                _ => groups.push((c, 1)),
            }
        }
        Groups { groups, tasks }
    }

    /// Groups from distinct counts with multiplicities (zero multiplicities are dropped,
    /// repeated counts merged).
    pub fn from_weighted<I: IntoIterator<Item = (Counts, u64)>>(weighted: I) -> Self {
        let mut all: Vec<(Counts, u64)> = weighted.into_iter().filter(|x| x.1 > 0).collect();
        all.sort_unstable_by_key(|x| x.0);
        let mut groups: Vec<(Counts, u64)> = Vec::with_capacity(all.len());
        let mut tasks = 0;
        for (c, w) in all {
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
        let mut groups = Vec::with_capacity(self.groups.len());
        let mut tasks = 0;
        let mut other = part.groups.iter().peekable();
        for &(c, w) in &self.groups {
            while other.next_if(|o| o.0 < c).is_some() {}
            let w = match other.next_if(|o| o.0 == c) {
                Some(&(_, h)) => w.saturating_sub(h),
                None => w,
            };
            if w > 0 {
                groups.push((c, w));
                tasks += w;
            }
        }
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
        let mut acc = crate::core::num::sum::Neumaier::default();
        for (c, w) in self.iter() {
            acc.add(w as f64 * f(c));
        }
        acc.total() / self.tasks as f64
    }
}

/// A one-line description of a dataset.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Number of tasks.
    pub tasks: u64,
    /// Total samples Σ n.
    pub samples: u64,
    /// Smallest n.
    pub n_min: u64,
    /// Largest n.
    pub n_max: u64,
    /// Share of tasks with c = 0.
    pub share_none: f64,
    /// Share of tasks with c = n.
    pub share_all: f64,
}

impl Dataset {
    /// The grouped counts.
    pub fn groups(&self) -> Groups {
        Groups::new(self.tasks.iter().map(|t| t.counts))
    }

    /// The tasks by the group the input names (tasks without one form one group of their
    /// own), groups in order of first appearance; None when no task names a group.
    fn in_groups(&self) -> Option<Vec<(Option<&str>, Vec<&Task>)>> {
        if self.tasks.iter().all(|t| t.group.is_none()) {
            return None;
        }
        let mut members: Vec<(Option<&str>, Vec<&Task>)> = Vec::new();
        let mut index = std::collections::HashMap::new();
        for t in &self.tasks {
            let key = t.group.as_deref();
            let i = *index.entry(key).or_insert_with(|| {
                members.push((key, Vec::new()));
                members.len() - 1
            });
            members[i].1.push(t);
        }
        Some(members)
    }

    /// The series broken down by the group each task names: one series per group, in order
    /// of first appearance, named `<name> · <group>` (tasks without one: `<name> · (no
    /// group)`), each with the meta of this one. Empty when no task names a group. The
    /// series itself is the overall result, weighted by tasks.
    pub fn by_group(&self) -> Vec<Dataset> {
        let parts = self.in_groups().unwrap_or_default();
        parts
            .into_iter()
            .map(|(group, tasks)| Dataset {
                name: format!("{} · {}", self.name, group.unwrap_or("(no group)")),
                tasks: tasks.into_iter().cloned().collect(),
                meta: self.meta.clone(),
            })
            .collect()
    }

    /// The tasks' grouped counts per group the input names (tasks without one form one group
    /// of their own), in order of first appearance; None when no task names a group.
    pub fn clusters(&self) -> Option<Vec<Groups>> {
        let parts = self.in_groups()?;
        let counts = |tasks: Vec<&Task>| Groups::new(tasks.into_iter().map(|t| t.counts));
        Some(parts.into_iter().map(|(_, tasks)| counts(tasks)).collect())
    }

    /// Tasks, samples, n range and the shares of c = 0 and c = n.
    pub fn summary(&self) -> Summary {
        let n = self.tasks.len().max(1) as f64;
        Summary {
            tasks: self.tasks.len() as u64,
            samples: self.tasks.iter().map(|t| t.counts.n()).sum(),
            n_min: self.tasks.iter().map(|t| t.counts.n()).min().unwrap_or(0),
            n_max: self.tasks.iter().map(|t| t.counts.n()).max().unwrap_or(0),
            share_none: self.tasks.iter().filter(|t| t.counts.c() == 0).count() as f64 / n,
            share_all: self
                .tasks
                .iter()
                .filter(|t| t.counts.c() == t.counts.n())
                .count() as f64
                / n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
