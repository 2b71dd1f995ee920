//! The closed forms on real data: DeepScaleR base vs RL against the passk-inference package's
//! checked reference curves (`tests/reference/deepscaler_expected.json`, k = 1..128), and
//! the Large Language Monkeys Pythia values listed in `published-vectors.md`.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::estimators::mean_pass_at_k;
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL};
use passk_core::report::build_report;
use passk_core::settings::Options;
use serde_json::Value;

#[test]
fn deepscaler_curves_match_the_reference_to_1e12() {
    let ds = passk_fixtures::load(&[
        passk_fixtures::real("deepscaler_base.jsonl"),
        passk_fixtures::real("deepscaler_rl.jsonl"),
    ]);
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(passk_fixtures::real("deepscaler_expected.json")).unwrap(),
    )
    .unwrap();
    let ks: Vec<u64> = expected["ks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect();
    assert_eq!(ks.len(), 128);
    let opts = Options {
        ks: ks.clone(),
        ..Options::default()
    };
    let report = build_report(&ds, vec![vec![], vec![]], &opts);
    let mut worst = 0.0f64;
    for (model, key) in report.models.iter().zip(["base_pass_at_k", "rl_pass_at_k"]) {
        let want = expected[key].as_array().unwrap();
        for (row, w) in model.pass_at_k.iter().zip(want) {
            let (got, w) = (row.combinatorial.unwrap(), w.as_f64().unwrap());
            worst = worst.max(((got - w) / w).abs());
            assert!(
                close(got, w, CLOSED_FORM_REL, CLOSED_FORM_ABS),
                "{key} k={}: {got} vs {w}",
                row.k
            );
        }
    }
    eprintln!("DeepScaleR: worst relative difference {worst:e}");
    // The values quoted in published-vectors.md.
    let m = &report.models;
    assert!(close(
        m[0].pass_at_k[0].combinatorial.unwrap(),
        0.6041052476415094,
        CLOSED_FORM_REL,
        0.0
    ));
    assert!(close(
        m[0].pass_at_k[127].combinatorial.unwrap(),
        0.8905660377358491,
        CLOSED_FORM_REL,
        0.0
    ));
    assert!(close(
        m[1].pass_at_k[0].combinatorial.unwrap(),
        0.6800633844339623,
        CLOSED_FORM_REL,
        0.0
    ));
    assert!(close(
        m[1].pass_at_k[127].combinatorial.unwrap(),
        0.870754716981132,
        CLOSED_FORM_REL,
        0.0
    ));
}

#[test]
fn pythia_12b_published_values() {
    let ds = passk_fixtures::load(&[passk_fixtures::real("pythia_math_n10000.csv")]);
    assert_eq!(ds.len(), 7, "one series per Pythia model");
    let p12 = ds
        .iter()
        .find(|d| d.name == "Pythia 12B")
        .expect("Pythia 12B series");
    assert_eq!(p12.tasks.len(), 128);
    let g = p12.groups();
    for (k, want) in [
        (1u64, 0.02319140625),
        (100, 0.4834292147537076),
        (10_000, 0.875),
    ] {
        let got = mean_pass_at_k(&g, k).unwrap();
        assert!(
            close(got, want, CLOSED_FORM_REL, CLOSED_FORM_ABS),
            "k={k}: {got} vs {want}"
        );
    }
}

#[test]
fn undefined_budgets_are_null_with_a_warning() {
    let ds = passk_fixtures::load(&[passk_fixtures::real("deepscaler_base.jsonl")]);
    let report = build_report(&ds, vec![vec![]], &Options::default());
    let m = &report.models[0];
    let row = m.pass_at_k.iter().find(|r| r.k == 200).unwrap();
    assert_eq!(row.combinatorial, None);
    assert!(row.naive.is_some() && row.interval.is_some());
    assert!(
        m.warnings
            .iter()
            .any(|w| w.starts_with("k = 200 > n for 1060 tasks")),
        "{:?}",
        m.warnings
    );
    let json = serde_json::to_value(&report).unwrap();
    assert!(json["models"][0]["pass_at_k"][7]["combinatorial"].is_null());
    assert!(
        json.get("comparison").is_none(),
        "comparison only with two or more series"
    );
}
