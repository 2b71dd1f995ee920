//! A value as JavaScript gave it, taken through serde-wasm-bindgen without losing what it was
//! (NaN stays NaN, a string stays a string), so that a refusal can show it; and the checks
//! that make it a whole number or a number, with the other doors' reasons.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

/// The largest whole number a JavaScript number holds exactly (2^53 − 1).
pub const MAX_SAFE: u64 = (1 << 53) - 1;

/// A value given from JavaScript.
#[derive(Debug, Clone, PartialEq)]
pub enum Given {
    /// `null` or `undefined`.
    Nothing,
    /// `true` or `false`.
    Flag(bool),
    /// A whole number (a safe integer, or a BigInt within 64 bits).
    Int(i128),
    /// Any other number (NaN and ±Infinity included).
    Number(f64),
    /// A string.
    Text(String),
    /// Bytes (a `Uint8Array` or an `ArrayBuffer`).
    Bytes(Vec<u8>),
    /// An array.
    List(Vec<Given>),
    /// An object's entries, in order.
    Object(Vec<(String, Given)>),
}

impl fmt::Display for Given {
    /// As JavaScript would write it, shortly.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Given::Nothing => write!(f, "null"),
            Given::Flag(b) => write!(f, "{b}"),
            Given::Int(i) => write!(f, "{i}"),
            Given::Number(x) if x.is_nan() => write!(f, "NaN"),
            Given::Number(x) if x.is_infinite() => {
                write!(f, "{}Infinity", if *x < 0.0 { "-" } else { "" })
            }
            Given::Number(x) => write!(f, "{x}"),
            Given::Text(s) => write!(f, "{s:?}"),
            Given::Bytes(b) => write!(f, "<{} bytes>", b.len()),
            Given::List(l) => write!(f, "[… {} items]", l.len()),
            Given::Object(_) => write!(f, "{{…}}"),
        }
    }
}

impl Given {
    /// A whole number ≥ 0 (a number holding one, or a BigInt), with the other doors'
    /// reasons otherwise; above 2^53 − 1 only as a BigInt (a number there is already rounded).
    ///
    /// # Errors
    /// Not a number, not whole, negative, not finite, too large.
    pub fn whole(&self) -> Result<u64, String> {
        match self {
            Given::Int(i) if *i < 0 => Err("must not be negative".into()),
            Given::Int(i) => u64::try_from(*i).map_err(|_| "is too large".into()),
            Given::Number(x) if x.is_nan() => Err("is not a number".into()),
            Given::Number(x) if x.is_infinite() => Err("is not finite".into()),
            Given::Number(x) if *x != x.floor() => Err("must be a whole number".into()),
            Given::Number(x) if *x < 0.0 => Err("must not be negative".into()),
            Given::Number(_) => Err(format!(
                "is above 2^53 − 1 = {MAX_SAFE}, where a JavaScript number is no longer exact: \
                 pass a BigInt"
            )),
            other => Err(format!("not a number (a {})", other.kind())),
        }
    }

    /// A number (not a string, not a flag).
    ///
    /// # Errors
    /// Anything but a number.
    pub fn number(&self) -> Result<f64, String> {
        match self {
            Given::Int(i) => Ok(*i as f64),
            Given::Number(x) => Ok(*x),
            other => Err(format!("not a number (a {})", other.kind())),
        }
    }

    /// What kind of value it is, as JavaScript names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Given::Nothing => "null",
            Given::Flag(_) => "boolean",
            Given::Int(_) | Given::Number(_) => "number",
            Given::Text(_) => "string",
            Given::Bytes(_) => "Uint8Array",
            Given::List(_) => "array",
            Given::Object(_) => "object",
        }
    }

    /// The items of an array, or the value itself as the one item.
    pub fn items(&self) -> Vec<Given> {
        match self {
            Given::List(l) => l.clone(),
            one => vec![one.clone()],
        }
    }
}

/// Whole numbers ≥ 0 from `values` (the argument `name`), each refused as `name[i] = value:
/// reason` (`name = value: reason` for one value given alone: `alone`).
///
/// # Errors
/// The first value that is not a whole number ≥ 0.
pub fn wholes(name: &str, values: &[Given], alone: bool) -> Result<Vec<u64>, String> {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.whole().map_err(|why| match alone {
                true => format!("{name} = {v}: {why}"),
                false => format!("{name}[{i}] = {v}: {why}"),
            })
        })
        .collect()
}

impl<'de> Deserialize<'de> for Given {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Given, D::Error> {
        d.deserialize_any(GivenVisitor)
    }
}

/// Keeps each value as it came.
struct GivenVisitor;

impl<'de> Visitor<'de> for GivenVisitor {
    type Value = Given;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a JavaScript value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Given, E> {
        Ok(Given::Nothing)
    }
    fn visit_none<E: de::Error>(self) -> Result<Given, E> {
        Ok(Given::Nothing)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Given, E> {
        Ok(Given::Flag(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Given, E> {
        Ok(Given::Int(v.into()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Given, E> {
        Ok(Given::Int(v.into()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Given, E> {
        Ok(Given::Number(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Given, E> {
        Ok(Given::Text(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Given, E> {
        Ok(Given::Text(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Given, E> {
        Ok(Given::Bytes(v.to_vec()))
    }
    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Given, E> {
        Ok(Given::Bytes(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Given, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Given::List(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Given, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry::<String, Given>()? {
            entries.push(entry);
        }
        Ok(Given::Object(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_and_their_refusals() {
        assert_eq!(Given::Int(10).whole(), Ok(10));
        assert!(Given::Number(1e300).whole().unwrap_err().contains("BigInt"));
        assert_eq!(
            Given::Number(10.5).whole().unwrap_err(),
            "must be a whole number"
        );
        assert_eq!(
            Given::Number(f64::NAN).whole().unwrap_err(),
            "is not a number"
        );
        assert_eq!(Given::Int(-1).whole().unwrap_err(), "must not be negative");
        assert_eq!(
            Given::Number(-2.5).whole().unwrap_err(),
            "must be a whole number"
        );
        assert_eq!(Given::Int(1 << 64).whole().unwrap_err(), "is too large");
        assert_eq!(
            Given::Text("10".into()).whole().unwrap_err(),
            "not a number (a string)"
        );
        let given = [Given::Int(3), Given::Number(10.5)];
        assert_eq!(
            wholes("n", &given, false).unwrap_err(),
            "n[1] = 10.5: must be a whole number"
        );
        assert_eq!(
            wholes("k", &[Given::Number(f64::NEG_INFINITY)], true).unwrap_err(),
            "k = -Infinity: is not finite"
        );
        assert_eq!(
            Given::Flag(true).number().unwrap_err(),
            "not a number (a boolean)"
        );
    }
}
