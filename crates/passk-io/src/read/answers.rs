//! What a per-sample line says beyond pass or fail: each sample's answer (for maj@k), the
//! task's target answer, and each sample's score (for BoN@k).

use serde_json::Value;

use crate::number::shorten;

use super::collect::Answers;
use super::json_value::{json_text, Object};
use super::names::{ANSWER_NAMES, SCORE_NAMES, TARGET_NAMES};

/// The line's answers, target and scores, for its `outcomes` (one per sample) read from the
/// field `outcome_field`; None when it has none of them.
///
/// A line of one sample gives one answer and one score; a line of several samples gives
/// lists of the same length (the first field of each kind that is a list). `score` is a score only when it is not the outcome itself.
///
/// # Errors
/// The reason, naming the field: a list of the wrong length, a score that is not a finite
/// number, an answer that is neither text nor a number.
pub fn said_of(
    obj: &Object<'_>,
    outcome_field: &str,
    outcomes: &[bool],
) -> Result<Option<SaidLine>, String> {
    let scores_from: Vec<&'static str> = SCORE_NAMES
        .iter()
        .copied()
        .filter(|&f| f != outcome_field)
        .collect();
    // On a line of several samples only a list can be theirs (a single `answer` there is
    // the dataset's, as in math-evaluation-harness logs: `answer` beside a list `pred`).
    let pick = |names: &[&'static str]| {
        names
            .iter()
            .filter_map(|n| obj.get(&[n]))
            .find(|(_, v)| outcomes.len() == 1 || v.is_array())
    };
    let answer = pick(&ANSWER_NAMES);
    let target = obj.get(&TARGET_NAMES);
    let score = pick(&scores_from);
    if answer.is_none() && target.is_none() && score.is_none() {
        return Ok(None);
    }
    let per_sample = |(field, v): (&str, Value)| -> Result<Vec<Value>, String> {
        match v {
            Value::Array(items) if outcomes.len() != 1 || items.len() == 1 => {
                if items.len() != outcomes.len() {
                    return Err(format!(
                        "{field} lists {} values for {} samples",
                        items.len(),
                        outcomes.len()
                    ));
                }
                Ok(items)
            }
            _ if outcomes.len() == 1 => Ok(vec![v]),
            _ => Err(format!("{field} must list one value per sample")),
        }
    };
    let answers = match answer {
        None => None,
        Some((field, v)) => Some(
            per_sample((field, v))?
                .iter()
                .map(|a| match a {
                    Value::Null => Ok(None),
                    other => json_text(other).map(Some).ok_or_else(|| {
                        format!("{field} = {} is not text", shorten(&other.to_string()))
                    }),
                })
                .collect::<Result<Vec<Option<String>>, String>>()?,
        ),
    };
    let numbers = |(field, v): (&str, Value)| -> Result<Vec<f64>, String> {
        per_sample((field, v))?
            .iter()
            .map(|s| match s.as_f64() {
                Some(x) if x.is_finite() => Ok(x),
                _ => Err(format!(
                    "{field} = {} is not a number",
                    shorten(&s.to_string())
                )),
            })
            .collect()
    };
    // A graded reward beside the score that ranks the samples (max@k).
    let graded = match &score {
        Some((field, _)) if *field != "reward" && outcome_field != "reward" => {
            obj.get(&["reward"]).map(numbers).transpose()?
        }
        _ => None,
    };
    let scores = score.map(numbers).transpose()?;
    Ok(Some(SaidLine {
        answers,
        target: target.and_then(|(_, v)| json_text(&v)),
        scores,
        graded,
        outcomes: outcomes.iter().map(|&o| Some(o)).collect(),
    }))
}

/// One line's answers, target and scores.
#[derive(Debug, Clone, PartialEq)]
pub struct SaidLine {
    /// One answer per sample (None: no answer), when the line gives answers.
    pub answers: Option<Vec<Option<String>>>,
    /// The task's target answer.
    pub target: Option<String>,
    /// One score per sample, when the line gives scores.
    pub scores: Option<Vec<f64>>,
    /// One graded reward per sample, when the line gives one beside the score that ranks
    /// the samples (`reward` beside `rm_score` or `score`).
    pub graded: Option<Vec<f64>>,
    /// One outcome per sample (None: not known, such as lm-evaluation-harness repeats).
    pub outcomes: Vec<Option<bool>>,
}

impl SaidLine {
    /// Adds the line to what its task's samples said.
    pub fn add_to(self, said: &mut Answers) {
        if let Some(t) = &self.target {
            said.tally.target(t);
        }
        if let Some(answers) = &self.answers {
            for (a, &ok) in answers.iter().zip(&self.outcomes) {
                said.tally.add(a.as_deref(), ok);
            }
            said.tallied += self.outcomes.len() as u64;
        }
        if let (Some(scores), Some(graded)) = (&self.scores, &self.graded) {
            said.graded
                .extend(scores.iter().zip(graded).map(|(&s, &r)| (s, r)));
        }
        if let Some(scores) = &self.scores {
            said.scores.extend(
                scores
                    .iter()
                    .zip(&self.outcomes)
                    .filter_map(|(&s, &ok)| Some((s, ok? as u8 as f64))),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::read::{assemble, read_text};
    use passk_core::data::AnswerGroup;
    use passk_core::report::build_report;
    use passk_core::settings::Options;

    #[test]
    fn answers_targets_and_scores_reach_the_report() {
        let text = "{\"task_id\": \"a\", \"passed\": true, \"answer\": \"42\", \"target\": \"42\", \"rm_score\": 0.9}\n\
                    {\"task_id\": \"a\", \"passed\": false, \"answer\": \"41\", \"rm_score\": 0.95}\n\
                    {\"task_id\": \"a\", \"passed\": false, \"answer\": null, \"rm_score\": 0.1}\n\
                    {\"task_id\": \"b\", \"passed\": [true, true, false], \"pred\": [\"x\", \" x\", \"y\"], \"reward\": [1, 0.5, 2]}\n\
                    {\"task_id\": \"c\", \"passed\": [true, false], \"pred\": [\"x\"]}\n\
                    {\"task_id\": \"c\", \"passed\": true, \"score\": \"high\"}\n";
        let r = read_text("s.jsonl", "s", text, None);
        let lines: Vec<u64> = r.rejected.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![5, 6], "{:?}", r.rejected);
        assert!(r.rejected[0]
            .reason
            .contains("pred lists 1 values for 2 samples"));
        assert!(r.rejected[1]
            .reason
            .contains("score = \"high\" is not a number"));
        let tasks = &r.series[0].1;
        let groups = |i: usize| -> Vec<AnswerGroup> { tasks[i].votes().unwrap().groups().to_vec() };
        let g = AnswerGroup::new;
        assert_eq!(groups(0), vec![g(1, true), g(1, false)]);
        assert_eq!(tasks[0].votes().unwrap().abstain(), 1);
        // No target: a group is correct when all its samples passed.
        assert_eq!(groups(1), vec![g(2, true), g(1, false)]);
        let scored = tasks[0].scored().unwrap().samples().to_vec();
        assert_eq!(scored, vec![(0.95, 0.0), (0.9, 1.0), (0.1, 0.0)]);
        let (ds, rej) = assemble(vec![r]);
        let opts = Options {
            ks: vec![1, 2, 3, 4],
            ..Options::default()
        };
        let m = &build_report(&ds, rej, &opts).models[0];
        // maj@1 = the share of correct votes: (1/3 + 2/3) / 2.
        assert_eq!(m.maj_at_k.len(), 3);
        assert!((m.maj_at_k[0].value - 0.5).abs() < 1e-15);
        // BoN@1 = pass@1; BoN@3 takes the top score: a → wrong, b → reward 2 sample (fails).
        assert!((m.bon_at_k[0].value - 0.5).abs() < 1e-15);
        assert_eq!(m.bon_at_k[2].value, 0.0);
        let json = serde_json::to_string(m).unwrap();
        assert!(json.contains("\"maj_at_k\":[{\"k\":1,\"value\":0.5}"));
    }

    #[test]
    fn a_graded_reward_beside_the_score_gives_max_at_k() {
        let text = "{\"task_id\": \"d\", \"passed\": false, \"rm_score\": 0.9, \"reward\": 0.3}\n\
                    {\"task_id\": \"d\", \"passed\": true, \"rm_score\": 0.1, \"reward\": 1.0}\n\
                    {\"task_id\": \"d\", \"passed\": false, \"rm_score\": 0.5, \"reward\": 0.5}\n";
        let (ds, rej) = assemble(vec![read_text("g.jsonl", "g", text, None)]);
        let opts = Options {
            ks: vec![1, 2, 3],
            ..Options::default()
        };
        let m = &build_report(&ds, rej, &opts).models[0];
        // By hand: the mean reward; pairs {0.9, 0.1} → 0.3, {0.9, 0.5} → 0.3, {0.5, 0.1} → 0.5;
        // all three → the top score's 0.3.
        let want = [0.6, 1.1 / 3.0, 0.3];
        assert_eq!(m.max_at_k.len(), 3);
        for (got, want) in m.max_at_k.iter().zip(want) {
            assert!((got.value - want).abs() < 1e-15, "{got:?} vs {want}");
        }
        // BoN@k ranks the same way but counts correctness: the top score failed.
        assert_eq!(m.bon_at_k[2].value, 0.0);
        // A reward that ranks (no other score) is a BoN score, not a graded value.
        let r = read_text(
            "r.jsonl",
            "r",
            "{\"task_id\": \"e\", \"passed\": true, \"reward\": 0.7}\n",
            None,
        );
        assert!(r.series[0].1[0].graded().is_none());
        assert!(r.series[0].1[0].scored().is_some());
    }
}
