//! The command line's issue-17 fields: `passk report`'s standard errors (`se` in each
//! `pass_at_k` row, cluster-robust with a group column), `g_pass_at_k` and `mg_pass_at_k` for
//! `--g-tau`, and `passk plan`'s document.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::passk;

use serde_json::{json, Value};

fn examples() -> [String; 2] {
    ["deepscaler_base.jsonl", "deepscaler_rl.jsonl"].map(|f| common::real(f).display().to_string())
}

#[test]
fn report_carries_standard_errors_and_g_pass() {
    let [base, rl] = examples();
    let (code, j, err) = passk(
        &[
            "report",
            &base,
            &rl,
            "--k",
            "1,8,64,100,200",
            "--g-tau",
            "1.0,0.5",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["g_tau"], json!([0.5, 1.0]));
    // The Cover τ list is its own.
    assert_eq!(j["tau"], json!([0.2, 0.8]));
    for m in j["models"].as_array().unwrap() {
        let rows = m["pass_at_k"].as_array().unwrap();
        for r in rows {
            let se = &r["se"];
            let keys: Vec<&str> = ["tasks", "sampling", "clustered"]
                .into_iter()
                .filter(|k| se.get(*k).is_some())
                .collect();
            assert_eq!(keys.len(), 3, "{se}");
            // No group column: clustered is null, with the reason.
            assert!(se["clustered"].is_null());
            assert_eq!(se["why_null"]["clustered"], "the input names no groups");
            let k = r["k"].as_u64().unwrap();
            // n = 128: tasks for k ≤ 128, sampling for k ≤ 64.
            assert_eq!(se["tasks"].is_number(), k <= 128, "k={k}");
            assert_eq!(se["sampling"].is_number(), k <= 64, "k={k}");
            if k == 100 {
                assert_eq!(
                    se["why_null"]["sampling"],
                    "the sampling variance needs n ≥ 2k = 200; 1060 tasks have fewer samples"
                );
            }
        }
        // Every k ≤ n_min (128) with every τ; mG-Pass for the same budgets.
        let g = m["g_pass_at_k"].as_array().unwrap();
        let pairs: Vec<(u64, f64)> = g
            .iter()
            .map(|r| (r["k"].as_u64().unwrap(), r["tau"].as_f64().unwrap()))
            .collect();
        assert_eq!(
            pairs,
            vec![
                (1, 0.5),
                (1, 1.0),
                (8, 0.5),
                (8, 1.0),
                (64, 0.5),
                (64, 1.0),
                (100, 0.5),
                (100, 1.0)
            ]
        );
        let mg: Vec<u64> = m["mg_pass_at_k"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["k"].as_u64().unwrap())
            .collect();
        assert_eq!(mg, vec![1, 8, 64, 100]);
        // τ = 1 is pass^k, and at k = 1 every τ is pass@1.
        for (i, r) in rows.iter().take(4).enumerate() {
            let hat = m["pass_hat_k"][i]["combinatorial"].as_f64().unwrap();
            let g1 = g[2 * i + 1]["value"].as_f64().unwrap();
            assert!((g1 - hat).abs() <= 1e-12 * hat.max(1e-300), "{g1} vs {hat}");
            if r["k"] == 1 {
                assert_eq!(g[0]["value"], r["combinatorial"]);
            }
        }
    }
}

#[test]
fn a_group_column_gives_the_cluster_robust_error() {
    let csv = "task,level,n,c\na,easy,10,9\nb,easy,10,8\nc,hard,10,1\nd,hard,10,2\ne,mid,10,5\nf,mid,10,4\n";
    let (code, j, err) = passk(&["report", "-", "--k", "1,2"], csv);
    assert_eq!(code, 0, "{err}");
    let se = &j["models"][0]["pass_at_k"][0]["se"];
    assert!(
        se["clustered"].as_f64().unwrap() > se["tasks"].as_f64().unwrap(),
        "{se}"
    );
    assert!(se.get("why_null").is_none(), "{se}");
    // The counts document keeps each task's group.
    let (_, counts, _) = passk(&["counts", "-"], csv);
    assert_eq!(counts["series"][0]["tasks"][0]["group"], "easy");
    // JSON lines name it too (any of group, category, subset, difficulty, level).
    let jsonl = "{\"n\": 10, \"c\": 9, \"Category\": \"a\"}\n{\"n\": 10, \"c\": 1, \"Category\": \"b\"}\n{\"n\": 10, \"c\": 5}\n";
    let (code, counts, err) = passk(&["counts", "-"], jsonl);
    assert_eq!(code, 0, "{err}");
    let groups: Vec<&Value> = counts["series"][0]["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| &t["group"])
        .collect();
    assert_eq!(groups, [&json!("a"), &json!("b"), &Value::Null]);
}

#[test]
fn bad_g_tau_is_refused_with_the_flag_named() {
    let [base, _] = examples();
    let (code, j, err) = passk(&["report", &base, "--g-tau", "1.5"], "");
    assert_eq!(code, 2);
    assert!(j.is_null());
    assert!(err.contains("--g-tau 1.5"), "{err}");
}

#[test]
fn plan_prints_the_fields_outside_checks_read() {
    let [base, rl] = examples();
    let (code, j, err) = passk(
        &[
            "plan",
            &base,
            "--k",
            "8",
            "--half-width",
            "0.01",
            "--confidence",
            "0.9",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for key in [
        "k",
        "half_width",
        "confidence",
        "tasks",
        "rows",
        "n_needed",
        "tasks_needed",
    ] {
        assert!(j.get(key).is_some(), "{key} missing: {j}");
    }
    assert_eq!(j["k"], 8);
    assert_eq!(j["half_width"], 0.01);
    assert_eq!(j["confidence"], 0.9);
    assert_eq!(j["tasks"], 1060);
    let rows = j["rows"].as_array().unwrap();
    assert!(rows.len() >= 10);
    assert!(rows
        .iter()
        .all(|r| r["n"].is_u64() && r["half_width"].is_f64()));
    let n = j["n_needed"].as_u64().unwrap();
    assert!((8..=128).contains(&n), "{n}");
    assert!(j["tasks_needed"].as_u64().unwrap() > 1060);
    // Two files: one plan per series, in an array.
    let (code, both, _) = passk(&["plan", &base, &rl, "--k", "8", "--half-width", "1%"], "");
    assert_eq!(code, 0);
    assert_eq!(both.as_array().unwrap().len(), 2);
    assert_eq!(both[1]["series"], "deepscaler_rl");
    // One budget and a target are required.
    let (code, _, err) = passk(&["plan", &base, "--half-width", "0.01"], "");
    assert_eq!(
        (code, err.trim()),
        (2, "passk: plan needs one budget: --k K")
    );
    let (code, _, err) = passk(&["plan", &base, "--k", "8"], "");
    assert_eq!(
        (code, err.trim()),
        (2, "passk: plan needs a target: --half-width H")
    );
}
