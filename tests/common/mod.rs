//! Helpers shared by the native integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

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
