//! Reading every input format from fixtures that mirror real files (see
//! `tests/fixtures/inputs/README.md` for their sources), through the library (the command line's
//! `passk counts` is checked on the same fixtures in `passk-cli`'s `tests/cli.rs`); malformed input; and that no input, however cut into chunks, makes the
//! reader panic.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_fixtures::counts_series;
use passk_io::counts_doc::CountsDoc;
use passk_io::read::{assemble, read_bytes, read_text, series_name_for, Format, Reader};
use proptest::prelude::*;
use serde_json::Value;

const FIXTURES: [(&str, Format); 6] = [
    ("humaneval_samples.jsonl_results.jsonl", Format::SampleLines),
    ("evalplus_eval_results.json", Format::EvalPlus),
    ("evalplus_legacy_eval_results.json", Format::EvalPlus),
    ("lcb_codegeneration_eval_all.json", Format::JsonList),
    ("scorio_matrix.txt", Format::Matrix),
    ("samples_generic.jsonl", Format::QwenMath),
];

fn fixture(name: &str) -> PathBuf {
    passk_fixtures::root()
        .join("tests/fixtures/inputs")
        .join(name)
}

/// What a fixture yields: series, rejected rows per series, the format detected.
type Read = (Vec<Dataset>, Vec<Vec<Rejected>>, Option<Format>);

fn read_fixture(name: &str, chunk: usize) -> Read {
    let bytes = std::fs::read(fixture(name)).unwrap();
    let mut r = Reader::new(name, &series_name_for(name), None);
    for c in bytes.chunks(chunk.max(1)) {
        r.feed(c);
    }
    let read = r.finish();
    let format = read.format;
    let (ds, rej) = assemble(vec![read]);
    (ds, rej, format)
}

#[test]
fn every_fixture_reads_as_its_real_layout() {
    for (name, format) in FIXTURES {
        let want: Value = serde_json::from_str(
            &std::fs::read_to_string(fixture(&format!("{name}.expected.json"))).unwrap(),
        )
        .unwrap();
        for chunk in [1 << 20, 7, 1] {
            let (ds, rej, got_format) = read_fixture(name, chunk);
            assert_eq!(got_format, Some(format), "{name}");
            assert!(rej.iter().all(|r| r.is_empty()), "{name}: {rej:?}");
            let got = serde_json::to_value(CountsDoc::of(&ds)).unwrap();
            assert_eq!(
                counts_series(&got),
                counts_series(&want),
                "{name} in chunks of {chunk}"
            );
        }
    }
}

#[test]
fn the_real_example_files_read_cleanly() {
    let root = passk_fixtures::root().join("assets/examples");
    for (name, series, tasks) in [
        ("deepscaler_base.jsonl", 1, 1060),
        ("deepscaler_rl.jsonl", 1, 1060),
        ("pythia_math_n10000.csv", 7, 896),
    ] {
        let bytes = std::fs::read(root.join(name)).unwrap();
        let r = read_bytes(name, &series_name_for(name), &bytes, None);
        assert!(r.rejected.is_empty(), "{name}");
        assert_eq!(r.series.len(), series, "{name}");
        assert_eq!(
            r.series.iter().map(|s| s.1.len()).sum::<usize>(),
            tasks,
            "{name}"
        );
    }
}

#[test]
fn malformed_documents_are_reported_not_fatal() {
    // Truncated evalplus document: a syntax error with its line.
    let text = std::fs::read_to_string(fixture("evalplus_eval_results.json")).unwrap();
    let r = read_text("e.json", "e", &text[..text.len() / 2], None);
    assert_eq!(r.format, Some(Format::EvalPlus));
    assert!(r.series.is_empty());
    assert!(
        r.rejected[0].reason.starts_with("malformed JSON"),
        "{:?}",
        r.rejected
    );
    // Unknown status in one task: that task is reported, the others are read.
    let bad = text.replacen(
        "\"base_status\": \"pass\"",
        "\"base_status\": \"crashed\"",
        1,
    );
    let r = read_text("e.json", "e", &bad, None);
    assert_eq!(r.rejected.len(), 1);
    assert!(
        r.rejected[0].reason.contains("unknown status \"crashed\""),
        "{:?}",
        r.rejected
    );
    assert_eq!(r.series[0].1.len(), 3);
    // A list element without outcomes names the element.
    let r = read_text(
        "l.json",
        "l",
        "[{\"question_id\": \"a\", \"graded_list\": [true, false]}, {\"x\": 1}]",
        None,
    );
    assert_eq!(r.series[0].1.len(), 1);
    assert!(
        r.rejected[0].reason.starts_with("element 2:"),
        "{:?}",
        r.rejected
    );
}

#[test]
fn line_endings_bom_and_long_lines() {
    let crlf = "\u{feff}n,c\r\n10,3\r\n10,4\r\n";
    let r = read_text("f", "f", crlf, None);
    assert_eq!(r.series[0].1.len(), 2);
    assert!(r.rejected.is_empty());
    // A 2 MB completion on one line is read like any other.
    let long = format!(
        "{{\"task_id\": \"T\", \"completion\": \"{}\", \"passed\": true}}\n",
        "x".repeat(2 << 20)
    );
    let r = read_text("f", "f", &long, None);
    assert_eq!(r.format, Some(Format::SampleLines));
    assert_eq!(r.series[0].1[0].counts.n(), 1);
    // Text numbers that are not counts.
    let r = read_text("f", "f", "1e3 5\n-1 0\n3.5 1\n10 3\n", None);
    assert_eq!(r.rejected.len(), 3);
    assert_eq!(r.series[0].1.len(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_input_makes_the_reader_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        chunk in 1usize..64,
        format in prop::option::of(prop::sample::select(Format::ALL.to_vec())),
    ) {
        let mut r = Reader::new("f", "f", format);
        for c in bytes.chunks(chunk) {
            r.feed(c);
        }
        let _ = assemble(vec![r.finish()]);
    }

    #[test]
    fn structured_noise_never_panics(
        lines in prop::collection::vec(prop_oneof![
            Just("{\"task_id\": \"a\", \"passed\": true}".to_string()),
            Just("{\"n\": 10, \"c\": 3}".to_string()),
            Just("[{\"question_id\": 1, \"graded_list\": [true]}]".to_string()),
            Just("{\"eval\": {\"a\": [{\"base_status\": \"pass\", \"plus_status\": null}]}}".to_string()),
            Just("n,c,model".to_string()),
            "[0-9 ,./e\\-]{0,20}",
            "[\\[\\]{}\":,a-z0-9 ]{0,30}",
        ], 0..20),
        chunk in 1usize..50,
    ) {
        let text = lines.join("\n");
        let mut r = Reader::new("f", "f", None);
        for c in text.as_bytes().chunks(chunk) {
            r.feed(c);
        }
        let whole = read_text("f", "f", &text, None);
        let chunked = r.finish();
        // Chunking never changes what is read.
        prop_assert_eq!(chunked, whole);
    }
}

/// A file whose samples pass by a reward threshold says so (the page reads it again when the
/// threshold changes), and another threshold gives other counts; a counts file does not.
#[test]
fn a_file_read_at_a_reward_threshold_says_so() {
    let text = "{\"id\": \"a\", \"reward\": 1.0}\n{\"id\": \"a\", \"reward\": 0.5}\n{\"id\": \"a\", \"reward\": 0.0}\n";
    let read = |threshold: Option<&str>| {
        let options = passk_io::read::ReadOptions {
            threshold: threshold.map(str::to_string),
            ..Default::default()
        };
        let mut r = Reader::new("r.jsonl", "r", Some(Format::Rollouts)).with_options(options);
        r.feed(text.as_bytes());
        r.finish()
    };
    let c = |f: &passk_io::read::FileRead| {
        f.series[0]
            .1
            .iter()
            .map(|t| t.counts.c())
            .collect::<Vec<_>>()
    };
    let (full, half) = (read(None), read(Some("0.5")));
    assert!(full.read_at_threshold() && half.read_at_threshold());
    assert_eq!((c(&full), c(&half)), (vec![1], vec![2]));
    let counts = read_text("c.txt", "c", "3 1\n4 2\n", None);
    assert!(counts.format.is_some() && !counts.read_at_threshold());
}
