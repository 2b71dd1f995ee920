//! The logs of evaluation harnesses, from fixtures that mirror their real layouts (sources
//! in `tests/fixtures/harness/README.md`): read through the library in chunks of any size
//! and through `passk counts`, with the same counts; files that are runs of one series read
//! together; every malformed version rejected with its reason, never a panic.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::Command;

use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_io::read::{assemble, series_name_for, Format, ReadOptions, Reader};
use serde_json::Value;

/// The fixtures: the files read together, their expected counts and their format.
const FIXTURES: [(&[&str], &str, Format); 15] = [
    (
        &["samples_gsm8k_2024-05-01T12-00-00.000000.jsonl"],
        "samples_gsm8k_2024-05-01T12-00-00.000000.jsonl.expected.json",
        Format::LmEval,
    ),
    (
        &["2024-05-01T12-00-00+00-00_theory-of-mind_abc123.json"],
        "2024-05-01T12-00-00+00-00_theory-of-mind_abc123.json.expected.json",
        Format::Inspect,
    ),
    (
        &["2024-05-01T12-00-00+00-00_theory-of-mind_abc123.eval"],
        "2024-05-01T12-00-00+00-00_theory-of-mind_abc123.eval.expected.json",
        Format::InspectZip,
    ),
    // The same log with zstd entries (zip method 93), as inspect_ai writes since 0.3.206.
    (
        &["2026-05-01T12-00-00+00-00_theory-of-mind_zstd.eval"],
        "2026-05-01T12-00-00+00-00_theory-of-mind_zstd.eval.expected.json",
        Format::InspectZip,
    ),
    (
        &["tool-calling-gpt-4o-0.0_range_0-3_user-gpt-4o-llm_0501120000.json"],
        "tool-calling-gpt-4o-0.0_range_0-3_user-gpt-4o-llm_0501120000.json.expected.json",
        Format::JsonList,
    ),
    (
        &[
            "swebench/claude-3.5-sonnet.run1.json",
            "swebench/claude-3.5-sonnet.run2.json",
            "swebench/claude-3.5-sonnet.run3.json",
            "swebench/gpt-4o.run1.json",
        ],
        "swebench.expected.json",
        Format::SweBench,
    ),
    (
        &[
            "nemo_skills/output-rs0.jsonl",
            "nemo_skills/output-rs1.jsonl",
            "nemo_skills/output-rs2.jsonl",
        ],
        "nemo_skills.expected.json",
        Format::NemoSkills,
    ),
    // BigCodeBench reads as evalplus's document with one status per sample.
    (
        &["meta-llama--Llama-3.1-8B-Instruct--main--bigcodebench-complete--vllm-0-1-sanitized_calibrated_eval_results.json"],
        "meta-llama--Llama-3.1-8B-Instruct--main--bigcodebench-complete--vllm-0-1-sanitized_calibrated_eval_results.json.expected.json",
        Format::EvalPlus,
    ),
    // Qwen2.5-Math seeds: one series, n summed per problem.
    (
        &[
            "qwen25_math/test_qwen25-math-cot_-1_seed0_t0.6_s0_e-1.jsonl",
            "qwen25_math/test_qwen25-math-cot_-1_seed1_t0.6_s0_e-1.jsonl",
        ],
        "qwen25_math.expected.json",
        Format::QwenMath,
    ),
    // verl dumps of two steps, given out of order: one series per step, in step order.
    (
        &["verl_val/50.jsonl", "verl_val/0.jsonl"],
        "verl_val.expected.json",
        Format::Rollouts,
    ),
    // lighteval details (parquet, read with the decoder the CLI and the page's Parquet part
    // link), and verl's offline generations with a column of scores.
    (
        &["lighteval/details_lighteval|aime24|0_2025-06-01T12-00-00.000000.parquet"],
        "lighteval.expected.json",
        Format::Parquet,
    ),
    (
        &["verl_gen_scored/gsm8k_gen_scored.parquet"],
        "verl_gen_scored.expected.json",
        Format::Parquet,
    ),
    (
        &["verifiers/results.jsonl"],
        "verifiers.expected.json",
        Format::Rollouts,
    ),
    (
        &["nemo_gym/math_rollouts.jsonl"],
        "nemo_gym.expected.json",
        Format::Rollouts,
    ),
    (
        &["f3a1c0de-5b7e-4d2a-9c1e-2f4a6b8d0e13_samples.jsonl"],
        "f3a1c0de-5b7e-4d2a-9c1e-2f4a6b8d0e13_samples.jsonl.expected.json",
        Format::Rollouts,
    ),
];

fn fixture(name: &str) -> PathBuf {
    passk_fixtures::root()
        .join("tests/fixtures/harness")
        .join(name)
}

/// A series as (name, [(id, n, c)]).
type Named = (String, Vec<(String, u64, u64)>);

fn expected(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

fn series_of(v: &Value) -> Vec<Named> {
    let count = |t: &Value, k: &str| t[k].as_u64().unwrap();
    v["series"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let tasks = s["tasks"].as_array().unwrap();
            let tasks = tasks.iter().map(|t| {
                let id = t["id"].as_str().unwrap_or("").to_string();
                (id, count(t, "n"), count(t, "c"))
            });
            (s["name"].as_str().unwrap().to_string(), tasks.collect())
        })
        .collect()
}

fn named(ds: &[Dataset]) -> Vec<Named> {
    ds.iter()
        .map(|d| {
            let tasks = d.tasks.iter().map(|t| {
                let id = t.id.as_deref().unwrap_or_default().to_string();
                (id, t.counts.n(), t.counts.c())
            });
            (d.name.clone(), tasks.collect())
        })
        .collect()
}

/// inspect series are named "<model> <scorer>"; the expected files name the scorer.
fn same_series(got: &[Named], want: &[Named]) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(g, w)| (g.0 == w.0 || g.0.ends_with(&format!(" {}", w.0))) && g.1 == w.1)
}

fn read(files: &[&str], chunk: usize) -> (Vec<Dataset>, Vec<Vec<Rejected>>, Vec<Option<Format>>) {
    let reads: Vec<_> = files
        .iter()
        .map(|f| {
            let path = fixture(f);
            let shown = path.to_string_lossy().to_string();
            let mut r = Reader::new(&shown, &series_name_for(&shown), None).with_parquet();
            for c in std::fs::read(&path).unwrap().chunks(chunk) {
                r.feed(c);
            }
            r.finish()
        })
        .collect();
    let formats = reads.iter().map(|r| r.format).collect();
    let (ds, rej) = assemble(reads);
    (ds, rej, formats)
}

#[test]
fn every_harness_log_reads_as_its_real_layout() {
    for (files, want, format) in FIXTURES {
        let want_doc = expected(want);
        let want = series_of(&want_doc);
        for chunk in [1 << 20, 7, 1] {
            let (ds, rej, formats) = read(files, chunk);
            assert!(
                formats.iter().all(|f| *f == Some(format)),
                "{files:?}: {formats:?}"
            );
            let got = named(&ds);
            assert!(
                same_series(&got, &want),
                "{files:?} in chunks of {chunk}:\n{got:?}\n{want:?}"
            );
            // Rejected rows: exactly those the expected file lists (inspect's partial credit).
            let listed = want_doc["rejected"].as_array().map_or(0, Vec::len);
            let reasons: Vec<&str> = rej.iter().flatten().map(|r| r.reason.as_str()).collect();
            assert_eq!(reasons.len(), listed, "{files:?}: {reasons:?}");
            if listed > 0 {
                assert!(
                    reasons[0].contains("epoch 2: value 'P' (partial credit)"),
                    "{reasons:?}"
                );
            }
        }
    }
}

#[test]
fn answers_of_the_runs_are_tallied_for_majority_voting() {
    let (ds, _, _) = read(FIXTURES[6].0, 1 << 20);
    let want = expected(FIXTURES[6].1);
    for (task, w) in ds[0]
        .tasks
        .iter()
        .zip(want["series"][0]["tasks"].as_array().unwrap())
    {
        let answers: Vec<String> = w["answers"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| a.as_str().map(str::to_string))
            .collect();
        let target = w["target"].to_string();
        let mut want_groups: Vec<(u64, bool)> = Vec::new();
        let mut seen: Vec<&String> = Vec::new();
        for a in &answers {
            if !seen.contains(&a) {
                seen.push(a);
                let count = answers.iter().filter(|b| *b == a).count() as u64;
                want_groups.push((count, *a == target));
            }
        }
        want_groups.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
        let v = task.votes().expect("votes");
        let got: Vec<(u64, bool)> = v.groups().iter().map(|g| (g.count, g.correct)).collect();
        assert_eq!(got, want_groups, "task {:?}", task.id);
        assert_eq!(v.n(), task.counts.n());
    }
    // lm-eval: the filtered answers vote against the target.
    let (ds, _, _) = read(FIXTURES[0].0, 1 << 20);
    assert!(ds
        .iter()
        .all(|d| d.tasks.iter().all(|t| t.votes().is_some())));
}

#[test]
fn the_command_line_reads_the_same_counts() {
    for (files, want, _) in FIXTURES {
        let out = Command::new(env!("CARGO_BIN_EXE_passk"))
            .arg("counts")
            .args(files.iter().map(|f| fixture(f)))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let got: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{files:?}: {e}: {stderr}"));
        let (lib, _, _) = read(files, 1 << 20);
        assert_eq!(series_of(&got), named(&lib), "{files:?}");
        assert!(
            same_series(&series_of(&got), &series_of(&expected(want))),
            "{files:?}"
        );
    }
}

#[test]
fn malformed_logs_are_rejected_with_reasons_never_a_panic() {
    for (files, _, _) in FIXTURES {
        for f in files {
            let bytes = std::fs::read(fixture(f)).unwrap();
            let name = series_name_for(f);
            let read_cut = |b: &[u8]| {
                let mut r = Reader::new(f, &name, None).with_parquet();
                r.feed(b);
                r.finish()
            };
            // Cut short anywhere, or with a byte damaged: no panic, and half a file is
            // never read silently as whole.
            for cut in (0..bytes.len()).step_by((bytes.len() / 97).max(1)) {
                let _ = read_cut(&bytes[..cut]);
                let mut bad = bytes.clone();
                bad[cut] ^= 0x5a;
                let _ = read_cut(&bad);
            }
            let half = read_cut(&bytes[..bytes.len() / 2]);
            assert!(
                !half.rejected.is_empty(),
                "{f}: half the file read without a word"
            );
            assert!(half.rejected.iter().all(|r| !r.reason.is_empty()));
        }
    }
}

#[test]
fn series_break_down_by_group_in_page_and_command_line() {
    let lcb = passk_fixtures::root().join("tests/fixtures/inputs/lcb_codegeneration_eval_all.json");
    let got = passk_counts(&["--by-group"], &lcb).1.unwrap();
    let names: Vec<&str> = got.iter().map(|s| s.0.as_str()).collect();
    let base = "lcb_codegeneration_eval_all";
    assert_eq!(
        names,
        [
            base,
            &format!("{base} · medium"),
            &format!("{base} · easy"),
            &format!("{base} · hard")
        ]
    );
    // The groups partition the series' tasks, in order.
    let mut parts: Vec<(String, u64, u64)> = got[1..].iter().flat_map(|s| s.1.clone()).collect();
    let mut whole = got[0].1.clone();
    parts.sort();
    whole.sort();
    assert_eq!(parts, whole);
    // The page's workspace breaks down alike.
    let bytes = std::fs::read(&lcb).unwrap();
    let read = passk_io::read::read_bytes("lcb.json", base, &bytes, None);
    let ws = passk_app::page::loaded::Loaded::new(vec![read]);
    assert!(ws.has_groups());
    let broken = ws.broken_down();
    assert_eq!(named(&broken.datasets), got);
    assert_eq!(broken.sources, [0, 0, 0, 0]);
    assert_eq!(broken.rejected.len(), 4);
}

/// `passk counts` with `extra` flags on `file`: its exit status, the series it printed (None
/// when it printed no document) and what it wrote to stderr.
fn passk_counts(extra: &[&str], file: &Path) -> (Option<i32>, Option<Vec<Named>>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_passk"))
        .arg("counts")
        .args(extra)
        .arg(file)
        .output()
        .unwrap();
    let doc: Option<Value> = serde_json::from_slice(&out.stdout).ok();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    (out.status.code(), doc.map(|d| series_of(&d)), stderr)
}

#[test]
fn the_metric_and_the_answers_case_are_the_users_to_choose() {
    let gsm = fixture(FIXTURES[0].0[0]);
    let counts = |extra: &[&str]| {
        let (code, series, stderr) = passk_counts(extra, &gsm);
        (code, series.unwrap(), stderr)
    };
    let (code, default, _) = counts(&[]);
    assert_eq!(code, Some(0));
    assert_eq!(counts(&["--metric", "exact_match"]).1, default);
    // No row with that metric: the file is refused with the first row's reason, and no
    // document is printed.
    let (code, none, stderr) = passk_counts(&["--metric", "pass@4"], &gsm);
    assert_eq!(code, Some(2));
    assert!(none.is_none());
    assert!(
        stderr.contains("was not added: no row could be read — line 1: missing column: no pass@4 value (the metric chosen)"),
        "{stderr}"
    );
    // Answers compared ignoring case when asked.
    let text = "{\"task_id\": \"a\", \"answer\": \"Ab\", \"target\": \"AB\", \"passed\": false}\n\
                {\"task_id\": \"a\", \"answer\": \"aB\", \"passed\": false}\n\
                {\"task_id\": \"a\", \"answer\": \"x\", \"passed\": false}\n";
    let groups = |fold_case: bool| {
        let options = ReadOptions {
            fold_case,
            ..ReadOptions::default()
        };
        let mut r = Reader::for_text("s.jsonl", "s", None).with_options(options);
        r.feed(text.as_bytes());
        let read = r.finish();
        let v = read.series[0].1[0].votes().cloned().unwrap();
        v.groups().iter().map(|g| g.count).collect::<Vec<_>>()
    };
    assert_eq!(groups(false), [1, 1, 1]);
    assert_eq!(groups(true), [2, 1]);
}

#[test]
fn inspect_partial_credit_counts_as_the_user_maps_it() {
    let log = fixture(FIXTURES[1].0[0]);
    let run = |extra: &[&str]| passk_counts(extra, &log);
    // The sample with 'P' (id 2, epoch 2) of model_graded_fact: rejected by default.
    let task2 = |s: &[Named]| s[1].1.iter().find(|t| t.0 == "2").map(|t| (t.1, t.2));
    let (code, s, _) = run(&[]);
    assert_eq!((code, task2(&s.unwrap())), (Some(2), Some((2, 2))));
    let (code, s, _) = run(&["--partial", "correct"]);
    assert_eq!((code, task2(&s.unwrap())), (Some(0), Some((3, 3))));
    let (code, s, _) = run(&["--partial=incorrect"]);
    assert_eq!((code, task2(&s.unwrap())), (Some(0), Some((3, 2))));
    let (code, _, stderr) = run(&["--partial", "half"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--partial half: one of correct, incorrect"),
        "{stderr}"
    );
}

#[test]
fn parquet_without_a_count_is_refused_with_its_reason() {
    // verl's offline generations hold responses but no scores.
    let gen = fixture("verl_gen/gsm8k_gen.parquet");
    let (status, series, stderr) = passk_counts(&[], &gen);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(series.is_none(), "{stderr}");
    assert!(
        stderr.contains("holds the responses but no scores"),
        "{stderr}"
    );
    // A metric the user names that the details do not have; one that is not c/n.
    let details =
        fixture("lighteval/details_lighteval|aime24|0_2025-06-01T12-00-00.000000.parquet");
    let (status, _, stderr) = passk_counts(&["--metric", "acc"], &details);
    assert_eq!(status, Some(2));
    assert!(
        stderr.contains(
            "no metric \"acc\" in this file (it has: avg@n:n=4, pass@k:k=1&n=4, pass@k:k=2&n=4)"
        ),
        "{stderr}"
    );
    let (status, _, stderr) = passk_counts(&["--metric", "pass@k:k=2&n=4"], &details);
    assert_eq!(status, Some(2));
    assert!(
        stderr.contains("pass@k:k=2&n=4 is not c/n of a document's samples"),
        "{stderr}"
    );
    // pass@k with k=1 named: c/n too, the same five documents (rows that cannot be counted
    // are tested in passk-io's parquet_file).
    let (status, got, stderr) = passk_counts(&["--metric", "pass@k:k=1&n=4"], &details);
    assert_eq!(
        (status, got.map(|s| s[0].1.len())),
        (Some(0), Some(5)),
        "{stderr}"
    );
    // The page's Parquet worker reads as the streaming reader given the decoder does.
    let bytes = std::fs::read(&details).unwrap();
    let mut streamed = Reader::new("d.parquet", "d", None).with_parquet();
    streamed.feed(&bytes);
    let (streamed, whole) = (
        streamed.finish(),
        passk_io::read::read_parquet("d.parquet", "d", &bytes, ReadOptions::default()),
    );
    assert!(
        whole.same_data(&streamed)
            && whole.notes == streamed.notes
            && whole.bytes == streamed.bytes
    );
    assert_eq!(whole.series[0].1.len(), 5);
    // The reader without the decoder (the engine worker) says where Parquet is read.
    let r = passk_io::read::read_bytes("d.parquet", "d", &bytes, None);
    assert_eq!(r.format, Some(Format::Parquet));
    assert_eq!(r.rejected[0].reason, passk_io::read::PARQUET_ELSEWHERE);
}
