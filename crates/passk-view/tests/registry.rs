//! The report's metric registry (`passk_core::report::metrics`) against the report's schema,
//! both ways, on a report with every field the DeepScaleR pair gives (forecasts and backtest
//! included), and against docs/estimators.md's table. (Here, where a reader of the examples
//! is: the core has none.)

use passk_core::report::build_report;
use passk_core::report::metrics::*;
use passk_core::settings::Options;
use passk_io::read::{assemble, read_text};

const BASE: &str = include_str!("../../../assets/examples/deepscaler_base.jsonl");
const RL: &str = include_str!("../../../assets/examples/deepscaler_rl.jsonl");

/// The fields of the first series' report, as the JSON `passk report` writes.
fn fields() -> (Vec<String>, passk_core::report::Report) {
    let (ds, rej) = assemble(vec![
        read_text("deepscaler_base.jsonl", "deepscaler_base", BASE, None),
        read_text("deepscaler_rl.jsonl", "deepscaler_rl", RL, None),
    ]);
    let opts = Options {
        ks: vec![1, 10, 100],
        forecast: true,
        backtest: Some(20),
        // (A rubric, so that Max@k of rewards has its rows: 0/1, pass@k's.)
        rubric: Some(passk_core::estimators::Rubric::binary()),
        ..Options::default()
    };
    let report = build_report(&ds, rej, &opts);
    let json = serde_json::to_value(&report.models[0]).unwrap();
    let keys = json.as_object().unwrap().keys().cloned().collect();
    (keys, report)
}

#[test]
fn every_field_of_a_series_report_is_a_registered_metric_or_named_as_another_field() {
    let (keys, _) = fields();
    let registered: Vec<&str> = METRICS
        .iter()
        .map(|m| m.report_key)
        .chain(VOTED.iter().map(|m| m.report_key))
        .collect();
    for key in &keys {
        assert!(
            registered.contains(&key.as_str()) || OTHER_FIELDS.contains(&key.as_str()),
            "the report's field {key:?} is neither in METRICS, VOTED nor OTHER_FIELDS: a new metric is an entry of the registry"
        );
    }
    // And the other way: every registered metric is a field of the report.
    for m in METRICS {
        assert!(
            keys.iter().any(|k| k == m.report_key),
            "{} is not in the report",
            m.report_key
        );
        assert!(
            !OTHER_FIELDS.contains(&m.report_key),
            "{} twice",
            m.report_key
        );
    }
}

#[test]
fn every_metric_reads_its_own_field_and_keys_are_unique() {
    let (_, report) = fields();
    let m = &report.models[0];
    let json = serde_json::to_value(m).unwrap();
    for metric in METRICS {
        let rows = json[metric.report_key].as_array().unwrap();
        assert!(!rows.is_empty(), "{}", metric.key);
        for row in rows {
            let k = row["k"].as_u64().unwrap();
            let (value, _) = (metric.value)(m, k).unwrap();
            // The value the accessor reads is the field's own (TailPass: its m² moment's mean).
            let want = if metric.report_key == "tailpass" {
                row["moment2"]["mean"].as_f64().unwrap()
            } else {
                row["value"].as_f64().unwrap()
            };
            assert_eq!(value, want, "{} at k = {k}", metric.key);
        }
    }
    let mut keys: Vec<&str> = METRICS.iter().map(|m| m.key).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), METRICS.len());
}

#[test]
fn the_python_tables_are_the_report_tables_in_order() {
    let t = report_tables();
    assert_eq!(&t[..4], ["pass_at_k", "pass_hat_k", "cover", "g_pass_at_k"]);
    assert_eq!(t[4..4 + METRICS.len()], METRICS.map(|m| m.report_key));
    assert_eq!(
        t[4 + METRICS.len()..t.len() - 1],
        VOTED.map(|m| m.report_key)
    );
    assert_eq!(t.last(), Some(&"rejected"));
}

/// The rows of the table between `<!-- {name}: begin -->` and its end in docs/estimators.md.
fn docs_rows(docs: &str, name: &str) -> Vec<String> {
    let table = docs
        .split(&format!("<!-- {name}: begin -->"))
        .nth(1)
        .and_then(|t| t.split(&format!("<!-- {name}: end -->")).next())
        .expect("the registry's table in docs/estimators.md");
    table
        .lines()
        .filter(|l| l.starts_with("| "))
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_docs_tables_are_the_registry() {
    let docs = include_str!("../../../docs/estimators.md");
    let row = |label: &str, report_key: &str, key: &str, section: &str| {
        format!("| {label} | `{report_key}` | `{key}` | {section} |")
    };
    let want: Vec<String> = METRICS
        .iter()
        .map(|m| row(m.label, m.report_key, m.key, m.section))
        .collect();
    assert_eq!(docs_rows(docs, "metrics registry"), want);
    let voted: Vec<String> = VOTED
        .iter()
        .map(|m| row(m.label, m.report_key, m.key, m.section))
        .collect();
    assert_eq!(docs_rows(docs, "voted registry"), voted);
    let sections = METRICS.iter().map(|m| m.section);
    for section in sections.chain(VOTED.iter().map(|m| m.section)) {
        assert!(
            docs.contains(&format!("\n## {section}. ")),
            "no section {section}"
        );
    }
}

/// Every key path of a JSON value, arrays read as `[]` (`models[].scaled_beta.family`).
fn key_paths(v: &serde_json::Value, at: &str, out: &mut std::collections::BTreeSet<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                let p = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                out.insert(p.clone());
                key_paths(v, &p, out);
            }
        }
        serde_json::Value::Array(a) => {
            for v in a {
                key_paths(v, &format!("{at}[]"), out);
            }
        }
        _ => {}
    }
}

/// The report's keys are its schema's: renaming a Rust field must not rename a key of
/// `passk-report/2` (issue 69's renames once reached `scaled_beta.family`).
#[test]
fn the_report_keys_are_the_schema_written_down() {
    let (_, report) = fields();
    let mut got = std::collections::BTreeSet::new();
    key_paths(&serde_json::to_value(&report).unwrap(), "", &mut got);
    let want: std::collections::BTreeSet<String> =
        include_str!("../../../tests/fixtures/schema/report-keys.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(str::to_string)
            .collect();
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "keys missing: {missing:?}; keys new: {extra:?}"
    );
}
