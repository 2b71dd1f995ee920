//! Detecting an input's format from its first bytes, and telling text from binary.

use super::format::Format;
use super::names::{C_NAMES, NEMO_OUTCOMES, N_NAMES, OUTCOME_NAMES};
use super::text_rows::{self, is_skipped};
use super::{json_value, rollouts};

/// The four bytes an Apache Parquet file starts (and ends) with.
pub(super) const PARQUET_MAGIC: &str = "PAR1";

pub(super) const SNIFF: usize = 64 << 10;

/// The share of invalid UTF-8 among a prefix's bytes beyond which it is not text.
const INVALID_SHARE: f64 = 0.1;

/// Why `prefix`, the start of an input, is not text, if it is not: it holds NUL bytes (a
/// binary file, or UTF-16), or more than a tenth of its bytes are not UTF-8. A prefix cut in
/// the middle of a character is not held against it.
pub fn not_text(prefix: &[u8]) -> Option<String> {
    if let Some(at) = memchr::memchr(0, prefix) {
        return Some(format!(
            "not text: it holds NUL bytes (the first at byte {}), as binary files and UTF-16 do",
            at + 1
        ));
    }
    let chunks: Vec<_> = prefix.utf8_chunks().collect();
    let mut invalid: usize = chunks.iter().map(|c| c.invalid().len()).sum();
    // The last character may be cut by the end of the prefix: incomplete, not invalid.
    if let Some(tail) = chunks.last().map(|c| c.invalid()) {
        if std::str::from_utf8(tail).is_err_and(|e| e.error_len().is_none()) {
            invalid -= tail.len();
        }
    }
    let share = invalid as f64 / prefix.len().max(1) as f64;
    (invalid >= 4 && share > INVALID_SHARE).then(|| {
        format!(
            "not text: {:.0}% of its first {} bytes are not UTF-8",
            100.0 * share,
            prefix.len()
        )
    })
}

/// Decides the format from the start of an input.
pub fn detect(prefix: &str) -> Option<Format> {
    if prefix.starts_with("PK\u{3}\u{4}") {
        return Some(Format::InspectZip);
    }
    if prefix.starts_with(PARQUET_MAGIC) {
        return Some(Format::Parquet);
    }
    let mut content = prefix
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .map(|l| l.trim_start_matches('\u{feff}'))
        .filter(|l| !is_skipped(l));
    let first = content.next()?;
    let t = first.trim_start();
    if t.starts_with('[') {
        return Some(Format::JsonList);
    }
    if t.starts_with('{') {
        return Some(detect_json(prefix, first));
    }
    let numeric = |l: &str| {
        l.split([',', '\t', ' ', ';', '/'])
            .filter(|f| !f.trim().is_empty())
            .all(|f| {
                f.trim()
                    .chars()
                    .all(|ch| ch.is_ascii_digit() || "eE+-.".contains(ch))
            })
    };
    if !numeric(first) && first.chars().any(|ch| ch.is_alphabetic()) {
        if title_above_counts(prefix, first, content, numeric) {
            return Some(Format::CountsText);
        }
        let delimiter = if first.contains('\t') {
            '\t'
        } else if first.contains(';') && !first.contains(',') {
            ';'
        } else {
            ','
        };
        return Some(Format::Delimited { delimiter });
    }
    let binary = |l: &str| {
        let f: Vec<&str> = text_rows::fields(l).collect();
        f.len() >= 3 && f.iter().all(|c| *c == "0" || *c == "1")
    };
    if !first.contains('/') && binary(first) {
        return Some(Format::Matrix);
    }
    Some(Format::CountsText)
}

/// Whether `first`, a line with words, is a title above count lines rather than a header: the
/// lines after it (those complete within `prefix`) are all two numbers, and `first` names no
/// n and c columns. Such a line is then rejected as not counts (a notice), and the counts
/// below it are read.
fn title_above_counts<'a>(
    prefix: &str,
    first: &str,
    rest: impl Iterator<Item = &'a str>,
    numeric: impl Fn(&str) -> bool,
) -> bool {
    // A header names columns between delimiters (no delimited format splits on spaces).
    let names_column = |names: &[&str]| {
        first.split([',', '\t', ';']).any(|f| {
            names
                .iter()
                .any(|n| f.trim().trim_matches('"').eq_ignore_ascii_case(n))
        })
    };
    if names_column(&N_NAMES) && names_column(&C_NAMES) {
        return false;
    }
    let mut lines: Vec<&str> = rest.collect();
    // The last line may be cut by the end of the prefix.
    if !prefix.ends_with('\n') && lines.len() > 1 {
        lines.pop();
    }
    let two_numbers = |l: &str| {
        numeric(l)
            && l.split([',', '\t', ' ', ';', '/'])
                .filter(|f| !f.trim().is_empty())
                .count()
                == 2
    };
    !lines.is_empty() && lines.iter().all(|l| two_numbers(l))
}

/// Whether a complete line of `prefix` is a graded sample: keyed by `task_id` alone (no other
/// key the rollouts reader would take for the task first: `id`, `sample_id`, …), with no
/// verdict of its own (`passed`, `correct`, `result`) and no counts (`n`, `c`), and scored
/// strictly between 0 and 1 (`score`, else `reward`). Such a file is read as rollouts.
fn graded(prefix: &str) -> bool {
    let mut lines: Vec<&str> = prefix.lines().collect();
    if !prefix.ends_with('\n') {
        lines.pop();
    }
    lines.iter().any(|l| match json_value::Object::parse(l) {
        Ok(obj)
            if obj.has(&["task_id"])
                && !obj.has(&rollouts::ROLLOUT_IDS[..4])
                && !obj.has(&OUTCOME_NAMES[..2])
                && !obj.has(&["result"])
                && !obj.has(&N_NAMES)
                && !obj.has(&C_NAMES) =>
        {
            let score = obj.get_named("score").or_else(|| obj.get_named("reward"));
            score
                .and_then(|v| v.as_f64())
                .is_some_and(|x| x > 0.0 && x < 1.0)
        }
        _ => false,
    })
}

/// A JSON object first: counts lines, per-sample lines or an evalplus document.
fn detect_json(prefix: &str, first: &str) -> Format {
    match json_value::Object::parse(first) {
        Ok(obj) if obj.has(&["submitted_ids", "resolved_ids"]) => Format::SweBench,
        Ok(obj) if obj.has(&["eval"]) && obj.has(&["samples", "version"]) => Format::Inspect,
        Ok(obj) if obj.has(&["eval"]) => Format::EvalPlus,
        Ok(obj) if obj.has(&NEMO_OUTCOMES) => Format::NemoSkills,
        Ok(obj) if obj.has(&["doc_id"]) && obj.has(&["resps", "filtered_resps"]) => Format::LmEval,
        Ok(obj) if rollouts::is_rollout(&obj) => Format::Rollouts,
        Ok(obj)
            if obj.has(&["idx"])
                && obj.has(&["gt"])
                && obj.has(&["pred"])
                && obj.has(&["score"]) =>
        {
            Format::QwenMath
        }
        Ok(obj) if obj.has(&N_NAMES) && obj.has(&C_NAMES) && !obj.has(&OUTCOME_NAMES[1..]) => {
            Format::JsonLines
        }
        // Per-sample lines with a graded score (0.5 among 0 and 1): rollouts, whose reward
        // threshold makes each pass or fail (and whose Bayes@N keeps the grades).
        Ok(_) if graded(prefix) => Format::Rollouts,
        Ok(_) => Format::SampleLines,
        // The first line is not complete within the prefix (a one-line document, or a very
        // long line): judge by its keys.
        Err(_) => {
            if first.trim_start().starts_with("{\"doc_id\"") && prefix.contains("\"resps\"") {
                Format::LmEval
            } else if prefix.contains("\"submitted_ids\"") || prefix.contains("\"resolved_ids\"") {
                Format::SweBench
            } else if prefix.contains("\"eval\"")
                && prefix.contains("\"version\"")
                && prefix.contains("\"run_id\"")
            {
                Format::Inspect
            } else if prefix.contains("\"eval\"")
                && (prefix.contains("_status\"")
                    || prefix.contains("\"nfiles\"")
                    || (prefix.contains("\"status\"") && prefix.contains("\"task_id\"")))
            {
                // evalplus (base_status, plus_status; legacy nfiles) or BigCodeBench (status).
                Format::EvalPlus
            } else {
                Format::SampleLines
            }
        }
    }
}
