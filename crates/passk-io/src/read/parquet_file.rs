//! Apache Parquet files of per-document results: lighteval details and verl generations.
//!
//! **lighteval** (`EvaluationTracker.save` / `save_details`, `src/lighteval/logging/`):
//! `details_{task}|{fewshot}_{date}.parquet`, one row per document, written by
//! `Dataset.from_list([asdict(detail) …]).to_parquet` from `DetailsLogger.Detail`: three
//! struct columns `doc` (`query`, `id`, `task_name`, …), `model_response` (`text`: one string
//! per generation, …) and `metric` (one double per metric name). No per-sample verdict is
//! kept, so a document's passes are recovered from a metric that is exactly c/n: `avg@n`
//! (`AvgAtN`: the mean of n binary scores) or `pass@k` with `k=1` (`PassAtK.pass_at_k`,
//! `1 − (n−c)/n`). Metric names carry their parameters (`avg@n:n=16`,
//! `pass@k:k=1&n=16`, `Metric.__call__`); n is the name's `n`, else the number of
//! generations. Of several such metrics the one with the most samples counts (stated); the
//! user may name one (the `metric` read option). lighteval 0.8–0.10 wrote the flat columns
//! `predictions` and `metrics` (and `example`): read the same way.
//!
//! **verl** `main_generation` (`verl/trainer/main_generation.py`) writes the prompts'
//! dataset with a `responses` list column and no score: it is refused with that reason,
//! unless a list column of per-response scores (`scores`, `score`, `acc`, `reward`) sits
//! beside it, counted against the rollouts' threshold.
//!
//! Every failure is a reason: a file that is not Parquet or is damaged is rejected as a
//! whole (line 0), a document that cannot be counted by its row number (1-based).

use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::{Field, Row};

use passk_core::data::dataset::SeriesMeta;

use super::collect::Collector;
use super::rollout_keys::THRESHOLD_SLACK;

/// Columns of per-response scores read beside verl's `responses`.
const SCORE_LISTS: [&str; 4] = ["scores", "score", "acc", "reward"];

/// Reads a Parquet file's documents into `col`.
///
/// The `parquet` crate panics on some damaged files (assertions and slice indices in its
/// page and level decoders, found by `./dev fuzz`): natively the panic is caught and the file
/// rejected with that reason. In wasm a panic aborts, so the page runs this in a worker of its
/// own (`crates/passk-parquet`), whose failure it reports the same way.
pub(super) fn read(bytes: &[u8], col: &mut Collector) {
    let decoded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| decode(bytes)));
    match decoded {
        Ok(Ok(docs)) => count(&docs, col),
        Ok(Err((line, reason))) => col.reject(line, reason, None),
        Err(_) => col.reject(0, DAMAGED, None),
    }
}

/// Why a file the decoder stopped on was not read.
pub const DAMAGED: &str =
    "the Parquet file is damaged: its decoder stopped inside it (no row could be trusted)";

/// The documents of a Parquet file, or where and why it could not be read.
fn decode(bytes: &[u8]) -> Result<Vec<Doc>, (u64, String)> {
    let reader = match SerializedFileReader::new(bytes::Bytes::copy_from_slice(bytes)) {
        Ok(r) => r,
        Err(e) => return Err((0, format!("not a readable Parquet file: {e}"))),
    };
    let rows = reader
        .get_row_iter(None)
        .map_err(|e| (0, format!("the Parquet file is damaged: {e}")))?;
    let mut docs = Vec::new();
    for (i, row) in rows.enumerate() {
        let row = row.map_err(|e| {
            (
                i as u64 + 1,
                format!("the Parquet file is damaged here: {e}"),
            )
        })?;
        docs.push(Doc::of(&row));
    }
    Ok(docs)
}

/// Counts the documents: lighteval's by a metric, verl's by a score column.
fn count(docs: &[Doc], col: &mut Collector) {
    if docs.iter().any(|d| d.responses.is_some()) && docs.iter().all(|d| d.metric.is_empty()) {
        return verl(docs, col);
    }
    lighteval(docs, col);
}

/// What one row says, whichever layout wrote it.
#[derive(Default)]
struct Doc {
    /// The document's id: `doc.id`, else its query (`doc.query`, `example`).
    id: Option<String>,
    /// Generations (`model_response.text`, `predictions`).
    generations: Option<usize>,
    /// Metric name and value (`metric`, `metrics`).
    metric: Vec<(String, Option<f64>)>,
    /// verl: the number of responses, and the per-response scores if a column holds them.
    responses: Option<usize>,
    scores: Option<Vec<Option<f64>>>,
}

impl Doc {
    fn of(row: &Row) -> Doc {
        let mut d = Doc::default();
        let mut query = None;
        for (name, field) in row.get_column_iter() {
            match (name.as_str(), field) {
                ("doc", Field::Group(doc)) => {
                    for (k, v) in doc.get_column_iter() {
                        match (k.as_str(), v) {
                            ("id", Field::Str(s)) if !s.is_empty() => d.id = Some(s.clone()),
                            ("query", Field::Str(s)) => query = Some(s.clone()),
                            _ => {}
                        }
                    }
                }
                ("example", Field::Str(s)) => query = Some(s.clone()),
                // verl: the prompts' dataset keeps each prompt's `extra_info.index`.
                ("extra_info", Field::Group(info)) => {
                    d.id = info
                        .get_column_iter()
                        .find(|(k, _)| k.as_str() == "index")
                        .and_then(|(_, v)| number(v))
                        .map(|i| i.to_string());
                }
                ("model_response", Field::Group(r)) => {
                    d.generations = r
                        .get_column_iter()
                        .find(|(k, _)| k.as_str() == "text")
                        .and_then(|(_, v)| list_len(v));
                }
                ("predictions", v) => d.generations = list_len(v),
                ("metric" | "metrics", Field::Group(m)) => {
                    d.metric = m
                        .get_column_iter()
                        .map(|(k, v)| (k.clone(), number(v)))
                        .collect();
                }
                ("responses", v) => d.responses = list_len(v),
                (k, Field::ListInternal(l)) if SCORE_LISTS.contains(&k) => {
                    d.scores = Some(l.elements().iter().map(number).collect());
                }
                _ => {}
            }
        }
        d.id = d.id.or(query);
        d
    }
}

fn list_len(f: &Field) -> Option<usize> {
    match f {
        Field::ListInternal(l) => Some(l.len()),
        _ => None,
    }
}

fn number(f: &Field) -> Option<f64> {
    match *f {
        Field::Double(v) => Some(v),
        Field::Float(v) => Some(f64::from(v)),
        Field::Long(v) => Some(v as f64),
        Field::Int(v) => Some(f64::from(v)),
        Field::Bool(v) => Some(if v { 1.0 } else { 0.0 }),
        _ => None,
    }
}

/// A metric that is exactly c/n of a document's samples, with the n its name gives.
struct Countable<'a> {
    name: &'a str,
    n: Option<u64>,
}

/// `avg@n…` and `pass@k…` with `k=1`: exactly c/n. The parameters after `:` (`n=16`,
/// `k=1&n=16`).
fn countable(name: &str) -> Option<Countable<'_>> {
    let (base, params) = name.split_once(':').unwrap_or((name, ""));
    let param = |key: &str| {
        params
            .split('&')
            .find_map(|p| p.strip_prefix(key)?.strip_prefix('=')?.parse::<u64>().ok())
    };
    let ok = match base {
        "avg@n" => true,
        "pass@k" => param("k") == Some(1),
        _ => false,
    };
    ok.then(|| Countable {
        name,
        n: param("n"),
    })
}

/// lighteval details: each document's passes from the chosen metric.
fn lighteval(docs: &[Doc], col: &mut Collector) {
    let names: Vec<&str> = {
        let mut seen: Vec<&str> = Vec::new();
        for d in docs {
            for (k, _) in &d.metric {
                if !seen.contains(&k.as_str()) {
                    seen.push(k);
                }
            }
        }
        seen
    };
    let wanted = col.options.metric.clone();
    let chosen = match &wanted {
        Some(w) => match names.iter().find(|n| *n == w) {
            Some(n) if n.starts_with("pass@k") && countable(n).is_none() => {
                return col.reject(
                    0,
                    format!("{n} is not c/n of a document's samples (pass@k with k > 1): name avg@n, or pass@k with k=1"),
                    None,
                )
            }
            // The user's metric is taken as c/n (a single-sample metric is c of n = 1).
            Some(n) => countable(n).or(Some(Countable { name: n, n: None })),
            None => {
                return col.reject(
                    0,
                    format!("no metric {w:?} in this file (it has: {})", names.join(", ")),
                    None,
                )
            }
        },
        // The countable metric of the most samples (the first named of equals).
        None => names
            .iter()
            .filter_map(|n| countable(n))
            .enumerate()
            .max_by_key(|(i, c)| (c.n.unwrap_or(0), usize::MAX - i))
            .map(|(_, c)| c),
    };
    let Some(metric) = chosen else {
        let reason = if names.is_empty() {
            "no metric column (lighteval details have `metric` beside `doc` and `model_response`)"
                .to_string()
        } else {
            format!(
                "no metric that counts passes (avg@n, or pass@k with k=1, is c/n of a document's samples): it has {}",
                names.join(", ")
            )
        };
        return col.reject(0, reason, None);
    };
    col.notes.push(format!(
        "passes counted from the metric {}{}",
        metric.name,
        match metric.n {
            Some(n) => format!(" (n = {n}, from its name)"),
            None => " (n = the number of generations)".to_string(),
        }
    ));
    for (i, d) in docs.iter().enumerate() {
        let line = i as u64 + 1;
        let meta = SeriesMeta::default();
        let value = d
            .metric
            .iter()
            .find(|(k, _)| k == metric.name)
            .and_then(|m| m.1);
        let n = metric.n.or(d.generations.map(|g| g as u64));
        let counted = match (value, n) {
            (None, _) => Err(format!("no value for the metric {}", metric.name)),
            (_, None | Some(0)) => Err("no generations".to_string()),
            (Some(v), Some(n)) => count_of(v, n).map(|c| (n, c)).ok_or_else(|| {
                format!(
                    "{} = {v} is not a count of passes out of n = {n} (graded scores cannot be counted)",
                    metric.name
                )
            }),
        };
        match counted {
            Ok((n, c)) => col.push_counts(line, meta, Some(id_of(d, i)), n, c),
            Err(reason) => col.reject(line, reason, Some(meta)),
        }
    }
}

/// The whole number of passes `value` × `n` is, if it is one (within rounding).
fn count_of(value: f64, n: u64) -> Option<u64> {
    let c = value * n as f64;
    let r = c.round();
    ((c - r).abs() <= 1e-6 * (n as f64).max(1.0) && (0.0..=n as f64).contains(&r))
        .then_some(r as u64)
}

fn id_of(d: &Doc, i: usize) -> String {
    d.id.clone().unwrap_or_else(|| format!("row {}", i + 1))
}

/// verl `main_generation` output: counted only from a per-response score column.
fn verl(docs: &[Doc], col: &mut Collector) {
    if docs.iter().all(|d| d.scores.is_none()) {
        return col.reject(
            0,
            "a verl main_generation file holds the responses but no scores (verl scores them \
             in main_eval without writing them): give a column of per-response scores \
             (scores, acc) or the rollouts dump of a validation run",
            None,
        );
    }
    let threshold = col
        .options
        .threshold_value()
        .unwrap_or(1.0 - THRESHOLD_SLACK);
    col.notes.push(format!(
        "a response passes at a score ≥ {threshold}{}",
        if col.options.threshold_value().is_some() {
            " (as set)"
        } else {
            " (full credit 1: set the threshold for other scales)"
        }
    ));
    for (i, d) in docs.iter().enumerate() {
        let line = i as u64 + 1;
        let meta = SeriesMeta::default();
        let Some(scores) = &d.scores else {
            col.reject(line, "no scores", Some(meta));
            continue;
        };
        if d.responses.is_some_and(|r| r != scores.len()) {
            col.reject(
                line,
                format!(
                    "{} scores for {} responses",
                    scores.len(),
                    d.responses.unwrap_or_default()
                ),
                Some(meta),
            );
            continue;
        }
        if let Some(j) = scores.iter().position(Option::is_none) {
            col.reject(line, format!("score {} is not a number", j + 1), Some(meta));
            continue;
        }
        let c = scores.iter().flatten().filter(|s| **s >= threshold).count() as u64;
        col.push_counts(line, meta, Some(id_of(d, i)), scores.len() as u64, c);
    }
}
