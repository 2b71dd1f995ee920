//! The task ids a reader has seen, per series: per-sample rows look their task up as they
//! come; counts rows are checked for a repeated id once the rows are in, all together (a
//! lookup per row in a table of a million ids costs a cache miss or two each).

use crate::number::shorten;
use passk_core::data::SeriesMeta;

use passk_core::data::Task;

use super::fast_hash::Fx;
use super::row_error::RowError;
use hashbrown::HashTable;
use std::hash::Hasher;

/// The series a reader has gathered, in order of first appearance.
pub(super) type Series = Vec<(SeriesMeta, Vec<Task>)>;

/// A task seen: its series, its position there, the line that first named it and its id's
/// [`id_hash`] (kept: growing the table and most lookups never touch the id).
#[derive(Debug, Clone, Copy)]
pub(super) struct Seen {
    pub(super) series: usize,
    pub(super) pos: usize,
    line: u64,
    hash: u64,
}

impl Seen {
    /// The task at `pos` of series `s`, first named on `line`, whose id is `id`.
    fn new(s: usize, pos: usize, line: u64, id: &str) -> Seen {
        Seen {
            series: s,
            pos,
            line,
            hash: id_hash(s, id),
        }
    }
}

/// The hash of a task id in a series.
fn id_hash(series: usize, id: &str) -> u64 {
    let mut h = Fx::default();
    h.write_usize(series);
    h.write(id.as_bytes());
    h.finish()
}

/// The id of the task `at` points to, if it is still there.
fn seen_id<'a>(series: &'a Series, at: &Seen) -> Option<&'a str> {
    series.get(at.series)?.1.get(at.pos)?.id.as_deref()
}

/// The ids seen: a table of those looked up, and the counts rows not yet checked.
#[derive(Debug, Default)]
pub(super) struct Ids {
    /// Where each (series, task id) looked up is; the id itself is the task's own (no copy).
    table: HashTable<Seen>,
    /// Counts rows with an id, not yet checked against the rows before them.
    pending: Vec<Seen>,
}

impl Ids {
    /// A counts row's task, just pushed at `pos` of series `s`, to be checked later.
    pub(super) fn note(&mut self, s: usize, pos: usize, line: u64, id: &str) {
        self.pending.push(Seen::new(s, pos, line, id));
    }

    /// Where task `id` of series `s` is, if the table has it.
    pub(super) fn find(&self, series: &Series, s: usize, id: &str) -> Option<Seen> {
        self.find_hashed(series, id_hash(s, id), s, id)
    }

    fn find_hashed(&self, series: &Series, hash: u64, s: usize, id: &str) -> Option<Seen> {
        self.table
            .find(hash, |e| {
                e.hash == hash && e.series == s && seen_id(series, e) == Some(id)
            })
            .copied()
    }

    /// Puts the task just pushed at `pos` of series `s` in the table.
    pub(super) fn remember(&mut self, s: usize, pos: usize, line: u64, id: &str) {
        let at = Seen::new(s, pos, line, id);
        self.table.insert_unique(at.hash, at, |e| e.hash);
    }

    /// Takes in the rows `later` noted, whose series `s` are now series `to[s].0` of
    /// `series`, from position `to[s].1` on (`Collector::absorb` in `collect.rs`).
    pub(super) fn absorb(&mut self, later: Ids, to: &[(usize, usize)], series: &Series) {
        debug_assert!(
            later.table.is_empty(),
            "per-sample rows are read in one part"
        );
        self.pending.extend(later.pending.into_iter().map(|p| {
            let (s, from) = to[p.series];
            let mut at = Seen {
                series: s,
                pos: from + p.pos,
                ..p
            };
            if s != p.series {
                at.hash = id_hash(s, seen_id(series, &at).unwrap_or_default());
            }
            at
        }));
    }

    /// Forgets every id.
    pub(super) fn clear(&mut self) {
        self.table.clear();
        self.pending.clear();
    }

    /// Checks the counts rows noted since the last call against every task before them: a
    /// task whose id its series already has is taken out of `series` and rejected, naming
    /// the line that first gave the id. With `remember`, the tasks kept go into the table.
    /// Returns the rejections in line order.
    pub(super) fn settle(&mut self, series: &mut Series, remember: bool) -> Vec<RowError> {
        if self.pending.is_empty() {
            return Vec::new();
        }
        let pending = std::mem::take(&mut self.pending);
        let mut repeats = self.repeats(series, &pending);
        // Take the repeats out of their series.
        let mut gone: Vec<(usize, usize)> =
            repeats.iter().map(|(p, _)| (p.series, p.pos)).collect();
        gone.sort_unstable();
        for (s, (_, tasks)) in series.iter_mut().enumerate() {
            let mine = &gone[gone.partition_point(|g| g.0 < s)..gone.partition_point(|g| g.0 <= s)];
            if mine.is_empty() {
                continue;
            }
            let (mut at, mut pos) = (0, 0);
            tasks.retain(|_| {
                let drop = mine.get(at) == Some(&(s, pos));
                at += usize::from(drop);
                pos += 1;
                !drop
            });
        }
        if remember {
            for mut p in pending {
                if gone.binary_search(&(p.series, p.pos)).is_ok() {
                    continue;
                }
                // The repeats taken out before it in its own series.
                p.pos -= gone.partition_point(|g| *g < (p.series, p.pos))
                    - gone.partition_point(|g| g.0 < p.series);
                self.table.insert_unique(p.hash, p, |e| e.hash);
            }
        }
        repeats.sort_unstable_by_key(|(p, _)| (p.line, p.series, p.pos));
        repeats.into_iter().map(|(_, e)| e).collect()
    }

    /// The rows of `pending` whose id their series had before (in the table, or on an
    /// earlier row), each with its rejection naming that first row's line.
    fn repeats(&self, series: &Series, pending: &[Seen]) -> Vec<(Seen, RowError)> {
        // Only a row whose hash another row (or the table) has can repeat an id: those are
        // found by sorting the hashes alone (8 bytes a row), and only they are looked at.
        let mut hashes: Vec<u64> = pending.iter().map(|p| p.hash).collect();
        hashes.sort_unstable();
        let mut shared: Vec<u64> = hashes
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0])
            .collect();
        shared.dedup();
        drop(hashes);
        let in_table =
            |h: u64| !self.table.is_empty() && self.table.find(h, |e| e.hash == h).is_some();
        let mut suspects: Vec<Seen> = pending
            .iter()
            .filter(|p| shared.binary_search(&p.hash).is_ok() || in_table(p.hash))
            .copied()
            .collect();
        suspects.sort_unstable_by_key(|p| (p.hash, p.line));
        let mut repeats = Vec::new();
        for run in suspects.chunk_by(|a, b| a.hash == b.hash) {
            for (i, p) in run.iter().enumerate() {
                let Some(id) = seen_id(series, p) else {
                    continue;
                };
                // The first row with the id: in the table (rows before the last call),
                // else the earliest of this run (sorted by line) in the same series.
                let first = self
                    .find_hashed(series, p.hash, p.series, id)
                    .map(|e| e.line);
                let first = first.or_else(|| {
                    run[..i]
                        .iter()
                        .find(|q| q.series == p.series && seen_id(series, q) == Some(id))
                        .map(|q| q.line)
                });
                if let Some(first) = first {
                    let reason = format!(
                        "duplicate task id '{}' (first on line {first}); not merged",
                        shorten(id)
                    );
                    let series = series.get(p.series).map(|s| s.0.clone());
                    repeats.push((
                        *p,
                        RowError {
                            line: p.line,
                            reason,
                            series,
                        },
                    ));
                }
            }
        }
        repeats
    }
}
