//! The paired-comparison and Luce likelihoods of `analysis::rank` (Bradley–Terry MAP,
//! Davidson, Rao–Kupper, Plackett–Luce, Bradley–Terry–Luce, Davidson–Luce, ML and MAP)
//! against scorio 0.2.3 on the real files, recorded by
//! `tests/reference/scorio/gen_rank_likelihood.py` in `rank_likelihood.json`: scores to
//! `prec::RANK_FIT_REL` of the independent Newton maximum of scorio's own objective (checked
//! there against the captured objective to `prec::RANK_OBJECTIVE_REL`), standard errors to
//! `prec::RANK_SE_REL`, ranks exactly as scorio's, and scorio's scores within its recorded gap
//! (its L-BFGS-B or MM stops short). The worst differences and the times are printed.
#![cfg(not(target_arch = "wasm32"))]

use std::time::Instant;

use passk_core::analysis::rank::{
    bradley_terry_davidson, bradley_terry_davidson_map, bradley_terry_luce, bradley_terry_luce_map,
    bradley_terry_map, davidson_luce, davidson_luce_map, plackett_luce, plackett_luce_map,
    rao_kupper, rao_kupper_map, Outcomes, RankError, Ranking, StopReason, DEFAULT_LEVEL,
    DEFAULT_PRIOR_VAR, DEFAULT_TIE_STRENGTH,
};
use passk_core::num::prec::{rel_diff, RANK_FIT_REL, RANK_OBJECTIVE_REL, RANK_SE_REL};
use serde_json::Value;

type Method = fn(&Outcomes) -> Result<Ranking, RankError>;

const METHODS: [(&str, Method); 11] = [
    ("bradley_terry_map", |o| {
        bradley_terry_map(o, DEFAULT_PRIOR_VAR, DEFAULT_LEVEL)
    }),
    ("bradley_terry_davidson", |o| {
        bradley_terry_davidson(o, DEFAULT_LEVEL)
    }),
    ("bradley_terry_davidson_map", |o| {
        bradley_terry_davidson_map(o, DEFAULT_PRIOR_VAR, DEFAULT_LEVEL)
    }),
    ("rao_kupper", |o| {
        rao_kupper(o, DEFAULT_TIE_STRENGTH, DEFAULT_LEVEL)
    }),
    ("rao_kupper_map", |o| {
        rao_kupper_map(o, DEFAULT_TIE_STRENGTH, DEFAULT_PRIOR_VAR, DEFAULT_LEVEL)
    }),
    ("plackett_luce", |o| plackett_luce(o, DEFAULT_LEVEL)),
    ("plackett_luce_map", |o| {
        plackett_luce_map(o, DEFAULT_PRIOR_VAR, DEFAULT_LEVEL)
    }),
    ("bradley_terry_luce", |o| {
        bradley_terry_luce(o, DEFAULT_LEVEL)
    }),
    ("bradley_terry_luce_map", |o| {
        bradley_terry_luce_map(o, DEFAULT_PRIOR_VAR, DEFAULT_LEVEL)
    }),
    ("davidson_luce", |o| davidson_luce(o, None, DEFAULT_LEVEL)),
    ("davidson_luce_map", |o| {
        davidson_luce_map(o, DEFAULT_PRIOR_VAR, None, DEFAULT_LEVEL)
    }),
];

/// ln, for a check only (the core's parity with the page is not at stake here).
#[allow(clippy::disallowed_methods)]
fn log(x: f64) -> f64 {
    x.ln()
}

fn reference() -> Value {
    let path = passk_fixtures::root()
        .join("crates/passk-core/tests/reference/scorio/rank_likelihood.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("rank_likelihood.json"))
        .expect("JSON")
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect()
}

fn outcomes(set: &str, r: &Value) -> Outcomes {
    if set == "pythia_c20" {
        let n = r[set]["n"].as_u64().expect("n");
        let c: Vec<Vec<u64>> = r[set]["c"]
            .as_array()
            .expect("c")
            .iter()
            .map(|row| {
                row.as_array()
                    .expect("row")
                    .iter()
                    .map(|x| x.as_u64().expect("c"))
                    .collect()
            })
            .collect();
        return Outcomes::from_counts(vec![n; c[0].len()], c);
    }
    let (series, _) = passk_fixtures::scorio_series(set);
    let refs: Vec<_> = series.iter().collect();
    Outcomes::of(&refs)
}

fn check(set: &str) {
    let r = reference();
    let o = outcomes(set, &r);
    let names: Vec<&str> = r[set]["models"]
        .as_array()
        .expect("models")
        .iter()
        .map(|m| m.as_str().expect("name"))
        .collect();
    assert_eq!(o.series(), names.len());
    for (name, method) in METHODS {
        let rec = &r[set]["methods"][name];
        let t0 = Instant::now();
        let got = method(&o).unwrap_or_else(|e| panic!("{set} {name}: {e}"));
        let secs = t0.elapsed().as_secs_f64();
        let stop = got.stop.expect("a stop");
        assert_eq!(stop.reason, StopReason::Converged, "{set} {name}");
        let opt = &rec["optimum"];
        let (want, se_want) = (floats(&opt["scores"]), floats(&opt["se"]));
        let se = got.se.clone().expect("se");
        let worst = |a: &[f64], b: &[f64]| {
            a.iter()
                .zip(b)
                .map(|(x, y)| rel_diff(*x, *y))
                .fold(0.0, f64::max)
        };
        let d_opt = worst(&got.scores, &want);
        let d_se = worst(&se, &se_want);
        assert!(
            d_opt <= RANK_FIT_REL,
            "{set} {name}: {:?} vs {want:?}",
            got.scores
        );
        assert!(
            d_se <= RANK_SE_REL,
            "{set} {name}: se {se:?} vs {se_want:?}"
        );
        if let Some(check) = rec["objective_check_rel"].as_f64() {
            assert!(
                check <= RANK_OBJECTIVE_REL,
                "{set} {name}: objective {check}"
            );
        }
        // Intervals: score·e^{±1.96·se}.
        for ((s, e), (lo, hi)) in got
            .scores
            .iter()
            .zip(&se)
            .zip(got.intervals.as_ref().unwrap())
        {
            assert!(*lo < *s && *s < *hi && rel_diff(lo * hi, s * s) < 1e-12);
            assert!(rel_diff(log(hi / lo), 2.0 * 1.959_963_984_540_054 * e) < 1e-9);
        }
        let line = if rec["scorio"]["scores"].is_array() {
            let sc = floats(&rec["scorio"]["scores"]);
            let ranks = floats(&rec["scorio"]["ranks"]);
            assert_eq!(got.ranks, ranks, "{set} {name} ranks");
            let gap = rec["scorio_gap"].as_f64().expect("gap");
            let d_sc = worst(&got.scores, &sc);
            assert!(
                d_sc <= gap * (1.0 + 1e-3) + RANK_FIT_REL,
                "{set} {name}: {d_sc} > {gap}"
            );
            format!("vs scorio {d_sc:.2e} (scorio's gap {gap:.2e})")
        } else {
            "scorio not run (see the generator)".into()
        };
        eprintln!(
            "{set:<11} {name:<27} vs optimum {d_opt:.2e}, se {d_se:.2e}, {line}, {} steps, {secs:.4} s",
            stop.iterations
        );
    }
}

#[test]
fn deepscaler() {
    check("deepscaler");
}

#[test]
fn pythia() {
    check("pythia");
}

#[test]
fn pythia_reduced() {
    check("pythia_c20");
}

#[test]
fn plackett_luce_is_the_bradley_terry_maximum() {
    // The existing ML fit (crate::analysis::bradley_terry) normalised to one.
    let (series, _) = passk_fixtures::scorio_series("pythia");
    let refs: Vec<_> = series.iter().collect();
    let (w, left) = passk_core::analysis::wins(&refs);
    let bt = passk_core::analysis::bradley_terry(w, left, 0.95).unwrap();
    let pl = plackett_luce(&Outcomes::of(&refs), 0.95).unwrap();
    let sum: f64 = bt.strengths.iter().sum();
    for (a, b) in pl.scores.iter().zip(&bt.strengths) {
        assert!(rel_diff(*a, b / sum) < RANK_FIT_REL);
    }
    for (a, b) in pl.se.unwrap().iter().zip(&bt.se) {
        assert!(rel_diff(*a, *b) < 1e-9);
    }
}

#[test]
fn refusals() {
    let one = Outcomes::from_counts(vec![2], vec![vec![1]]);
    let none = Outcomes::from_counts(vec![], vec![vec![], vec![]]);
    for (name, method) in METHODS {
        assert_eq!(method(&one), Err(RankError::TooFew), "{name}");
        assert_eq!(method(&none), Err(RankError::NoTasks), "{name}");
    }
    let bad = Outcomes::from_counts(vec![3], vec![vec![2], vec![1]]);
    assert!(bradley_terry_map(&bad, 0.0, 0.95).is_err());
    assert!(bradley_terry_luce(&bad, 1.5).is_err());
}
