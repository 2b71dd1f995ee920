//! Helpers shared by the native integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

use passk::core::data::dataset::Dataset;
use passk::io::read::{assemble, read_text, series_name_for};

/// A real data file: the counts in `assets/examples/`, the reference curves in
/// `tests/reference/` (copies of `../shared/data/real/`, provenance in the READMEs beside
/// them), so that a clean clone tests on its own.
pub fn real(name: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = if name.ends_with("_expected.json") {
        "tests/reference"
    } else {
        "assets/examples"
    };
    root.join(dir).join(name)
}

/// Reads real data files into series (panics in tests only).
pub fn load(paths: &[PathBuf]) -> Vec<Dataset> {
    let reads = paths
        .iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let shown = p.display().to_string();
            read_text(&shown, &series_name_for(&shown), &text, None)
        })
        .collect();
    let (ds, rejected) = assemble(reads);
    assert!(
        rejected.iter().all(|r| r.is_empty()),
        "real data had rejected rows"
    );
    ds
}

/// Runs `passk` with `args` and `stdin`: exit status, stdout as JSON (Null when it is not
/// JSON), stderr.
pub fn passk(args: &[&str], stdin: &str) -> (i32, Value, String) {
    let (code, out, err) = passk_raw(args, stdin);
    let json = serde_json::from_slice(&out).unwrap_or(Value::Null);
    (code, json, err)
}

/// Runs `passk` with `args` and `stdin`: exit status, stdout's bytes, stderr.
pub fn passk_raw(args: &[&str], stdin: &str) -> (i32, Vec<u8>, String) {
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
