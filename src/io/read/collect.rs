//! Gathering what a file's rows say into series: counts rows as they come (duplicate task
//! ids reported, never merged), or per-sample results added up per task.

use std::collections::HashMap;

use crate::core::data::counts::Counts;
use crate::core::data::dataset::{SeriesMeta, Task};
use crate::io::number::shorten;

/// Rejected rows kept in full; beyond this they are only counted.
pub const MAX_KEPT: usize = 100_000;

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

/// The series a file yielded and its rejected rows.
#[derive(Debug, Default)]
pub struct Collector {
    /// Series in order of first appearance.
    pub series: Vec<(SeriesMeta, Vec<Task>)>,
    index: HashMap<SeriesMeta, usize>,
    /// Counts rows: the line of each (series, task id) seen. Per-sample rows: the task's
    /// position in its series.
    seen: HashMap<(usize, String), u64>,
    /// Rejected rows, the first [`MAX_KEPT`].
    pub rejected: Vec<RowError>,
    /// Rejected rows beyond [`MAX_KEPT`].
    pub rejected_more: u64,
}

impl Collector {
    /// Records a rejected row.
    pub fn reject(&mut self, line: u64, reason: impl Into<String>, series: Option<SeriesMeta>) {
        if self.rejected.len() < MAX_KEPT {
            self.rejected.push(RowError {
                line,
                reason: reason.into(),
                series,
            });
        } else {
            self.rejected_more += 1;
        }
    }

    fn series_index(&mut self, meta: &SeriesMeta) -> usize {
        if let Some(&i) = self.index.get(meta) {
            return i;
        }
        self.series.push((meta.clone(), Vec::new()));
        self.index.insert(meta.clone(), self.series.len() - 1);
        self.series.len() - 1
    }

    /// A counts row: one task with n samples, c of them passed.
    pub fn push_counts(&mut self, line: u64, meta: SeriesMeta, id: Option<String>, n: u64, c: u64) {
        self.push_grouped(line, meta, (id, None), n, c);
    }

    /// A counts row that may name the task's group: `(id, group)`.
    pub fn push_grouped(
        &mut self,
        line: u64,
        meta: SeriesMeta,
        (id, group): (Option<String>, Option<String>),
        n: u64,
        c: u64,
    ) {
        let counts = match Counts::new(n, c) {
            Ok(t) => t,
            Err(e) => return self.reject(line, e.to_string(), Some(meta)),
        };
        let s = self.series_index(&meta);
        if let Some(id) = &id {
            if let Some(first) = self.seen.get(&(s, id.clone())) {
                let reason = format!(
                    "duplicate task id '{}' (first on line {first}); not merged",
                    shorten(id)
                );
                return self.reject(line, reason, Some(meta));
            }
            self.seen.insert((s, id.clone()), line);
        }
        self.series[s].1.push(Task { id, counts, group });
    }

    /// Per-sample results for one task: `n` more samples, `c` of them passed (a line may
    /// carry one sample or a list of them); `(id, group)`: the task and the group its first
    /// line names, if any.
    pub fn push_samples(
        &mut self,
        line: u64,
        meta: SeriesMeta,
        (id, group): (String, Option<String>),
        n: u64,
        c: u64,
    ) {
        let s = self.series_index(&meta);
        let tasks = &mut self.series[s].1;
        match self.seen.get(&(s, id.clone())) {
            Some(&pos) => {
                let t = &mut tasks[pos as usize];
                match Counts::new(t.counts.n() + n, t.counts.c() + c) {
                    Ok(c) => t.counts = c,
                    Err(e) => self.reject(line, e.to_string(), Some(meta)),
                }
            }
            None => match Counts::new(n, c) {
                Ok(counts) => {
                    self.seen.insert((s, id.clone()), tasks.len() as u64);
                    tasks.push(Task {
                        id: Some(id),
                        counts,
                        group,
                    });
                }
                Err(e) => self.reject(line, e.to_string(), Some(meta)),
            },
        }
    }
}
