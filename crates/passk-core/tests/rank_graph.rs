//! The spectral and graph rankings against scorio 0.2.3 on the real data
//! (reference/scorio/rank_graph.json, written by gen_rank_graph.py).
#![cfg(not(target_arch = "wasm32"))]

use std::time::Instant;

use passk_core::analysis::rank::{
    alpharank, hodge_rank, hodge_residual, nash, nash_equilibrium, pagerank, rank_centrality,
    serial_rank, spectral, AlphaRankOptions, HodgeOptions, HodgeStat, HodgeWeight, NashScore,
    Outcomes, PageRankOptions, RankCentralityOptions, RankError, Ranking, SerialComparison,
    SpectralOptions, StopReason, TieHandling,
};
use passk_core::num::prec;
use serde_json::Value;

fn reference() -> Value {
    let path =
        passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/rank_graph.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("rank_graph.json")).expect("JSON")
}

fn outcomes(set: &str) -> Outcomes {
    let (ds, _) = passk_fixtures::scorio_series(set);
    let refs: Vec<_> = ds.iter().collect();
    Outcomes::of(&refs)
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect()
}

/// The largest |got − want| over the largest |want| (scores near 0 – centred potentials,
/// eigenvectors – have no relative accuracy of their own).
fn scaled_diff(got: &[f64], want: &[f64]) -> f64 {
    assert_eq!(got.len(), want.len());
    let scale = want.iter().fold(0.0f64, |m, w| m.max(w.abs()));
    got.iter()
        .zip(want)
        .map(|(g, w)| (g - w).abs() / scale)
        .fold(0.0, f64::max)
}

/// The ranking against scorio's record `name`: ranks exactly, scores within `tol` (scaled),
/// the iterations as scorio's (counted by the generator) when it iterates. Answers the
/// difference.
fn check(set: &str, name: &str, got: &Ranking, tol: f64, iterates: bool) -> f64 {
    let r = &reference()[set]["methods"][name];
    let want = floats(&r["scores"]);
    assert_eq!(got.ranks, floats(&r["ranks"]), "{set} {name} ranks");
    let d = scaled_diff(&got.scores, &want);
    assert!(
        d <= tol,
        "{set} {name}: {d:e} > {tol:e}\n{:?}\n{want:?}",
        got.scores
    );
    if iterates {
        let stop = got.stop.expect("a stop");
        assert_eq!(
            u64::from(stop.iterations),
            r["norm_calls"].as_u64().expect("calls"),
            "{set} {name} iterations"
        );
    }
    eprintln!("{set:10} {name:45} vs scorio {d:.1e}  stop {:?}", got.stop);
    d
}

/// Against the generator's independent exact value.
fn check_exact(set: &str, name: &str, got: &[f64], tol: f64) {
    let want = floats(&reference()[set]["methods"][name]["exact"]);
    let d = scaled_diff(got, &want);
    assert!(d <= tol, "{set} {name} vs exact: {d:e}");
    eprintln!("{set:10} {name:45} vs exact  {d:.1e}");
}

const SETS: [&str; 2] = ["deepscaler", "pythia"];

#[test]
fn pagerank_as_scorio() {
    for set in SETS {
        let o = outcomes(set);
        let t = Instant::now();
        let r = pagerank(&o, &PageRankOptions::default()).expect("ranks");
        eprintln!("{set} pagerank {:?}", t.elapsed());
        check(set, "pagerank", &r, prec::GRAPH_SCORIO_REL, true);
        let tight = PageRankOptions {
            tol: 1e-14,
            max_iter: 10_000,
            ..PageRankOptions::default()
        };
        let r = pagerank(&o, &tight).expect("ranks");
        check(set, "pagerank_tol1e-14", &r, prec::GRAPH_SCORIO_REL, true);
        check_exact(set, "pagerank", &r.scores, prec::GRAPH_EXACT_REL);
    }
}

#[test]
fn spectral_as_scorio() {
    for set in SETS {
        let o = outcomes(set);
        let t = Instant::now();
        let r = spectral(&o, SpectralOptions::default()).expect("ranks");
        eprintln!("{set} spectral {:?}", t.elapsed());
        check(set, "spectral", &r, prec::GRAPH_SCORIO_REL, true);
        let tight = SpectralOptions {
            tol: 1e-15,
            max_iter: 100_000,
        };
        let r = spectral(&o, tight).expect("ranks");
        check_exact(set, "spectral", &r.scores, prec::GRAPH_EXACT_REL);
    }
}

#[test]
fn alpharank_as_scorio() {
    for set in SETS {
        let o = outcomes(set);
        let t = Instant::now();
        let r = alpharank(&o, AlphaRankOptions::default()).expect("ranks");
        eprintln!("{set} alpharank {:?}", t.elapsed());
        check(set, "alpharank", &r, prec::GRAPH_SCORIO_REL, true);
        let other = AlphaRankOptions {
            alpha: 10.0,
            population_size: 20,
            ..AlphaRankOptions::default()
        };
        let r = alpharank(&o, other).expect("ranks");
        check(
            set,
            "alpharank_alpha10_m20",
            &r,
            prec::GRAPH_SCORIO_REL,
            true,
        );
        for (name, opts) in [
            ("alpharank", AlphaRankOptions::default()),
            ("alpharank_alpha10_m20", other),
        ] {
            let tight = AlphaRankOptions {
                tol: 1e-16,
                max_iter: 1_000_000,
                ..opts
            };
            let r = alpharank(&o, tight).expect("ranks");
            check_exact(set, name, &r.scores, prec::GRAPH_EXACT_REL);
        }
    }
}

#[test]
fn nash_as_scorio() {
    for set in SETS {
        let o = outcomes(set);
        let t = Instant::now();
        let r = nash(&o, NashScore::default()).expect("ranks");
        eprintln!("{set} nash {:?}", t.elapsed());
        check(set, "nash", &r, prec::GRAPH_SCORIO_REL, false);
        let eq = floats(&reference()[set]["methods"]["nash"]["extra"]);
        assert_eq!(nash_equilibrium(&o).expect("x"), eq);
        for (name, s) in [
            ("nash_equilibrium", NashScore::Equilibrium),
            (
                "nash_advantage_vs_equilibrium",
                NashScore::AdvantageVsEquilibrium,
            ),
        ] {
            check(
                set,
                name,
                &nash(&o, s).expect("ranks"),
                prec::GRAPH_SCORIO_REL,
                false,
            );
        }
    }
}

#[test]
fn rank_centrality_as_scorio() {
    for set in SETS {
        let o = outcomes(set);
        let t = Instant::now();
        let r = rank_centrality(&o, RankCentralityOptions::default()).expect("ranks");
        eprintln!("{set} rank_centrality {:?}", t.elapsed());
        check(set, "rank_centrality", &r, prec::GRAPH_SCORIO_REL, true);
        let tight = RankCentralityOptions {
            tol: 1e-16,
            max_iter: 1_000_000,
            ..RankCentralityOptions::default()
        };
        check_exact(
            set,
            "rank_centrality",
            &rank_centrality(&o, tight).expect("r").scores,
            prec::GRAPH_EXACT_REL,
        );
        let ignore = RankCentralityOptions {
            tie_handling: TieHandling::Ignore,
            ..RankCentralityOptions::default()
        };
        let all = RankCentralityOptions {
            smoothing: 1.0,
            teleport: 0.1,
            ..ignore
        };
        let r = rank_centrality(&o, all).expect("ranks");
        check(
            set,
            "rank_centrality_ignore_smooth1_teleport0.1",
            &r,
            prec::GRAPH_SCORIO_REL,
            true,
        );
        let r = rank_centrality(&o, ignore).expect("ranks");
        check(
            set,
            "rank_centrality_ignore",
            &r,
            prec::GRAPH_SCORIO_REL,
            true,
        );
    }
}

#[test]
fn hodge_rank_as_scorio() {
    for set in SETS {
        let o = outcomes(set);
        let t = Instant::now();
        let r = hodge_rank(&o, HodgeOptions::default()).expect("ranks");
        eprintln!("{set} hodge_rank {:?}", t.elapsed());
        check(set, "hodge_rank", &r, prec::GRAPH_SCORIO_REL, false);
        for stat in [HodgeStat::Binary, HodgeStat::LogOdds] {
            for weight in [
                HodgeWeight::Total,
                HodgeWeight::Decisive,
                HodgeWeight::Uniform,
            ] {
                let s = if stat == HodgeStat::Binary {
                    "binary"
                } else {
                    "log_odds"
                };
                let w = match weight {
                    HodgeWeight::Total => "total",
                    HodgeWeight::Decisive => "decisive",
                    HodgeWeight::Uniform => "uniform",
                };
                let name = if (s, w) == ("binary", "total") {
                    "hodge_rank".to_string()
                } else {
                    format!("hodge_rank_{s}_{w}")
                };
                let opts = HodgeOptions {
                    stat,
                    weight,
                    ..HodgeOptions::default()
                };
                check(
                    set,
                    &name,
                    &hodge_rank(&o, opts).expect("ranks"),
                    prec::GRAPH_SCORIO_REL,
                    false,
                );
                // The residual where it is more than rounding (log-odds on Pythia).
                let want = &reference()[set]["methods"][name.as_str()]["extra"];
                let rel = want["relative_residual_l2"].as_f64().expect("a residual");
                let got = hodge_residual(&o, opts).expect("fit");
                if rel > 1e-10 {
                    let d = prec::rel_diff(got.relative_residual_l2, rel);
                    let a =
                        prec::rel_diff(got.residual_l2, want["residual_l2"].as_f64().expect("x"));
                    assert!(
                        d.max(a) <= prec::HODGE_RESIDUAL_REL,
                        "{set} {name} residual {d:e} {a:e}"
                    );
                    eprintln!("{set:10} {name:45} residual {:.1e}", d.max(a));
                } else {
                    assert!(got.relative_residual_l2 < 1e-13, "{set} {name} {got:?}");
                }
            }
        }
    }
}

#[test]
fn serial_rank_as_scorio() {
    for set in SETS {
        let o = outcomes(set);
        let t = Instant::now();
        let r = serial_rank(&o, SerialComparison::default()).expect("ranks");
        eprintln!("{set} serial_rank {:?}", t.elapsed());
        check(set, "serial_rank", &r, prec::SERIAL_RANK_SCORIO_REL, false);
        check_exact(set, "serial_rank", &r.scores, prec::GRAPH_EXACT_REL);
        let r = serial_rank(&o, SerialComparison::Sign).expect("ranks");
        check(
            set,
            "serial_rank_sign",
            &r,
            prec::SERIAL_RANK_SCORIO_REL,
            false,
        );
        check_exact(set, "serial_rank_sign", &r.scores, prec::GRAPH_EXACT_REL);
    }
}

#[test]
fn stops_and_refusals() {
    let o = outcomes("pythia");
    let short = PageRankOptions {
        max_iter: 3,
        ..PageRankOptions::default()
    };
    let r = pagerank(&o, &short).expect("ranks");
    assert_eq!(
        r.stop.map(|s| (s.reason, s.iterations)),
        Some((StopReason::MaxIterations, 3))
    );
    let one = o.subset(&[0, 1]);
    let single = Outcomes::from_counts(one.n.clone(), vec![one.c[0].clone()]);
    assert_eq!(
        pagerank(&single, &PageRankOptions::default()),
        Err(RankError::TooFew)
    );
    assert_eq!(
        spectral(&single, SpectralOptions::default()),
        Err(RankError::TooFew)
    );
    assert_eq!(
        alpharank(&single, AlphaRankOptions::default()),
        Err(RankError::TooFew)
    );
    assert_eq!(nash(&single, NashScore::default()), Err(RankError::TooFew));
    assert_eq!(
        rank_centrality(&single, RankCentralityOptions::default()),
        Err(RankError::TooFew)
    );
    assert_eq!(
        hodge_rank(&single, HodgeOptions::default()),
        Err(RankError::TooFew)
    );
    assert_eq!(
        serial_rank(&single, SerialComparison::default()),
        Err(RankError::TooFew)
    );
    let none = o.subset(&[]);
    assert_eq!(
        pagerank(&none, &PageRankOptions::default()),
        Err(RankError::NoTasks)
    );
    assert_eq!(
        serial_rank(&none, SerialComparison::default()),
        Err(RankError::NoTasks)
    );
    assert_eq!(
        hodge_rank(&none, HodgeOptions::default()),
        Err(RankError::NoTasks)
    );
    assert_eq!(nash(&none, NashScore::default()), Err(RankError::NoTasks));
}

#[test]
fn unequal_n_is_paired_task_by_task() {
    // Task 1 (n = 3): c = 3, 1, 0; task 2 (n = 5): c = 0, 5, 2. Passes: 3, 6, 2 of 8.
    // Wins W01 = 2 + 0, W10 = 0 + 5, so series 1 leads; every method answers, in order
    // 1, 0, 2 where it follows the pass rates (nash, hodge with binary flow: exact gradient).
    let o = Outcomes::from_counts(vec![3, 5], vec![vec![3, 0], vec![1, 5], vec![0, 2]]);
    let h = hodge_rank(&o, HodgeOptions::default()).expect("ranks");
    // s_i = Σc_i/Σn − mean: (3/8, 6/8, 2/8) − 11/24.
    let want = [
        3.0 / 8.0 - 11.0 / 24.0,
        6.0 / 8.0 - 11.0 / 24.0,
        2.0 / 8.0 - 11.0 / 24.0,
    ];
    assert!(
        h.scores
            .iter()
            .zip(want)
            .all(|(a, b)| (a - b).abs() < 1e-15),
        "{:?}",
        h.scores
    );
    assert_eq!(h.ranks, vec![2.0, 1.0, 3.0]);
    assert_eq!(
        nash(&o, NashScore::default()).expect("ranks").ranks,
        vec![2.0, 1.0, 3.0]
    );
    for r in [
        pagerank(&o, &PageRankOptions::default()),
        spectral(&o, SpectralOptions::default()),
        alpharank(&o, AlphaRankOptions::default()),
        rank_centrality(&o, RankCentralityOptions::default()),
        serial_rank(&o, SerialComparison::default()),
    ] {
        let r = r.expect("ranks");
        assert!(r.scores.iter().all(|s| s.is_finite()));
        assert_eq!(r.ranks, vec![2.0, 1.0, 3.0], "{r:?}");
    }
}
