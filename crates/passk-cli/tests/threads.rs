//! `passk report --threads N` (issue 40): the same document, byte for byte, on one thread, on
//! two, and on more than the series (the report's parts and the series computed side by side).
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

#[test]
fn the_report_is_the_same_on_any_number_of_threads() {
    let root = passk_fixtures::root();
    let files = ["deepscaler_base.jsonl", "deepscaler_rl.jsonl"]
        .map(|f| root.join("assets/examples").join(f));
    let run = |threads: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_passk"))
            .args([
                "report",
                "--bootstrap",
                "10",
                "--backtest",
                "1",
                "--no-forecast",
                "--threads",
                threads,
            ])
            .args(&files)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let one = run("1");
    assert!(one.len() > 10_000, "a whole report");
    assert_eq!(run("2"), one, "2 threads");
    assert_eq!(run("5"), one, "5 threads");
    let bad = Command::new(env!("CARGO_BIN_EXE_passk"))
        .args(["report", "--threads", "0"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--threads 0: needs at least 1"));
}
