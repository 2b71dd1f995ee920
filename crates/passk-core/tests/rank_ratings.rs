//! scorio 0.2.3's rating methods (rank/pairwise.py: elo, glicko, trueskill; rank/bayesian.py:
//! thompson, bayesian_mcmc) on the real files, against `reference/scorio/rank_ratings.json`
//! (gen_rank_ratings.py). The sequential ratings are deterministic: scores to
//! `RATING_STREAM_REL`, ranks exactly, on DeepScaleR, on all of Pythia (10,000 trials) and on
//! its first 1,000 trials (counts min(c, 1000) of n = 1000, exactly scorio's state after
//! trial 1,000). The two Monte Carlo methods are compared within `MONTE_CARLO_SES` of their
//! spread (scorio's sd over seeds 1..8, and the Rust draws' own).
#![cfg(not(target_arch = "wasm32"))]

use std::time::Instant;

use passk_core::analysis::rank::{
    bayesian_mcmc, elo, elo_quick, glicko, thompson, trueskill, EloOptions, GlickoOptions,
    McmcOptions, Outcomes, PairwiseTies, RankError, Ranking, ThompsonOptions, TrueSkillOptions,
};
use passk_core::data::Dataset;
use passk_core::num::prec::{rel_diff, MONTE_CARLO_SES, RATING_STREAM_REL};
use passk_core::num::LibmMath;
use serde_json::Value;

fn reference() -> Value {
    let path =
        passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/rank_ratings.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

fn outcomes(set: &str) -> Outcomes {
    let (ds, _) = passk_fixtures::scorio_series(set);
    let refs: Vec<&Dataset> = ds.iter().collect();
    let o = Outcomes::of(&refs);
    assert_eq!(o.tasks_left_out, 0);
    o
}

/// The first `n` trials of every task: counts min(c, n) of n.
fn prefix(o: &Outcomes, n: u64) -> Outcomes {
    Outcomes::from_counts(
        o.n.iter().map(|x| (*x).min(n)).collect(),
        o.c.iter()
            .map(|row| row.iter().map(|c| (*c).min(n)).collect())
            .collect(),
    )
}

fn max_rel(got: &[f64], want: &[f64]) -> f64 {
    assert_eq!(got.len(), want.len());
    got.iter()
        .zip(want)
        .map(|(a, b)| rel_diff(*a, *b))
        .fold(0.0, f64::max)
}

fn check(label: &str, r: &Ranking, want: &Value, extra: Option<&str>) {
    let d = max_rel(&r.scores, &floats(&want["scores"]));
    assert!(d <= RATING_STREAM_REL, "{label}: scores off by {d:e}");
    assert_eq!(r.ranks, floats(&want["ranks"]), "{label}");
    let mut line = format!("{label}: scores max rel {d:.2e}");
    if let Some(key) = extra {
        let e = max_rel(r.se.as_ref().unwrap(), &floats(&want[key]));
        assert!(e <= RATING_STREAM_REL, "{label}: {key} off by {e:e}");
        line += &format!(", {key} max rel {e:.2e}");
    }
    println!("{line} (scorio {:.1} s)", want["seconds"].as_f64().unwrap());
}

fn sequential(label: &str, o: &Outcomes, want: &Value) {
    let t = Instant::now();
    let r = elo(o, &EloOptions::default()).unwrap();
    println!("{label} elo: {:.3} s", t.elapsed().as_secs_f64());
    check(&format!("{label} elo"), &r, &want["elo"], None);
    // The resamples' Elo: the same ratings to rounding, to the same tolerance.
    let t = Instant::now();
    let q = elo_quick(o, &EloOptions::default()).unwrap();
    println!("{label} elo_quick: {:.3} s", t.elapsed().as_secs_f64());
    check(&format!("{label} elo_quick"), &q, &want["elo"], None);
    let t = Instant::now();
    let r = glicko(o, &GlickoOptions::default()).unwrap();
    println!("{label} glicko: {:.3} s", t.elapsed().as_secs_f64());
    check(&format!("{label} glicko"), &r, &want["glicko"], Some("rd"));
    let iv = r.intervals.as_ref().unwrap();
    let rd = r.se.as_ref().unwrap();
    for ((lo, hi), (s, d)) in iv.iter().zip(r.scores.iter().zip(rd)) {
        assert!((hi - lo - 2.0 * 1.959_963_984_540_054 * d).abs() <= 1e-9 * hi.abs().max(1.0));
        assert!((lo + hi - 2.0 * s).abs() <= 1e-9 * s.abs());
    }
    let t = Instant::now();
    let r = trueskill(o, &TrueSkillOptions::default()).unwrap();
    println!("{label} trueskill: {:.3} s", t.elapsed().as_secs_f64());
    check(
        &format!("{label} trueskill"),
        &r,
        &want["trueskill"],
        Some("sigma"),
    );
}

#[test]
fn sequential_ratings_as_scorio() {
    let r = reference();
    let ds = outcomes("deepscaler");
    sequential("deepscaler", &ds, &r["deepscaler"]);
    let py = outcomes("pythia");
    assert_eq!(py.common_n(), Some(10_000));
    sequential("pythia", &py, &r["pythia"]);
    sequential(
        "pythia first 1000",
        &prefix(&py, 1000),
        &r["pythia_prefix_1000"],
    );
}

#[test]
fn sequential_variants_as_scorio() {
    let r = reference();
    let ds = outcomes("deepscaler");
    let Some(v) = r["deepscaler_variants"].as_object() else {
        panic!("no variants");
    };
    for (key, want) in v {
        let ties = match want["tie_handling"].as_str().unwrap() {
            "skip" => PairwiseTies::Skip,
            "draw" => PairwiseTies::Draw,
            _ => PairwiseTies::CorrectDrawOnly,
        };
        let got = match want["method"].as_str().unwrap() {
            "elo" => elo(
                &ds,
                &EloOptions {
                    ties,
                    ..EloOptions::default()
                },
            ),
            "glicko" => glicko(
                &ds,
                &GlickoOptions {
                    ties,
                    c: want["c"].as_f64().unwrap(),
                    ..GlickoOptions::default()
                },
            ),
            _ => trueskill(
                &ds,
                &TrueSkillOptions {
                    ties,
                    draw_margin: want["draw_margin"].as_f64().unwrap(),
                    ..TrueSkillOptions::default()
                },
            ),
        }
        .unwrap();
        check(&format!("deepscaler {key}"), &got, want, None);
    }
}

/// |got − want| within `MONTE_CARLO_SES` of the combined spread, exactly equal when both
/// spreads are 0; ranks equal where scorio's scores are further apart than that.
fn mc_check(label: &str, got: &Ranking, rust_sd: &[f64], want: &Value) {
    let s = floats(&want["scores"]);
    let sd = floats(&want["seed_sd"]);
    let ranks = floats(&want["ranks"]);
    let mut worst: f64 = 0.0;
    for i in 0..s.len() {
        let spread = (sd[i] * sd[i] + rust_sd[i] * rust_sd[i]).sqrt();
        let diff = (got.scores[i] - s[i]).abs();
        if spread == 0.0 {
            assert_eq!(got.scores[i], s[i], "{label} series {i}");
        } else {
            assert!(
                diff <= MONTE_CARLO_SES * spread,
                "{label} series {i}: {diff} vs {spread}"
            );
            worst = worst.max(diff / spread);
        }
        for j in 0..s.len() {
            let gap = MONTE_CARLO_SES * (sd[i].max(sd[j]) + rust_sd[i].max(rust_sd[j]));
            if (s[i] - s[j]).abs() > gap {
                assert_eq!(
                    got.ranks[i] < got.ranks[j],
                    ranks[i] < ranks[j],
                    "{label} {i} {j}"
                );
            }
        }
    }
    println!("{label}: worst |diff|/spread {worst:.2}");
}

#[test]
fn thompson_within_monte_carlo_error() {
    let r = reference();
    for set in ["deepscaler", "pythia"] {
        let o = outcomes(set);
        let t = Instant::now();
        let got = thompson(&o, &ThompsonOptions::default()).unwrap();
        println!("{set} thompson: {:.3} s", t.elapsed().as_secs_f64());
        let se = got.se.clone().unwrap();
        mc_check(&format!("{set} thompson"), &got, &se, &r[set]["thompson"]);
    }
}

#[test]
fn bayesian_mcmc_within_monte_carlo_error() {
    let r = reference();
    for set in ["deepscaler", "pythia"] {
        let o = outcomes(set);
        let want = &r[set]["bayesian_mcmc"];
        let t = Instant::now();
        let got = bayesian_mcmc(&o, &McmcOptions::default()).unwrap();
        println!("{set} bayesian_mcmc: {:.3} s", t.elapsed().as_secs_f64());
        // The Rust chain's own spread over seeds 1..8 (a chain's mean is autocorrelated: its
        // posterior sd is no Monte Carlo error).
        let runs: Vec<Vec<f64>> = (1..=8)
            .map(|seed| {
                bayesian_mcmc(
                    &o,
                    &McmcOptions {
                        seed,
                        ..McmcOptions::default()
                    },
                )
                .unwrap()
                .scores
            })
            .collect();
        let m = o.series();
        let rust_sd: Vec<f64> = (0..m)
            .map(|i| {
                let mean = runs.iter().map(|x| x[i]).sum::<f64>() / 8.0;
                (runs
                    .iter()
                    .map(|x| (x[i] - mean) * (x[i] - mean))
                    .sum::<f64>()
                    / 7.0)
                    .sqrt()
            })
            .collect();
        let scorio_sd = floats(&want["seed_sd"]);
        println!("{set} mcmc seed sd rust {rust_sd:.3?} scorio {scorio_sd:.3?}");
        mc_check(&format!("{set} bayesian_mcmc"), &got, &rust_sd, want);
    }
}

#[test]
fn refusals_and_small_cases() {
    let one = Outcomes::from_counts(vec![3], vec![vec![1]]);
    let none = Outcomes::from_counts(vec![], vec![vec![], vec![]]);
    for o in [&one, &none] {
        let want = if o.series() < 2 {
            RankError::TooFew
        } else {
            RankError::NoTasks
        };
        assert_eq!(elo(o, &EloOptions::default()), Err(want.clone()));
        assert_eq!(glicko(o, &GlickoOptions::default()), Err(want.clone()));
        assert_eq!(
            trueskill(o, &TrueSkillOptions::default()),
            Err(want.clone())
        );
        assert_eq!(thompson(o, &ThompsonOptions::default()), Err(want.clone()));
        assert_eq!(bayesian_mcmc(o, &McmcOptions::default()), Err(want));
    }
    let o = Outcomes::from_counts(vec![2], vec![vec![1], vec![0]]);
    assert!(elo(
        &o,
        &EloOptions {
            k: 0.0,
            ..EloOptions::default()
        }
    )
    .is_err());
    assert!(elo(
        &o,
        &EloOptions {
            k: f64::NAN,
            ..EloOptions::default()
        }
    )
    .is_err());
    assert!(glicko(
        &o,
        &GlickoOptions {
            c: -1.0,
            ..GlickoOptions::default()
        }
    )
    .is_err());
    assert!(trueskill(
        &o,
        &TrueSkillOptions {
            beta: 0.0,
            ..TrueSkillOptions::default()
        }
    )
    .is_err());
    assert!(thompson(
        &o,
        &ThompsonOptions {
            samples: 0,
            ..ThompsonOptions::default()
        }
    )
    .is_err());
    assert!(bayesian_mcmc(
        &o,
        &McmcOptions {
            prior_var: -1.0,
            ..McmcOptions::default()
        }
    )
    .is_err());
    // Elo by hand (K = 32), unequal n (2 and 1): event (t0, q0) A passes, B fails: ±16 from
    // 1500/1500 (E = ½); event (t0, q1) both pass, a draw from 1516/1484:
    // E_A = 1/(1 + 10^(−32/400)) = 0.54592…, A += 32(½ − E_A), B the opposite; event
    // (t1, q0) both fail, skipped; task 2 has no trial 1.
    let o = Outcomes::from_counts(vec![2, 1], vec![vec![1, 1], vec![0, 1]]);
    let r = elo(&o, &EloOptions::default()).unwrap();
    let e_a = 1.0 / (1.0 + 10f64.libm_pow(-32.0 / 400.0));
    let want_a = 1516.0 + 32.0 * (0.5 - e_a);
    assert!((r.scores[0] - want_a).abs() < 1e-9 && (r.scores[1] - (3000.0 - want_a)).abs() < 1e-9);
}
