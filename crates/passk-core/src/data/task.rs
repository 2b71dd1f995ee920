//! One task of a series: its id, its counts, and what else the input said of it.

use crate::data::counts::Counts;
use crate::data::rewards::Rewards;
use crate::data::samples::{Scored, Votes};

/// One task: its id (if the input had one), its counts and what else the input said of it
/// (its group, its samples' answers and scores), kept apart so that a task of counts alone
/// stays small (40 bytes on a 64-bit target: a million of them are read at memory speed).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(from = "Owned")]
pub struct Task {
    /// The task id from the input, if any (boxed: a task stays small).
    pub id: Option<Box<str>>,
    /// The counts.
    pub counts: Counts,
    /// The rest, when the input said any of it (never `Some` of nothing: equality holds).
    extra: Option<Box<Extra>>,
}

/// What a task may carry beyond its id and counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Extra {
    group: Option<Box<str>>,
    votes: Option<Votes>,
    scored: Option<Scored>,
    graded: Option<Scored>,
    rewards: Option<Rewards>,
    errored: u64,
}

impl Extra {
    fn is_empty(&self) -> bool {
        self == &Extra::default()
    }
}

/// A task as it is written: its extra fields beside its id and counts, each left out when
/// absent.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(bound(
    deserialize = "Id: serde::Deserialize<'de>, C: serde::Deserialize<'de>, \
    G: serde::Deserialize<'de>, V: serde::Deserialize<'de>, S: serde::Deserialize<'de>, \
    R: serde::Deserialize<'de>"
))]
struct TaskWire<Id, C, G, V, S, R> {
    id: Id,
    counts: C,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    group: Option<G>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    votes: Option<V>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scored: Option<S>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    graded: Option<S>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rewards: Option<R>,
    #[serde(default, skip_serializing_if = "is_zero")]
    errored: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A task read back.
type Owned = TaskWire<Option<Box<str>>, Counts, Box<str>, Votes, Scored, Rewards>;

impl From<Owned> for Task {
    fn from(w: Owned) -> Task {
        let mut t = Task::new(None, w.counts);
        t.id = w.id;
        t.set_extra(Extra {
            group: w.group,
            votes: w.votes,
            scored: w.scored,
            graded: w.graded,
            rewards: w.rewards,
            errored: w.errored,
        });
        t
    }
}

impl serde::Serialize for Task {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TaskWire {
            id: &self.id,
            counts: &self.counts,
            group: self.group(),
            votes: self.votes(),
            scored: self.scored(),
            graded: self.graded(),
            rewards: self.rewards(),
            errored: self.errored(),
        }
        .serialize(s)
    }
}

impl Task {
    /// A task with no group.
    pub fn new(id: Option<String>, counts: Counts) -> Task {
        Task {
            id: id.map(String::into_boxed_str),
            counts,
            extra: None,
        }
    }

    /// A task in a group (or none), with no answers or scores.
    pub fn grouped(id: Option<String>, counts: Counts, group: Option<String>) -> Task {
        let extra = group.map(|g| {
            Box::new(Extra {
                group: Some(g.into_boxed_str()),
                ..Extra::default()
            })
        });
        Task {
            extra,
            ..Task::new(id, counts)
        }
    }

    fn set_extra(&mut self, extra: Extra) {
        self.extra = (!extra.is_empty()).then(|| Box::new(extra));
    }

    /// Changes what the task carries beyond its counts, in place (no box is made to set
    /// nothing, and an emptied one is dropped).
    fn edit(&mut self, f: impl FnOnce(&mut Extra)) {
        match &mut self.extra {
            Some(extra) => {
                f(extra);
                if extra.is_empty() {
                    self.extra = None;
                }
            }
            None => {
                let mut extra = Extra::default();
                f(&mut extra);
                self.set_extra(extra);
            }
        }
    }

    /// Whether the task holds more than its id and counts (a group, votes or scores).
    pub fn has_extra(&self) -> bool {
        self.extra.is_some()
    }

    /// The task's group (for cluster-robust standard errors), if the input names one.
    pub fn group(&self) -> Option<&str> {
        self.extra.as_ref()?.group.as_deref()
    }

    /// The samples tallied by answer (for maj@k), when the input gave answers.
    pub fn votes(&self) -> Option<&Votes> {
        self.extra.as_ref()?.votes.as_ref()
    }

    /// The samples' scores and outcomes (for BoN@k), when the input scored every sample.
    pub fn scored(&self) -> Option<&Scored> {
        self.extra.as_ref()?.scored.as_ref()
    }

    /// The samples' scores and graded rewards (for max@k), when the input gave both for
    /// every sample.
    pub fn graded(&self) -> Option<&Scored> {
        self.extra.as_ref()?.graded.as_ref()
    }

    /// The samples tallied by graded reward (Bayes@N, pass@k by a threshold), when the input
    /// gave every sample one.
    pub fn rewards(&self) -> Option<&Rewards> {
        self.extra.as_ref()?.rewards.as_ref()
    }

    /// How many of the task's samples the input marked as errors (timeouts, infrastructure
    /// failures): counted among its samples, as failures.
    pub fn errored(&self) -> u64 {
        self.extra.as_ref().map_or(0, |e| e.errored)
    }

    /// Sets (or clears) the graded rewards.
    pub fn set_rewards(&mut self, rewards: Option<Rewards>) {
        self.edit(|e| e.rewards = rewards);
    }

    /// Sets how many samples were errors.
    pub fn set_errored(&mut self, errored: u64) {
        self.edit(|e| e.errored = errored);
    }

    /// Sets (or clears) the task's group.
    pub fn set_group(&mut self, group: Option<Box<str>>) {
        self.edit(|e| e.group = group);
    }

    /// Sets (or clears) the votes.
    pub fn set_votes(&mut self, votes: Option<Votes>) {
        self.edit(|e| e.votes = votes);
    }

    /// Takes the votes out (the task keeps none).
    pub fn take_votes(&mut self) -> Option<Votes> {
        let mut votes = None;
        self.edit(|e| votes = e.votes.take());
        votes
    }

    /// Sets (or clears) the scores with outcomes.
    pub fn set_scored(&mut self, scored: Option<Scored>) {
        self.edit(|e| e.scored = scored);
    }

    /// Sets (or clears) the scores with graded rewards.
    pub fn set_graded(&mut self, graded: Option<Scored>) {
        self.edit(|e| e.graded = graded);
    }

    /// Adds the samples of another run of the same task: counts summed, votes combined by
    /// answer (samples without one abstain), scores joined (kept only if both runs scored
    /// every sample); the group stays the first run's.
    ///
    /// # Errors
    /// A counts error when the sums overflow; `self` is then unchanged.
    pub fn absorb(&mut self, other: Task) -> Result<(), crate::data::counts::CountsError> {
        let counts = Counts::new(
            self.counts.n().saturating_add(other.counts.n()),
            self.counts.c().saturating_add(other.counts.c()),
        )?;
        let (n, other_n) = (self.counts.n(), other.counts.n());
        let other = other.extra.map(|b| *b).unwrap_or_default();
        self.edit(|e| {
            let abstaining = |v: Option<Votes>, n: u64| v.or_else(|| Votes::abstaining(n).ok());
            e.votes = match (e.votes.take(), other.votes) {
                (None, None) => None,
                (a, b) => abstaining(a, n)
                    .zip(abstaining(b, other_n))
                    .and_then(|(a, b)| a.merge(&b).ok()),
            };
            let join = |a: Option<Scored>, b: Option<Scored>| {
                let (a, b) = a.zip(b)?;
                Scored::new(a.samples().iter().chain(b.samples()).copied().collect()).ok()
            };
            e.scored = join(e.scored.take(), other.scored);
            e.graded = join(e.graded.take(), other.graded);
            e.rewards = match (e.rewards.take(), other.rewards) {
                (Some(a), Some(b)) => a.merge(&b).ok(),
                _ => None,
            };
            e.errored = e.errored.saturating_add(other.errored);
        });
        self.counts = counts;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::samples::AnswerGroup;

    #[test]
    fn a_task_is_written_flat_and_read_back_equal() {
        let mut t = Task::grouped(Some("t1".into()), Counts::new(4, 1).unwrap(), None);
        let plain = serde_json::to_string(&t).unwrap();
        assert_eq!(plain, r#"{"id":"t1","counts":[4,1]}"#);
        t.set_group(Some("algebra".into()));
        t.set_votes(Some(
            Votes::new(vec![AnswerGroup::new(3, true)], 1).unwrap(),
        ));
        let full = serde_json::to_string(&t).unwrap();
        assert!(full.starts_with(r#"{"id":"t1","counts":[4,1],"group":"algebra","votes":"#));
        assert!(!full.contains("scored") && !full.contains("graded"));
        for text in [plain, full] {
            let back: Task = serde_json::from_str(&text).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
        }
    }

    #[test]
    fn clearing_what_a_task_carries_leaves_it_equal_to_one_that_never_had_it() {
        let bare = Task::new(None, Counts::new(2, 2).unwrap());
        let mut t = bare.clone();
        t.set_group(Some("g".into()));
        t.set_scored(Some(Scored::new(vec![(0.5, 1.0), (0.1, 1.0)]).unwrap()));
        assert_ne!(t, bare);
        t.set_group(None);
        assert_eq!(t.group(), None);
        assert!(t.scored().is_some());
        t.set_scored(None);
        assert_eq!(t, bare);
        assert!(std::mem::size_of::<Task>() <= 40);
    }
}
