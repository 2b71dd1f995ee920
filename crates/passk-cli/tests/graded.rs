//! Graded rewards from the command line (issue 39): `passk report --rubric 0,0.5,1` gives
//! Bayes@N as the formula in exact rationals, recounted here from the fixture's raw lines;
//! the error policy says what it changed; verl steps are reported in step order.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::process::Command;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL};
use serde_json::Value;

type Q = BigRational;

fn fixture(name: &str) -> String {
    passk_fixtures::root()
        .join("tests/fixtures/harness")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn report(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_passk"))
        .arg("report")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Bayes@N's mean and sd in exact rationals: per task the counts of the weights 0, ½, 1 (an
/// errored sample, with `exclude` left out, else a failure: weight 0), α = 1 each.
fn exact(exclude: bool) -> (f64, f64) {
    let text = std::fs::read_to_string(fixture("verifiers/results.jsonl")).unwrap();
    let mut tasks: BTreeMap<u64, [i64; 3]> = BTreeMap::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let counts = tasks.entry(v["example_id"].as_u64().unwrap()).or_default();
        if !v["error"].is_null() {
            if !exclude {
                counts[0] += 1;
            }
            continue;
        }
        counts[(v["reward"].as_f64().unwrap() * 2.0) as usize] += 1;
    }
    let q = |a: i64, b: i64| Q::new(BigInt::from(a), BigInt::from(b));
    let w = [q(0, 1), q(1, 2), q(1, 1)];
    let (mut mean, mut var) = (Q::zero(), Q::zero());
    for counts in tasks.values() {
        let n: i64 = counts.iter().sum();
        let pi: Vec<Q> = counts.iter().map(|&m| q(1 + m, 3 + n)).collect();
        let mu = (0..3).fold(Q::zero(), |s, c| s + &w[c] * &pi[c]);
        let second = (0..3).fold(Q::zero(), |s, c| s + &w[c] * &w[c] * &pi[c]);
        var += (second - &mu * &mu) / q(3 + n + 1, 1);
        mean += mu;
    }
    let m = tasks.len() as f64;
    (mean.to_f64().unwrap() / m, var.to_f64().unwrap().sqrt() / m)
}

#[test]
fn bayes_at_n_from_the_command_line_is_the_formula() {
    for exclude in [false, true] {
        let file = fixture("verifiers/results.jsonl");
        let errors = if exclude { "exclude" } else { "failures" };
        let r = report(&[
            "--rubric",
            "0,0.5,1",
            "--errors",
            errors,
            "--no-forecast",
            "--k",
            "1",
            &file,
        ]);
        let b = &r["models"][0]["bayes_at_n"];
        let (mean, sd) = exact(exclude);
        for (got, want, what) in [(&b["mean"], mean, "mean"), (&b["sd"], sd, "sd")] {
            let got = got.as_f64().unwrap();
            assert!(
                close(got, want, CLOSED_FORM_REL, CLOSED_FORM_ABS),
                "{errors} {what}: {got} vs {want}"
            );
        }
        assert_eq!(b["rubric"]["weights"], serde_json::json!([0.0, 0.5, 1.0]));
        let e = &r["models"][0]["errors"];
        assert_eq!(
            (e["samples"].as_u64(), e["tasks"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(e["policy"], errors);
        // pass@1 under each policy: (2/3 + 1/3 + 1/3)/3 as failures; (2/3 + 1/2 + 1/3)/3 excluded.
        assert!((e["pass_at_1_failures"].as_f64().unwrap() - 4.0 / 9.0).abs() < 1e-15);
        assert!((e["pass_at_1_excluded"].as_f64().unwrap() - 0.5).abs() < 1e-15);
        let n: u64 = if exclude { 8 } else { 9 };
        assert_eq!(r["models"][0]["samples"].as_u64(), Some(n));
    }
}

#[test]
fn a_rubric_that_misses_a_reward_is_said_not_guessed() {
    let r = report(&[
        "--rubric",
        "0,1",
        "--no-forecast",
        "--k",
        "1",
        &fixture("verifiers/results.jsonl"),
    ]);
    let m = &r["models"][0];
    assert!(m.get("bayes_at_n").is_none());
    let warnings = m["warnings"].as_array().unwrap();
    assert!(
        warnings.iter().any(|w| w
            .as_str()
            .unwrap()
            .contains("Bayes@N: task 2: a sample's reward 0.5 is not a rubric weight")),
        "{warnings:?}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_passk"))
        .args(["report", "--rubric", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--rubric: a rubric needs at least two weights"));
}

#[test]
fn training_steps_are_reported_in_step_order() {
    let r = report(&[
        "--no-forecast",
        "--k",
        "1,4",
        &fixture("verl_val/50.jsonl"),
        &fixture("verl_val/0.jsonl"),
    ]);
    let steps: Vec<(String, u64)> = r["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["name"].as_str().unwrap().to_string(),
                m["step"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(steps, vec![("step 0".into(), 0), ("step 50".into(), 50)]);
    // verl's scores are ±1: the graded rewards' rubric is (−1, 1), Bayes@N its mean score.
    let b = &r["models"][0]["bayes_at_n"];
    assert_eq!(b["rubric"]["weights"], serde_json::json!([-1.0, 1.0]));
}

#[test]
fn bigcodebench_timeouts_are_errored_samples_the_policy_can_take_out() {
    let name = "meta-llama--Llama-3.1-8B-Instruct--main--bigcodebench-complete--vllm-0-1-sanitized_calibrated_eval_results.json";
    let file = fixture(name);
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let statuses: Vec<&str> = doc["eval"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|s| {
            s.as_array()
                .unwrap()
                .iter()
                .map(|x| x["status"].as_str().unwrap())
        })
        .collect();
    let timeouts = statuses.iter().filter(|s| **s == "timeout").count() as u64;
    assert!(timeouts > 0, "the fixture has a timeout");
    let failures = report(&["--no-forecast", "--k", "1", &file]);
    let excluded = report(&["--no-forecast", "--k", "1", "--errors", "exclude", &file]);
    let (a, b) = (&failures["models"][0], &excluded["models"][0]);
    assert_eq!(a["errors"]["samples"].as_u64(), Some(timeouts));
    assert_eq!(a["samples"].as_u64(), Some(statuses.len() as u64));
    assert_eq!(
        b["samples"].as_u64(),
        Some(statuses.len() as u64 - timeouts)
    );
    assert_eq!(b["errors"]["policy"], "exclude");
}
