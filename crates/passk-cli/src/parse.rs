//! The command line's one argument parser (lexopt): a command's arguments read into
//! [`Args`], each flag's text read into a typed [`Value`] and applied by [`apply`]. A value
//! follows its flag as `--flag value` or `--flag=value`.

use std::ffi::{OsStr, OsString};

use lexopt::Arg;

use passk_io::read::Format;
use passk_io::settings;

use crate::apply::{apply, finish, Kind, Value};
use crate::args::{Args, Flag, READ_FLAGS};
use crate::output::Output;
use crate::usage::USAGE;

/// Parses a command's arguments (after the command), accepting the flags in `accepted` and
/// [`READ_FLAGS`] only.
/// None when help was asked for (and printed).
pub fn parse(args: Vec<OsString>, accepted: &[Flag]) -> Result<Option<Args>, String> {
    let mut a = Args::new();
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        let flag = match arg {
            Arg::Value(file) => {
                a.files.push(utf8(file, "")?);
                continue;
            }
            Arg::Short('h') | Arg::Long("help") => {
                println!("{USAGE}");
                return Ok(None);
            }
            Arg::Short(c) => return Err(format!("unknown flag '-{c}'")),
            Arg::Long(name) => accepted
                .iter()
                .chain(READ_FLAGS)
                .copied()
                .find(|f| f.name() == name)
                .ok_or_else(|| format!("unknown flag '--{name}'"))?,
        };
        if flag == Flag::Backtest {
            a.backtest = true;
            // The count only when joined by `=` or when the next argument is one.
            let whole = |t: &OsStr| t.to_str().is_some_and(|t| settings::parse_whole(t).is_ok());
            let count = match p.optional_value() {
                Some(v) => Some(v),
                None => p.try_raw_args().and_then(|mut raw| raw.next_if(whole)),
            };
            if let Some(r) = count {
                let r = r.to_string_lossy();
                a.repeats = settings::parse_whole(&r)
                    .map_err(|_| format!("--backtest {r}: not a whole number"))?;
            }
            continue;
        }
        if flag.kind() == Kind::On {
            apply(&mut a, flag, Value::On(true))?;
            continue;
        }
        let name = format!("--{}", flag.name());
        let text = p.value().map_err(|_| format!("{name} needs a value"))?;
        let text = utf8(text, &format!("{name} "))?;
        let said = |e: String| format!("{name} {text}: {e}");
        let value = read_value(flag, &text).map_err(said)?;
        if let Value::Text(ref t) = value {
            if flag == Flag::Format {
                if let Some(o) = Output::from_key(t) {
                    a.output = o;
                    continue;
                }
            }
        }
        apply(&mut a, flag, value).map_err(said)?;
    }
    finish(&mut a, |flag, value| match value {
        Some(v) => format!("--{} {v}", flag.name()),
        None => format!("--{}", flag.name()),
    })?;
    Ok(Some(a))
}

/// The value of `flag` read from its text by the flag's parser (the reasons the page's fields
/// give too); [`apply`] checks and applies it.
fn read_value(flag: Flag, v: &str) -> Result<Value, String> {
    Ok(match flag {
        Flag::K => Value::Wholes(settings::parse_ks(v)?),
        // (Kept as typed: a threshold is an exact decimal.)
        Flag::Tau | Flag::GTau => {
            settings::parse_taus(v)?;
            Value::Text(v.to_string())
        }
        Flag::HalfWidth => Value::Number(settings::parse_half_width(v)?),
        Flag::Linmix => Value::Numbers(settings::parse_linmix(v)?.to_vec()),
        Flag::Prior => Value::Numbers(settings::parse_prior(v)?.to_vec()),
        Flag::Confidence => Value::Number(settings::parse_confidence(v)?),
        Flag::Bootstrap => Value::Whole(settings::parse_bootstrap(v)?),
        Flag::Seed => Value::Whole(settings::parse_seed(v)?),
        Flag::Folds => Value::Whole(settings::parse_folds(v)?),
        Flag::BacktestRepeats | Flag::Threads => Value::Whole(settings::parse_whole(v)?),
        Flag::PowerRange => Value::Wholes(settings::parse_k_range(v)?.to_vec()),
        Flag::Reach => Value::Numbers(settings::parse_reach(v)?),
        Flag::Rubric | Flag::RubricPrior => Value::Numbers(numbers(v)?),
        Flag::Threshold => match v.trim().parse::<f64>() {
            Ok(t) if t.is_finite() => Value::Text(v.trim().to_string()),
            _ => return Err("not a number".to_string()),
        },
        Flag::Format => {
            if Output::from_key(v).is_none() && v != "auto" && Format::from_key(v).is_none() {
                let keys: Vec<&str> = Format::ALL.iter().map(|f| f.key()).collect();
                return Err(format!(
                    "one of json, md, text (the output), auto, {} (the input)",
                    keys.join(", ")
                ));
            }
            Value::Text(v.to_string())
        }
        _ => Value::Text(v.to_string()),
    })
}

/// An argument as text; the message starts with `before` (the flag it belongs to, if any).
fn utf8(arg: OsString, before: &str) -> Result<String, String> {
    arg.into_string()
        .map_err(|a| format!("{before}{}: not valid UTF-8", a.to_string_lossy()))
}

/// A comma-separated list of numbers (`0,0.5,1`).
fn numbers(v: &str) -> Result<Vec<f64>, String> {
    v.split(',')
        .map(|x| match x.trim().parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(format!("'{}' is not a number", x.trim())),
        })
        .collect()
}
