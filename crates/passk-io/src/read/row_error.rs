//! A row a reader rejected, before it is attached to a series.

use passk_core::data::SeriesMeta;

/// A row that could not be read, before it is attached to a series.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RowError {
    /// 1-based line number (0: the whole document, e.g. a JSON file's structure).
    pub line: u64,
    /// Why.
    pub reason: String,
    /// The series the row named, if it could be read.
    pub series: Option<SeriesMeta>,
}
