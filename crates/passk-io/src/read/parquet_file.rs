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

use passk_core::data::SeriesMeta;

use super::collect::Collector;

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
    /// Whether it is c/n (avg@n, pass@k with k=1), not only named by the user.
    countable: bool,
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
        countable: true,
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
            Some(n) => countable(n).or(Some(Countable {
                name: n,
                n: None,
                countable: false,
            })),
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
        let generations = d.generations.map(|g| g as u64);
        let n = metric.n.or(generations);
        let counted = match (value, n) {
            (None, _) => Err(format!("no value for the metric {}", metric.name)),
            (_, None | Some(0)) => Err("no generations".to_string()),
            (_, Some(n)) if generations.is_some_and(|g| g < n) => Err(format!(
                "the metric {} is of n = {n} samples, but the document has {} generations",
                metric.name,
                generations.unwrap_or_default()
            )),
            // A metric that is not c/n (the user's) counts only a single generation.
            (_, Some(n)) if !metric.countable && n > 1 => Err(format!(
                "{} is not c/n of the samples (not avg@n, nor pass@k with k=1): it counts only a document of one generation, this one has {n}",
                metric.name
            )),
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
    // A mean of n zeros and ones times n is within a few ulps of a whole number.
    ((c - r).abs() <= COUNT_SLACK && (0.0..=n as f64).contains(&r)).then_some(r as u64)
}

/// How far value × n may be from a whole count (rounding in the mean lighteval wrote).
const COUNT_SLACK: f64 = 1e-6;

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
    // The rollouts' rule (the user's threshold, else the largest score but at least 1).
    let largest = docs
        .iter()
        .flat_map(|d| d.scores.iter().flatten().flatten())
        .copied()
        .filter(|v| v.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    let threshold = col.pass_threshold(largest, "a response passes when its score");
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

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, generations: usize, metric: &[(&str, Option<f64>)]) -> Doc {
        Doc {
            id: Some(id.into()),
            generations: Some(generations),
            metric: metric.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            ..Doc::default()
        }
    }

    fn read(docs: &[Doc], metric: Option<&str>) -> (Vec<(String, u64, u64)>, Vec<String>) {
        let mut col = Collector::default();
        col.options.metric = metric.map(str::to_string);
        count(docs, &mut col);
        let counts = col
            .take_series()
            .into_iter()
            .flat_map(|s| s.1)
            .map(|t| {
                (
                    t.id.as_deref().unwrap_or_default().to_string(),
                    t.counts.n(),
                    t.counts.c(),
                )
            })
            .collect();
        let rejected = col
            .rejected
            .iter()
            .map(|r| format!("{}: {}", r.line, r.reason))
            .collect();
        (counts, rejected)
    }

    #[test]
    fn each_document_is_counted_or_rejected_with_its_row_and_reason() {
        let m = "avg@n:n=4";
        let docs = [
            doc("a", 4, &[(m, Some(0.75))]),
            doc("graded", 4, &[(m, Some(0.6))]),
            doc("none", 4, &[(m, None)]),
            doc("nan", 4, &[(m, Some(f64::NAN))]),
            doc("short", 2, &[(m, Some(0.5))]),
            doc("b", 4, &[(m, Some(0.0))]),
        ];
        let (counts, rejected) = read(&docs, None);
        assert_eq!(counts, [("a".into(), 4, 3), ("b".into(), 4, 0)]);
        assert_eq!(rejected.len(), 4, "{rejected:?}");
        assert!(rejected[0].starts_with("2: avg@n:n=4 = 0.6 is not a count of passes out of n = 4"));
        assert!(rejected[1].starts_with("3: no value for the metric"));
        assert!(rejected[2].starts_with("4: avg@n:n=4 = NaN is not a count"));
        assert!(rejected[3]
            .starts_with("5: the metric avg@n:n=4 is of n = 4 samples, but the document has 2"));
    }

    #[test]
    fn a_metric_that_is_not_c_over_n_counts_only_single_generations() {
        let docs = [
            doc("one", 1, &[("extractive_match", Some(1.0))]),
            doc("four", 4, &[("extractive_match", Some(1.0))]),
        ];
        let (counts, rejected) = read(&docs, Some("extractive_match"));
        assert_eq!(counts, [("one".into(), 1, 1)]);
        assert!(
            rejected[0].contains("is not c/n of the samples"),
            "{rejected:?}"
        );
        // Not chosen unasked: no metric that counts passes.
        let (counts, rejected) = read(&docs, None);
        assert!(counts.is_empty() && rejected[0].contains("no metric that counts passes"));
    }

    #[test]
    fn the_metric_of_most_samples_is_chosen_and_its_n_read_from_its_name() {
        let docs = [doc(
            "a",
            16,
            &[
                ("pass@k:k=1&n=4", Some(0.5)),
                ("avg@n:n=16", Some(0.4375)),
                ("pass@k:k=2&n=16", Some(0.9)),
            ],
        )];
        let (counts, _) = read(&docs, None);
        assert_eq!(counts, [("a".into(), 16, 7)]);
        assert_eq!(count_of(0.1 + 0.2, 10), Some(3));
        assert_eq!(count_of(1.5, 1), None);
        assert_eq!(count_of(-0.25, 4), None);
    }
}
