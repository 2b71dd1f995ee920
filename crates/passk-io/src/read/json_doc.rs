//! Whole JSON documents: evalplus `eval_results.json` (current and legacy layouts), BigCodeBench
//! `*_eval_results.json` (evalplus's shape with one `status` per sample) and JSON lists
//! (LiveCodeBench `*_eval_all.json`, or lists of counts or per-sample objects).
//!
//! The document is split into its parts without copying (`RawValue`); fields passk does not
//! use, such as the generated code, are skipped, never parsed into strings.

use std::fmt;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::number::shorten;
use passk_core::data::SeriesMeta;

use super::collect::Collector;
use super::json_rows::{counts_line, samples_line};

use super::json_value::{json_text, outcomes, Object};
use super::names::{C_NAMES, N_NAMES, OUTCOME_NAMES, TASK_NAMES};

/// A JSON object's entries in file order, values unparsed.
struct Ordered<'a>(Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Ordered<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Ordered<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, &'de RawValue>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V)
    }
}

fn syntax(col: &mut Collector, e: serde_json::Error) {
    col.reject(e.line() as u64, format!("malformed JSON: {e}"), None);
}

/// Whether an evalplus status is a pass (current "pass", legacy "success").
fn passed(status: &Value) -> Result<bool, String> {
    match status.as_str() {
        Some("pass" | "success") => Ok(true),
        Some("fail" | "failed" | "timeout" | "timed out") => Ok(false),
        _ => Err(format!("unknown status {}", shorten(&status.to_string()))),
    }
}

/// Per task: the outcomes (base, plus) of each sample; plus is None when not evaluated.
type TaskOutcomes = Vec<(bool, Option<bool>)>;

/// Whether a task's entry is BigCodeBench's (`bigcodebench/evaluate.py`, `evaluate()`): a list
/// of samples `{task_id, solution, status, details}`, `status` one of pass, fail, timeout.
fn bigcodebench_task(entry: &Value) -> bool {
    match entry {
        Value::Array(samples) => samples
            .first()
            .is_some_and(|s| s.get("status").is_some() && s.get("base_status").is_none()),
        _ => false,
    }
}

fn evalplus_task(entry: &Value) -> Result<TaskOutcomes, String> {
    match entry {
        // BigCodeBench: a list of samples with one status each (a timeout fails).
        Value::Array(samples) if bigcodebench_task(entry) => samples
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let status = passed(s.get("status").unwrap_or(&Value::Null))
                    .map_err(|e| format!("sample {i}: status: {e}"))?;
                Ok((status, None))
            })
            .collect(),
        // Current layout: a list of samples with base_status and plus_status.
        Value::Array(samples) => samples
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let base = passed(s.get("base_status").unwrap_or(&Value::Null))
                    .map_err(|e| format!("sample {i}: base_status: {e}"))?;
                let plus = match s.get("plus_status") {
                    None | Some(Value::Null) => None,
                    Some(p) => {
                        Some(passed(p).map_err(|e| format!("sample {i}: plus_status: {e}"))?)
                    }
                };
                Ok((base, plus))
            })
            .collect(),
        // Legacy layout: {nfiles, base: [[status, details], …], plus: [[status, details], …]}.
        Value::Object(o) => {
            let list = |key: &str| -> Result<Vec<bool>, String> {
                match o.get(key) {
                    None | Some(Value::Null) => Ok(Vec::new()),
                    Some(Value::Array(items)) => items
                        .iter()
                        .enumerate()
                        .map(|(i, it)| {
                            let status = it.get(0).unwrap_or(it);
                            passed(status).map_err(|e| format!("{key}[{i}]: {e}"))
                        })
                        .collect(),
                    Some(_) => Err(format!("'{key}' is not a list")),
                }
            };
            let (base, plus) = (list("base")?, list("plus")?);
            if !plus.is_empty() && plus.len() != base.len() {
                return Err(format!(
                    "{} base results but {} plus results",
                    base.len(),
                    plus.len()
                ));
            }
            Ok(base
                .iter()
                .enumerate()
                .map(|(i, &b)| (b, plus.get(i).copied()))
                .collect())
        }
        other => Err(format!(
            "{} is neither a list of samples nor a legacy record",
            shorten(&other.to_string())
        )),
    }
}

/// evalplus `eval_results.json`: two series, "base" and "base+plus" (a sample counts for
/// plus only if it passes both); "base+plus" is left out when no plus tests were run.
/// BigCodeBench's `*_eval_results.json` (the same document, one `status` per sample): one
/// series, named by the file.
pub fn evalplus(text: &str, col: &mut Collector) {
    let top = match serde_json::from_str::<Ordered>(text) {
        Ok(t) => t,
        Err(e) => return syntax(col, e),
    };
    let Some((_, eval)) = top.0.iter().find(|(k, _)| k == "eval") else {
        return col.reject(
            0,
            "missing column: no 'eval' object (not an evalplus eval_results.json)",
            None,
        );
    };
    let tasks = match serde_json::from_str::<Ordered>(eval.get()) {
        Ok(t) => t,
        Err(e) => return col.reject(0, format!("'eval' is not an object of tasks: {e}"), None),
    };
    let mut read: Vec<(String, TaskOutcomes)> = Vec::with_capacity(tasks.0.len());
    // The layout of the first task read names the series.
    let mut bigcodebench = None;
    // Each task read's BigCodeBench timeouts, beside it (an id given twice is two entries).
    let mut timeouts: Vec<u64> = Vec::with_capacity(tasks.0.len());
    for (id, raw) in tasks.0 {
        let entry: Value = match serde_json::from_str(raw.get()) {
            Ok(v) => v,
            Err(e) => {
                col.reject(
                    0,
                    format!("task '{}': malformed JSON: {e}", shorten(&id)),
                    None,
                );
                continue;
            }
        };
        let bcb = bigcodebench_task(&entry);
        bigcodebench.get_or_insert(bcb);
        let timed_out = match (bcb, &entry) {
            (true, Value::Array(samples)) => samples
                .iter()
                .filter(|s| s.get("status").and_then(Value::as_str) == Some("timeout"))
                .count() as u64,
            _ => 0,
        };
        match evalplus_task(&entry) {
            Ok(o) => {
                read.push((id, o));
                timeouts.push(timed_out);
            }
            Err(e) => col.reject(0, format!("task '{}': {e}", shorten(&id)), None),
        }
    }
    let any_plus = read.iter().any(|(_, o)| o.iter().any(|s| s.1.is_some()));
    let base_meta = if bigcodebench == Some(true) {
        SeriesMeta::default()
    } else {
        SeriesMeta::model("base")
    };
    for ((id, o), &timeouts) in read.iter().zip(&timeouts) {
        let base = o.iter().filter(|s| s.0).count() as u64;
        // BigCodeBench's timeouts are errored samples.
        col.push_errored(
            base_meta.clone(),
            id.clone(),
            (o.len() as u64, base),
            timeouts,
        );
    }
    if !any_plus {
        return;
    }
    for (id, o) in read {
        if let Some(i) = o.iter().position(|s| s.1.is_none()) {
            let reason = format!(
                "task '{}': sample {i} has no plus result; left out of base+plus",
                shorten(&id)
            );
            col.reject(0, reason, Some(SeriesMeta::model("base+plus")));
            continue;
        }
        let plus = o.iter().filter(|s| s.0 && s.1 == Some(true)).count() as u64;
        col.push_counts(
            0,
            SeriesMeta::model("base+plus"),
            Some(id),
            o.len() as u64,
            plus,
        );
    }
}

/// One tau-bench result (`task_id`, `reward`, `info`, `traj`, `trial`): a trial succeeds
/// when its reward is 1 within 10⁻⁶, as tau-bench's own success check reads it.
fn tau_bench(element: u64, obj: &Object<'_>, col: &mut Collector) {
    let meta = obj.meta();
    let id = obj.get(&["task_id"]).and_then(|(_, v)| json_text(&v));
    let reward = obj.get(&["reward"]).and_then(|(_, v)| v.as_f64());
    match (id, reward) {
        (Some(id), Some(r)) if r.is_finite() => {
            // `agent.solve` raised (a rate limit, a crash): `info.error` — an errored trial,
            // a failure unless the error policy takes it out.
            let errored = match obj.get_named("info") {
                Some(Value::Object(info)) => info.get("error").is_some_and(|e| !e.is_null()),
                _ => false,
            };
            let ok = (r - 1.0).abs() <= 1e-6 && !errored;
            let at = col.push_samples(element, meta, (id, obj.group()), 1, ok as u64);
            if let (Some(at), true) = (at, errored) {
                col.said(at).errored += 1;
            }
        }
        (None, _) => col.reject(element, "task_id is neither text nor a number", Some(meta)),
        _ => col.reject(element, "reward is not a number", Some(meta)),
    }
}

/// A JSON list: LiveCodeBench records (`question_id`, `graded_list`), counts objects
/// (`n`, `c`) or per-sample objects (a task key and an outcome); errors name the element.
pub fn json_list(text: &str, col: &mut Collector) {
    let items = match serde_json::from_str::<Vec<&RawValue>>(text) {
        Ok(v) => v,
        Err(e) => return syntax(col, e),
    };
    let mut sub = Collector::default();
    for (i, item) in items.iter().enumerate() {
        let raw = item.get();
        let obj = match Object::parse(raw) {
            Ok(o) => o,
            Err(e) => {
                sub.reject(i as u64 + 1, e, None);
                continue;
            }
        };
        if let Some((field, graded)) = obj.get(&["graded_list"]) {
            let meta = obj.meta();
            let id = obj
                .get(&["question_id", "question_title"])
                .and_then(|(_, v)| json_text(&v));
            match outcomes(field, &graded) {
                // LiveCodeBench's `difficulty` is the task's group.
                Ok((n, c)) => sub.push_grouped(i as u64 + 1, meta, (id, obj.group()), n, c),
                Err(e) => sub.reject(i as u64 + 1, e, Some(meta)),
            }
        } else if obj.has(&["task_id"]) && obj.has(&["reward"]) && obj.has(&["trial"]) {
            tau_bench(i as u64 + 1, &obj, &mut sub);
        } else if obj.has(&N_NAMES) && obj.has(&C_NAMES) {
            counts_line(i as u64 + 1, raw, &mut sub);
        } else if obj.has(&TASK_NAMES) && (obj.has(&OUTCOME_NAMES) || obj.has(&["result"])) {
            samples_line(i as u64 + 1, raw, &mut sub);
        } else {
            sub.reject(
                i as u64 + 1,
                "missing column: neither graded_list, n and c, nor a task key with an outcome",
                None,
            );
        }
    }
    // Elements are numbered from 1; a whole document has no line of its own to name.
    let series = sub.take_series();
    for r in sub.rejected.drain(..) {
        let reason = format!("element {}: {}", r.line, r.reason);
        col.reject(0, reason, r.series);
    }
    col.rejected_more += sub.rejected_more;
    for (meta, tasks) in series {
        for t in tasks {
            col.push_task(0, meta.clone(), t);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::read::read_text;

    #[test]
    fn tau_bench_trials_add_up_per_task() {
        let text = r#"[{"task_id": 0, "reward": 1.0, "info": {}, "traj": [], "trial": 0},
{"task_id": 0, "reward": 0.0, "info": {}, "traj": [], "trial": 1},
{"task_id": 1, "reward": 0.9999999, "info": {}, "traj": [], "trial": 0},
{"task_id": 1, "reward": "x", "info": {}, "traj": [], "trial": 1}]"#;
        let r = read_text("tau.json", "tau", text, None);
        let got = crate::read::id_counts(&r.series[0].1);
        assert_eq!(got, vec![("0".into(), 2, 1), ("1".into(), 1, 1)]);
        assert_eq!(r.rejected.len(), 1);
        assert!(r.rejected[0]
            .reason
            .contains("element 4: reward is not a number"));
    }

    #[test]
    fn bigcodebench_statuses_count_and_an_unknown_one_is_refused_by_task() {
        let text = r#"{"date": "2024-05-01 12:00", "eval": {
"BigCodeBench/0": [{"task_id": "BigCodeBench/0", "solution": "", "status": "pass", "details": {}},
  {"task_id": "BigCodeBench/0", "solution": "", "status": "timeout", "details": {}}],
"BigCodeBench/1": [{"task_id": "BigCodeBench/1", "solution": "", "status": "errored", "details": {}}],
"BigCodeBench/2": [{"task_id": "BigCodeBench/2", "solution": "", "status": "fail", "details": {"ALL": "x"}}]}}"#;
        let r = read_text("m_eval_results.json", "m_eval_results", text, None);
        assert_eq!(r.format, Some(crate::read::Format::EvalPlus));
        assert_eq!(r.series.len(), 1);
        // Named by the file (no "base" series: BigCodeBench has no plus tests).
        assert_eq!(r.series[0].0.model, None);
        let got = crate::read::id_counts(&r.series[0].1);
        assert_eq!(
            got,
            vec![
                ("BigCodeBench/0".into(), 2, 1),
                ("BigCodeBench/2".into(), 1, 0)
            ]
        );
        assert_eq!(r.rejected.len(), 1);
        let why = &r.rejected[0].reason;
        assert!(
            why.contains("task 'BigCodeBench/1': sample 0: status: unknown status"),
            "{why}"
        );
    }
}
