//! [`FileRead`]: what one input yielded; made from what a [`Collector`] gathered.

use passk_core::data::SeriesMeta;
use passk_core::data::Tasks;

use super::collect::Collector;
use super::format::Format;
#[cfg(feature = "parquet")]
use super::options::ReadOptions;
use super::row_error::RowError;

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
    pub series: Vec<(SeriesMeta, Tasks)>,
    /// Rejected rows (the first [`MAX_KEPT`](super::MAX_KEPT)).
    pub rejected: Vec<RowError>,
    /// Rejected rows beyond those kept.
    pub rejected_more: u64,
    /// Header columns or keys that were not used.
    pub ignored_columns: Vec<String>,
    /// What the reader chose that the user should know (the threshold a reward passes at).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Bytes read.
    pub bytes: u64,
    /// The series this file is one run of, for formats whose files given together combine
    /// ([`Format::runs_combine`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs_of: Option<String>,
    /// The input's stable id on the page, given when it is loaded (0: none yet; the pasted
    /// text keeps 0): the keys of its series start with it (`Loaded::keys`, in `loaded.rs`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub id: u32,
}

fn is_zero(id: &u32) -> bool {
    *id == 0
}

impl FileRead {
    /// Whether `other` holds the same data: the same series with the same tasks and counts,
    /// read the same way and with the same rejected rows, whatever the file is called
    /// (except for runs, [`runs_of`](Self::runs_of): two runs may agree).
    pub fn same_data(&self, other: &FileRead) -> bool {
        self.series == other.series
            && self.format == other.format
            // Runs of one series may well agree: only the same file is the same run.
            && (self.runs_of.is_none() || self.file == other.file)
            && self.rejected == other.rejected
            && self.rejected_more == other.rejected_more
    }

    /// Whether a reward threshold made its samples pass or fail (rollouts' rewards, a Parquet
    /// file's scores): read again, another threshold gives other counts.
    pub fn read_at_threshold(&self) -> bool {
        use super::rollout_keys::THRESHOLD_NOTE;
        self.notes
            .iter()
            .any(|n| n.contains(" passes when its ") && n.contains(THRESHOLD_NOTE))
    }

    /// Puts the series in order of the model size their names end with (`Pythia 70M` before
    /// `Pythia 2.8B` before `Pythia 12B`); series without a size keep their order, last.
    pub fn sort_by_model_size(&mut self) {
        let size = |m: &SeriesMeta| {
            let last = m.model.as_deref()?.rsplit(' ').next()?;
            let (num, scale) = match (last.strip_suffix('M'), last.strip_suffix('B')) {
                (Some(num), _) => (num, 1e6),
                (_, Some(num)) => (num, 1e9),
                _ => return None,
            };
            num.parse::<f64>().ok().map(|v| v * scale)
        };
        self.series.sort_by(|a, b| {
            size(&a.0)
                .unwrap_or(f64::INFINITY)
                .total_cmp(&size(&b.0).unwrap_or(f64::INFINITY))
        });
    }
}

/// What `col` gathered from the input `file` (series `default_name`), read as `format`.
pub(super) fn file_read(
    mut col: Collector,
    file: &str,
    default_name: &str,
    format: Option<Format>,
) -> FileRead {
    FileRead {
        id: 0,
        runs_of: None,
        series: col
            .take_series()
            .into_iter()
            .map(|(m, t)| (m, t.into()))
            .collect(),
        file: file.to_string(),
        default_name: default_name.to_string(),
        format,
        rejected: col.rejected,
        rejected_more: col.rejected_more,
        ignored_columns: Vec::new(),
        notes: col.notes,
        bytes: 0,
    }
}

/// Reads a whole Apache Parquet file (lighteval details, verl generations) with `options`:
/// what a `Reader` given `with_parquet` reads from it, without
/// linking the other formats' readers (the page's Parquet worker).
#[cfg(feature = "parquet")]
pub fn read_parquet(
    file: &str,
    default_name: &str,
    bytes: &[u8],
    options: ReadOptions,
) -> FileRead {
    let mut col = Collector::default();
    col.options = options;
    super::parquet_file::read(bytes, &mut col);
    let mut read = file_read(col, file, default_name, Some(Format::Parquet));
    read.bytes = bytes.len() as u64;
    read
}
