//! Logs of evaluation harnesses read line by line: lm-evaluation-harness
//! `samples_<task>_<date>.jsonl`.

use serde_json::Value;

use passk_core::data::SeriesMeta;

use super::answers::SaidLine;
use super::collect::Collector;
use super::json_value::{json_text, Object};

/// The metrics an lm-evaluation-harness line is counted by, in order of preference.
pub const LM_EVAL_METRICS: [&str; 3] = ["pass@1", "exact_match", "acc"];

/// The task an lm-evaluation-harness samples file is of: `samples_gsm8k_2024-05-01T12-00-00`
/// → `gsm8k` (the name without `samples_` and the date after its last `_`).
pub fn lm_eval_task(stem: &str) -> String {
    let name = stem.strip_prefix("samples_").unwrap_or(stem);
    match name.rsplit_once('_') {
        Some((task, date))
            if !task.is_empty() && date.starts_with(|c: char| c.is_ascii_digit()) =>
        {
            task.to_string()
        }
        _ => name.to_string(),
    }
}

/// One line of an lm-evaluation-harness samples file: one document under one filter.
///
/// n = the repeats (`len(resps[0])`, or `len(resps)` in the flattened layout); c = the
/// metric (the one chosen in [`ReadOptions`](super::ReadOptions), else `pass@1`, else
/// `exact_match`, else `acc`) × n when that is a whole number within
/// 10⁻⁹. One series per (task, filter). The filtered responses, when there is one per
/// repeat, are the samples' answers, and `target` the target.
pub fn lm_eval_line(line: u64, raw: &str, task: &str, col: &mut Collector) {
    let obj = match Object::parse(raw) {
        Ok(o) => o,
        Err(e) => return col.reject(line, e, None),
    };
    let filter = obj
        .get(&["filter"])
        .and_then(|(_, v)| json_text(&v))
        .unwrap_or_else(|| "none".into());
    let meta = SeriesMeta::model(&format!("{task} {filter}"));
    let Some(id) = obj.get(&["doc_id"]).and_then(|(_, v)| json_text(&v)) else {
        return col.reject(line, "missing column: no doc_id", Some(meta));
    };
    let n = match obj.get(&["resps"]) {
        Some((_, Value::Array(r))) => match r.first() {
            Some(Value::Array(inner)) => inner.len(),
            _ => r.len(),
        },
        _ => return col.reject(line, "missing column: no resps list", Some(meta)),
    };
    if n == 0 {
        return col.reject(
            line,
            "resps is empty: the repeats were not kept",
            Some(meta),
        );
    }
    let chosen = match col.options.metric.clone() {
        Some(m) => match obj.get_named(&m) {
            Some(v) => Ok((m, v)),
            None => Err(format!("missing column: no {m} value (the metric chosen)")),
        },
        None => obj
            .get(&LM_EVAL_METRICS)
            .map(|(m, v)| (m.to_string(), v))
            .ok_or_else(|| {
                "missing column: no pass@1, exact_match or acc value (repeats not scored; \
             choose the metric to count by)"
                    .to_string()
            }),
    };
    let (metric, value) = match chosen {
        Ok(found) => found,
        Err(why) => return col.reject(line, why, Some(meta)),
    };
    let Some(v) = value.as_f64().or(value.as_bool().map(|b| b as u8 as f64)) else {
        return col.reject(line, format!("{metric} is not a number"), Some(meta));
    };
    let passed = v * n as f64;
    if !(0.0..=n as f64 + 1e-9).contains(&passed) || (passed - passed.round()).abs() > 1e-9 {
        let reason =
            format!("{metric} = {v} × {n} repeats is not a whole number of passing samples");
        return col.reject(line, reason, Some(meta));
    }
    let answers = match obj.get(&["filtered_resps"]) {
        Some((_, Value::Array(f))) => match f.as_slice() {
            [Value::Array(inner)] if inner.len() == n => Some(inner.clone()),
            _ if f.len() == n && f.iter().all(|a| !a.is_array()) => Some(f),
            _ => None,
        },
        _ => None,
    };
    // exact_match and acc score the filtered answers: with fewer of them than repeats
    // (take_first, a majority vote) the repeats themselves were not scored.
    if n > 1 && metric != "pass@1" && answers.is_none() {
        let reason = format!(
            "{metric} scores one filtered answer, not each of the {n} repeats \
             (take_first or a vote in the filter): the repeats were not scored"
        );
        return col.reject(line, reason, Some(meta));
    }
    let c = passed.round() as u64;
    let Some(at) = col.push_samples(line, meta, (id, obj.group()), n as u64, c) else {
        return;
    };
    if let Some(answers) = answers {
        // Which repeats passed is not written, only how many: a group is correct when it
        // equals the target.
        let target = obj.get(&["target"]).and_then(|(_, v)| json_text(&v));
        if target.is_some() {
            SaidLine {
                answers: Some(answers.iter().map(json_text).collect()),
                target,
                scores: None,
                graded: None,
                outcomes: vec![None; n],
            }
            .add_to(col.said(at));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read_text, Format};

    #[test]
    fn lm_eval_task_names_from_file_names() {
        assert_eq!(lm_eval_task("samples_gsm8k_2024-05-01T12-00-00"), "gsm8k");
        assert_eq!(
            lm_eval_task("samples_gsm8k_cot_self_consistency_2024-05-01T12-00-00.123"),
            "gsm8k_cot_self_consistency"
        );
        assert_eq!(lm_eval_task("mine"), "mine");
    }

    #[test]
    fn lm_eval_lines_count_repeats_by_the_metric() {
        let text = concat!(
            r#"{"doc_id": 0, "doc": {"q": "1+1"}, "target": "2", "arguments": {}, "resps": [["2", "3", "2", "2"]], "filtered_resps": [["2", "3", "2", "2"]], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 0.75}"#,
            "\n",
            r#"{"doc_id": 1, "doc": {"q": "2+2"}, "target": "4", "arguments": {}, "resps": [["4", "5", "5", "5"]], "filtered_resps": [["4", "5", "5", "5"]], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 0.3}"#,
            "\n",
            r#"{"doc_id": 0, "doc": {"q": "1+1"}, "target": "2", "arguments": {}, "resps": ["2", "2"], "filtered_resps": ["2", "2"], "filter": "flexible-extract", "metrics": ["exact_match"], "exact_match": 1.0}"#,
            "\n"
        );
        let r = read_text(
            "samples_gsm8k_2024-05-01T12-00-00.jsonl",
            "samples_gsm8k_2024-05-01T12-00-00",
            text,
            None,
        );
        assert_eq!(r.format, Some(Format::LmEval));
        let names: Vec<String> = r.series.iter().map(|s| s.0.name("x")).collect();
        assert_eq!(names, ["gsm8k strict-match", "gsm8k flexible-extract"]);
        let t = &r.series[0].1[0];
        assert_eq!((t.counts.n(), t.counts.c()), (4, 3));
        let v = t.votes().unwrap();
        assert_eq!((v.groups()[0].count, v.groups()[0].correct), (3, true));
        assert_eq!(r.rejected.len(), 1);
        assert_eq!(r.rejected[0].line, 2);
        assert!(r.rejected[0].reason.contains("not a whole number"));
        assert_eq!(r.series[1].1[0].counts.n(), 2);
    }
}
