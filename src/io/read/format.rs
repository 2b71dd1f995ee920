//! The input formats: the [`Format`] enum, its keys and descriptions, and detecting the
//! format from the start of an input.

use super::json_rows;
use super::names::{C_NAMES, N_NAMES, OUTCOME_NAMES};
use super::text_rows::{self, is_skipped};

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
    /// lm-evaluation-harness `samples_<task>_<date>.jsonl`.
    LmEval,
}

impl Format {
    /// Every format, in the order the override menu lists them.
    pub const ALL: [Format; 9] = [
        Format::CountsText,
        Format::Delimited { delimiter: ',' },
        Format::Delimited { delimiter: '\t' },
        Format::JsonLines,
        Format::SampleLines,
        Format::EvalPlus,
        Format::JsonList,
        Format::Matrix,
        Format::LmEval,
    ];

    /// The format's [`key`](Self::key) and [`description`](Self::describe).
    fn labels(&self) -> (&'static str, &'static str) {
        match self {
            Format::CountsText => ("counts", "counts, one task per line (n c)"),
            Format::Delimited { delimiter: '\t' } => ("tsv", "TSV with a header"),
            Format::Delimited { delimiter: ';' } => {
                ("ssv", "semicolon-separated values with a header")
            }
            Format::Delimited { .. } => ("csv", "CSV with a header"),
            Format::JsonLines => ("jsonl-counts", "JSON lines of counts (n, c)"),
            Format::SampleLines => (
                "jsonl-samples",
                "JSON lines of per-sample results (human-eval and others)",
            ),
            Format::EvalPlus => (
                "evalplus",
                "evalplus eval_results.json (base and base+plus)",
            ),
            Format::JsonList => (
                "json-list",
                "JSON list (LiveCodeBench eval_all, counts or results)",
            ),
            Format::Matrix => ("matrix", "0/1 matrix, one task per row"),
            Format::LmEval => (
                "lm-eval",
                "lm-evaluation-harness samples (one series per task and filter)",
            ),
        }
    }

    /// A short description for the "read as …" summary.
    pub fn describe(&self) -> &'static str {
        self.labels().1
    }

    /// A stable key for the override menu and saved state.
    pub fn key(&self) -> &'static str {
        self.labels().0
    }

    /// The format with this [`key`](Self::key).
    pub fn from_key(key: &str) -> Option<Format> {
        if key == "ssv" {
            return Some(Format::Delimited { delimiter: ';' });
        }
        Format::ALL.into_iter().find(|f| f.key() == key)
    }

    /// Whether the format is a whole document, read only once the input has ended.
    pub(super) fn is_document(&self) -> bool {
        matches!(self, Format::EvalPlus | Format::JsonList)
    }
}

/// Bytes looked at before the format is decided.
pub(super) const SNIFF: usize = 64 << 10;

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
        Ok(obj) if obj.has(&["doc_id"]) && obj.has(&["resps", "filtered_resps"]) => Format::LmEval,
        Ok(obj) if obj.has(&N_NAMES) && obj.has(&C_NAMES) && !obj.has(&OUTCOME_NAMES[1..]) => {
            Format::JsonLines
        }
        Ok(_) => Format::SampleLines,
        // The first line is not complete within the prefix (a one-line document, or a very
        // long line): judge by its keys.
        Err(_) => {
            if first.trim_start().starts_with("{\"doc_id\"") && prefix.contains("\"resps\"") {
                Format::LmEval
            } else if prefix.contains("\"eval\"")
                && (prefix.contains("_status\"") || prefix.contains("\"nfiles\""))
            {
                Format::EvalPlus
            } else {
                Format::SampleLines
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_keys_round_trip() {
        for f in Format::ALL {
            assert_eq!(Format::from_key(f.key()), Some(f));
        }
        assert_eq!(Format::from_key("nope"), None);
    }
}
