//! Reading per-task counts: pasted `n c` lines, CSV/TSV with a header, JSON lines. Every bad
//! row is returned with its line number and reason; nothing is dropped silently.

use std::collections::HashMap;

use serde_json::Value;

use crate::core::dataset::{Dataset, Task};
use crate::core::pass_at_k::Counts;
use crate::core::report::Rejected;
use crate::io::number::{parse_count, shorten};

/// How a text was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One task per line: `n c`, `n,c`, `n<TAB>c` or `c/n`.
    CountsText,
    /// Delimited text with a header row.
    Delimited {
        /// The delimiter (`,` or tab).
        delimiter: char,
    },
    /// One JSON object per line with `n` and `c`.
    JsonLines,
}

impl Format {
    /// A short description for the "read as …" summary.
    pub fn describe(&self) -> String {
        match self {
            Format::CountsText => "counts, one task per line (n c)".to_string(),
            Format::Delimited { delimiter: '\t' } => "TSV with a header".to_string(),
            Format::Delimited { .. } => "CSV with a header".to_string(),
            Format::JsonLines => "JSON lines of counts".to_string(),
        }
    }
}

/// A row that could not be read, before it is attached to a series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// 1-based line number.
    pub line: u64,
    /// Why.
    pub reason: String,
    /// The series the row named, if it could be read.
    pub series: Option<String>,
}

/// What one file or pasted text yielded.
#[derive(Debug, Clone, PartialEq)]
pub struct FileRead {
    /// The name shown in messages (`file:line: reason`).
    pub file: String,
    /// The series name when the input names none (file stem, `stdin`, `pasted`).
    pub default_name: String,
    /// How it was read (None for an empty input).
    pub format: Option<Format>,
    /// Series in order of first appearance: (model name or None, tasks).
    pub series: Vec<(Option<String>, Vec<Task>)>,
    /// Rejected rows.
    pub rejected: Vec<RowError>,
    /// Header columns that were not used.
    pub ignored_columns: Vec<String>,
}

const N_NAMES: [&str; 5] = ["n", "samples", "num_samples", "total", "attempts"];
const C_NAMES: [&str; 5] = ["c", "correct", "num_correct", "passed", "successes"];
const TASK_NAMES: [&str; 6] = [
    "task",
    "task_id",
    "id",
    "problem",
    "prompt_idx",
    "question_id",
];
const MODEL_NAMES: [&str; 2] = ["model", "model_name"];

/// The series name for a file path: its file name without the extension; `-` is `stdin`.
pub fn series_name_for(path: &str) -> String {
    if path == "-" {
        return "stdin".to_string();
    }
    let base = path.rsplit(['/', '\\']).next().unwrap_or(path);
    match base.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => base.to_string(),
    }
}

/// Accumulates tasks into series by model name, checking duplicate task ids per series.
struct Collector {
    series: Vec<(Option<String>, Vec<Task>)>,
    index: HashMap<Option<String>, usize>,
    seen_ids: HashMap<(Option<String>, String), u64>,
    rejected: Vec<RowError>,
}

impl Collector {
    fn new() -> Self {
        Collector {
            series: Vec::new(),
            index: HashMap::new(),
            seen_ids: HashMap::new(),
            rejected: Vec::new(),
        }
    }

    fn reject(&mut self, line: u64, reason: impl Into<String>, series: Option<String>) {
        self.rejected.push(RowError {
            line,
            reason: reason.into(),
            series,
        });
    }

    fn push(&mut self, line: u64, model: Option<String>, id: Option<String>, n: u64, c: u64) {
        let counts = match Counts::new(n, c) {
            Ok(t) => t,
            Err(e) => return self.reject(line, e.to_string(), model),
        };
        if let Some(id) = &id {
            let key = (model.clone(), id.clone());
            if let Some(first) = self.seen_ids.get(&key) {
                let reason = format!(
                    "duplicate task id '{}' (first on line {first}); not merged",
                    shorten(id)
                );
                return self.reject(line, reason, model);
            }
            self.seen_ids.insert(key, line);
        }
        let i = *self.index.entry(model.clone()).or_insert_with(|| {
            self.series.push((model.clone(), Vec::new()));
            self.series.len() - 1
        });
        self.series[i].1.push(Task { id, counts });
    }
}

/// Lines with their 1-based numbers, BOM and CR removed, blank and `#` lines skipped.
fn content_lines(text: &str) -> impl Iterator<Item = (u64, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n').enumerate().filter_map(|(i, l)| {
        let l = l.strip_suffix('\r').unwrap_or(l);
        let t = l.trim();
        (!t.is_empty() && !t.starts_with('#')).then_some((i as u64 + 1, l))
    })
}

/// Detects the format from the first content line.
pub fn detect(text: &str) -> Option<Format> {
    let (_, first) = content_lines(text).next()?;
    let t = first.trim_start();
    if t.starts_with('{') {
        return Some(Format::JsonLines);
    }
    if first.chars().any(|ch| ch.is_ascii_alphabetic()) && !looks_numeric_row(first) {
        let delimiter = if first.contains('\t') { '\t' } else { ',' };
        return Some(Format::Delimited { delimiter });
    }
    Some(Format::CountsText)
}

/// A data row with an exponent (`1e3 5`) is not a header.
fn looks_numeric_row(line: &str) -> bool {
    line.split([',', '\t', ' ', '/'])
        .filter(|f| !f.trim().is_empty())
        .all(|f| {
            f.trim()
                .chars()
                .all(|ch| ch.is_ascii_digit() || "eE+-.".contains(ch))
        })
}

/// Reads a whole text (a file's content or pasted text) with the detected format, or the one
/// given.
pub fn read_text(file: &str, default_name: &str, text: &str, format: Option<Format>) -> FileRead {
    let format = format.or_else(|| detect(text));
    let mut col = Collector::new();
    let mut ignored_columns = Vec::new();
    match format {
        None => {}
        Some(Format::CountsText) => read_counts_text(text, &mut col),
        Some(Format::JsonLines) => read_json_lines(text, &mut col),
        Some(Format::Delimited { delimiter }) => {
            ignored_columns = read_delimited(text, delimiter, &mut col);
        }
    }
    FileRead {
        file: file.to_string(),
        default_name: default_name.to_string(),
        format,
        series: col.series,
        rejected: col.rejected,
        ignored_columns,
    }
}

fn read_counts_text(text: &str, col: &mut Collector) {
    for (line, raw) in content_lines(text) {
        let fields: Vec<&str> = if raw.contains('/') {
            // c/n
            let parts: Vec<&str> = raw.split('/').map(str::trim).collect();
            if parts.len() != 2 {
                col.reject(line, "expected 'n c', 'n,c' or 'c/n'", None);
                continue;
            }
            vec![parts[1], parts[0]]
        } else {
            raw.split([',', '\t', ' ', ';'])
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .collect()
        };
        if fields.len() != 2 {
            col.reject(
                line,
                format!("expected 2 numbers (n c), found {} fields", fields.len()),
                None,
            );
            continue;
        }
        match (parse_count(fields[0]), parse_count(fields[1])) {
            (Ok(n), Ok(c)) => col.push(line, None, None, n, c),
            (Err(e), _) => col.reject(line, format!("n: {e}"), None),
            (_, Err(e)) => col.reject(line, format!("c: {e}"), None),
        }
    }
}

/// Splits one delimited line, honouring double quotes (RFC 4180 within a line).
pub fn split_delimited(line: &str, delimiter: char) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' if quoted => quoted = false,
            '"' if cur.trim().is_empty() => {
                cur.clear();
                quoted = true;
            }
            c if c == delimiter && !quoted => out.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    out.push(cur);
    out.into_iter().map(|f| f.trim().to_string()).collect()
}

fn find_column(header: &[String], names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
}

fn read_delimited(text: &str, delimiter: char, col: &mut Collector) -> Vec<String> {
    let mut lines = content_lines(text);
    let Some((header_line, header_text)) = lines.next() else {
        return Vec::new();
    };
    let header = split_delimited(header_text, delimiter);
    let n_col = find_column(&header, &N_NAMES);
    let c_col = find_column(&header, &C_NAMES);
    let task_col = find_column(&header, &TASK_NAMES);
    let model_col = find_column(&header, &MODEL_NAMES);
    let used = [n_col, c_col, task_col, model_col];
    let ignored: Vec<String> = header
        .iter()
        .enumerate()
        .filter(|(i, _)| !used.contains(&Some(*i)))
        .map(|(_, h)| h.clone())
        .collect();
    let (Some(n_col), Some(c_col)) = (n_col, c_col) else {
        let missing = if n_col.is_none() {
            "n (n|samples|num_samples|total|attempts)"
        } else {
            "c (c|correct|num_correct|passed|successes)"
        };
        col.reject(
            header_line,
            format!("missing column: the header names no {missing}"),
            None,
        );
        for (line, _) in lines {
            col.reject(line, "missing column: no n or c column in the header", None);
        }
        return ignored;
    };
    for (line, raw) in lines {
        let fields = split_delimited(raw, delimiter);
        let get = |i: usize| fields.get(i).map(String::as_str);
        let model = model_col
            .and_then(get)
            .filter(|m| !m.is_empty())
            .map(str::to_string);
        let (Some(n_text), Some(c_text)) = (get(n_col), get(c_col)) else {
            col.reject(
                line,
                format!(
                    "missing column: {} fields, the header has {}",
                    fields.len(),
                    header.len()
                ),
                model,
            );
            continue;
        };
        let id = task_col
            .and_then(get)
            .filter(|t| !t.is_empty())
            .map(str::to_string);
        match (parse_count(n_text), parse_count(c_text)) {
            (Ok(n), Ok(c)) => col.push(line, model, id, n, c),
            (Err(e), _) => col.reject(line, format!("{}: {e}", header[n_col]), model),
            (_, Err(e)) => col.reject(line, format!("{}: {e}", header[c_col]), model),
        }
    }
    ignored
}

/// A JSON number as a count: integral values only (`3.0` reads as 3, `3.5` is rejected).
pub fn json_count(v: &Value) -> Result<u64, String> {
    match v {
        Value::Number(num) => {
            if let Some(u) = num.as_u64() {
                return if u > crate::core::pass_at_k::MAX_COUNT {
                    Err("must be at most 10^12".into())
                } else {
                    Ok(u)
                };
            }
            if num.as_i64().is_some() {
                return Err("must not be negative".into());
            }
            match num.as_f64() {
                Some(f) if f < 0.0 => Err("must not be negative".into()),
                Some(f) if f.fract() != 0.0 => Err(format!("{num} is not a whole number")),
                Some(f) if f > crate::core::pass_at_k::MAX_COUNT as f64 => {
                    Err("must be at most 10^12".into())
                }
                Some(f) => Ok(f as u64),
                None => Err("not a number".into()),
            }
        }
        Value::Null => Err("is null".into()),
        other => Err(format!("{} is not a number", shorten(&other.to_string()))),
    }
}

/// A JSON id (string or number) as text.
pub fn json_id(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn read_json_lines(text: &str, col: &mut Collector) {
    for (line, raw) in content_lines(text) {
        let obj = match serde_json::from_str::<Value>(raw) {
            Ok(Value::Object(o)) => o,
            Ok(_) => {
                col.reject(line, "not a JSON object", None);
                continue;
            }
            Err(e) => {
                col.reject(line, format!("malformed JSON: {e}"), None);
                continue;
            }
        };
        let field = |names: &[&str]| names.iter().find_map(|n| obj.get(*n));
        let model = field(&MODEL_NAMES).and_then(json_id);
        let id = field(&TASK_NAMES).and_then(json_id);
        let (Some(nv), Some(cv)) = (field(&N_NAMES), field(&C_NAMES)) else {
            let which = if field(&N_NAMES).is_none() { "n" } else { "c" };
            col.reject(line, format!("missing column: no '{which}' field"), model);
            continue;
        };
        match (json_count(nv), json_count(cv)) {
            (Ok(n), Ok(c)) => col.push(line, model, id, n, c),
            (Err(e), _) => col.reject(line, format!("n: {e}"), model),
            (_, Err(e)) => col.reject(line, format!("c: {e}"), model),
        }
    }
}

/// Turns the files read into named series and their rejected rows.
///
/// One series per file, named by the file, unless rows name a model; order = file order,
/// then first appearance; a repeated name gets a ` (2)` suffix. Rejected rows go with the
/// series they name, else with the file's first series (an empty one if the file has none).
pub fn assemble(files: Vec<FileRead>) -> (Vec<Dataset>, Vec<Vec<Rejected>>) {
    let mut datasets: Vec<Dataset> = Vec::new();
    let mut rejected: Vec<Vec<Rejected>> = Vec::new();
    let mut used: HashMap<String, u32> = HashMap::new();
    let mut unique = |name: String| -> String {
        let count = used.entry(name.clone()).or_insert(0);
        *count += 1;
        if *count == 1 {
            name
        } else {
            format!("{name} ({count})")
        }
    };
    for f in files {
        let first = datasets.len();
        let mut by_model: HashMap<Option<String>, usize> = HashMap::new();
        for (model, tasks) in f.series {
            let name = unique(model.clone().unwrap_or_else(|| f.default_name.clone()));
            by_model.insert(model, datasets.len());
            datasets.push(Dataset { name, tasks });
            rejected.push(Vec::new());
        }
        if datasets.len() == first && !f.rejected.is_empty() {
            datasets.push(Dataset {
                name: unique(f.default_name.clone()),
                tasks: Vec::new(),
            });
            rejected.push(Vec::new());
        }
        for r in f.rejected {
            let i = r
                .series
                .as_ref()
                .and_then(|m| by_model.get(&Some(m.clone())))
                .copied()
                .unwrap_or(first);
            rejected[i].push(Rejected {
                file: f.file.clone(),
                line: r.line,
                reason: r.reason,
            });
        }
    }
    (datasets, rejected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_paths() {
        assert_eq!(
            series_name_for("../data/deepscaler_base.jsonl"),
            "deepscaler_base"
        );
        assert_eq!(series_name_for("-"), "stdin");
        assert_eq!(series_name_for("counts"), "counts");
        assert_eq!(series_name_for(".hidden"), ".hidden");
    }

    #[test]
    fn counts_text_in_every_spelling() {
        let r = read_text("p", "p", "# comment\n10 3\n10,4\n10\t5\n6/10\n\n", None);
        assert_eq!(r.format, Some(Format::CountsText));
        let cs: Vec<u64> = r.series[0].1.iter().map(|t| t.counts.c()).collect();
        assert_eq!(cs, vec![3, 4, 5, 6]);
        assert!(r.rejected.is_empty());
    }

    #[test]
    fn bad_rows_have_line_and_reason() {
        let r = read_text(
            "p",
            "p",
            "10 3\n10 11\n1e3 5\n-1 0\n3.5 1\n0 0\n1 2 3\n",
            None,
        );
        let reasons: Vec<(u64, &str)> = r
            .rejected
            .iter()
            .map(|e| (e.line, e.reason.as_str()))
            .collect();
        assert_eq!(reasons.len(), 6);
        assert!(reasons[0].1.starts_with("c > n"));
        assert_eq!(reasons[0].0, 2);
        assert!(reasons[1].1.contains("exponent"));
        assert!(reasons[2].1.contains("negative"));
        assert!(reasons[3].1.contains("whole"));
        assert!(reasons[4].1.starts_with("n = 0"));
        assert!(reasons[5].1.contains("found 3"));
    }

    #[test]
    fn csv_with_model_column_splits_series() {
        let text = "\u{feff}model,task,n,c,extra\r\nA,1,10,3,x\r\nB,1,10,4,y\r\nA,2,10,5,z\r\nA,2,10,6,z\r\n";
        let r = read_text("f.csv", "f", text, None);
        assert_eq!(r.format, Some(Format::Delimited { delimiter: ',' }));
        assert_eq!(r.series.len(), 2);
        assert_eq!(r.series[0].0.as_deref(), Some("A"));
        assert_eq!(r.series[0].1.len(), 2);
        assert_eq!(r.ignored_columns, vec!["extra".to_string()]);
        assert_eq!(r.rejected.len(), 1);
        assert!(r.rejected[0].reason.contains("duplicate task id '2'"));
    }

    #[test]
    fn json_lines() {
        let text = "{\"c\":117,\"id\":\"a\",\"n\":128,\"source\":\"aime24\"}\n{\"n\":3.0,\"c\":1}\n{\"n\":4,\"c\":1.5}\n{oops\n[1,2]\n{\"n\":4}\n";
        let r = read_text("f.jsonl", "f", text, None);
        assert_eq!(r.format, Some(Format::JsonLines));
        assert_eq!(r.series[0].1.len(), 2);
        let lines: Vec<u64> = r.rejected.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 4, 5, 6]);
        assert!(r.rejected[0].reason.contains("not a whole number"));
        assert!(r.rejected[1].reason.starts_with("malformed JSON"));
    }

    #[test]
    fn assembling_names_and_duplicates() {
        let a = read_text("x/a.txt", "a", "10 3\n", None);
        let b = read_text("y/a.txt", "a", "10 4\n10 12\n", None);
        let (ds, rej) = assemble(vec![a, b]);
        assert_eq!(
            ds.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(),
            vec!["a", "a (2)"]
        );
        assert_eq!(rej[1].len(), 1);
        assert_eq!(rej[1][0].file, "y/a.txt");
        let bad = read_text("bad.txt", "bad", "x y z\n", None);
        let (ds, rej) = assemble(vec![bad]);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].tasks.is_empty());
        assert_eq!(rej[0].len(), 1);
    }
}
