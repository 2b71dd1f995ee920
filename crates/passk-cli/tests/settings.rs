//! The settings as typed values: each applied as its flag's text is, refused for the same
//! reason, and named by the keyword the Python package takes.
#![cfg(not(target_arch = "wasm32"))]

use passk_cli::apply::{apply, finish, Value};
use passk_cli::args::{Args, Flag};
use passk_cli::cli::keyword_flag;
use passk_cli::parse::parse;

/// The settings a command line gives.
fn flags(line: &str) -> Args {
    let words = line.split_whitespace().map(Into::into).collect();
    let accepted = [
        Flag::K,
        Flag::Tau,
        Flag::Confidence,
        Flag::Prior,
        Flag::Backtest,
    ];
    parse(words, &accepted).unwrap().unwrap()
}

/// The settings the same values give as typed.
fn typed(values: Vec<(Flag, Value)>) -> Result<Args, String> {
    let mut a = Args::new();
    for (flag, v) in values {
        apply(&mut a, flag, v)?;
    }
    finish(&mut a, |f, v| {
        format!("{}{}", f.keyword(), v.unwrap_or_default())
    })?;
    Ok(a)
}

#[test]
fn typed_values_set_what_their_flags_set() {
    let a = flags("--k 10,1,1 --tau 0.15 --confidence 90% --prior 0.5,0.5 --backtest 3");
    let b = typed(vec![
        (Flag::K, Value::Wholes(vec![10, 1, 1])),
        (Flag::Tau, Value::Numbers(vec![0.15])),
        (Flag::Confidence, Value::Number(0.9)),
        (Flag::Prior, Value::Numbers(vec![0.5, 0.5])),
        (Flag::Backtest, Value::Whole(3)),
    ])
    .unwrap();
    // What the line says, by hand; then the typed values give the same.
    assert_eq!(a.opts.ks, [1, 10]);
    assert!(a.k_given && a.backtest && a.opts.backtest == Some(3));
    assert_eq!(a.opts.settings.confidence, 0.9);
    assert_eq!(a.opts.settings.prior, [0.5, 0.5]);
    assert_eq!(
        a.opts.taus.iter().map(|t| t.value()).collect::<Vec<_>>(),
        [0.15]
    );
    assert_eq!(
        serde_json::to_string(&a.opts).unwrap(),
        serde_json::to_string(&b.opts).unwrap()
    );
    assert_eq!((a.k_given, a.files.clone()), (b.k_given, b.files.clone()));
}

#[test]
fn a_value_is_refused_for_its_flags_reason_or_its_kind() {
    let refused = |flag, v| typed(vec![(flag, v)]).err().unwrap_or_default();
    assert_eq!(
        refused(Flag::K, Value::Wholes(vec![0])),
        "k must be at least 1"
    );
    assert_eq!(
        refused(Flag::Confidence, Value::Number(1.5)),
        "must lie strictly between 0 and 1"
    );
    assert_eq!(
        refused(Flag::Seed, Value::Number(1.5)),
        "takes a whole number, not a number"
    );
    assert_eq!(
        refused(Flag::RubricPrior, Value::Numbers(vec![1.0])),
        "rubric_prior needs rubric"
    );
    assert_eq!(
        refused(Flag::Format, Value::Text("md".into()))
            .split(',')
            .next(),
        Some("one of auto")
    );
}

#[test]
fn keywords_name_the_commands_flags_and_no_other() {
    assert!(matches!(
        keyword_flag("report", "by_group"),
        Ok((Flag::ByGroup, false))
    ));
    assert!(matches!(
        keyword_flag("report", "forecast"),
        Ok((Flag::NoForecast, true))
    ));
    // A read flag, taken by every command.
    assert!(matches!(
        keyword_flag("compare", "reward_key"),
        Ok((Flag::RewardKey, false))
    ));
    let e = keyword_flag("compare", "forecast").unwrap_err();
    assert!(
        e.starts_with("compare: unknown keyword 'forecast': one of k, "),
        "{e}"
    );
    assert!(keyword_flag("report", "no_forecast").is_err());
    assert!(keyword_flag("report", "page").is_err());
}
