//! JSON values as the readers take them: an object's fields borrowed from its line, counts,
//! text, and pass/fail outcomes. Shared by every reader of JSON (lines, documents, harness
//! logs).

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::Value;

use crate::number::shorten;
use passk_core::data::SeriesMeta;
use passk_core::data::MAX_COUNT;

use super::names::{is_group_name, MODEL_NAMES, TEMPERATURE_NAMES};

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
            step: None,
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
    let graded = v.as_f64().is_some_and(|x| (0.0..=1.0).contains(&x));
    let hint = if graded {
        " (a graded score: read the file as \"rollouts\", --format rollouts, whose reward threshold makes each sample pass or fail)"
    } else {
        ""
    };
    Err(format!("{field} = {shown} is not true/false or 0/1{hint}"))
}
