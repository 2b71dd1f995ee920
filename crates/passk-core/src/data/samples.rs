//! What a task's samples said beyond pass or fail: their answers, tallied into groups of
//! equal answers ([`Votes`], for majority voting), and their scores ([`Scored`], for
//! best-of-k).

use std::collections::HashMap;
use std::fmt;

/// Why a task's votes or scores are not valid.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum SamplesError {
    /// No sample at all.
    NoSamples,
    /// An answer group of no samples.
    EmptyGroup,
    /// A score or value that is NaN or infinite (at this sample, 0-based).
    NotFinite(usize),
    /// Votes to be combined whose answers were not kept.
    Unlabelled,
}

impl fmt::Display for SamplesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SamplesError::NoSamples => write!(f, "no samples"),
            SamplesError::EmptyGroup => write!(f, "an answer group of no samples"),
            SamplesError::NotFinite(i) => write!(f, "sample {i}: score is not a finite number"),
            SamplesError::Unlabelled => write!(f, "answers not kept: votes cannot be combined"),
        }
    }
}

impl std::error::Error for SamplesError {}

/// One group of equal answers: how many samples gave it, and whether it is correct.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AnswerGroup {
    /// Samples that gave this answer.
    pub count: u64,
    /// Whether the answer is correct.
    pub correct: bool,
    /// The answer itself, kept only where votes of several files are to be combined
    /// ([`Votes::merge`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

impl AnswerGroup {
    /// A group of `count` samples giving one answer, correct or not (the answer not kept).
    pub fn new(count: u64, correct: bool) -> AnswerGroup {
        AnswerGroup {
            count,
            correct,
            answer: None,
        }
    }
}

/// A task's samples tallied by answer: the groups (largest first) and the samples that gave
/// no answer, which are drawn but do not vote.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "(Vec<AnswerGroup>, u64)", into = "(Vec<AnswerGroup>, u64)")]
pub struct Votes(Box<VoteGroups>);

/// What [`Votes`] holds, boxed: most tasks have no votes, and a task stays small.
#[derive(Debug, Clone, PartialEq, Eq)]
struct VoteGroups {
    groups: Vec<AnswerGroup>,
    abstain: u64,
}

impl Votes {
    /// Validated votes; the groups are put largest first (then correct first, then by
    /// answer: one order whatever order the answers were tallied in, so that two reads of
    /// one file are equal).
    ///
    /// # Errors
    /// [`SamplesError::EmptyGroup`] for a group of 0 samples, [`SamplesError::NoSamples`]
    /// when there is no sample at all.
    pub fn new(mut groups: Vec<AnswerGroup>, abstain: u64) -> Result<Votes, SamplesError> {
        if groups.iter().any(|g| g.count == 0) {
            return Err(SamplesError::EmptyGroup);
        }
        if groups.is_empty() && abstain == 0 {
            return Err(SamplesError::NoSamples);
        }
        groups.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then(b.correct.cmp(&a.correct))
                .then_with(|| a.answer.cmp(&b.answer))
        });
        Ok(Votes(Box::new(VoteGroups { groups, abstain })))
    }

    /// The answer groups, largest first.
    pub fn groups(&self) -> &[AnswerGroup] {
        &self.0.groups
    }

    /// Samples that gave no answer.
    pub fn abstain(&self) -> u64 {
        self.0.abstain
    }

    /// Samples in all.
    pub fn n(&self) -> u64 {
        self.0.abstain + self.0.groups.iter().map(|g| g.count).sum::<u64>()
    }

    /// The same votes without the answers' texts.
    pub fn without_answers(mut self) -> Votes {
        for g in &mut self.0.groups {
            g.answer = None;
        }
        self
    }

    /// `n` samples that gave no answer.
    pub fn abstaining(n: u64) -> Result<Votes, SamplesError> {
        Votes::new(Vec::new(), n)
    }

    /// The votes of one task's samples from two sources (runs of one model in several
    /// files): equal answers are one group, correct only if correct in both.
    ///
    /// # Errors
    /// [`SamplesError::Unlabelled`] when a group does not keep its answer (equal answers
    /// could not be found).
    pub fn merge(&self, other: &Votes) -> Result<Votes, SamplesError> {
        let mut groups: Vec<AnswerGroup> = self.0.groups.clone();
        for g in self.0.groups.iter().chain(&other.0.groups) {
            if g.answer.is_none() {
                return Err(SamplesError::Unlabelled);
            }
        }
        for g in &other.0.groups {
            match groups.iter_mut().find(|h| h.answer == g.answer) {
                Some(h) => {
                    h.count += g.count;
                    h.correct &= g.correct;
                }
                None => groups.push(g.clone()),
            }
        }
        Votes::new(groups, self.0.abstain + other.0.abstain)
    }
}

impl TryFrom<(Vec<AnswerGroup>, u64)> for Votes {
    type Error = SamplesError;
    fn try_from((groups, abstain): (Vec<AnswerGroup>, u64)) -> Result<Self, Self::Error> {
        Votes::new(groups, abstain)
    }
}

impl From<Votes> for (Vec<AnswerGroup>, u64) {
    fn from(v: Votes) -> Self {
        (v.0.groups, v.0.abstain)
    }
}

/// Tallies one task's answers as they come, in any order.
///
/// An answer is compared after trimming white space (and, with `fold_case`, ignoring
/// case). A group is correct when every sample that gave it passed, as the harness judged
/// them (its equivalence is better than equal text: `0.5` and `1/2`); where no outcome of its
/// samples is known, when it equals the target.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    groups: HashMap<String, (u64, Option<bool>)>,
    abstain: u64,
    target: Option<String>,
    fold_case: bool,
}

impl Tally {
    /// An empty tally; `fold_case` compares answers ignoring case.
    pub fn new(fold_case: bool) -> Tally {
        Tally {
            fold_case,
            ..Tally::default()
        }
    }

    fn key(&self, answer: &str) -> String {
        let t = answer.trim();
        if self.fold_case {
            t.to_lowercase()
        } else {
            t.to_string()
        }
    }

    /// Adds one sample: its answer (None or blank: no answer) and whether it passed (None:
    /// not known).
    pub fn add(&mut self, answer: Option<&str>, passed: Option<bool>) {
        match answer.map(|a| self.key(a)).filter(|a| !a.is_empty()) {
            None => self.abstain += 1,
            Some(key) => {
                let g = self.groups.entry(key).or_insert((0, None));
                g.0 += 1;
                g.1 = match (g.1, passed) {
                    (Some(a), Some(b)) => Some(a && b),
                    (a, b) => a.or(b),
                };
            }
        }
    }

    /// Sets the target answer (the first one given wins).
    pub fn target(&mut self, target: &str) {
        if self.target.is_none() {
            self.target = Some(self.key(target));
        }
    }

    /// Whether any sample gave an answer.
    pub fn has_answers(&self) -> bool {
        !self.groups.is_empty()
    }

    /// The votes tallied.
    ///
    /// # Errors
    /// [`SamplesError::NoSamples`] when nothing was added.
    pub fn votes(&self) -> Result<Votes, SamplesError> {
        let groups = self
            .groups
            .iter()
            .map(|(answer, &(count, passed))| AnswerGroup {
                count,
                correct: passed.unwrap_or_else(|| self.target.as_ref() == Some(answer)),
                answer: Some(answer.clone()),
            })
            .collect();
        Votes::new(groups, self.abstain)
    }
}

/// A task's samples with a score each (what ranks them, such as a reward model's) and a
/// value each (correctness as 0 or 1, or a graded reward), kept sorted by score, highest
/// first.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "Vec<(f64, f64)>", into = "Vec<(f64, f64)>")]
pub struct Scored(Box<[(f64, f64)]>);

impl Scored {
    /// Validated (score, value) pairs.
    ///
    /// # Errors
    /// [`SamplesError::NoSamples`] for an empty list, [`SamplesError::NotFinite`] for a NaN
    /// or infinite score or value.
    pub fn new(mut samples: Vec<(f64, f64)>) -> Result<Scored, SamplesError> {
        if samples.is_empty() {
            return Err(SamplesError::NoSamples);
        }
        if let Some(i) = samples
            .iter()
            .position(|(s, v)| !s.is_finite() || !v.is_finite())
        {
            return Err(SamplesError::NotFinite(i));
        }
        samples.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.total_cmp(&a.1)));
        Ok(Scored(samples.into_boxed_slice()))
    }

    /// The (score, value) pairs, highest score first.
    pub fn samples(&self) -> &[(f64, f64)] {
        &self.0
    }

    /// Samples in all.
    pub fn n(&self) -> u64 {
        self.0.len() as u64
    }
}

// Every score and value is finite (checked in `new`), so equality is an equivalence.
impl Eq for Scored {}

impl TryFrom<Vec<(f64, f64)>> for Scored {
    type Error = SamplesError;
    fn try_from(v: Vec<(f64, f64)>) -> Result<Self, Self::Error> {
        Scored::new(v)
    }
}

impl From<Scored> for Vec<(f64, f64)> {
    fn from(s: Scored) -> Self {
        s.0.into_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_tallied_trimmed_and_matched_to_the_target() {
        let mut t = Tally::new(false);
        for (a, p) in [
            (Some(" 42"), None),
            (Some("41"), None),
            (Some("42 "), None),
            (None, Some(false)),
            (Some(""), Some(false)),
            (Some("Ab"), Some(false)),
        ] {
            t.add(a, p);
        }
        t.target("41");
        let v = t.votes().unwrap();
        assert_eq!(v.n(), 6);
        assert_eq!(v.abstain(), 2);
        let g: Vec<(u64, bool)> = v.groups().iter().map(|g| (g.count, g.correct)).collect();
        assert_eq!(g, vec![(2, false), (1, true), (1, false)]);
        let mut folded = Tally::new(true);
        folded.add(Some("Ab"), None);
        folded.add(Some("aB"), None);
        folded.target("AB");
        assert_eq!(folded.votes().unwrap().groups()[0].count, 2);
        assert!(folded.votes().unwrap().groups()[0].correct);
        assert_eq!(Tally::new(false).votes(), Err(SamplesError::NoSamples));
        // Known outcomes decide over the text of the target (the harness' equivalence).
        let mut judged = Tally::new(false);
        judged.add(Some("1/2"), Some(true));
        judged.add(Some("0.5"), Some(true));
        judged.add(Some("0.4"), Some(false));
        judged.target("0.5");
        let v = judged.votes().unwrap();
        assert_eq!(v.groups().iter().filter(|g| g.correct).count(), 2);
    }

    #[test]
    fn tied_groups_have_one_order_whatever_the_order_tallied() {
        let answers = ["80", "69", "78", "80", "12", "5"];
        let tally = |order: &[usize]| {
            let mut t = Tally::new(false);
            for &i in order {
                t.add(Some(answers[i]), Some(false));
            }
            t.votes().unwrap()
        };
        let a = tally(&[0, 1, 2, 3, 4, 5]);
        let b = tally(&[5, 4, 3, 2, 1, 0]);
        assert_eq!(a, b);
        let order: Vec<&str> = a
            .groups()
            .iter()
            .filter_map(|g| g.answer.as_deref())
            .collect();
        assert_eq!(order, ["80", "12", "5", "69", "78"]);
    }

    #[test]
    fn invalid_votes_and_scores_are_refused() {
        let g = |count| AnswerGroup::new(count, true);
        assert_eq!(Votes::new(vec![g(0)], 1), Err(SamplesError::EmptyGroup));
        assert_eq!(Votes::new(vec![], 0), Err(SamplesError::NoSamples));
        assert_eq!(
            Scored::new(vec![(1.0, 1.0), (f64::NAN, 0.0)]),
            Err(SamplesError::NotFinite(1))
        );
        let json = serde_json::to_string(&Votes::new(vec![g(1), g(3)], 2).unwrap()).unwrap();
        assert_eq!(
            json,
            "[[{\"count\":3,\"correct\":true},{\"count\":1,\"correct\":true}],2]"
        );
        assert!(serde_json::from_str::<Votes>("[[{\"count\":0,\"correct\":true}],0]").is_err());
    }

    #[test]
    fn votes_of_two_runs_merge_by_answer() {
        let tally = |answers: &[(&str, bool)], abstain: u64| {
            let mut t = Tally::new(false);
            for &(a, p) in answers {
                t.add(Some(a), Some(p));
            }
            for _ in 0..abstain {
                t.add(None, None);
            }
            t.votes().unwrap()
        };
        let a = tally(&[("4", true), ("5", false)], 1);
        let b = tally(&[("4", true), ("4", true), (" 6", false)], 0);
        let m = a.merge(&b).unwrap();
        assert_eq!(m.n(), 6);
        assert_eq!(m.abstain(), 1);
        let g: Vec<(u64, bool, Option<&str>)> = m
            .groups()
            .iter()
            .map(|g| (g.count, g.correct, g.answer.as_deref()))
            .collect();
        assert_eq!(g[0], (3, true, Some("4")));
        assert_eq!(g.len(), 3);
        let m = a.merge(&Votes::abstaining(2).unwrap()).unwrap();
        assert_eq!((m.n(), m.abstain()), (5, 3));
        assert_eq!(
            a.clone().without_answers().merge(&b),
            Err(SamplesError::Unlabelled)
        );
    }
}
