//! A dataset (one series): per-task counts in input order, and its grouping by distinct
//! (n, c), which is what every estimator iterates over.

use crate::data::groups::Groups;
use crate::data::task::Task;
use crate::data::tasks::Tasks;

/// A named series of tasks, in input order (the order matters for folds and pairing).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Dataset {
    /// The series name.
    pub name: String,
    /// The tasks in input order.
    pub tasks: Tasks,
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
    /// The training step the samples were drawn at (RL trainers' validation dumps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<u64>,
}

impl SeriesMeta {
    /// A model name alone.
    pub fn model(name: &str) -> Self {
        SeriesMeta {
            model: Some(name.to_string()),
            ..SeriesMeta::default()
        }
    }

    /// The series name: the model, with `T=…` when a temperature is given and `step …` when
    /// a training step is; `default` for an unnamed series (left out before a step when it
    /// is only that step's number, as verl's `50.jsonl` is).
    pub fn name(&self, default: &str) -> String {
        let base = match (&self.model, &self.temperature) {
            (Some(m), Some(t)) => format!("{m} T={t}"),
            (Some(m), None) => m.clone(),
            (None, Some(t)) => format!("{default} T={t}"),
            (None, None) => default.to_string(),
        };
        match self.step {
            None => base,
            Some(s)
                if self.model.is_none()
                    && self.temperature.is_none()
                    && is_step_name(default, s) =>
            {
                format!("step {s}")
            }
            Some(s) => format!("{base} step {s}"),
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

/// Whether a file's name says only its step `s`: `50`, `global_step_50`, `step50`.
fn is_step_name(name: &str, s: u64) -> bool {
    let digits = name.trim_start_matches(|c: char| !c.is_ascii_digit());
    let prefix = &name[..name.len() - digits.len()];
    digits.parse::<u64>() == Ok(s)
        && [
            "",
            "step",
            "step_",
            "step-",
            "global_step",
            "global_step_",
            "global_step-",
        ]
        .contains(&prefix)
}

/// A dataset's figures in one line: tasks, samples, its range of n, its shares of c = 0 and
/// c = n.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesStats {
    /// Number of tasks.
    pub tasks: u64,
    /// Total samples Σ n.
    pub samples: u64,
    /// Smallest n.
    pub n_min: u64,
    /// Largest n.
    pub n_max: u64,
    /// Share of tasks with c = 0.
    pub frac_none: f64,
    /// Share of tasks with c = n.
    pub frac_all: f64,
    /// Mean success rate c/n (the plug-in pass@1; NaN without tasks).
    pub pass1: f64,
}

impl Dataset {
    /// The grouped counts.
    pub fn groups(&self) -> Groups {
        Groups::new(self.tasks.iter().map(|t| t.counts))
    }

    /// The tasks by the group the input names (tasks without one form one group of their
    /// own), groups in order of first appearance; None when no task names a group.
    fn in_groups(&self) -> Option<Vec<(Option<&str>, Vec<&Task>)>> {
        if self.tasks.iter().all(|t| t.group().is_none()) {
            return None;
        }
        let mut members: Vec<(Option<&str>, Vec<&Task>)> = Vec::new();
        let mut index = std::collections::HashMap::new();
        for t in &self.tasks {
            let key = t.group();
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
    pub fn stats(&self) -> SeriesStats {
        let (mut samples, mut n_min, mut n_max, mut none, mut all) = (0u64, u64::MAX, 0, 0, 0u64);
        let mut rate = crate::num::sum::Neumaier::default();
        // One pass, no grouping (a sort): this runs on the page's thread.
        for t in &self.tasks {
            let (n, c) = (t.counts.n(), t.counts.c());
            samples = samples.saturating_add(n);
            n_min = n_min.min(n);
            n_max = n_max.max(n);
            none += u64::from(c == 0);
            all += u64::from(c == n);
            rate.add(t.counts.rate());
        }
        let tasks = self.tasks.len() as u64;
        let frac = |x: u64| x as f64 / tasks.max(1) as f64;
        SeriesStats {
            tasks,
            samples,
            n_min: if tasks == 0 { 0 } else { n_min },
            n_max,
            frac_none: frac(none),
            frac_all: frac(all),
            pass1: rate.total() / tasks as f64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::counts::Counts;

    #[test]
    fn the_summary_is_what_the_grouped_counts_say() {
        let counts = [(10, 3), (4, 0), (10, 3), (7, 7), (1, 1), (9, 2), (4, 0)];
        let d = Dataset {
            name: "d".into(),
            tasks: counts
                .iter()
                .map(|&(n, c)| Task::new(None, Counts::new(n, c).unwrap()))
                .collect(),
            meta: SeriesMeta::default(),
        };
        let s = d.stats();
        assert_eq!((s.tasks, s.samples, s.n_min, s.n_max), (7, 45, 1, 10));
        assert_eq!((s.frac_none, s.frac_all), (2.0 / 7.0, 2.0 / 7.0));
        // (0.3 + 0 + 0.3 + 1 + 1 + 2/9 + 0) / 7, by hand; and as the grouped mean.
        use crate::num::prec::CLOSED_FORM_REL;
        let want = (0.6 + 2.0 + 2.0 / 9.0) / 7.0;
        assert!(
            (s.pass1 - want).abs() <= CLOSED_FORM_REL * want,
            "{} vs {want}",
            s.pass1
        );
        let grouped = d.groups().mean(|c| c.rate());
        assert!((s.pass1 - grouped).abs() <= CLOSED_FORM_REL * grouped);
        let empty = Dataset {
            tasks: Default::default(),
            ..d
        };
        let s = empty.stats();
        assert_eq!((s.tasks, s.samples, s.n_min, s.n_max), (0, 0, 0, 0));
        assert!(s.pass1.is_nan());
    }
}
