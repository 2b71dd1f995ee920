//! What the CLI's integration tests share.

use std::ffi::OsStr;
use std::process::Command;

/// `passk report ARGS`' stdout, the run asserted successful (its stderr shown if not).
pub fn report_ok<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> Vec<u8> {
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
    out.stdout
}
