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

mod common;

type Q = BigRational;

fn fixture(name: &str) -> String {
    passk_fixtures::root()
        .join("tests/fixtures/harness")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn report(args: &[&str]) -> Value {
    serde_json::from_slice(&common::report_ok(args)).unwrap()
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

#[test]
fn harness_errors_are_errored_samples_tau_bench_and_swe_bench() {
    // tau-bench: trials whose `info.error` is set (agent.solve raised).
    let tau = fixture("tool-calling-gpt-4o-0.0_range_0-3_user-gpt-4o-llm_0501120000.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&tau).unwrap()).unwrap();
    let errored = doc
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["info"]["error"].is_null())
        .count() as u64;
    assert!(errored > 0);
    let r = report(&["--no-forecast", "--k", "1", &tau]);
    assert_eq!(r["models"][0]["errors"]["samples"].as_u64(), Some(errored));
    // SWE-bench: instances in `error_ids` (and not resolved), summed over a model's runs.
    let runs = [
        "claude-3.5-sonnet.run1.json",
        "claude-3.5-sonnet.run2.json",
        "claude-3.5-sonnet.run3.json",
    ];
    let mut want = 0;
    for run in runs {
        let doc: Value = serde_json::from_str(
            &std::fs::read_to_string(fixture(&format!("swebench/{run}"))).unwrap(),
        )
        .unwrap();
        let resolved: Vec<&Value> = doc["resolved_ids"].as_array().unwrap().iter().collect();
        want += doc["error_ids"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| !resolved.contains(e))
            .count() as u64;
    }
    let files: Vec<String> = runs
        .iter()
        .map(|r| fixture(&format!("swebench/{r}")))
        .collect();
    let mut args = vec!["--no-forecast", "--k", "1", "--errors", "exclude"];
    args.extend(files.iter().map(String::as_str));
    let r = report(&args);
    let e = &r["models"][0]["errors"];
    assert_eq!(e["samples"].as_u64(), Some(want), "{e}");
    assert!(want > 0);
}

#[test]
fn samples_cut_at_the_length_limit_are_errors_only_when_asked() {
    let dir = std::env::temp_dir().join(format!("passk-truncated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // SimpleRL-Zoo's Qwen2.5-Math layout with `finish_reason`; a verifiers row truncated.
    let qwen = dir.join("test_x_-1_seed0_t0.6_s0_e-1.jsonl");
    std::fs::write(
        &qwen,
        "{\"idx\": 0, \"gt\": \"1\", \"pred\": [\"1\", \"1\", \"2\"], \"finish_reason\": [\"stop\", \"length\", \"length\"], \"score\": [true, true, false]}\n",
    )
    .unwrap();
    let rollouts = dir.join("results.jsonl");
    std::fs::write(
        &rollouts,
        "{\"example_id\": 0, \"reward\": 1.0, \"is_truncated\": false}\n{\"example_id\": 0, \"reward\": 1.0, \"is_truncated\": true}\n",
    )
    .unwrap();
    // (file, (n, c) plain, (n, c) asked, errored samples: every cut one, pass or not).
    for (file, plain, asked, errored) in
        [(&qwen, (3, 2), (3, 1), 2), (&rollouts, (2, 2), (2, 1), 1)]
    {
        let f = file.to_string_lossy();
        let counts = |extra: &[&str]| {
            let out = Command::new(env!("CARGO_BIN_EXE_passk"))
                .arg("counts")
                .args(extra)
                .arg(f.as_ref())
                .output()
                .unwrap();
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            let t = &v["series"][0]["tasks"][0];
            (t["n"].as_u64().unwrap(), t["c"].as_u64().unwrap())
        };
        assert_eq!(counts(&[]), plain, "{f}");
        assert_eq!(counts(&["--truncated-errors"]), asked, "{f}");
        let r = report(&["--no-forecast", "--k", "1", "--truncated-errors", &f]);
        assert_eq!(
            r["models"][0]["errors"]["samples"].as_u64(),
            Some(errored),
            "{f}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
