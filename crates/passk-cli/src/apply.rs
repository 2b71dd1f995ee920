//! A flag's value, typed, and what it does to [`Args`]: the one place where each setting is
//! checked and applied, whichever door it came through — the command line's text
//! (`parse.rs` reads it into a [`Value`]) or the Python package's keywords
//! (`passk._passk`, which takes the same values from Python objects).

use passk_core::data::ErrorPolicy;
use passk_core::estimators::Rubric;
use passk_io::read::Format;
use passk_io::settings;

use crate::args::{Args, Flag};

/// A setting's value, as typed.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A switch (`--by-group`; Python's `by_group=True`).
    On(bool),
    /// A whole number (`--seed 7`).
    Whole(u64),
    /// Whole numbers (`--k 1,10`; `--power-range 2-64`).
    Wholes(Vec<u64>),
    /// A number (`--confidence 0.9`).
    Number(f64),
    /// Numbers (`--tau 0.5,1`; `--prior 1,1`; `--rubric 0,0.5,1`).
    Numbers(Vec<f64>),
    /// A word or a key (`--errors apart`, `--metric acc`).
    Text(String),
}

/// What a flag's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A switch.
    On,
    /// A whole number.
    Whole,
    /// Whole numbers.
    Wholes,
    /// A number.
    Number,
    /// Numbers.
    Numbers,
    /// A word or a key.
    Text,
}

impl Flag {
    /// What the flag's value is ([`Flag::Backtest`]: a switch, or its repeats as a whole
    /// number).
    pub fn kind(self) -> Kind {
        match self {
            Flag::K | Flag::PowerRange => Kind::Wholes,
            Flag::Tau
            | Flag::GTau
            | Flag::Linmix
            | Flag::Prior
            | Flag::Reach
            | Flag::Rubric
            | Flag::RubricPrior => Kind::Numbers,
            Flag::HalfWidth | Flag::Confidence | Flag::Threshold => Kind::Number,
            Flag::Bootstrap | Flag::Seed | Flag::Folds | Flag::BacktestRepeats | Flag::Threads => {
                Kind::Whole
            }
            Flag::Backtest
            | Flag::ByGroup
            | Flag::FoldCase
            | Flag::NoForecast
            | Flag::ForecastAll
            | Flag::CountAll
            | Flag::TruncatedErrors
            | Flag::Next => Kind::On,
            Flag::Format
            | Flag::Page
            | Flag::Metric
            | Flag::Partial
            | Flag::Pairs
            | Flag::Errors
            | Flag::IdKey
            | Flag::RewardKey
            | Flag::StepKey
            | Flag::Method
            | Flag::Separate => Kind::Text,
        }
    }
}

/// Applies `value` of `flag` to `a`, checked as the flag's text is.
///
/// # Errors
/// Why the value is refused (the caller names the flag and the value), or a value of another
/// kind than the flag's.
pub fn apply(a: &mut Args, flag: Flag, value: Value) -> Result<(), String> {
    let s = &mut a.opts.settings;
    match (flag, value) {
        (Flag::K, Value::Wholes(ks)) => {
            a.opts.ks = settings::check_ks(ks)?;
            a.k_given = true;
        }
        (Flag::Tau, Value::Numbers(v)) => a.opts.taus = settings::taus_of(&v)?,
        (Flag::GTau, Value::Numbers(v)) => a.opts.g_taus = settings::taus_of(&v)?,
        (Flag::Tau, Value::Text(t)) => a.opts.taus = settings::parse_taus(&t)?,
        (Flag::GTau, Value::Text(t)) => a.opts.g_taus = settings::parse_taus(&t)?,
        (Flag::HalfWidth, Value::Number(h)) => a.half_width = Some(settings::check_half_width(h)?),
        (Flag::Linmix, Value::Numbers(v)) => s.linmix = settings::check_linmix(pair(&v)?)?,
        (Flag::Prior, Value::Numbers(v)) => s.prior = settings::check_prior(pair(&v)?)?,
        (Flag::Confidence, Value::Number(p)) => s.confidence = settings::check_confidence(p)?,
        (Flag::Bootstrap, Value::Whole(b)) => s.bootstrap = settings::check_bootstrap(b)?,
        (Flag::Seed, Value::Whole(seed)) => s.seed = seed,
        (Flag::Folds, Value::Whole(k)) => s.folds = settings::check_folds(k)?,
        (Flag::BacktestRepeats, Value::Whole(r)) => a.repeats = r,
        (Flag::Backtest, Value::On(on)) => a.backtest = on,
        (Flag::Backtest, Value::Whole(r)) => {
            a.backtest = true;
            a.repeats = r;
        }
        (Flag::Format, Value::Text(f)) => {
            a.format = match f.as_str() {
                "auto" => None,
                f => Some(Format::from_key(f).ok_or_else(|| {
                    let keys: Vec<&str> = Format::ALL.iter().map(|f| f.key()).collect();
                    format!("one of auto, {}", keys.join(", "))
                })?),
            }
        }
        (Flag::Page, Value::Text(p)) => a.page = p,
        (Flag::ByGroup, Value::On(on)) => a.by_group = on,
        (Flag::Next, Value::On(on)) => a.next = on,
        (Flag::NoForecast, Value::On(on)) => a.opts.forecast = !on,
        (Flag::ForecastAll, Value::On(on)) => a.opts.forecast_all = on,
        (Flag::CountAll, Value::On(on)) => a.opts.count_all = on,
        (Flag::PowerRange, Value::Wholes(v)) => {
            let [from, to] = v[..] else {
                return Err("two whole numbers are needed, e.g. 2,128".into());
            };
            a.opts.power_range = Some(settings::check_k_range([from, to])?)
        }
        (Flag::Reach, Value::Numbers(v)) => {
            a.opts.reach = v
                .into_iter()
                .map(settings::check_reach)
                .collect::<Result<_, _>>()?
        }
        (Flag::Pairs, Value::Text(p)) => {
            a.first_pairs = match p.as_str() {
                "all" => false,
                "first" => true,
                _ => return Err(format!("'{p}' is not all or first")),
            }
        }
        (Flag::FoldCase, Value::On(on)) => a.read.fold_case = on,
        (Flag::Rubric, Value::Numbers(w)) => a.rubric.0 = Some(finite(w)?),
        (Flag::RubricPrior, Value::Numbers(p)) => a.rubric.1 = Some(finite(p)?),
        (Flag::Errors, Value::Text(e)) => {
            a.opts.errors = ErrorPolicy::from_key(&e)
                .ok_or_else(|| "one of failures, exclude, apart".to_string())?
        }
        (Flag::Threshold, Value::Number(t)) => {
            a.read.threshold = Some(format!("{}", settings::check_finite(t)?))
        }
        // (The command line keeps the text as typed.)
        (Flag::Threshold, Value::Text(t)) => {
            settings::parse_number(&t).map_err(|_| "not a number".to_string())?;
            a.read.threshold = Some(t.trim().to_string())
        }
        (Flag::IdKey, Value::Text(k)) => a.read.keys.id = Some(key(&k)?),
        (Flag::RewardKey, Value::Text(k)) => a.read.keys.reward = Some(key(&k)?),
        (Flag::StepKey, Value::Text(k)) => a.read.keys.step = Some(key(&k)?),
        (Flag::TruncatedErrors, Value::On(on)) => a.read.truncated_errors = on,
        (Flag::Threads, Value::Whole(n)) => {
            if n == 0 {
                return Err("needs at least 1".into());
            }
            passk_core::par::set_threads(usize::try_from(n).unwrap_or(usize::MAX));
        }
        (Flag::Metric, Value::Text(m)) => a.read.metric = Some(m),
        (Flag::Method, Value::Text(m)) => a.methods = Some(rank_methods(&m)?),
        (Flag::Separate, Value::Text(p)) => a.separate = Some(two_names(&p)?),
        (Flag::Partial, Value::Text(p)) => {
            a.read.partial = Some(match p.as_str() {
                "correct" => true,
                "incorrect" => false,
                _ => return Err("one of correct, incorrect".to_string()),
            })
        }
        (flag, value) => {
            return Err(format!(
                "takes {}, not {}",
                kind_text(flag.kind()),
                kind_text(value.kind())
            ))
        }
    }
    Ok(())
}

/// The two series names of `A,B` (each trimmed, neither empty, not the same).
fn two_names(text: &str) -> Result<(String, String), String> {
    let names: Vec<&str> = text.split(',').map(str::trim).collect();
    match names[..] {
        [a, b] if !a.is_empty() && !b.is_empty() && a != b => Ok((a.to_string(), b.to_string())),
        _ => Err("two different series names, A,B".into()),
    }
}

/// The ranking methods of a comma-separated list of keys, each known.
fn rank_methods(list: &str) -> Result<Vec<String>, String> {
    use passk_core::analysis::rank::{method, METHODS};
    let keys: Vec<String> = list
        .split(',')
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty())
        .collect();
    if keys.is_empty() {
        return Err("names no method".into());
    }
    for k in &keys {
        if method(k).is_none() {
            let known: Vec<&str> = METHODS.iter().map(|m| m.key).collect();
            return Err(format!("no method '{k}': one of {}", known.join(", ")));
        }
    }
    Ok(keys)
}

impl Value {
    /// The value's kind.
    pub fn kind(&self) -> Kind {
        match self {
            Value::On(_) => Kind::On,
            Value::Whole(_) => Kind::Whole,
            Value::Wholes(_) => Kind::Wholes,
            Value::Number(_) => Kind::Number,
            Value::Numbers(_) => Kind::Numbers,
            Value::Text(_) => Kind::Text,
        }
    }
}

/// A kind in words.
fn kind_text(k: Kind) -> &'static str {
    match k {
        Kind::On => "true or false",
        Kind::Whole => "a whole number",
        Kind::Wholes => "whole numbers",
        Kind::Number => "a number",
        Kind::Numbers => "numbers",
        Kind::Text => "a word",
    }
}

/// Finishes the settings once every one is applied: Bayes@N's rubric, the backtest's
/// repeats, stdin when no file was named. `name` writes a flag, and its value if given, as
/// the door names them (`--rubric`, `--backtest-repeats 0`; Python's `rubric`,
/// `backtest_repeats=0`).
///
/// # Errors
/// A rubric prior without a rubric, a rubric refused, no backtest repeats.
pub fn finish(a: &mut Args, name: impl Fn(Flag, Option<&str>) -> String) -> Result<(), String> {
    if a.files.is_empty() {
        a.files.push("-".to_string());
    }
    let (rubric, prior) = (name(Flag::Rubric, None), name(Flag::RubricPrior, None));
    a.opts.rubric = match std::mem::take(&mut a.rubric) {
        (None, None) => None,
        (None, Some(_)) => return Err(format!("{prior} needs {rubric}")),
        (Some(w), None) => Some(Rubric::new(w).map_err(|e| format!("{rubric}: {e}"))?),
        (Some(w), Some(p)) => Some(Rubric::with_prior(w, p).map_err(|e| format!("{prior}: {e}"))?),
    };
    if a.backtest {
        if a.repeats == 0 {
            let repeats = name(Flag::BacktestRepeats, Some("0"));
            return Err(format!("{repeats}: needs at least 1"));
        }
        a.opts.backtest = Some(a.repeats);
    }
    Ok(())
}

/// Two numbers.
fn pair(v: &[f64]) -> Result<[f64; 2], String> {
    match v {
        [a, b] => Ok([settings::check_finite(*a)?, settings::check_finite(*b)?]),
        _ => Err("two numbers are needed, e.g. 10,50".into()),
    }
}

/// Finite numbers.
fn finite(v: Vec<f64>) -> Result<Vec<f64>, String> {
    match v.iter().find(|x| !x.is_finite()) {
        Some(x) => Err(format!("'{x}' is not a number")),
        None => Ok(v),
    }
}

/// A JSON key (not empty).
fn key(v: &str) -> Result<String, String> {
    match v.trim() {
        "" => Err("an empty key".into()),
        k => Ok(k.to_string()),
    }
}
