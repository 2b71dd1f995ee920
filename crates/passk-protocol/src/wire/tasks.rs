//! Task lists across the worker boundary in columns: serde-wasm-bindgen would make every task
//! a JavaScript object holding two BigInts (a million tasks froze the page for seconds on
//! each side). Here a list is its counts as one byte array (n and c, 16 bytes a task, one
//! `Uint8Array`), its ids as one string and a byte array of their lengths, and, whole, only the
//! tasks that carry more than an id and counts (a group, votes, scores). Used by the messages
//! that carry datasets ([`datasets`]) or a file read ([`file_read`]); the grouped counts of
//! the fits sent back are columns too (`fits.rs`). Every other use of the types (local
//! storage, reports) keeps their own form.

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use passk_core::data::counts::Counts;
use passk_core::data::dataset::{Dataset, SeriesMeta};

use passk_core::data::task::Task;
use passk_io::read::{FileRead, Format, RowError};

/// Bytes that cross as one typed array (a JSON array of numbers elsewhere).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Bytes(pub(super) Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

struct BytesVisitor;

impl<'de> Visitor<'de> for BytesVisitor {
    type Value = Bytes;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("bytes")
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Bytes, E> {
        Ok(Bytes(v.to_vec()))
    }

    fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Bytes, E> {
        Ok(Bytes(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bytes, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 20));
        while let Some(b) = seq.next_element::<u8>()? {
            out.push(b);
        }
        Ok(Bytes(out))
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bytes, D::Error> {
        d.deserialize_byte_buf(BytesVisitor)
    }
}

/// The little-endian u64 in the first 8 bytes of `b` (callers pass 8 bytes).
pub(super) fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b.get(..8).and_then(|b| b.try_into().ok()).unwrap_or([0; 8]))
}

/// The length that marks a task without id.
const NO_ID: u32 = u32::MAX;

/// A task list in columns.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct TaskColumns {
    /// n and c of each task, little-endian u64s.
    counts: Bytes,
    /// The ids one after the other (UTF-8 bytes: a string would be converted character by
    /// character at the boundary), and each one's length in bytes (little-endian u32;
    /// [`NO_ID`]: none); None when no task has an id.
    ids: Option<(Bytes, Bytes)>,
    /// The tasks with a group, votes or scores, whole, by position.
    whole: Vec<(u64, Task)>,
}

impl TaskColumns {
    fn of(tasks: &[Task]) -> TaskColumns {
        let mut counts = Vec::with_capacity(16 * tasks.len());
        for t in tasks {
            counts.extend_from_slice(&t.counts.n().to_le_bytes());
            counts.extend_from_slice(&t.counts.c().to_le_bytes());
        }
        let ids = tasks.iter().any(|t| t.id.is_some()).then(|| {
            // Sized at once: grown by doubling, 10⁵ ids cost 9 ms of copies in the page's pick.
            let lens_of_ids = tasks.iter().filter_map(|t| t.id.as_deref()).map(str::len);
            let mut text = String::with_capacity(lens_of_ids.sum());
            let mut lens = Vec::with_capacity(4 * tasks.len());
            for t in tasks {
                let len = match t.id.as_deref() {
                    Some(id) => {
                        text.push_str(id);
                        u32::try_from(id.len()).unwrap_or(NO_ID - 1)
                    }
                    None => NO_ID,
                };
                lens.extend_from_slice(&len.to_le_bytes());
            }
            (Bytes(text.into_bytes()), Bytes(lens))
        });
        let whole = tasks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.has_extra())
            .map(|(i, t)| (i as u64, t.clone()))
            .collect();
        TaskColumns {
            counts: Bytes(counts),
            ids,
            whole,
        }
    }

    fn into_tasks<E: serde::de::Error>(self) -> Result<Vec<Task>, E> {
        let bytes = &self.counts.0;
        if !bytes.len().is_multiple_of(16) {
            return Err(E::custom("task counts: not a whole number of tasks"));
        }
        let len = bytes.len() / 16;
        let mut ids = match &self.ids {
            Some((text, lens)) if lens.0.len() == 4 * len => {
                let text =
                    std::str::from_utf8(&text.0).map_err(|_| E::custom("task ids: not UTF-8"))?;
                Some((text, lens.0.chunks(4)))
            }
            Some(_) => return Err(E::custom("task ids: not one length per task")),
            None => None,
        };
        let mut tasks = Vec::with_capacity(len);
        for pair in bytes.chunks(16) {
            let counts = Counts::new(le_u64(&pair[..8]), le_u64(&pair[8..])).map_err(E::custom)?;
            let id = match &mut ids {
                Some((text, lens)) => {
                    let l = lens.next().map_or(NO_ID, |b| {
                        u32::from_le_bytes(b.try_into().unwrap_or([0; 4]))
                    });
                    if l == NO_ID {
                        None
                    } else {
                        let l = l as usize;
                        let (id, rest) = text
                            .split_at_checked(l)
                            .ok_or_else(|| E::custom("task ids: shorter than their lengths"))?;
                        *text = rest;
                        Some(id.to_string())
                    }
                }
                None => None,
            };
            tasks.push(Task::new(id, counts));
        }
        if ids.is_some_and(|(rest, _)| !rest.is_empty()) {
            return Err(E::custom("task ids: longer than their lengths"));
        }
        for (i, t) in self.whole {
            let slot = usize::try_from(i)
                .ok()
                .and_then(|i| tasks.get_mut(i))
                .ok_or_else(|| E::custom("a whole task past the end of the list"))?;
            *slot = t;
        }
        Ok(tasks)
    }
}

/// A dataset whose tasks are in columns.
#[derive(Serialize, Deserialize)]
struct DatasetCols {
    name: String,
    tasks: TaskColumns,
    meta: SeriesMeta,
}

/// `#[serde(with)]` for a message's `Vec<Dataset>`.
pub mod datasets {
    use super::*;

    /// Writes the datasets with their tasks in columns.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(ds: &[Dataset], s: S) -> Result<S::Ok, S::Error> {
        let cols: Vec<DatasetCols> = ds
            .iter()
            .map(|d| DatasetCols {
                name: d.name.clone(),
                tasks: TaskColumns::of(&d.tasks),
                meta: d.meta.clone(),
            })
            .collect();
        cols.serialize(s)
    }

    /// Reads them back.
    ///
    /// # Errors
    /// The deserializer's, or why the columns do not make tasks.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Dataset>, D::Error> {
        Vec::<DatasetCols>::deserialize(d)?
            .into_iter()
            .map(|c| {
                Ok(Dataset {
                    name: c.name,
                    tasks: c.tasks.into_tasks()?.into(),
                    meta: c.meta,
                })
            })
            .collect()
    }
}

/// A file read whose series' tasks are in columns.
#[derive(Serialize, Deserialize)]
struct FileReadCols {
    file: String,
    default_name: String,
    format: Option<Format>,
    series: Vec<(SeriesMeta, TaskColumns)>,
    rejected: Vec<RowError>,
    rejected_more: u64,
    ignored_columns: Vec<String>,
    #[serde(default)]
    notes: Vec<String>,
    bytes: u64,
    runs_of: Option<String>,
    #[serde(default)]
    id: u32,
}

impl FileReadCols {
    /// The file read with its tasks in columns.
    fn of(r: &FileRead) -> FileReadCols {
        FileReadCols {
            file: r.file.clone(),
            default_name: r.default_name.clone(),
            format: r.format,
            series: r
                .series
                .iter()
                .map(|(m, t)| (m.clone(), TaskColumns::of(t)))
                .collect(),
            rejected: r.rejected.clone(),
            rejected_more: r.rejected_more,
            ignored_columns: r.ignored_columns.clone(),
            notes: r.notes.clone(),
            bytes: r.bytes,
            runs_of: r.runs_of.clone(),
            id: r.id,
        }
    }

    /// The file read back, or why the columns do not make tasks.
    fn into_file_read<E: serde::de::Error>(self) -> Result<FileRead, E> {
        let series = self
            .series
            .into_iter()
            .map(|(m, t)| Ok((m, t.into_tasks()?.into())))
            .collect::<Result<_, E>>()?;
        Ok(FileRead {
            file: self.file,
            default_name: self.default_name,
            format: self.format,
            series,
            rejected: self.rejected,
            rejected_more: self.rejected_more,
            ignored_columns: self.ignored_columns,
            notes: self.notes,
            bytes: self.bytes,
            runs_of: self.runs_of,
            id: self.id,
        })
    }
}

/// `#[serde(with)]` for a message's `Box<FileRead>`.
pub mod file_read {
    use super::*;

    /// Writes the file read with its tasks in columns.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(r: &FileRead, s: S) -> Result<S::Ok, S::Error> {
        FileReadCols::of(r).serialize(s)
    }

    /// Reads it back.
    ///
    /// # Errors
    /// The deserializer's, or why the columns do not make tasks.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Box<FileRead>, D::Error> {
        FileReadCols::deserialize(d)?.into_file_read().map(Box::new)
    }
}

/// `#[serde(with)]` for a message's `Vec<FileRead>`.
pub mod file_reads {
    use super::*;

    /// Writes the files read with their tasks in columns.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(rs: &[FileRead], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(rs.iter().map(FileReadCols::of))
    }

    /// Reads them back.
    ///
    /// # Errors
    /// The deserializer's, or why the columns do not make tasks.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<FileRead>, D::Error> {
        Vec::<FileReadCols>::deserialize(d)?
            .into_iter()
            .map(FileReadCols::into_file_read)
            .collect()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Tasks with and without ids and groups, the largest count and ids that need escaping
    /// (also the fits' columns' test data, in `fits_wire`).
    pub(crate) fn tasks() -> Vec<Task> {
        let c = |n, c| Counts::new(n, c).unwrap();
        let mut grouped = Task::grouped(Some("g".into()), c(4, 1), Some("easy".into()));
        grouped.set_group(Some("hard".into()));
        vec![
            Task::new(Some("a".into()), c(10, 3)),
            Task::new(None, c(passk_core::data::counts::MAX_COUNT, 0)),
            Task::new(Some(String::new()), c(5, 5)),
            grouped,
            Task::new(Some("ü/ß, \"x\"".into()), c(7, 2)),
        ]
    }

    #[test]
    fn tasks_in_columns_come_back_whole() {
        for list in [
            tasks(),
            Vec::new(),
            vec![Task::new(None, Counts::new(3, 1).unwrap())],
        ] {
            let json = serde_json::to_string(&TaskColumns::of(&list)).unwrap();
            let back: TaskColumns = serde_json::from_str(&json).unwrap();
            assert_eq!(back.into_tasks::<serde_json::Error>().unwrap(), list);
        }
        let ds = vec![Dataset {
            name: "m".into(),
            tasks: tasks().into(),
            meta: SeriesMeta::model("m"),
        }];
        let mut json = Vec::new();
        datasets::serialize(&ds, &mut serde_json::Serializer::new(&mut json)).unwrap();
        let back = datasets::deserialize(&mut serde_json::Deserializer::from_slice(&json)).unwrap();
        assert_eq!(back, ds);
    }

    #[test]
    fn damaged_columns_are_refused_not_trusted() {
        let good = TaskColumns::of(&tasks());
        let mut odd = good.clone();
        odd.counts.0.pop();
        let mut c_over_n = good.clone();
        c_over_n.counts.0[8] = 200;
        let mut short_ids = good.clone();
        short_ids.ids.as_mut().unwrap().0 .0.pop();
        let mut few_lengths = good.clone();
        few_lengths.ids.as_mut().unwrap().1 .0.truncate(8);
        let mut far = good.clone();
        far.whole[0].0 = 99;
        let mut long_ids = good.clone();
        long_ids.ids.as_mut().unwrap().0 .0.push(b'z');
        // Ids whose bytes are not UTF-8 (a length cutting a character in two is refused by
        // the split as well).
        let mut not_utf8 = good.clone();
        not_utf8.ids.as_mut().unwrap().0 .0[0] = 0xFF;
        for bad in [
            odd,
            c_over_n,
            short_ids,
            few_lengths,
            far,
            long_ids,
            not_utf8,
        ] {
            assert!(bad.into_tasks::<serde_json::Error>().is_err());
        }
    }
}
