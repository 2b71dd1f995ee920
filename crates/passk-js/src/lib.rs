//! passk for JavaScript: the ES module's wasm (`js/`, the package, wraps it). The closed
//! forms over numbers and arrays (`passk_cli::closed`, the Python package's), a file read
//! (`passk_cli::read_doc`), and the documents of report, compare and plan as the command line
//! makes them (`passk_cli::cli::document_value`), every value taken from JavaScript and handed
//! back through serde-wasm-bindgen (objects as plain objects). No number is computed here.
//! A refusal is thrown as an `Error` named `PasskError` (the package rethrows it as its class).

#![warn(missing_docs)]

pub mod curves;
#[cfg(all(target_arch = "wasm32", feature = "documents"))]
mod element;
pub mod given;
pub mod options;

use passk_cli::closed::{closed_form, Estimator};
#[cfg(feature = "documents")]
use passk_cli::Held;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::given::{wholes, Given};

/// What the exports answer: a value for JavaScript, or the reason thrown.
pub(crate) type Answer = Result<JsValue, JsValue>;

/// The refusal thrown: an `Error` named `PasskError` with the reason.
pub(crate) fn refuse(reason: impl AsRef<str>) -> JsValue {
    let e = js_sys::Error::new(reason.as_ref());
    e.set_name("PasskError");
    e.into()
}

/// A value from JavaScript, kept as it was given.
fn given(value: JsValue) -> Result<Given, JsValue> {
    Given::deserialize(serde_wasm_bindgen::Deserializer::from(value))
        .map_err(|e| refuse(e.to_string()))
}

/// An argument that is one value or many (an array or a typed array: any iterable but a
/// string), and whether it was one.
fn one_or_many(name: &str, value: JsValue) -> Result<(Vec<Given>, bool), JsValue> {
    if value.as_f64().is_some() || value.is_bigint() || value.is_string() || value.is_falsy() {
        return Ok((vec![given(value)?], true));
    }
    let de = serde_wasm_bindgen::Deserializer::from(value);
    Vec::<Given>::deserialize(de)
        .map(|v| (v, false))
        .map_err(|e| refuse(format!("{name}: a number or an array of numbers ({e})")))
}

/// A value as JavaScript takes it: plain objects, `null` for a missing value (the JSON
/// documents' form); a whole number above 2^53 − 1 refused, said.
pub(crate) fn hand_over<T: Serialize + ?Sized>(value: &T) -> Answer {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| {
            refuse(format!(
                "{e}: a whole number above 2^53 − 1 cannot be handed to JavaScript exactly"
            ))
        })
}

/// pass@k (or pass^k with `hat`) of `n`, `c` at `k` by `estimator`: one number for one task
/// and one budget; an array per task (one budget) or per budget (one task); rows per task
/// (several of both). NaN where the unbiased estimator has k > n.
fn closed(n: JsValue, c: JsValue, k: JsValue, estimator: Option<String>, hat: bool) -> Answer {
    let est = Estimator::from_name(estimator.as_deref().unwrap_or("unbiased")).map_err(refuse)?;
    let (n, one_task) = one_or_many("n", n)?;
    let (c, one_c) = one_or_many("c", c)?;
    let (k, one_k) = one_or_many("k", k)?;
    let n = wholes("n", &n, one_task).map_err(refuse)?;
    let c = wholes("c", &c, one_c).map_err(refuse)?;
    let ks = wholes("k", &k, one_k).map_err(refuse)?;
    if let Some(at) = ks.iter().position(|&k| k == 0) {
        let name = if one_k {
            "k".to_string()
        } else {
            format!("k[{at}]")
        };
        return Err(refuse(format!("{name} = 0: must be at least 1")));
    }
    // (Counts up to 2^53 − 1: within i64.)
    let signed = |v: Vec<u64>| v.into_iter().map(|x| x as i64).collect::<Vec<i64>>();
    let tasks = n.len();
    let out = closed_form(&signed(n), &signed(c), &ks, hat, est).map_err(refuse)?;
    // Budget-major from closed_form: column j holds every task at budget j.
    let row = |t: usize| -> Vec<f64> { (0..ks.len()).map(|j| out[j * tasks + t]).collect() };
    match (one_task && one_c, one_k) {
        (true, true) => hand_over(&out[0]),
        (true, false) => hand_over(&row(0)),
        (false, true) => hand_over(&out),
        (false, false) => hand_over(&(0..tasks).map(row).collect::<Vec<_>>()),
    }
}

/// `passAtK(n, c, k, estimator = "unbiased")`: pass@k.
#[wasm_bindgen(js_name = passAtK)]
pub fn pass_at_k(n: JsValue, c: JsValue, k: JsValue, estimator: Option<String>) -> Answer {
    closed(n, c, k, estimator, false)
}

/// `passHatK(n, c, k, estimator = "unbiased")`: pass^k.
#[wasm_bindgen(js_name = passHatK)]
pub fn pass_hat_k(n: JsValue, c: JsValue, k: JsValue, estimator: Option<String>) -> Answer {
    closed(n, c, k, estimator, true)
}

/// `version()`: the crates' version (the package's, checked by its tests).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// An input's bytes: a string's UTF-8, or the bytes given.
fn bytes_of(name: &str, data: Given) -> Result<Vec<u8>, JsValue> {
    match data {
        Given::Text(s) => Ok(s.into_bytes()),
        Given::Bytes(b) => Ok(b),
        other => Err(refuse(format!(
            "{name}: a string or a Uint8Array, not a {}",
            other.kind()
        ))),
    }
}

/// `read(data, format, name)`: the file read as the readers read it: `file`, `format`,
/// `series` (each its tasks' ids and counts), `rejected` (line, reason), `notes`.
#[wasm_bindgen]
pub fn read(data: JsValue, format: Option<String>, name: Option<String>) -> Answer {
    let name = name.unwrap_or_else(|| "data".to_string());
    let bytes = bytes_of(&name, given(data)?)?;
    let doc =
        passk_cli::read_doc::read_document(&name, &bytes, format.as_deref()).map_err(refuse)?;
    hand_over(&doc)
}

/// The inputs `[[name, data], …]` as names and bytes (each name once).
#[cfg(feature = "documents")]
pub(crate) fn named_inputs(inputs: JsValue) -> Result<Vec<(String, Vec<u8>)>, JsValue> {
    let inputs = match given(inputs)? {
        Given::List(items) => items,
        other => return Err(refuse(format!("inputs: an array, not a {}", other.kind()))),
    };
    let mut named: Vec<(String, Vec<u8>)> = Vec::new();
    for (i, item) in inputs.into_iter().enumerate() {
        let (name, data) = match item {
            Given::List(pair) if pair.len() == 2 => {
                let mut pair = pair.into_iter();
                match (pair.next(), pair.next()) {
                    (Some(Given::Text(name)), Some(data)) => (name, data),
                    _ => return Err(refuse(format!("inputs[{i}]: [name, data]"))),
                }
            }
            _ => return Err(refuse(format!("inputs[{i}]: [name, data]"))),
        };
        if named.iter().any(|(n, _)| *n == name) {
            return Err(refuse(format!(
                "inputs[{i}]: the name '{name}' is given twice"
            )));
        }
        let bytes = bytes_of(&name, data)?;
        named.push((name, bytes));
    }
    Ok(named)
}

/// The document of `command` on the inputs (`[[name, data], …]`) with `options`: the
/// command line's JSON document as an object, and what it said (each rejected row as `name:line: reason`, the readers' notes), as
/// `{ document, said }`.
#[cfg(feature = "documents")]
#[wasm_bindgen]
pub fn document(command: &str, inputs: JsValue, options: JsValue) -> Answer {
    if !matches!(command, "report" | "compare" | "rank" | "plan") {
        return Err(refuse(format!("unknown command '{command}'")));
    }
    let memory: Vec<(String, Held)> = named_inputs(inputs)?
        .into_iter()
        .map(|(name, bytes)| (name, Held::Bytes(bytes)))
        .collect();
    if memory.is_empty() {
        return Err(refuse(format!("{command}: no input")));
    }
    let files = memory.iter().map(|(n, _)| n.clone()).collect();
    let args = options::args_of(command, files, &given(options)?).map_err(refuse)?;
    let (document, said) = passk_cli::cli::document_value(command, args, memory).map_err(refuse)?;
    #[derive(Serialize)]
    struct Answered {
        document: serde_json::Value,
        said: Vec<String>,
    }
    hand_over(&Answered { document, said })
}
