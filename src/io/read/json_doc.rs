//! Whole JSON documents: evalplus `eval_results.json` (current and legacy layouts) and JSON
//! lists (LiveCodeBench `*_eval_all.json`, or lists of counts or per-sample objects).
//!
//! The document is split into its parts without copying (`RawValue`); fields passk does not
//! use, such as the generated code, are skipped, never parsed into strings.

use std::fmt;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::core::data::dataset::SeriesMeta;
use crate::io::number::shorten;

use super::collect::Collector;
use super::json_rows::{counts_line, json_text, outcomes, samples_line, Object};
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

fn evalplus_task(entry: &Value) -> Result<TaskOutcomes, String> {
    match entry {
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
        match evalplus_task(&entry) {
            Ok(o) => read.push((id, o)),
            Err(e) => col.reject(0, format!("task '{}': {e}", shorten(&id)), None),
        }
    }
    let any_plus = read.iter().any(|(_, o)| o.iter().any(|s| s.1.is_some()));
    for (id, o) in &read {
        let base = o.iter().filter(|s| s.0).count() as u64;
        col.push_counts(
            0,
            SeriesMeta::model("base"),
            Some(id.clone()),
            o.len() as u64,
            base,
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
                Ok((n, c)) => sub.push_counts(i as u64 + 1, meta, id, n, c),
                Err(e) => sub.reject(i as u64 + 1, e, Some(meta)),
            }
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
    for r in sub.rejected.drain(..) {
        let reason = format!("element {}: {}", r.line, r.reason);
        col.reject(0, reason, r.series);
    }
    col.rejected_more += sub.rejected_more;
    for (meta, tasks) in sub.take_series() {
        for t in tasks {
            col.push_task(0, meta.clone(), t);
        }
    }
}
