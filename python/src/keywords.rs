//! The Python package's keywords as typed values: each keyword names a flag of the command
//! line (`passk_cli::cli::keyword_flag`), and its Python value is taken as the flag's kind
//! (`passk_cli::apply::Kind`) and applied as the flag's text is (`passk_cli::apply::apply`):
//! the same checks and reasons, with no command line in between.

use passk_cli::apply::{apply, finish, Kind, Value};
use passk_cli::args::{Args, Flag};
use passk_cli::Held;
use passk_io::read::{Cells, Column};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyString};

/// The settings of `command` from Python keywords (`None` values left at their defaults),
/// for the inputs `files`.
///
/// # Errors
/// A keyword the command does not take; a value refused, named as `keyword=value: reason`
/// (an item of a list as `keyword[i] = value: reason`).
pub fn args_of(
    command: &str,
    files: Vec<String>,
    options: &Bound<'_, PyDict>,
) -> Result<Args, String> {
    let mut a = Args::new();
    a.files = files;
    for (key, obj) in options.iter() {
        if obj.is_none() {
            continue;
        }
        let keyword: String = key
            .extract()
            .map_err(|_| "a keyword is not a string".to_string())?;
        let (flag, inverted) = passk_cli::cli::keyword_flag(command, &keyword)?;
        let shown = || format!("{keyword}={}", repr(&obj));
        let value = match value_of(flag, &obj) {
            Ok(v) => v,
            Err(Refused::Item(i, item, why)) => {
                return Err(format!("{keyword}[{i}] = {}: {why}", repr(&item)))
            }
            Err(Refused::Whole(why)) => return Err(format!("{}: {why}", shown())),
        };
        let value = match (value, inverted) {
            (Value::On(on), true) => Value::On(!on),
            (v, _) => v,
        };
        apply(&mut a, flag, value).map_err(|e| format!("{}: {e}", shown()))?;
    }
    finish(&mut a, |flag, value| {
        let keyword = match flag {
            Flag::NoForecast => "forecast".to_string(),
            f => f.keyword(),
        };
        match value {
            Some(v) => format!("{keyword}={v}"),
            None => keyword,
        }
    })?;
    Ok(a)
}

/// Why a value was refused: as a whole, or one item of a list.
enum Refused<'py> {
    Whole(String),
    Item(usize, Bound<'py, PyAny>, String),
}

/// Python's repr of a value (its type's name if even that fails).
fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| obj.get_type().to_string())
}

/// The value of `obj` as `flag` takes it.
fn value_of<'py>(flag: Flag, obj: &Bound<'py, PyAny>) -> Result<Value, Refused<'py>> {
    let whole = |why| Refused::Whole(why);
    match flag.kind() {
        // `--backtest` is a switch, or its repeats.
        Kind::On if flag == Flag::Backtest && !obj.is_instance_of::<PyBool>() => {
            whole_of(obj).map(Value::Whole).map_err(whole)
        }
        Kind::On => match obj.cast::<PyBool>() {
            Ok(b) => Ok(Value::On(b.is_true())),
            Err(_) => Err(whole("takes True or False".into())),
        },
        Kind::Whole => whole_of(obj).map(Value::Whole).map_err(whole),
        Kind::Number => number_of(obj).map(Value::Number).map_err(whole),
        Kind::Text => match obj.cast::<PyString>() {
            Ok(s) => Ok(Value::Text(s.to_string())),
            Err(_) => Err(whole("takes a string".into())),
        },
        Kind::Wholes => items(obj, whole_of).map(Value::Wholes),
        Kind::Numbers => items(obj, number_of).map(Value::Numbers),
    }
}

/// One value or a list of them (a list, tuple, NumPy array: anything iterable but a string).
fn items<'py, T>(
    obj: &Bound<'py, PyAny>,
    one: impl Fn(&Bound<'py, PyAny>) -> Result<T, String>,
) -> Result<Vec<T>, Refused<'py>> {
    if obj.is_instance_of::<PyString>() {
        return Err(Refused::Whole("takes numbers, not a string".into()));
    }
    match obj.try_iter() {
        Ok(iter) => iter
            .enumerate()
            .map(|(i, item)| {
                let item = item.map_err(|e| Refused::Whole(e.to_string()))?;
                one(&item).map_err(|why| Refused::Item(i, item, why))
            })
            .collect(),
        Err(_) => one(obj).map(|v| vec![v]).map_err(Refused::Whole),
    }
}

/// A whole number ≥ 0: an int, or a float holding one (the readers' reasons otherwise).
fn whole_of(obj: &Bound<'_, PyAny>) -> Result<u64, String> {
    if obj.is_instance_of::<PyBool>() {
        return Err("takes a whole number, not True or False".into());
    }
    if let Ok(v) = obj.extract::<u64>() {
        return Ok(v);
    }
    if let Ok(v) = obj.extract::<i64>() {
        return Err(if v < 0 {
            "must not be negative".into()
        } else {
            "is too large".into()
        });
    }
    let x: f64 = obj
        .extract()
        .map_err(|_| format!("not a number (a {})", obj.get_type()))?;
    if x.is_nan() {
        Err("is not a number".into())
    } else if x.is_infinite() {
        Err("is not finite".into())
    } else if x != x.floor() {
        Err("must be a whole number".into())
    } else if x < 0.0 {
        Err("must not be negative".into())
    } else if x >= 18_446_744_073_709_551_616.0 {
        Err("is too large".into())
    } else {
        Ok(x as u64)
    }
}

/// A number: an int or a float (not True or False).
fn number_of(obj: &Bound<'_, PyAny>) -> Result<f64, String> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyString>() {
        return Err(format!("not a number (a {})", obj.get_type()));
    }
    obj.extract::<f64>()
        .map_err(|_| format!("not a number (a {})", obj.get_type()))
}

/// An input held in memory: bytes, or a table's columns `[(name, kind, cells)]` (kind
/// "whole": int64 cells, "number": float64, "flag": bool, "text": str or None), the columns
/// of a DataFrame read straight from its arrays.
///
/// # Errors
/// Anything else, or cells not of their kind.
pub fn held_of(obj: &Bound<'_, PyAny>) -> PyResult<Held> {
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        return Ok(Held::Bytes(bytes.as_bytes().to_vec()));
    }
    let columns: Vec<(String, String, Bound<'_, PyAny>)> = obj.extract()?;
    columns
        .into_iter()
        .map(|(name, kind, cells)| {
            let cells = match kind.as_str() {
                "whole" => Cells::Whole(array::<i64>(&cells)?),
                "number" => Cells::Number(array::<f64>(&cells)?),
                "flag" => Cells::Flag(array::<bool>(&cells)?),
                "text" => Cells::Text(cells.extract()?),
                other => {
                    return Err(PyValueError::new_err(format!(
                        "column {name}: unknown kind '{other}'"
                    )))
                }
            };
            Ok(Column { name, cells })
        })
        .collect::<PyResult<_>>()
        .map(Held::Table)
}

/// A one-dimensional NumPy array's values (read in place, copied once).
fn array<T: numpy::Element + Copy>(obj: &Bound<'_, PyAny>) -> PyResult<Vec<T>> {
    let a: numpy::PyReadonlyArray1<'_, T> = obj.extract()?;
    Ok(a.as_array().iter().copied().collect())
}
