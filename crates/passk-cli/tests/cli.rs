//! The `passk` command line (`report`, `counts`, `link`, `plan`): its output, its exit status,
//! its messages, and the one argument parser (`--flag=value` and `--flag value` alike).
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

use passk_fixtures::real;
use serde_json::{json, Value};

/// Runs `passk` with `args` and `stdin`: exit status, stdout as JSON (Null when it is not
/// JSON), stderr.
fn passk(args: &[&str], stdin: &str) -> (i32, Value, String) {
    let (code, out, err) = passk_raw(args, stdin);
    let json = serde_json::from_slice(&out).unwrap_or(Value::Null);
    (code, json, err)
}

/// Runs `passk` with `args` and `stdin`: exit status, stdout's bytes, stderr.
fn passk_raw(args: &[&str], stdin: &str) -> (i32, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_passk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command may exit before reading (a malformed argument): a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

// ---------------------------------------------------------------------------------------
// `passk report`: its document, rejected rows and malformed arguments, the backtest block.

#[test]
fn deepscaler_report() {
    let (base, rl) = (real("deepscaler_base.jsonl"), real("deepscaler_rl.jsonl"));
    let (code, json, err) = passk(
        &[
            "report",
            base.to_str().unwrap(),
            rl.to_str().unwrap(),
            "--k",
            "128,1,1",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(json["schema"], "passk-report/2");
    assert_eq!(json["k"], json!([1, 128]));
    assert_eq!(json["models"][0]["name"], "deepscaler_base");
    assert_eq!(json["models"][1]["name"], "deepscaler_rl");
    assert_eq!(
        json["models"][0]["pass_at_k"][0]["combinatorial"],
        0.6041052476415094
    );
    let m = &json["comparison"]["auc_cover_plus"];
    assert_eq!(m.as_array().unwrap().len(), 2);
    // AUC⁺(rl over base) − AUC⁺(base over rl) = pass@1(rl) − pass@1(base).
    let d = m[1][0].as_f64().unwrap() - m[0][1].as_f64().unwrap();
    assert!((d - (0.6800633844339623 - 0.6041052476415094)).abs() < 1e-12);
}

#[test]
fn bad_rows_are_reported_and_exit_2() {
    let (code, json, err) = passk(&["report", "-"], "10 3\n10 11\n3.5 1\n12 4\n");
    assert_eq!(code, 2);
    assert!(err.contains("stdin:2: c > n"), "{err}");
    assert!(err.contains("stdin:3: n: must be a whole number"), "{err}");
    let m = &json["models"][0];
    assert_eq!(m["name"], "stdin");
    assert_eq!(m["tasks"], 2);
    assert_eq!(m["rejected"].as_array().unwrap().len(), 2);
    assert_eq!(m["rejected"][0]["line"], 2);
}

#[test]
fn a_file_with_no_valid_row_is_refused_with_its_reason_and_no_document() {
    // Binary bytes: the reader's reason first, nothing on stdout.
    let (code, out, err) = passk_raw(&["report", "-"], "\u{0}\u{1}garbage\u{0}");
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
    assert!(
        err.starts_with("passk: stdin was not added: no row could be read — not text"),
        "{err}"
    );
    // Every line rejected: the first reason and how many more.
    let (code, out, err) = passk_raw(&["report", "-"], "10 11\n3.5 1\n");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with(
            "passk: stdin was not added: no row could be read — line 1: c > n: 11 passing out of only 10 samples (and 1 more row like it)."
        ),
        "{err}"
    );
    // An empty input, in every command that reads files.
    for command in ["report", "counts", "compare", "link"] {
        let (code, out, err) = passk_raw(&[command, "-"], "");
        assert_eq!((code, out.is_empty()), (2, true), "{command}");
        assert!(
            err.contains("stdin is empty: nothing was added."),
            "{command}: {err}"
        );
    }
    // A good file beside it is not enough: the empty one is named.
    let (code, _, err) = passk_raw(&["report", base().as_str(), "-"], "");
    assert_eq!(code, 2);
    assert!(err.contains("stdin is empty"), "{err}");
}

#[test]
fn version_is_the_packages() {
    let (code, out, _) = passk_raw(&["--version"], "");
    assert_eq!(code, 0);
    assert_eq!(
        String::from_utf8_lossy(&out).trim(),
        format!("passk {}", env!("CARGO_PKG_VERSION"))
    );
}

/// A budget as large as the samples of one task answers at once: the count scores are O(k)
/// per distinct count (they were O(k³) and took hours at k = 10⁶), within a ceiling a
/// regression passes by far (the timings are the bench's: `bench/report.mjs`).
#[test]
fn a_budget_of_a_million_answers() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(passk(
            &[
                "report",
                "-",
                "--k",
                "1,1000,100000,1000000",
                "--no-forecast",
            ],
            "1000000 1\n",
        ));
    });
    let (code, json, err) = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("passk report at k = 10^6 ran for over a minute");
    assert_eq!(code, 0, "{err}");
    let m = &json["models"][0];
    let g = m["g_pass_at_k"].as_array().unwrap();
    // Every count score at every budget, with its interval where it has one.
    assert_eq!(g.len(), 4 * 3);
    assert!(g.iter().all(|r| r["interval"].is_object()));
    assert_eq!(m["maj_strict_at_k"].as_array().unwrap().len(), 4);
    let auc = m["auc_at_k"].as_array().unwrap();
    assert!(auc[3]["interval"].is_null() && auc[3]["value"].is_number());
    // c = 1 of 10⁶: AUC@k = Σ w_j·j/n, the mean of j/n over the trapezoid: (k + 1)/(2n).
    let want = (1_000_000.0 + 1.0) / 2e6;
    let got = auc[3]["value"].as_f64().unwrap();
    assert!((got - want).abs() <= 1e-12 * want, "{got} vs {want}");
    let warnings = m["warnings"].to_string();
    assert!(
        warnings.contains("no interval at k = 100000 and 1000000 (computed up to k = 1000"),
        "{warnings}"
    );
}

#[test]
fn bad_per_sample_lines_are_reported_and_exit_2() {
    let input = "{\"task_id\": \"A\", \"passed\": true}\n{\"task_id\": \"A\", \"passed\": 0.5}\n{oops\n{\"task_id\": \"B\", \"passed\": false}\n";
    let (code, json, err) = passk(&["report", "-", "--k", "1"], input);
    assert_eq!(code, 2);
    assert!(
        err.contains("stdin:2: passed = 0.5 is not true/false or 0/1"),
        "{err}"
    );
    assert!(err.contains("stdin:3: malformed JSON"), "{err}");
    assert_eq!(json["models"][0]["tasks"], 2);
    // The same input through `passk counts`, and a forced format.
    let (code, _, err) = passk(&["counts", "--format", "jsonl-samples", "-"], input);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = passk(&["counts", "--format", "nope", "-"], input);
    assert_eq!(code, 2);
    assert!(
        err.contains("--format nope: one of json, md, text (the output), auto"),
        "{err}"
    );
    // md and text are for the commands with sentences.
    let (code, _, err) = passk(&["counts", "--format", "md", "-"], input);
    assert_eq!(code, 2);
    assert!(err.contains("counts prints JSON only"), "{err}");
}

/// Issue 68: `--format md|text` prints the page's sentences and a compact table; the JSON
/// of `compare` carries the same sentence (and its pair).
#[test]
fn compare_and_report_speak_markdown_and_text_with_the_page_sentence() {
    let files = examples();
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    let (code, json, _) = passk(&["compare", f[0], f[1]], "");
    assert_eq!(code, 0);
    let sentence = json["sentence"].as_str().unwrap().to_string();
    assert_eq!(json["pair"], json!(["deepscaler_rl", "deepscaler_base"]));
    assert!(
        sentence.starts_with("deepscaler_rl is ahead at k = 1 by 7.60 points")
            && sentence.contains(
                "deepscaler_base overtakes at k = 22 (95 %: 13–46; 100 % of 2,000 resamples cross)"
            ),
        "{sentence}"
    );
    let (code, md, _) = passk_raw(&["compare", "--format", "md", f[0], f[1]], "");
    assert_eq!(code, 0);
    let md = String::from_utf8(md).unwrap();
    assert!(
        md.starts_with(&format!("{sentence}\n\n| A | B | k |")),
        "{md}"
    );
    assert!(
        md.contains("| deepscaler_base | deepscaler_rl | 100 | 1.80 |"),
        "{md}"
    );
    let (_, text, _) = passk_raw(
        &["report", "--format", "text", "--no-forecast", f[0], f[1]],
        "",
    );
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.starts_with(
            "2 series · 1,060 tasks each · 271,360 samples (n = 128 a task)\n\nseries "
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "\n\nthe unbiased estimate ± its 95% interval in points (over tasks, as a sample of tasks).\n\n"
        ),
        "{text}"
    );
    assert!(text.trim_end().ends_with(&sentence), "{text}");
    let (_, next, _) = passk_raw(&["plan", "--next", "--format", "md", f[0], f[1]], "");
    assert!(String::from_utf8(next).unwrap().starts_with("You can stop: at pass@1 no two adjacent series overlap (95% intervals over tasks, the summary's ±)"));
}

#[test]
fn malformed_arguments_exit_2() {
    for args in [
        &["report", "--k", "0"][..],
        &["report", "--k", "3.5"],
        &["report", "--tau", "1.5"],
        &["report", "--confidence", "1"],
        &["report", "--prior", "0,1"],
        &["report", "--folds", "1"],
        &["report", "--nope"],
        &["report", "/nonexistent/file.csv"],
        &["frobnicate"],
    ] {
        let (code, _, err) = passk(args, "10 3\n");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("passk: "), "{args:?}: {err}");
    }
}

#[test]
fn model_column_and_header_csv() {
    let csv = "model,task,n,c\nA,1,10,3\nB,1,10,5\nA,2,10,0\n";
    let (code, json, err) = passk(&["report", "--k", "1,5", "--tau", "0.3"], csv);
    assert_eq!(code, 0, "{err}");
    let names: Vec<&str> = json["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["A", "B"]);
    assert_eq!(json["models"][0]["cover"][0]["plugin"], 0.5);
    assert_eq!(json["tau"], json!([0.3]));
}

#[test]
fn backtest_adds_its_block_and_the_auto_values() {
    let base = real("deepscaler_base.jsonl");
    let (code, json, err) = passk(
        &[
            "report",
            base.to_str().unwrap(),
            "--k",
            "1,256,1024",
            "--backtest",
            "3",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let m = &json["models"][0];
    let bt = &m["backtest"];
    assert_eq!(bt["ratios"], json!([2, 4, 8, 16, 32, 64]));
    assert_eq!(bt["repeats"], 3);
    for key in [
        "naive", "bb", "zoibb", "linmix", "mix_0.0", "mix_0.5", "mix_1.0",
    ] {
        assert_eq!(bt["mae"][key].as_array().map(|a| a.len()), Some(6), "{key}");
    }
    assert!(bt["auto"]["estimator"].is_string() && bt["auto"]["error"].is_number());
    // k = 1 ≤ n: the unbiased value; k = 256 > n: the chosen estimator's.
    assert_eq!(
        m["pass_at_k"][0]["auto"],
        m["pass_at_k"][0]["combinatorial"]
    );
    assert!(
        m["pass_at_k"][1]["auto"].as_f64().unwrap() > m["pass_at_k"][0]["auto"].as_f64().unwrap()
    );
    // Without --backtest, neither appears.
    let (_, plain, _) = passk(&["report", base.to_str().unwrap(), "--k", "1"], "");
    assert!(
        plain["models"][0].get("backtest").is_none()
            && plain["models"][0]["pass_at_k"][0].get("auto").is_none()
    );
}

// ---------------------------------------------------------------------------------------
// Issue 17: `passk report`'s standard errors (`se` in each `pass_at_k` row, cluster-robust
// with a group column), `g_pass_at_k` and `mg_pass_at_k` for `--g-tau`, and `passk plan`'s
// document.

/// DeepScaleR base and RL's paths.
fn examples() -> [String; 2] {
    ["deepscaler_base.jsonl", "deepscaler_rl.jsonl"].map(|f| real(f).display().to_string())
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

// ---------------------------------------------------------------------------------------
// The argument parser: joined and separate values, repeats, caps, unknown flags, help.

/// DeepScaleR base's path, the small real file of the argument tests.
fn base() -> String {
    real("deepscaler_base.jsonl").to_str().unwrap().to_string()
}

/// `passk report BASE --k 1 --folds 2 EXTRA…`: a fast report; exit status 0 is asserted.
fn quick_report(extra: &[&str]) -> (Vec<u8>, Value) {
    let file = base();
    let mut args = vec!["report", &file, "--k", "1", "--folds", "2"];
    args.extend_from_slice(extra);
    let (code, out, err) = passk_raw(&args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    let json = serde_json::from_slice(&out).unwrap();
    (out, json)
}

#[test]
fn link_page_joined_or_separate() {
    let file = base();
    let (code, joined, err) = passk_raw(&["link", &file, "--page=http://x/#old"], "");
    assert_eq!(code, 0, "{err}");
    let (code, separate, err) = passk_raw(&["link", &file, "--page", "http://x/"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(joined, separate);
    assert!(joined.starts_with(b"http://x/#"));
}

#[test]
fn k_joined_or_separate() {
    let file = base();
    let (_, joined, _) = passk_raw(&["report", &file, "--k=1,2", "--folds=2"], "");
    let (code, separate, err) = passk_raw(&["report", &file, "--k", "1,2", "--folds", "2"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(joined, separate);
    let json: Value = serde_json::from_slice(&joined).unwrap();
    assert_eq!(json["k"], json!([1, 2]));
    // `--format=F` is the same flag on `counts`.
    let (code, _, err) = passk_raw(&["counts", "--format=jsonl-counts", &file], "");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn backtest_then_another_flag() {
    let (_, json) = quick_report(&["--backtest", "--bootstrap", "0"]);
    assert_eq!(json["models"][0]["backtest"]["repeats"], 20);
}

#[test]
fn backtest_repeats_in_every_form_agree() {
    let (separate, json) = quick_report(&["--backtest", "3"]);
    assert_eq!(json["models"][0]["backtest"]["repeats"], 3);
    for form in [
        &["--backtest=3"][..],
        &["--backtest", "--backtest-repeats", "3"],
        &["--backtest-repeats=3", "--backtest"],
    ] {
        assert!(quick_report(form).0 == separate, "{form:?}");
    }
}

#[test]
fn backtest_then_a_file_reads_the_file() {
    let file = base();
    let (code, json, err) = passk(
        &["report", "--k", "1", "--folds", "2", "--backtest", &file],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(json["models"][0]["name"], "deepscaler_base");
    assert_eq!(json["models"][0]["backtest"]["repeats"], 20);
}

#[test]
fn bad_backtest_counts_exit_2() {
    for (args, message) in [
        (
            &["report", "--backtest=x"][..],
            "--backtest x: not a whole number",
        ),
        (
            &["report", "--backtest", "0"],
            "--backtest-repeats 0: needs at least 1",
        ),
        (
            &["report", "--backtest=0"],
            "--backtest-repeats 0: needs at least 1",
        ),
    ] {
        let (code, _, err) = passk(args, "10 3\n");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn bootstrap_is_capped_like_the_page() {
    for args in [
        &["report", "--bootstrap", "10001"][..],
        &["report", "--bootstrap=10001"],
    ] {
        let (code, _, err) = passk(args, "10 3\n");
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.contains("--bootstrap 10001: at most 10,000 resamples"),
            "{err}"
        );
    }
}

#[test]
fn unknown_flags_and_missing_values_exit_2() {
    for (args, message) in [
        (&["report", "--nope"][..], "unknown flag '--nope'"),
        (&["report", "--nope=1"], "unknown flag '--nope'"),
        (&["counts", "--page", "http://x/"], "unknown flag '--page'"),
        (&["link", "--k", "1"], "unknown flag '--k'"),
        (&["counts", "-x"], "unknown flag '-x'"),
        (&["link", "--page"], "--page needs a value"),
        (&["report", "--k"], "--k needs a value"),
    ] {
        let (code, out, err) = passk_raw(args, "10 3\n");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end(), format!("passk: {message}"), "{args:?}");
    }
}

#[test]
fn help_exits_0() {
    for args in [&["--help"][..], &["report", "-h"], &["link", "--help"]] {
        let (code, out, _) = passk_raw(args, "");
        assert_eq!(code, 0, "{args:?}");
        assert!(out.starts_with(b"usage: passk report"), "{args:?}");
    }
}

// ---------------------------------------------------------------------------------------
// `passk counts` on the input fixtures.

/// Every input fixture with an expected-counts file, through `passk counts`, gives the same
/// series as the library reads (`passk-io`'s `tests/inputs.rs`).
#[test]
fn the_command_line_reads_the_fixtures_counts() {
    let dir = passk_fixtures::fixture("inputs");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let want_path = entry.unwrap().path();
        let Some(name) = want_path
            .to_str()
            .and_then(|p| p.strip_suffix(".expected.json"))
        else {
            continue;
        };
        let (code, got, err) = passk(&["counts", name], "");
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(got["schema"], "passk-counts/1");
        let want: Value =
            serde_json::from_str(&std::fs::read_to_string(&want_path).unwrap()).unwrap();
        let series = passk_fixtures::counts_series;
        assert_eq!(series(&got), series(&want), "{name}");
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} fixtures in {}", dir.display());
}

#[test]
fn compare_tests_each_pair_and_says_what_it_corrected_for() {
    let csv = "model,task,n,c\na,t1,8,1\na,t2,8,6\na,t3,8,3\nb,t1,8,4\nb,t2,8,2\nb,t3,8,3\nc,t1,8,8\nc,t2,8,7\nc,t3,8,5\n";
    let (code, all, _) = passk(&["compare", "--k", "1,4,9", "-"], csv);
    assert_eq!(code, 0);
    assert_eq!(all["family"], "the 3 pairs compared at each k");
    // k = 9 > n = 8 is left out: three pairs at k = 1 and 4.
    assert_eq!(all["comparisons"].as_array().unwrap().len(), 6);
    let row = &all["comparisons"][0];
    for key in [
        "a",
        "b",
        "k",
        "tasks",
        "diff",
        "se",
        "z",
        "p",
        "prob_a_better",
        "p_holm",
        "p_holm_all",
        "q_bh",
        "solved",
    ] {
        assert!(!row[key].is_null(), "{key}: {row}");
    }
    assert_eq!(all["crossovers"].as_array().unwrap().len(), 3);
    assert_eq!(all["ranks"][0]["series"].as_array().unwrap().len(), 3);
    let (_, first, _) = passk(&["compare", "--pairs", "first", "--k", "1", "-"], csv);
    let pairs: Vec<(&str, &str)> = first["comparisons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["a"].as_str().unwrap(), r["b"].as_str().unwrap()))
        .collect();
    assert_eq!(pairs, [("a", "b"), ("a", "c")]);
    let (code, _, err) = passk(&["compare", "--pairs", "some", "-"], csv);
    assert_eq!(code, 2);
    assert!(err.contains("'some' is not all or first"), "{err}");
}

/// `passk plan --next` (issue 54): "can I stop?" on the DeepScaleR pair — settled at k = 1
/// (RL ahead by 7.6 points, intervals far apart), not at k = 100 (base ahead, the intervals
/// overlap), with the pair and its tasks to sample; refusals said.
#[test]
fn plan_next_says_whether_to_stop_and_what_to_sample() {
    let files = [real("deepscaler_base.jsonl"), real("deepscaler_rl.jsonl")];
    let f: Vec<&str> = files.iter().map(|p| p.to_str().unwrap()).collect();
    let (code, one, _) = passk(&["plan", "--next", f[0], f[1]], "");
    assert_eq!(code, 0);
    assert_eq!(
        (
            one["k"].clone(),
            one["settled"].clone(),
            one["next"].clone()
        ),
        (json!(1), json!(true), Value::Null)
    );
    assert_eq!(one["order"], json!(["deepscaler_rl", "deepscaler_base"]));
    assert!(one["sentence"]
        .as_str()
        .unwrap()
        .starts_with("You can stop: at pass@1 "));
    let (_, far, _) = passk(&["plan", "--next", "--k", "100", f[0], f[1]], "");
    assert_eq!(
        (far["settled"].clone(), far["top_settled"].clone()),
        (json!(false), json!(false))
    );
    assert_eq!(far["next"], json!(["deepscaler_base", "deepscaler_rl"]));
    let tasks = far["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 10);
    assert!(tasks
        .windows(2)
        .all(|w| w[0]["gain"].as_f64() >= w[1]["gain"].as_f64()));
    // P(top stays) = Φ(z) of the one pair.
    let p = far["adjacent"][0]["rho"].as_f64().unwrap();
    assert_eq!(far["p_top"].as_f64().unwrap(), p);
    assert!(p > 0.5 && p < 0.975, "{p}");
    let (code, _, err) = passk(&["plan", "--next", "--k", "1,2", f[0]], "");
    assert_eq!(
        (code, err.trim()),
        (2, "passk: plan --next takes one budget: --k K")
    );
}

/// `passk rank --separate A,B`: the tasks that separate the pair a reader names, said to be
/// chosen; names that are not two of the series are refused, naming the series.
#[test]
fn rank_lists_the_tasks_that_separate_a_chosen_pair() {
    let csv = "model,task,n,c\na,t1,8,1\na,t2,8,6\na,t3,8,3\na,t4,8,2\nb,t1,8,4\nb,t2,8,2\nb,t3,8,3\nb,t4,8,5\nc,t1,8,8\nc,t2,8,7\nc,t3,8,5\nc,t4,8,1\n";
    let run = |extra: &[&str]| {
        let mut args = vec!["rank", "--method", "borda,rasch", "--bootstrap", "5"];
        args.extend_from_slice(extra);
        args.push("-");
        passk(&args, csv)
    };
    let (code, auto, err) = run(&[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(auto["items"]["chosen"], false);
    let (code, chosen, err) = run(&["--separate", "c, a"]);
    assert_eq!(code, 0, "{err}");
    let items = &chosen["items"];
    assert_eq!(items["pair"], serde_json::json!([2, 0]));
    assert_eq!(items["chosen"], true);
    // Every task, most informative first.
    let listed: Vec<(&str, f64)> = items["separating"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t[0].as_str().unwrap(), t[1].as_f64().unwrap()))
        .collect();
    let mut ids: Vec<&str> = listed.iter().map(|t| t.0).collect();
    ids.sort_unstable();
    assert_eq!(ids, ["t1", "t2", "t3", "t4"]);
    assert!(listed.windows(2).all(|w| w[0].1 >= w[1].1), "{listed:?}");
    // Only the separating tasks change.
    let mut same = chosen.clone();
    same["items"]["pair"] = auto["items"]["pair"].clone();
    same["items"]["chosen"] = false.into();
    same["items"]["separating"] = auto["items"]["separating"].clone();
    same["sentence"] = auto["sentence"].clone();
    assert_eq!(same, auto);
    for (bad, why) in [
        ("a,zz", "--separate: no series 'zz': one of a, b, c"),
        ("a", "two different series names, A,B"),
        ("a,a", "two different series names, A,B"),
    ] {
        let (code, _, err) = run(&["--separate", bad]);
        assert_ne!(code, 0, "{bad}");
        assert!(err.contains(why), "{bad}: {err}");
    }
}
