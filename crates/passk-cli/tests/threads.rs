//! `passk report --threads N` (issue 40): the same document, byte for byte, on one thread, on
//! two, and on more than the series (the report's parts and the series computed side by side;
//! of one series, its parts side by side, and of many tasks the grouping's sort in halves).
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

mod common;

#[test]
fn the_report_is_the_same_on_any_number_of_threads() {
    let root = passk_fixtures::root();
    let files = ["deepscaler_base.jsonl", "deepscaler_rl.jsonl"]
        .map(|f| root.join("assets/examples").join(f));
    let flags = ["--bootstrap", "10", "--backtest", "1", "--no-forecast"];
    same_on_any_threads(&files, &flags, 10_000);
    let bad = Command::new(env!("CARGO_BIN_EXE_passk"))
        .args(["report", "--threads", "0"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--threads 0: needs at least 1"));
}

/// `passk report` of `files` with `flags` on 1, 2 and 5 threads: the same bytes (a whole
/// report: more than `min_len` of them).
fn same_on_any_threads(files: &[std::path::PathBuf], flags: &[&str], min_len: usize) {
    let run = |threads: &str| {
        let args = flags.iter().map(std::ffi::OsStr::new);
        let args = args.chain(["--threads", threads].map(std::ffi::OsStr::new));
        common::report_ok(args.chain(files.iter().map(|f| f.as_os_str())))
    };
    let one = run("1");
    assert!(one.len() > min_len, "a whole report");
    assert_eq!(run("2"), one, "2 threads");
    assert_eq!(run("5"), one, "5 threads");
}

#[test]
fn one_series_is_the_same_on_any_number_of_threads() {
    // Its parts (estimates per run of budgets, G-Pass@k, Cover, errors, CV folds, backtest)
    // side by side, and the full fit beside the log-logit line.
    let file = passk_fixtures::root().join("assets/examples/deepscaler_base.jsonl");
    same_on_any_threads(
        &[file],
        &["--bootstrap", "10", "--backtest", "1", "--no-forecast"],
        5_000,
    );
    // 70,001 tasks (an odd number, above the split): the grouping sorts two halves side by
    // side and merges them.
    let mut csv = String::from("n,c\n");
    let mut x = 11u64;
    for _ in 0..70_001 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let n = 20 + (x >> 33) % 400;
        csv.push_str(&format!("{n},{}\n", (x >> 11) % (n + 1)));
    }
    let path = std::env::temp_dir().join(format!("passk-threads-{}.csv", std::process::id()));
    std::fs::write(&path, csv).unwrap();
    same_on_any_threads(std::slice::from_ref(&path), &["--no-forecast"], 5_000);
    std::fs::remove_file(&path).unwrap();
}
