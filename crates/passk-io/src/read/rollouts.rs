//! Rollout files: one JSON line per sampled answer, with the problem's id and a reward, as RL
//! trainers and rollout collectors write them.
//!
//! - verl's validation and rollout dumps (`verl/trainer/ppo/ray_trainer.py`,
//!   `RayPPOTrainer._dump_generations`, `{global_step}.jsonl`): `input`, `output`, `gts`,
//!   `score`, `step` and the reward function's extras (`acc`, `pred`, `reward`); no id, so a
//!   problem is its prompt (with its ground truth).
//! - Prime Intellect verifiers' `results.jsonl` (`verifiers/legacy/utils/save_utils.py`,
//!   `save_outputs`): `example_id` (older: `id`), `reward`, `error`.
//! - NVIDIA NeMo Gym's `rollouts.jsonl` (`nemo_gym/rollout_collection.py`):
//!   `_ng_task_index`, `reward`, one series per `agent_ref.name`.
//! - Every Eval Ever instance files (`instance_level_eval.schema.json`): `sample_id`,
//!   `evaluation.is_correct` and `evaluation.score`, `error`; one series per model and
//!   evaluation.
//!
//! A sample passes by its verdict when the line has one (`acc`, `is_correct`), else by its
//! reward against a threshold: the one the user gave, else the largest reward in the file but
//! at least 1 (within [`THRESHOLD_SLACK`](super::rollout_keys::THRESHOLD_SLACK)), stated in the file's notes. Every graded reward is kept
//! (Bayes@N). A sample marked as an error counts as a failure and is counted apart (the
//! error policy chooses later what it does).

use serde_json::Value;

use passk_core::data::SeriesMeta;

use super::collect::Collector;
use super::json_value::{json_text, Object};
use super::rollout_keys::RolloutKeys;

/// Keys naming a rollout's problem, in the order they are looked for.
pub const ROLLOUT_IDS: [&str; 5] = ["example_id", "_ng_task_index", "sample_id", "id", "task_id"];
/// Keys holding a sample's verdict (true/false or 0/1).
const VERDICTS: [&str; 3] = ["acc", "is_correct", "correct"];
/// Keys holding a sample's graded reward.
const REWARDS: [&str; 2] = ["reward", "score"];

/// Whether a first line is a rollout: a known id key beside a reward, or verl's prompt,
/// response and step.
pub fn is_rollout(obj: &Object<'_>) -> bool {
    let verl = obj.has(&["input"]) && obj.has(&["output"]) && obj.has(&["step"]);
    let keyed = obj.has(&ROLLOUT_IDS[..3]) && (obj.has(&["reward"]) || obj.has(&["evaluation"]));
    let legacy = obj.has(&["id"]) && obj.has(&["reward"]) && obj.has(&["completion"]);
    verl || keyed || legacy
}

/// A field of a nested object (`evaluation.is_correct`).
fn nested(obj: &Object<'_>, outer: &str, inner: &str) -> Option<Value> {
    match obj.get_named(outer)? {
        Value::Object(mut m) => m.remove(inner),
        _ => None,
    }
}

/// A verdict: true/false, or 0/1.
fn verdict(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Number(x) if x.as_f64() == Some(1.0) => Some(true),
        Value::Number(x) if x.as_f64() == Some(0.0) => Some(false),
        _ => None,
    }
}

/// Whether a line marks its sample as an error: a non-empty `error` (verifiers' ErrorData,
/// Every Eval Ever's text, inspect's).
fn errored(obj: &Object<'_>) -> bool {
    match obj.get_named("error") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => false,
        Some(Value::String(s)) => !s.trim().is_empty(),
        Some(Value::Object(m)) => !m.is_empty(),
        Some(_) => true,
    }
}

/// The series of a line: Every Eval Ever's model and evaluation, NeMo Gym's agent; and the
/// step, from the line (`step`, or the user's key) or else from the file's name.
fn meta_of(
    obj: &Object<'_>,
    keys: &RolloutKeys,
    file_step: Option<u64>,
) -> Result<SeriesMeta, String> {
    let mut meta = SeriesMeta::default();
    let text = |name: &str| obj.get_named(name).as_ref().and_then(json_text);
    let agent = nested(obj, "agent_ref", "name")
        .as_ref()
        .and_then(json_text);
    let evaluation = text("evaluation_result_id").or_else(|| text("evaluation_name"));
    meta.model = match (text("model_id").or_else(|| text("model")), evaluation) {
        (Some(m), Some(e)) => Some(format!("{m} {e}")),
        (m, e) => m.or(e).or(agent),
    };
    let step_key = keys.step.as_deref().unwrap_or("step");
    meta.step = match obj.get_named(step_key) {
        None | Some(Value::Null) => file_step,
        Some(v) => match v
            .as_u64()
            .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
        {
            Some(s) => Some(s),
            None => return Err(format!("{step_key} = {v} is not a step number")),
        },
    };
    Ok(meta)
}

/// The problem of a line: the user's id key, a known one, else verl's prompt (with its
/// ground truth, when the dump has `gts`).
fn id_of(obj: &Object<'_>, keys: &RolloutKeys) -> Result<String, String> {
    if let Some(key) = &keys.id {
        return obj
            .get_named(key)
            .as_ref()
            .and_then(json_text)
            .ok_or_else(|| format!("missing column: no '{key}' field"));
    }
    if let Some((_, v)) = obj.get(&ROLLOUT_IDS) {
        return json_text(&v).ok_or_else(|| "the id is neither text nor a number".to_string());
    }
    let prompt = obj.get_named("input").as_ref().and_then(json_text);
    match (prompt, obj.get_named("gts")) {
        (Some(p), None | Some(Value::Null)) => Ok(p),
        (Some(p), Some(gt)) => Ok(format!(
            "{}\n[ground truth: {}]",
            p.trim_end(),
            json_text(&gt).unwrap_or_else(|| gt.to_string())
        )),
        (None, _) => Err("missing column: no problem id (example_id, _ng_task_index, sample_id, id, or verl's input)".into()),
    }
}

/// What a line says of its sample: a verdict, a graded reward, or both.
fn outcome_of(obj: &Object<'_>, keys: &RolloutKeys) -> Result<(Option<bool>, Option<f64>), String> {
    let number =
        |field: &str, v: &Value| match v.as_f64().or_else(|| v.as_bool().map(|b| b as u8 as f64)) {
            Some(x) if x.is_finite() => Ok(x),
            _ => Err(format!("{field} = {v} is not a number")),
        };
    if let Some(key) = &keys.reward {
        let v = obj
            .get_named(key)
            .ok_or_else(|| format!("missing column: no '{key}' field"))?;
        return match v {
            Value::Bool(b) => Ok((Some(b), None)),
            v => Ok((None, Some(number(key, &v)?))),
        };
    }
    let said = obj
        .get(&VERDICTS)
        .or_else(|| nested(obj, "evaluation", "is_correct").map(|v| ("evaluation.is_correct", v)));
    let verdict = match said {
        None | Some((_, Value::Null)) => None,
        Some((field, v)) => {
            Some(verdict(&v).ok_or_else(|| format!("{field} = {v} is not true/false or 0/1"))?)
        }
    };
    let reward = match obj
        .get(&REWARDS)
        .or_else(|| nested(obj, "evaluation", "score").map(|v| ("evaluation.score", v)))
    {
        None | Some((_, Value::Null)) => None,
        Some((field, v)) => Some(number(field, &v)?),
    };
    if verdict.is_none() && reward.is_none() {
        return Err("missing column: no reward, score, acc or is_correct".into());
    }
    Ok((verdict, reward))
}

/// The step a file's name says: `50` (verl's `{global_step}.jsonl`), `global_step_50`,
/// `step50`, `step_50`.
pub fn step_of_name(stem: &str) -> Option<u64> {
    let lower = stem.to_ascii_lowercase();
    if let Ok(s) = lower.parse() {
        return Some(s);
    }
    let at = lower.rfind("step")?;
    let digits: String = lower[at + 4..]
        .trim_start_matches(['_', '-'])
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// One rollout line of the file named `stem`.
pub fn rollout_line(line: u64, raw: &str, stem: &str, col: &mut Collector) {
    let obj = match Object::parse(raw) {
        Ok(o) => o,
        Err(e) => return col.reject(line, e, None),
    };
    let keys = &col.options.keys;
    let read = (
        meta_of(&obj, keys, step_of_name(stem)),
        id_of(&obj, keys),
        outcome_of(&obj, keys),
    );
    let (meta, id, (verdict, reward)) = match read {
        (Err(e), ..) => return col.reject(line, e, None),
        (Ok(meta), Err(e), _) | (Ok(meta), _, Err(e)) => return col.reject(line, e, Some(meta)),
        (Ok(meta), Ok(id), Ok(o)) => (meta, id, o),
    };
    let truncated = col.options.truncated_errors
        && matches!(obj.get_named("is_truncated"), Some(Value::Bool(true)));
    let error = errored(&obj) || truncated;
    let passed = !error && verdict == Some(true);
    let Some(at) = col.push_samples(line, meta, (id, obj.group()), 1, passed as u64) else {
        return;
    };
    let said = col.said(at);
    if error {
        said.errored += 1;
        return;
    }
    match (verdict, reward) {
        (_, Some(r)) => said.rewards.push((r, verdict.is_none())),
        (Some(v), None) => said.rewards.push((v as u8 as f64, false)),
        (None, None) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read_text, Format};

    #[test]
    fn a_file_where_nothing_succeeded_passes_nothing() {
        // All rewards 0, or only a format reward of 0.1: the bar is full credit 1, not the
        // largest reward; a reward scale above 1 keeps its largest.
        for (rewards, passed) in [(&[0.0, 0.0][..], 0), (&[0.1, 0.0], 0), (&[10.0, 4.0], 1)] {
            let text: String = rewards
                .iter()
                .map(|r| format!("{{\"example_id\": 0, \"reward\": {r}}}\n"))
                .collect();
            let r = read_text("results.jsonl", "results", &text, None);
            assert_eq!(
                r.series[0].1[0].counts.c(),
                passed,
                "{rewards:?}: {:?}",
                r.notes
            );
        }
    }

    #[test]
    fn step_numbers_are_read_from_file_names() {
        for (stem, want) in [
            ("50", Some(50)),
            ("global_step_100", Some(100)),
            ("step7", Some(7)),
            ("val-step-3", Some(3)),
            ("results", None),
            ("steps", None),
        ] {
            assert_eq!(step_of_name(stem), want, "{stem}");
        }
    }

    #[test]
    fn verl_dumps_group_by_prompt_and_ground_truth_and_pass_by_acc() {
        let text = "{\"input\": \"Q1\", \"output\": \"a\", \"gts\": \"4\", \"score\": 1.0, \"step\": 0, \"reward\": 1.0, \"acc\": true, \"pred\": \"4\"}\n\
                    {\"input\": \"Q1\", \"output\": \"b\", \"gts\": \"4\", \"score\": -1.0, \"step\": 0, \"reward\": -1.0, \"acc\": false, \"pred\": \"5\"}\n\
                    {\"input\": \"Q1\", \"output\": \"c\", \"gts\": \"5\", \"score\": -1.0, \"step\": 0, \"reward\": -1.0, \"acc\": false}\n\
                    {\"input\": \"Q2\", \"output\": \"d\", \"gts\": null, \"score\": 1.0, \"step\": \"x\"}\n\
                    {\"input\": \"Q2\", \"output\": \"d\", \"score\": 1.0, \"step\": 0, \"acc\": \"yes\"}\n";
        let r = read_text("0.jsonl", "0", text, None);
        assert_eq!(r.format, Some(Format::Rollouts));
        assert_eq!(r.series.len(), 1);
        assert_eq!(r.series[0].0.step, Some(0));
        assert_eq!(r.series[0].0.name("0"), "step 0");
        let got = crate::read::id_counts(&r.series[0].1);
        assert_eq!(
            got,
            vec![
                ("Q1\n[ground truth: 4]".into(), 2, 1),
                ("Q1\n[ground truth: 5]".into(), 1, 0)
            ]
        );
        let reasons: Vec<(u64, &str)> = r
            .rejected
            .iter()
            .map(|e| (e.line, e.reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            vec![
                (4, "step = \"x\" is not a step number"),
                (5, "acc = \"yes\" is not true/false or 0/1")
            ]
        );
        // The graded rewards are kept: −1 and 1.
        let rewards = r.series[0].1[0].rewards().unwrap();
        assert_eq!(rewards.values(), &[(-1.0, 1), (1.0, 1)]);
    }

    #[test]
    fn verifiers_rows_pass_at_the_largest_reward_and_count_errors_apart() {
        let text = "{\"example_id\": 0, \"prompt\": [], \"completion\": [], \"reward\": 1.0, \"error\": null}\n\
                    {\"example_id\": 1, \"prompt\": [], \"completion\": [], \"reward\": 0.5, \"error\": null}\n\
                    {\"example_id\": 0, \"prompt\": [], \"completion\": [], \"reward\": 0.9999995, \"error\": null}\n\
                    {\"example_id\": 1, \"prompt\": [], \"completion\": null, \"reward\": 1.0, \"error\": {\"error\": \"ModelError\", \"message\": \"m\"}}\n\
                    {\"example_id\": 1, \"prompt\": [], \"completion\": [], \"reward\": 0.0}\n";
        let r = read_text("results.jsonl", "results", text, None);
        assert_eq!(r.format, Some(Format::Rollouts));
        let tasks = &r.series[0].1;
        assert_eq!(
            crate::read::id_counts(tasks),
            vec![("0".into(), 2, 2), ("1".into(), 3, 0)]
        );
        assert_eq!(tasks[1].errored(), 1);
        assert_eq!(tasks[1].rewards().unwrap().values(), &[(0.0, 1), (0.5, 1)]);
        assert!(
            r.notes.iter().any(|n| n.contains("reward ≥ 0.999999")),
            "{:?}",
            r.notes
        );
    }
}
