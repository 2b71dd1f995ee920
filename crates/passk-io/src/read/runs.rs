//! Harness outputs whose files are runs of one series, combined when given together
//! (see `assemble`): SWE-bench run reports `<model>.<run_id>.json` and NeMo-Skills
//! `output-rs<seed>.jsonl`.

use std::collections::HashSet;

use serde_json::Value;

use crate::number::shorten;
use passk_core::data::SeriesMeta;

use super::collect::Collector;
use super::json_rows::push_outcomes;

use super::json_value::{json_text, outcome_list, Object};
use super::names::NEMO_OUTCOMES;

/// The id lists a SWE-bench report may carry, read when it has no `submitted_ids`
/// (older reports): every instance listed in one of them was submitted.
const SWE_BENCH_LISTS: [&str; 5] = [
    "resolved_ids",
    "unresolved_ids",
    "error_ids",
    "empty_patch_ids",
    "incomplete_ids",
];

/// A report's list of instance ids under `key` (None when absent).
fn id_list(obj: &serde_json::Map<String, Value>, key: &str) -> Result<Option<Vec<String>>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) => Ok(s.clone()),
                other => Err(format!(
                    "{key}[{i}] = {} is not an instance id",
                    shorten(&other.to_string())
                )),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(format!("'{key}' is not a list of instance ids")),
    }
}

/// One SWE-bench run report (`make_run_report`): every submitted instance is one sample of
/// the series `model`, passed when it is among `resolved_ids`; errors and empty patches are
/// failures. Reports of one model combine into its runs.
pub fn swe_bench(text: &str, model: &str, col: &mut Collector) {
    let meta = SeriesMeta::model(model);
    let doc: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return col.reject(e.line() as u64, format!("malformed JSON: {e}"), Some(meta));
        }
    };
    let Some(obj) = doc.as_object() else {
        return col.reject(0, "not a JSON object (not a SWE-bench report)", Some(meta));
    };
    let lists = (id_list(obj, "submitted_ids"), id_list(obj, "resolved_ids"));
    let (submitted, resolved) = match lists {
        (Ok(s), Ok(r)) => (s, r.unwrap_or_default()),
        (Err(e), _) | (_, Err(e)) => return col.reject(0, e, Some(meta)),
    };
    let submitted = match submitted {
        Some(s) => s,
        None => {
            let mut seen = HashSet::new();
            let mut all = Vec::new();
            for key in SWE_BENCH_LISTS {
                match id_list(obj, key) {
                    Ok(ids) => all.extend(ids.unwrap_or_default()),
                    Err(e) => return col.reject(0, e, Some(meta)),
                }
            }
            all.retain(|id| seen.insert(id.clone()));
            all
        }
    };
    let resolved: HashSet<&str> = resolved.iter().map(String::as_str).collect();
    let listed: HashSet<&str> = submitted.iter().map(String::as_str).collect();
    let mut strays: Vec<&&str> = resolved.difference(&listed).collect();
    strays.sort();
    for id in strays {
        let reason = format!(
            "instance '{}' is resolved but not submitted; left out",
            shorten(id)
        );
        col.reject(0, reason, Some(meta.clone()));
    }
    // Instances whose evaluation errored (`error_ids`): errored samples, failures unless the
    // error policy takes them out.
    let errors: HashSet<String> = id_list(obj, "error_ids")
        .ok()
        .flatten()
        .unwrap_or_default()
        .into_iter()
        .collect();
    for id in &submitted {
        let c = resolved.contains(id.as_str()) as u64;
        let errored = errors.contains(id) as u64;
        col.push_errored(meta.clone(), id.clone(), (1, c), errored);
    }
}

/// The keys a NeMo-Skills line names its problem by (math-500 has `unique_id`; gsm8k none).
const NEMO_IDS: [&str; 3] = ["unique_id", "id", "task_id"];

/// Whether a NeMo-Skills judge's text says the answer is correct: the word after its last
/// `Judgement:` is `yes` (as `is_correct_judgement` reads it).
fn judged(text: &str) -> Option<bool> {
    let lower = text.to_lowercase();
    let at = lower.rfind("judgement:")?;
    let word: String = lower[at + "judgement:".len()..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect();
    match word.as_str() {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

/// One line of a NeMo-Skills `output-rs<seed>.jsonl`: one sample of one problem of the
/// series `series`, correct by `symbolic_correct`, else `judge_correct`, else the judge's
/// `judgement` text; the problem is its id (`unique_id`, `id`, `task_id`) or else its line
/// number, as NeMo-Skills lines the seeds' files up.
/// `predicted_answer` and `expected_answer` are kept for majority voting across the files.
pub fn nemo_line(line: u64, raw: &str, series: &str, col: &mut Collector) {
    let meta = SeriesMeta::model(series);
    let obj = match Object::parse(raw) {
        Ok(o) => o,
        Err(e) => return col.reject(line, e, Some(meta)),
    };
    let id = obj
        .get(&NEMO_IDS)
        .and_then(|(_, v)| json_text(&v))
        .unwrap_or_else(|| line.to_string());
    let found = obj.get(&NEMO_OUTCOMES).or_else(|| {
        let (_, text) = obj.get(&["judgement"])?;
        let verdict = text.as_str().and_then(judged);
        Some(("judgement", verdict.map_or(Value::Null, Value::Bool)))
    });
    let Some((field, v)) = found else {
        return col.reject(
            line,
            "missing column: no symbolic_correct, judge_correct or judgement (not evaluated yet?)",
            Some(meta),
        );
    };
    if field == "judgement" && v.is_null() {
        return col.reject(
            line,
            "judgement says neither 'Judgement: Yes' nor 'No'",
            Some(meta),
        );
    }
    let counted = outcome_list(field, &v).map(|o| (field, o));
    push_outcomes(line, &obj, (meta, id), counted, col);
}

/// One line of a Qwen2.5-Math evaluation output (`QwenLM/Qwen2.5-Math`,
/// `evaluation/math_eval.py`): one problem `idx` with its samples' outcomes in `score` (one
/// bool per sample; n = their number, c = the true ones), their answers in `pred` and the
/// target `gt` (for majority voting), of the run `run` (`folder/` and the file without its
/// seed: the series is named by the file part).
pub fn qwen_line(line: u64, raw: &str, run: &str, col: &mut Collector) {
    let meta = SeriesMeta::model(run.rsplit('/').next().unwrap_or(run));
    let obj = match Object::parse(raw) {
        Ok(o) => o,
        Err(e) => return col.reject(line, e, Some(meta)),
    };
    let Some(id) = obj.get(&["idx"]).and_then(|(_, v)| json_text(&v)) else {
        return col.reject(line, "missing column: no idx", Some(meta));
    };
    let counted = match obj.get(&["score"]) {
        None => Err("missing column: no score list (not evaluated?)".to_string()),
        Some((_, v)) => outcome_list("score", &v).and_then(|o| {
            if o.is_empty() {
                Err("score is empty: no sample was scored".to_string())
            } else {
                Ok(("score", o))
            }
        }),
    };
    // SimpleRL-Zoo's `finish_reason` (one per sample): a sample cut at the length limit is an
    // errored sample when the user asks (`--truncated-errors`), a failure either way.
    let cut: Vec<bool> = match obj.get(&["finish_reason"]) {
        Some((_, Value::Array(r))) if col.options.truncated_errors => {
            r.iter().map(|f| f.as_str() == Some("length")).collect()
        }
        _ => Vec::new(),
    };
    let counted = counted.map(|(f, o)| {
        let o = o
            .iter()
            .enumerate()
            .map(|(i, &ok)| ok && !cut.get(i).copied().unwrap_or(false));
        (f, o.collect::<Vec<bool>>())
    });
    let width = counted.as_ref().map_or(0, |c| c.1.len());
    let errored = cut.iter().take(width).filter(|&&c| c).count() as u64;
    let at = push_outcomes(line, &obj, (meta, id), counted, col);
    if let (Some(at), true) = (at, errored > 0) {
        col.said(at).errored += errored;
    }
}

#[cfg(test)]
mod tests {
    use crate::read::{assemble, read_text, Format};

    fn counts(d: &passk_core::data::Dataset) -> Vec<(String, u64, u64)> {
        crate::read::id_counts(&d.tasks)
    }

    #[test]
    fn swe_bench_reports_of_one_model_are_its_runs() {
        let report = |submitted: &str, resolved: &str| {
            format!(
                "{{\n    \"total_instances\": 3,\n    \"submitted_ids\": [{submitted}],\n    \"resolved_ids\": [{resolved}],\n    \"schema_version\": 2\n}}"
            )
        };
        let a = read_text(
            "r/m.1.run1.json",
            "m.1.run1",
            &report("\"a\", \"b\"", "\"a\""),
            None,
        );
        assert_eq!(a.format, Some(Format::SweBench));
        assert_eq!(a.runs_of.as_deref(), Some("m.1"));
        let b = read_text(
            "m.1.run2.json",
            "m.1.run2",
            &report("\"a\", \"b\", \"c\"", "\"b\", \"a\""),
            None,
        );
        let other = read_text("x.run1.json", "x.run1", &report("\"a\"", "\"z\""), None);
        let (ds, rej) = assemble(vec![a, other, b]);
        assert_eq!(ds.len(), 2);
        assert_eq!(ds[0].name, "m.1");
        assert_eq!(
            counts(&ds[0]),
            [("a".into(), 2, 2), ("b".into(), 2, 1), ("c".into(), 1, 0)]
        );
        assert_eq!(ds[1].name, "x");
        assert!(rej[1][0]
            .reason
            .contains("'z' is resolved but not submitted"));
        let bad = read_text(
            "m.run1.json",
            "m.run1",
            "{\"submitted_ids\": [1], \"resolved_ids\": []}",
            None,
        );
        assert!(bad.rejected[0]
            .reason
            .contains("submitted_ids[0] = 1 is not an instance id"));
        let cut = read_text("m.run1.json", "m.run1", "{\"submitted_ids\": [\"a\"", None);
        assert!(cut.rejected[0].reason.starts_with("malformed JSON"));
    }

    #[test]
    fn qwen_math_seeds_are_one_series_and_a_bad_line_is_refused_with_its_reason() {
        let line = |idx: u32, preds: &str, scores: &str| {
            format!("{{\"idx\": {idx}, \"question\": \"?\", \"gt_cot\": \"None\", \"gt\": \"4\", \"code\": [], \"pred\": [{preds}], \"report\": [], \"score\": [{scores}]}}\n")
        };
        let seeds = [
            line(0, "\"4\", \"5\"", "true, false") + &line(1, "\"4\"", "true"),
            line(0, "\"4\", \"4\"", "true, true")
                + &line(1, "\"x\"", "\"yes\"")
                + "{\"question\": \"?\", \"gt\": \"4\", \"pred\": [], \"score\": []}\n"
                + &line(2, "", ""),
        ];
        let reads: Vec<_> = seeds
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let stem = format!("test_cot_-1_seed{i}_t0.6_s0_e-1");
                read_text(&format!("aime24/{stem}.jsonl"), &stem, t, None)
            })
            .collect();
        assert_eq!(reads[0].format, Some(Format::QwenMath));
        assert_eq!(reads[1].format, Some(Format::QwenMath));
        let (ds, rej) = assemble(reads);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].name, "test_cot_-1_t0.6_s0_e-1");
        assert_eq!(counts(&ds[0]), [("0".into(), 4, 3), ("1".into(), 1, 1)]);
        let why: Vec<&str> = rej[0].iter().map(|r| r.reason.as_str()).collect();
        assert_eq!(why.len(), 3, "{why:?}");
        assert!(
            why[0].contains("score[0] = \"yes\" is not true/false or 0/1"),
            "{why:?}"
        );
        assert!(why[1].contains("missing column: no idx"), "{why:?}");
        assert!(why[2].contains("score is empty"), "{why:?}");
        // The same run of two datasets (folders) stays two series.
        let one = |dir: &str| {
            let stem = "test_cot_-1_seed0_t0.6_s0_e-1";
            read_text(
                &format!("{dir}/{stem}.jsonl"),
                stem,
                &line(0, "\"4\"", "true"),
                None,
            )
        };
        let (ds, _) = assemble(vec![one("aime24"), one("math500")]);
        let names: Vec<&str> = ds.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(
            names,
            ["test_cot_-1_t0.6_s0_e-1", "test_cot_-1_t0.6_s0_e-1 (2)"]
        );
    }

    #[test]
    fn nemo_skills_seeds_are_one_series_with_their_votes() {
        let line = |p: &str, pred: &str, ok: bool| {
            format!("{{\"unique_id\": \"{p}\", \"problem\": \"?\", \"generation\": \"…\", \"expected_answer\": \"4\", \"predicted_answer\": \"{pred}\", \"symbolic_correct\": {ok}}}\n")
        };
        let seeds = [
            line("p1", "4", true) + &line("p2", "5", false),
            line("p1", "3", false) + &line("p2", "7", false),
            line("p1", "4", true) + "{\"unique_id\": \"p2\", \"predicted_answer\": null}\n",
        ];
        let reads: Vec<_> = seeds
            .iter()
            .enumerate()
            .map(|(i, t)| {
                read_text(
                    &format!("aime/output-rs{i}.jsonl"),
                    &format!("output-rs{i}"),
                    t,
                    None,
                )
            })
            .collect();
        assert_eq!(reads[0].format, Some(Format::NemoSkills));
        let (ds, rej) = assemble(reads);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].name, "aime");
        assert_eq!(counts(&ds[0]), [("p1".into(), 3, 2), ("p2".into(), 2, 0)]);
        assert_eq!(rej[0].len(), 1);
        assert!(rej[0][0].reason.contains("no symbolic_correct"));
        assert_eq!(super::judged("…\nJudgement: Yes"), Some(true));
        assert_eq!(super::judged("judgement: no. Judgement: yes!"), Some(true));
        assert_eq!(super::judged("Judgement: maybe"), None);
        let v = ds[0].tasks[0].votes().unwrap();
        assert_eq!((v.groups()[0].count, v.groups()[0].correct), (2, true));
        assert_eq!(v.n(), 3);
        assert!(
            v.groups().iter().all(|g| g.answer.is_none()),
            "texts dropped once combined"
        );
    }
}
