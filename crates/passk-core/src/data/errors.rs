//! The error policy: what samples the input marked as errors (timeouts, infrastructure
//! failures) count as, and what each choice changes.
//!
//! Errored samples are a known silent bias: dropped from the denominator they inflate
//! accuracy (inspect_ai #3707), counted as wrong answers they deflate it (NeMo Evaluator
//! PR 1155). The readers count them as failures and note how many each task had; the policy
//! then keeps them so, or takes them out.

use std::fmt;

use crate::data::dataset::Dataset;
use crate::data::task::Task;
use crate::data::tasks::Tasks;
use crate::num::sum::Neumaier;

/// What errored samples count as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ErrorPolicy {
    /// Failed samples (the default: n keeps them).
    #[default]
    Failures,
    /// Not samples at all: n shrinks; a task left with none is dropped.
    Exclude,
    /// Excluded as with `Exclude`, and each task that had any listed with its count.
    Apart,
}

impl ErrorPolicy {
    /// Every policy, in the order a menu lists them.
    pub const ALL: [ErrorPolicy; 3] = [
        ErrorPolicy::Failures,
        ErrorPolicy::Exclude,
        ErrorPolicy::Apart,
    ];

    /// The key of the command line and saved state.
    pub fn key(self) -> &'static str {
        match self {
            ErrorPolicy::Failures => "failures",
            ErrorPolicy::Exclude => "exclude",
            ErrorPolicy::Apart => "apart",
        }
    }

    /// The policy with this key.
    pub fn from_key(key: &str) -> Option<ErrorPolicy> {
        ErrorPolicy::ALL.into_iter().find(|p| p.key() == key.trim())
    }
}

impl fmt::Display for ErrorPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorPolicy::Failures => "errors count as failures",
            ErrorPolicy::Exclude => "errors are excluded",
            ErrorPolicy::Apart => "errors are excluded and listed",
        })
    }
}

/// A task with errored samples, as the `apart` policy lists it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ErroredTask {
    /// The task id ("" without one).
    pub id: String,
    /// Its errored samples.
    pub errored: u64,
    /// Its samples, errored ones included.
    pub n: u64,
}

/// What a series' errored samples are and what the policy changed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ErrorCounts {
    /// The policy applied.
    pub policy: ErrorPolicy,
    /// Errored samples.
    pub samples: u64,
    /// Tasks with at least one.
    pub tasks: u64,
    /// Tasks whose every sample errored (dropped when errors are excluded).
    pub all_errored: u64,
    /// pass@1 with errors as failures.
    pub pass_at_1_failures: f64,
    /// pass@1 with errors excluded (None when no task keeps a sample).
    pub pass_at_1_excluded: Option<f64>,
    /// With `apart`: the tasks with errored samples.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub listed: Vec<ErroredTask>,
}

/// Mean of c/n over tasks (pass@1) after taking `drop(task)` samples out of each task's n;
/// tasks left with none are left out. None when none is left.
fn pass_at_1(tasks: &[Task], drop: impl Fn(&Task) -> u64) -> Option<f64> {
    let mut sum = Neumaier::default();
    let mut m = 0u64;
    for t in tasks {
        let n = t.counts.n() - drop(t).min(t.counts.n());
        if n > 0 {
            sum.add(t.counts.c() as f64 / n as f64);
            m += 1;
        }
    }
    (m > 0).then(|| sum.total() / m as f64)
}

/// What `policy` does to a series with errored samples (None when it has none).
pub fn summarise(tasks: &[Task], policy: ErrorPolicy) -> Option<ErrorCounts> {
    let errored: Vec<&Task> = tasks.iter().filter(|t| t.errored() > 0).collect();
    if errored.is_empty() {
        return None;
    }
    Some(ErrorCounts {
        policy,
        samples: errored.iter().map(|t| t.errored()).sum(),
        tasks: errored.len() as u64,
        all_errored: errored
            .iter()
            .filter(|t| t.errored() >= t.counts.n())
            .count() as u64,
        pass_at_1_failures: pass_at_1(tasks, |_| 0).unwrap_or(f64::NAN),
        pass_at_1_excluded: pass_at_1(tasks, Task::errored),
        listed: match policy {
            ErrorPolicy::Apart => errored
                .iter()
                .map(|t| ErroredTask {
                    id: t.id.as_deref().unwrap_or_default().to_string(),
                    errored: t.errored(),
                    n: t.counts.n(),
                })
                .collect(),
            _ => Vec::new(),
        },
    })
}

/// The series as `policy` has it: unchanged with `Failures`; else each task's errored
/// samples taken out of its n (they are never among its passes; its answers and scores,
/// which counted them, dropped) and tasks left with none dropped.
pub fn apply(ds: &Dataset, policy: ErrorPolicy) -> Dataset {
    if policy == ErrorPolicy::Failures || ds.tasks.iter().all(|t| t.errored() == 0) {
        return ds.clone();
    }
    let tasks: Vec<Task> = ds
        .tasks
        .iter()
        .filter_map(|t| {
            let mut t = t.clone();
            let n = t.counts.n().checked_sub(t.errored()).filter(|&n| n > 0)?;
            t.counts = crate::data::counts::Counts::new(n, t.counts.c()).ok()?;
            if t.errored() > 0 {
                // Answers and scores were of every sample, the errored ones too: they no
                // longer match n (maj@k, BoN@k and max@k then say they are not known).
                t.set_votes(None);
                t.set_scored(None);
                t.set_graded(None);
            }
            t.set_errored(0);
            Some(t)
        })
        .collect();
    Dataset {
        tasks: Tasks::from(tasks),
        ..ds.clone()
    }
}

/// [`summarise`] of each series.
pub fn summarise_all(datasets: &[Dataset], policy: ErrorPolicy) -> Vec<Option<ErrorCounts>> {
    datasets
        .iter()
        .map(|d| summarise(&d.tasks, policy))
        .collect()
}

/// [`apply`] to each series.
pub fn apply_all(datasets: &[Dataset], policy: ErrorPolicy) -> Vec<Dataset> {
    datasets.iter().map(|d| apply(d, policy)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::counts::Counts;
    use crate::data::dataset::SeriesMeta;

    fn task(id: &str, n: u64, c: u64, errored: u64) -> Task {
        let mut t = Task::new(Some(id.into()), Counts::new(n, c).unwrap());
        t.set_errored(errored);
        t
    }

    #[test]
    fn each_policy_says_what_it_changes() {
        // a: 4 samples, 2 passed, 1 errored; b: 2 samples, both errored; c: 2 of 2, none.
        let tasks = vec![task("a", 4, 2, 1), task("b", 2, 0, 2), task("c", 2, 2, 0)];
        let s = summarise(&tasks, ErrorPolicy::Apart).unwrap();
        assert_eq!((s.samples, s.tasks, s.all_errored), (3, 2, 1));
        // As failures: (2/4 + 0/2 + 2/2)/3 = 1/2; excluded: (2/3 + 1)/2 = 5/6 (b dropped).
        assert!((s.pass_at_1_failures - 0.5).abs() < 1e-15);
        assert!((s.pass_at_1_excluded.unwrap() - 5.0 / 6.0).abs() < 1e-15);
        assert_eq!(s.listed.len(), 2);
        assert_eq!(
            s.listed[1],
            ErroredTask {
                id: "b".into(),
                errored: 2,
                n: 2
            }
        );
        assert!(summarise(&tasks, ErrorPolicy::Exclude)
            .unwrap()
            .listed
            .is_empty());
        assert_eq!(summarise(&tasks[2..], ErrorPolicy::Failures), None);
        let ds = Dataset {
            name: "s".into(),
            tasks: Tasks::from(tasks),
            meta: SeriesMeta::default(),
        };
        assert_eq!(apply(&ds, ErrorPolicy::Failures), ds);
        let mut ds = ds;
        let votes = crate::data::samples::Votes::new(
            vec![crate::data::samples::AnswerGroup::new(4, true)],
            0,
        )
        .unwrap();
        ds.tasks.iter_mut().next().unwrap().set_votes(Some(votes));
        let out = apply(&ds, ErrorPolicy::Exclude);
        // Its answers counted the errored sample: they go with it.
        assert!(out.tasks.iter().all(|t| t.votes().is_none()));
        let counts: Vec<(u64, u64, u64)> = out
            .tasks
            .iter()
            .map(|t| (t.counts.n(), t.counts.c(), t.errored()))
            .collect();
        assert_eq!(counts, vec![(3, 2, 0), (2, 2, 0)]);
        assert_eq!(ErrorPolicy::from_key(" apart"), Some(ErrorPolicy::Apart));
        assert_eq!(ErrorPolicy::from_key("drop"), None);
    }
}
