//! A dataset (one series): per-task counts in input order, and its grouping by distinct
//! (n, c), which is what every estimator iterates over.

use crate::core::data::counts::Counts;
pub use crate::core::data::groups::Groups;
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
