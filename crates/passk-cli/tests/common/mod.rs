//! Helpers shared by the command line's integration tests: running `passk`.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

pub use passk_fixtures::real;

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
