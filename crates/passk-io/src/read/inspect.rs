//! inspect_ai logs: a `.json` log (the `EvalLog` with its `samples`), or a `.eval` log (a zip
//! of `header.json` or `_journal/start.json` and one `samples/<id>_epoch_<e>.json` per
//! sample and epoch). One series per scorer: n = a sample's epochs, c = the epochs whose
//! value is correct.

use std::collections::{BTreeMap, HashSet};

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::number::shorten;
use passk_core::data::SeriesMeta;

use super::answers::SaidLine;
use super::collect::Collector;
use super::json_value::json_text;
use super::names::is_group_name;
use super::zip;

/// What the series are named after: the log's model and task.
#[derive(Deserialize, Default)]
struct Spec {
    #[serde(default)]
    task: Option<String>,
    #[serde(default)]
    model: Option<String>,
}

/// A log's header (the `.json` log also carries its samples).
#[derive(Deserialize)]
struct Log<'a> {
    #[serde(default)]
    eval: Option<Spec>,
    #[serde(default, borrow)]
    samples: Option<Vec<&'a RawValue>>,
}

/// One scorer's score of a sample.
#[derive(Deserialize)]
struct Score {
    #[serde(default)]
    value: Value,
    #[serde(default)]
    answer: Option<Value>,
}

/// One sample at one epoch, only the fields passk reads (the messages are skipped).
#[derive(Deserialize)]
struct Sample {
    id: Value,
    #[serde(default)]
    epoch: Option<u64>,
    #[serde(default)]
    target: Value,
    #[serde(default)]
    scores: Option<BTreeMap<String, Score>>,
    #[serde(default)]
    metadata: Option<serde_json::Map<String, Value>>,
    /// The sample's error (`EvalError`: message and traceback), when it failed to run.
    #[serde(default)]
    error: Option<Value>,
}

/// Whether a score value is correct: "C", true, 1 are; "I", "N", false, 0 are not; partial
/// credit "P" is what `partial` maps it to.
///
/// # Errors
/// Partial credit ("P") not mapped, a graded number or any other value, named.
pub fn correct(value: &Value, partial: Option<bool>) -> Result<bool, String> {
    match value {
        Value::String(s) if s == "C" => Ok(true),
        Value::String(s) if s == "I" || s == "N" => Ok(false),
        Value::String(s) if s == "P" => partial.ok_or_else(|| {
            "value 'P' (partial credit) is neither correct nor incorrect; left out \
             (choose what partial credit counts as)"
                .into()
        }),
        Value::Bool(b) => Ok(*b),
        Value::Number(x) if x.as_f64() == Some(1.0) => Ok(true),
        Value::Number(x) if x.as_f64() == Some(0.0) => Ok(false),
        other => Err(format!(
            "value {} is not correct or incorrect (C/I, true/false, 1/0)",
            shorten(&other.to_string())
        )),
    }
}

/// Reads samples into series, one per scorer, remembering which (scorer, id, epoch) were seen.
struct Samples {
    spec: Spec,
    seen: HashSet<(String, String, u64)>,
    /// Samples that errored before any scorer ran (id, group, epoch, where): failures under
    /// every scorer of the log, counted once the log's scorers are known ([`finish`]).
    unscored: Vec<(String, Option<String>, u64, String)>,
}

impl Samples {
    fn meta(&self, scorer: &str) -> SeriesMeta {
        let of = self.spec.model.as_deref().or(self.spec.task.as_deref());
        SeriesMeta::model(&match of {
            Some(m) => format!("{m} {scorer}"),
            None => scorer.to_string(),
        })
    }

    /// One sample; `at` names it in messages.
    fn sample(&mut self, at: &str, raw: &str, col: &mut Collector) {
        let s: Sample = match serde_json::from_str(raw) {
            Ok(s) => s,
            Err(e) => return col.reject(0, format!("{at}: not a sample: {e}"), None),
        };
        let Some(id) = json_text(&s.id) else {
            return col.reject(0, format!("{at}: id is neither text nor a number"), None);
        };
        let epoch = s.epoch.unwrap_or(1);
        let group = s.metadata.as_ref().and_then(|m| {
            let mut keys: Vec<&String> = m.keys().filter(|k| is_group_name(k)).collect();
            keys.sort_unstable();
            json_text(m.get(*keys.first()?)?)
        });
        let target = match &s.target {
            Value::Array(t) => t.first().and_then(json_text),
            t => json_text(t),
        };
        let error = s.error.as_ref().filter(|e| !e.is_null());
        let Some(scores) = s.scores.filter(|s| !s.is_empty()) else {
            if error.is_some() {
                // An error before scoring: an errored sample under every scorer (at the end).
                return self.unscored.push((id, group, epoch, at.to_string()));
            }
            let why = format!(
                "{at}: sample '{}' epoch {epoch} has no scores",
                shorten(&id)
            );
            return col.reject(0, why, None);
        };
        for (scorer, score) in scores {
            let meta = self.meta(&scorer);
            if !self.seen.insert((scorer.clone(), id.clone(), epoch)) {
                let why = format!("{at}: sample '{}' epoch {epoch} again", shorten(&id));
                col.reject(0, why, Some(meta));
                continue;
            }
            let ok = match correct(&score.value, col.options.partial) {
                // An errored sample is a failure (and counted apart: the error policy).
                Ok(ok) => ok && error.is_none(),
                Err(e) => {
                    col.reject(
                        0,
                        format!("{at}: sample '{}' epoch {epoch}: {e}", shorten(&id)),
                        Some(meta),
                    );
                    continue;
                }
            };
            let task = (id.clone(), group.clone());
            let Some(pos) = col.push_samples(0, meta, task, 1, ok as u64) else {
                continue;
            };
            if error.is_some() {
                col.said(pos).errored += 1;
            }
            let answer = score.answer.as_ref().and_then(json_text);
            if answer.is_some() {
                SaidLine {
                    answers: Some(vec![answer]),
                    target: target.clone(),
                    scores: None,
                    graded: None,
                    outcomes: vec![Some(ok)],
                }
                .add_to(col.said(pos));
            }
        }
    }
}

impl Samples {
    /// The samples that errored unscored, as failed errored samples of every scorer the log
    /// has (rejected, with the reason, when no sample was scored at all).
    fn finish(self, col: &mut Collector) {
        let mut scorers: Vec<&String> = self.seen.iter().map(|s| &s.0).collect();
        scorers.sort_unstable();
        scorers.dedup();
        for (id, group, epoch, at) in &self.unscored {
            if scorers.is_empty() {
                let why = format!(
                    "{at}: sample '{}' epoch {epoch} errored, and no sample of the log was scored",
                    shorten(id)
                );
                col.reject(0, why, None);
            }
            for &scorer in &scorers {
                if self.seen.contains(&(scorer.clone(), id.clone(), *epoch)) {
                    continue;
                }
                let task = (id.clone(), group.clone());
                if let Some(pos) = col.push_samples(0, self.meta(scorer), task, 1, 0) {
                    col.said(pos).errored += 1;
                }
            }
        }
    }
}

/// An inspect_ai `.json` log.
pub fn log_json(text: &str, col: &mut Collector) {
    let log: Log = match serde_json::from_str(text) {
        Ok(l) => l,
        Err(e) => return col.reject(e.line() as u64, format!("malformed JSON: {e}"), None),
    };
    let Some(samples) = log.samples else {
        return col.reject(0, "the log has no samples (written without them?)", None);
    };
    let mut read = Samples {
        spec: log.eval.unwrap_or_default(),
        seen: HashSet::new(),
        unscored: Vec::new(),
    };
    for (i, raw) in samples.iter().enumerate() {
        read.sample(&format!("sample {}", i + 1), raw.get(), col);
    }
    read.finish(col);
}

/// An inspect_ai `.eval` log (a zip), read entry by entry.
pub fn eval_zip(bytes: &[u8], col: &mut Collector) {
    let entries = match zip::entries(bytes) {
        Ok(e) => e,
        Err(e) => return col.reject(0, e, None),
    };
    let spec = ["header.json", "_journal/start.json"]
        .iter()
        .find_map(|name| entries.iter().find(|e| e.name == *name))
        .and_then(|e| e.bytes().ok())
        .and_then(|b| serde_json::from_slice::<Log>(&b).ok().and_then(|l| l.eval));
    let mut read = Samples {
        spec: spec.unwrap_or_default(),
        seen: HashSet::new(),
        unscored: Vec::new(),
    };
    let mut any = false;
    for e in entries
        .iter()
        .filter(|e| e.name.starts_with("samples/") && e.name.ends_with(".json"))
    {
        any = true;
        match e.bytes() {
            Ok(b) => read.sample(&e.name, &String::from_utf8_lossy(&b), col),
            Err(why) => col.reject(0, why, None),
        }
    }
    if !any {
        col.reject(0, "the log has no samples/ entries", None);
    }
    read.finish(col);
}

#[cfg(test)]
mod tests {
    use super::super::zip::tests::zip;
    use crate::read::{read_bytes, read_text, Format};

    #[test]
    fn a_sample_that_errored_before_scoring_fails_under_every_scorer_and_is_counted_apart() {
        let log = r#"{"version": 2, "eval": {"model": "m"}, "samples": [
            {"id": 1, "epoch": 1, "scores": {"a": {"value": "C"}, "b": {"value": "C"}}},
            {"id": 1, "epoch": 2, "error": {"message": "rate limit", "traceback": "..."}},
            {"id": 2, "epoch": 1, "scores": {"a": {"value": "I"}}, "error": {"message": "late"}}
        ]}"#;
        let r = read_text("l.json", "l", log, Some(Format::Inspect));
        assert!(r.rejected.is_empty(), "{:?}", r.rejected);
        let of = |name: &str| {
            r.series
                .iter()
                .find(|s| s.0.model.as_deref() == Some(name))
                .unwrap()
        };
        let a = crate::read::id_counts(&of("m a").1);
        assert_eq!(a, vec![("1".into(), 2, 1), ("2".into(), 1, 0)]);
        assert_eq!(of("m a").1[0].errored(), 1);
        assert_eq!(of("m a").1[1].errored(), 1);
        assert_eq!(
            crate::read::id_counts(&of("m b").1),
            vec![("1".into(), 2, 1)]
        );
        // With no scored sample at all, it is said why.
        let none = r#"{"version": 2, "eval": {}, "samples": [{"id": 1, "epoch": 1, "error": {"message": "x"}}]}"#;
        let r = read_text("l.json", "l", none, Some(Format::Inspect));
        assert!(r.rejected[0]
            .reason
            .contains("errored, and no sample of the log was scored"));
    }

    const SAMPLES: &str = r#"[
    {"id": 1, "epoch": 1, "input": "q", "target": "4", "messages": [], "scores": {"match": {"value": "C", "answer": "4"}, "judge": {"value": "P"}}},
    {"id": 1, "epoch": 2, "input": "q", "target": "4", "scores": {"match": {"value": "I", "answer": "5"}, "judge": {"value": 1}}},
    {"id": "b", "epoch": 1, "target": ["x", "y"], "scores": {"match": {"value": 0.5}, "judge": {"value": false}}},
    {"id": 1, "epoch": 2, "scores": {"match": {"value": "C"}}},
    {"epoch": 1}
  ]"#;

    /// Each series' name and its tasks' (id, n, c).
    type Named = Vec<(String, Vec<(String, u64, u64)>)>;

    fn counts(r: &crate::read::FileRead) -> Named {
        r.series
            .iter()
            .map(|(m, t)| (m.name(""), crate::read::id_counts(t)))
            .collect()
    }

    #[test]
    fn json_and_eval_logs_read_alike() {
        let json = format!(
            "{{\n  \"version\": 2,\n  \"status\": \"success\",\n  \"eval\": {{\n    \"run_id\": \"r\",\n    \"task\": \"arith\",\n    \"model\": \"m/x\"\n  }},\n  \"samples\": {SAMPLES}\n}}"
        );
        let a = read_text("log.json", "log", &json, None);
        assert_eq!(a.format, Some(Format::Inspect));
        // In order of first appearance (the first sample's 'judge' score is rejected).
        let want = vec![
            ("m/x match".to_string(), vec![("1".to_string(), 2, 1)]),
            (
                "m/x judge".to_string(),
                vec![("1".to_string(), 1, 1), ("b".into(), 1, 0)],
            ),
        ];
        assert_eq!(counts(&a), want);
        let reasons: Vec<&str> = a.rejected.iter().map(|r| r.reason.as_str()).collect();
        assert_eq!(reasons.len(), 4, "{reasons:?}");
        assert!(reasons[0].contains("sample 1: sample '1' epoch 1: value 'P' (partial credit)"));
        assert!(reasons[1].contains("value 0.5 is not correct or incorrect"));
        assert!(reasons[2].contains("sample 4: sample '1' epoch 2 again"));
        assert!(reasons[3].starts_with("sample 5: not a sample"));
        let v = a.series[0].1[0].votes().unwrap();
        assert_eq!(v.n(), 2);

        let samples: Vec<serde_json::Value> = serde_json::from_str(SAMPLES).unwrap();
        let names: Vec<String> = (0..samples.len())
            .map(|i| format!("samples/{i}_epoch_1.json"))
            .collect();
        let texts: Vec<String> = samples.iter().map(|s| s.to_string()).collect();
        let header = br#"{"version": 2, "eval": {"task": "arith", "model": "m/x"}}"#;
        let mut files: Vec<(&str, &[u8], bool)> = vec![("_journal/start.json", header, true)];
        for (n, t) in names.iter().zip(&texts) {
            files.push((n, t.as_bytes(), true));
        }
        let b = read_bytes("log.eval", "log", &zip(&files), None);
        assert_eq!(b.format, Some(Format::InspectZip));
        assert_eq!(counts(&b), want);
        assert_eq!(b.rejected.len(), 4);
        let cut = read_bytes("log.eval", "log", &zip(&files)[..300], None);
        assert!(cut.series.is_empty());
        assert!(cut.rejected[0].reason.contains("cut short"));
    }
}
