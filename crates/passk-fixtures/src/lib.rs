//! Test support shared by every crate's tests and benches (dev only; no product links it):
//! where the repository's data files are, and loading them into series.
//!
//! The files stay where a reader of the repository looks for them: the real examples in
//! `assets/examples/` (the page ships them), the format fixtures in `tests/fixtures/`, the
//! reference curves in `crates/passk-core/tests/reference/` (copies of `../shared/data/real/`,
//! provenance in the READMEs beside them), so that a clean clone tests on its own.

#![warn(missing_docs)]

use std::path::PathBuf;

use passk_core::data::Dataset;
use passk_io::read::{assemble, read_text, series_name_for};
use serde_json::Value;

/// The workspace's root directory (where `assets/` and `tests/fixtures/` are).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A real data file: the counts in `assets/examples/`, the reference curves
/// (`*_expected.json`) in `crates/passk-core/tests/reference/`.
pub fn real(name: &str) -> PathBuf {
    let dir = if name.ends_with("_expected.json") {
        "crates/passk-core/tests/reference"
    } else {
        "assets/examples"
    };
    root().join(dir).join(name)
}

/// A fixture under `tests/fixtures/` (`inputs/…`, `harness/…`, `fuzz/…`).
pub fn fixture(path: &str) -> PathBuf {
    root().join("tests/fixtures").join(path)
}

/// Reads real data files into series.
///
/// # Panics
/// When a file cannot be read or has a rejected row: test support only.
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

/// The real files' series of a data set of scorio's references (`set` in
/// `crates/passk-core/tests/reference/scorio/sinf.json`: "deepscaler" or "pythia"), in the
/// order of its `models`, with that JSON.
///
/// # Panics
/// For another data set, or a name not read: test support only.
pub fn scorio_series(set: &str) -> (Vec<Dataset>, serde_json::Value) {
    let path = root().join("crates/passk-core/tests/reference/scorio/sinf.json");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("sinf.json")).expect("JSON");
    let files: &[&str] = match set {
        "deepscaler" => &["deepscaler_base.jsonl", "deepscaler_rl.jsonl"],
        "pythia" => &["pythia_math_n10000.csv"],
        other => panic!("no real data set {other}"),
    };
    let ds = load(&files.iter().map(|f| real(f)).collect::<Vec<_>>());
    let ordered = r[set]["models"]
        .as_array()
        .expect("models")
        .iter()
        .map(|n| {
            let n = n.as_str().expect("a name");
            ds.iter()
                .find(|d| d.name == n)
                .unwrap_or_else(|| panic!("{n} not read"))
                .clone()
        })
        .collect();
    (ordered, r)
}

/// A series as (name, [(id, n, c)]).
pub type Named = (String, Vec<(String, u64, u64)>);

/// The series of an expected-counts file (`*.expected.json`) or a `passk-counts/1` document.
///
/// # Panics
/// When `v` is not such a document: test support only.
pub fn counts_series(v: &Value) -> Vec<Named> {
    v["series"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let tasks = s["tasks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| {
                    (
                        t["id"].as_str().unwrap_or("").to_string(),
                        t["n"].as_u64().unwrap(),
                        t["c"].as_u64().unwrap(),
                    )
                })
                .collect();
            (s["name"].as_str().unwrap().to_string(), tasks)
        })
        .collect()
}
