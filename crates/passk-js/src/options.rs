//! The module's options as the command line's settings: each option (camelCased, as
//! `byGroup`) names a flag (`passk_cli::cli::keyword_flag`, through its snake_case keyword),
//! its value is taken as the flag's kind and applied as the flag's text is
//! (`passk_cli::apply::apply`): the same checks and reasons, named as JavaScript names them.

use passk_cli::apply::{apply, finish, Kind, Value};
use passk_cli::args::{Args, Flag};

use crate::given::{wholes, Given};

/// `byGroup` → `by_group`.
pub fn snake(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 4);
    for ch in camel.chars() {
        if ch.is_ascii_uppercase() {
            out.push('_');
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

/// `by_group` → `byGroup`.
pub fn camel(snake: &str) -> String {
    let mut parts = snake.split('_');
    let mut out = parts.next().unwrap_or_default().to_string();
    for p in parts {
        let mut chars = p.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    out
}

/// The option a flag is, as JavaScript names it (`forecast` for `--no-forecast`).
fn option_name(flag: Flag) -> String {
    match flag {
        Flag::NoForecast => "forecast".to_string(),
        f => camel(&f.keyword()),
    }
}

/// The settings of `command` from `options` (an object's entries; `null` and `undefined`
/// left at their defaults) for the inputs named `files`.
///
/// # Errors
/// An option the command does not take, naming those it takes; a value refused, as
/// `option = value: reason` (an item of a list as `option[i] = value: reason`).
pub fn args_of(command: &str, files: Vec<String>, options: &Given) -> Result<Args, String> {
    let entries = match options {
        Given::Nothing => Vec::new(),
        Given::Object(entries) => entries.clone(),
        other => return Err(format!("options: an object, not a {}", other.kind())),
    };
    let mut a = Args::new();
    a.files = files;
    for (name, given) in entries {
        if given == Given::Nothing {
            continue;
        }
        if name != camel(&snake(&name)) {
            return Err(unknown(command, &name));
        }
        let (flag, inverted) = passk_cli::cli::keyword_flag(command, &snake(&name))
            .map_err(|_| unknown(command, &name))?;
        let value = value_of(flag, &name, &given)?;
        let value = match (value, inverted) {
            (Value::On(on), true) => Value::On(!on),
            (v, _) => v,
        };
        apply(&mut a, flag, value).map_err(|e| format!("{name} = {given}: {e}"))?;
    }
    finish(&mut a, |flag, value| match value {
        Some(v) => format!("{} = {v}", option_name(flag)),
        None => option_name(flag),
    })?;
    Ok(a)
}

/// An option `command` does not take, with those it takes.
fn unknown(command: &str, name: &str) -> String {
    let known: Vec<String> = passk_cli::cli::keywords(command)
        .iter()
        .map(|k| camel(k))
        .collect();
    format!(
        "{command}: unknown option '{name}': one of {}",
        known.join(", ")
    )
}

/// The value of `given` as `flag` takes it, refused as `name = value: reason`.
fn value_of(flag: Flag, name: &str, given: &Given) -> Result<Value, String> {
    let whole = |why: String| format!("{name} = {given}: {why}");
    match (flag.kind(), given) {
        // `backtest` is a switch, or its repeats.
        (Kind::On, Given::Flag(on)) => Ok(Value::On(*on)),
        (Kind::On, _) if flag == Flag::Backtest => given.whole().map(Value::Whole).map_err(whole),
        (Kind::On, _) => Err(whole("takes true or false".into())),
        (Kind::Whole, _) => given.whole().map(Value::Whole).map_err(whole),
        (Kind::Number, _) => given.number().map(Value::Number).map_err(whole),
        (Kind::Text, Given::Text(s)) => Ok(Value::Text(s.clone())),
        (Kind::Text, _) => Err(whole("takes a string".into())),
        (Kind::Wholes | Kind::Numbers, Given::Text(_)) => {
            Err(whole("takes numbers, not a string".into()))
        }
        (Kind::Wholes, _) => {
            let alone = !matches!(given, Given::List(_));
            wholes(name, &given.items(), alone).map(Value::Wholes)
        }
        (Kind::Numbers, _) => given
            .items()
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.number()
                    .map_err(|why| format!("{name}[{i}] = {v}: {why}"))
            })
            .collect::<Result<_, _>>()
            .map(Value::Numbers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(entries: &[(&str, Given)]) -> Given {
        Given::Object(
            entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn names_values_and_refusals() {
        assert_eq!(snake("byGroup"), "by_group");
        assert_eq!(camel("backtest_repeats"), "backtestRepeats");
        assert_eq!(camel(&snake("gTau")), "gTau");
        let files = vec!["a.jsonl".to_string()];
        let ok = args_of(
            "report",
            files.clone(),
            &object(&[
                ("k", Given::List(vec![Given::Int(1), Given::Int(10)])),
                ("byGroup", Given::Flag(true)),
                ("forecast", Given::Flag(false)),
                ("seed", Given::Nothing),
            ]),
        )
        .unwrap();
        assert_eq!(ok.opts.ks, [1, 10]);
        assert!(ok.by_group && ok.k_given);
        let refused = |entries: &[(&str, Given)]| {
            args_of("report", files.clone(), &object(entries))
                .err()
                .unwrap_or_default()
        };
        assert_eq!(
            refused(&[("k", Given::List(vec![Given::Int(1), Given::Number(2.5)]))]),
            "k[1] = 2.5: must be a whole number"
        );
        assert_eq!(
            refused(&[("seed", Given::Number(-1.0))]),
            "seed = -1: must not be negative"
        );
        assert_eq!(
            refused(&[("byGroup", Given::Int(1))]),
            "byGroup = 1: takes true or false"
        );
        assert!(refused(&[("by_group", Given::Flag(true))])
            .starts_with("report: unknown option 'by_group': one of k, "));
        assert!(refused(&[("nope", Given::Flag(true))]).contains("byGroup"));
        assert_eq!(
            refused(&[(
                "rubricPrior",
                Given::List(vec![Given::Int(1), Given::Int(1)])
            )]),
            "rubricPrior needs rubric"
        );
        assert_eq!(
            args_of("report", files, &Given::Text("x".into()))
                .err()
                .unwrap_or_default(),
            "options: an object, not a string"
        );
    }
}
