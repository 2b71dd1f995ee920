//! Comparing series: the paired difference against the passk-inference reference for
//! DeepScaleR base vs RL, pairing errors, the best temperature per budget.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::{best_temperature, delta_pass_point};

use passk_core::analysis::{paired_difference, PairError, Paired};
use passk_core::data::Counts;
use passk_core::data::{Dataset, SeriesMeta};

use passk_core::data::Task;
use passk_core::data::{synthetic, InflatedBeta};
use passk_core::eval::SeriesFit;
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL};
use passk_core::settings::Settings;
use serde_json::Value;

fn deepscaler() -> (Dataset, Dataset) {
    let mut ds = passk_fixtures::load(&[
        passk_fixtures::real("deepscaler_base.jsonl"),
        passk_fixtures::real("deepscaler_rl.jsonl"),
    ]);
    let rl = ds.pop().unwrap();
    (ds.pop().unwrap(), rl)
}

#[test]
fn rl_minus_base_matches_the_reference() {
    let (base, rl) = deepscaler();
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(passk_fixtures::real("deepscaler_expected.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(expected["difference_direction"], "rl_minus_base");
    let p = Paired::new(&rl, &base).unwrap();
    assert_eq!(p.pairs.len(), 1060);
    assert_eq!(p.unmatched, (0, 0));
    let ks: Vec<u64> = (1..=128).collect();
    let settings = Settings {
        bootstrap: 200,
        seed: 7,
        ..Settings::default()
    };
    let curve = paired_difference(&p, &ks, &settings);
    let (mean, se) = (
        expected["mean"].as_array().unwrap(),
        expected["se"].as_array().unwrap(),
    );
    for (row, (m, s)) in curve.rows.iter().zip(mean.iter().zip(se)) {
        let (m, s) = (m.as_f64().unwrap(), s.as_f64().unwrap());
        assert!(
            close(row.mean, m, CLOSED_FORM_REL, CLOSED_FORM_ABS),
            "k={}: mean {} vs {m}",
            row.k,
            row.mean
        );
        assert!(
            close(row.se, s, 1e-10, 0.0),
            "k={}: se {} vs {s}",
            row.k,
            row.se
        );
        let (lo, hi) = row.bootstrap.unwrap();
        assert!(
            lo <= row.mean && row.mean <= hi,
            "k={}: {lo} {} {hi}",
            row.k,
            row.mean
        );
    }
    // RL wins at k ≤ 21, base from k = 22 on (the reference's means change sign there).
    assert_eq!(curve.sign_change, Some(22));
    assert!(mean[20].as_f64().unwrap() > 0.0 && mean[21].as_f64().unwrap() < 0.0);
    // Seeded: the same bands again.
    assert_eq!(
        paired_difference(&p, &ks[..5], &settings).rows,
        curve.rows[..5].to_vec()
    );
}

#[test]
fn pairing_needs_shared_unique_ids() {
    let mk = |ids: &[Option<&str>]| Dataset {
        name: "s".into(),
        tasks: ids
            .iter()
            .map(|id| Task::new(id.map(str::to_string), Counts::new(4, 1).unwrap()))
            .collect(),
        meta: SeriesMeta::default(),
    };
    assert_eq!(
        Paired::new(&mk(&[Some("a"), None]), &mk(&[Some("a")])),
        Err(PairError::NoIds)
    );
    assert_eq!(
        Paired::new(&mk(&[Some("a"), Some("a")]), &mk(&[Some("a")])),
        Err(PairError::Duplicate("a".into()))
    );
    assert_eq!(
        Paired::new(&mk(&[Some("a")]), &mk(&[Some("b")])),
        Err(PairError::Disjoint)
    );
    let p = Paired::new(
        &mk(&[Some("a"), Some("b"), Some("c")]),
        &mk(&[Some("c"), Some("a")]),
    )
    .unwrap();
    assert_eq!(p.pairs.len(), 2);
    assert_eq!(p.unmatched, (1, 0));
}

#[test]
fn best_temperature_moves_up_with_k() {
    // Low temperature: a high but uniform success rate. High temperature: lower on average,
    // but spread out, so more tasks are solved at least once in many tries.
    let series = |t: &str, prior: InflatedBeta, seed| Dataset {
        meta: SeriesMeta {
            model: Some("M".into()),
            temperature: Some(t.into()),
            step: None,
        },
        ..synthetic(&format!("M T={t}"), 300, 100, 100, prior, seed)
    };
    let cold = series(
        "0.2",
        InflatedBeta {
            pi0: 0.4,
            pi1: 0.0,
            a: 60.0,
            b: 20.0,
        },
        1,
    );
    let hot = series(
        "1.0",
        InflatedBeta {
            pi0: 0.0,
            pi1: 0.0,
            a: 0.5,
            b: 0.9,
        },
        2,
    );
    let fits = [SeriesFit::new(&cold), SeriesFit::new(&hot)];
    let ks = [1, 10, 100];
    let best = best_temperature(
        &[(&cold, &fits[0]), (&hot, &fits[1])],
        &Settings::default(),
        &ks,
    );
    assert_eq!(best.len(), 1);
    let (model, rows) = &best[0];
    assert_eq!(model, "M");
    let temps: Vec<f64> = rows.iter().map(|r| r.1).collect();
    assert_eq!(temps, vec![0.2, 1.0, 1.0], "{rows:?}");
    let (p1, dp) = delta_pass_point(&fits[1]).unwrap();
    assert!((p1 - hot.groups().mean(|t| t.rate())).abs() < 1e-15 && dp > 0.0);
}

#[test]
fn temperature_from_metadata_or_name() {
    use passk_core::analysis::model_and_temperature;
    let mk = |name: &str, meta: SeriesMeta| Dataset {
        name: name.into(),
        tasks: Default::default(),
        meta,
    };
    let with_meta = SeriesMeta {
        model: Some("A".into()),
        temperature: Some("0.7".into()),
        step: None,
    };
    assert_eq!(
        model_and_temperature(&mk("x", with_meta)),
        Some(("A".into(), 0.7))
    );
    assert_eq!(
        model_and_temperature(&mk("B T=1.2", SeriesMeta::default())),
        Some(("B".into(), 1.2))
    );
    assert_eq!(
        model_and_temperature(&mk("B T=hot", SeriesMeta::default())),
        None
    );
    assert_eq!(
        model_and_temperature(&mk("plain", SeriesMeta::default())),
        None
    );
}
