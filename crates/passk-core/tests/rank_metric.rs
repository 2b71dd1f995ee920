//! Ranks by evaluation metric (issue 71) against scorio 0.2.3's `rank/eval_ranking.py` on
//! the real files (tests/reference/scorio/gen_rank_metric.py): ranks exactly, scores to
//! `SCORIO_MEAN_REL`; Kendall's τ-b between two of them as scorio's `compare_rankings`.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::kendall_tau_b;
use passk_core::analysis::rank::{by_metric, EvalMetric, Outcomes};
use passk_core::data::Dataset;
use passk_core::num::prec::{rel_diff, SCORIO_MEAN_REL};
use serde_json::Value;

fn reference() -> Value {
    let path =
        passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/rank_metric.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

fn metric(key: &str) -> EvalMetric {
    let parts: Vec<&str> = key.split('/').collect();
    let k = || parts[1].parse().unwrap();
    match parts[0] {
        "avg" => EvalMetric::Avg,
        "pass_at_k" => EvalMetric::PassAtK(k()),
        "pass_hat_k" => EvalMetric::PassHatK(k()),
        "mg_pass_at_k" => EvalMetric::MgPass(k()),
        "g_pass_at_k_tau" => EvalMetric::GPass(k(), parts[2].parse().unwrap()),
        other => panic!("no metric {other}"),
    }
}

#[test]
fn the_real_files_as_scorio() {
    let r = reference();
    for set in ["deepscaler", "pythia"] {
        let (ds, _) = passk_fixtures::scorio_series(set);
        let refs: Vec<&Dataset> = ds.iter().collect();
        let o = Outcomes::of(&refs);
        let mut seen = 0;
        for (key, want) in r[set].as_object().unwrap() {
            if key.starts_with("compare_rankings") {
                continue;
            }
            let got = by_metric(&o, metric(key)).unwrap();
            assert_eq!(got.ranks, floats(&want["ranks"]), "{set} {key}");
            for (g, w) in got.scores.iter().zip(floats(&want["scores"])) {
                assert!(
                    rel_diff(*g, w) <= SCORIO_MEAN_REL,
                    "{set} {key}: {g} vs {w}"
                );
            }
            seen += 1;
        }
        assert!(seen >= 17, "{set}: {seen} metrics");
        let a = by_metric(&o, EvalMetric::Avg).unwrap();
        let b = by_metric(&o, EvalMetric::PassHatK(2)).unwrap();
        let tau = floats(&r[set]["compare_rankings/avg/pass_hat_k2"])[0];
        assert_eq!(kendall_tau_b(&a.ranks, &b.ranks), tau, "{set}");
    }
}
