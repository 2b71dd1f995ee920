//! A task list's binary form: what `Tasks` (`tasks.rs`) is written as for a
//! format that is not read by people (`Serializer::is_human_readable` false: the page's
//! worker messages), in columns. Its counts are one byte string (n and c, 16 bytes a task),
//! its ids one string and a byte string of their lengths, and, whole, only the tasks that carry
//! more than an id and counts (a group, votes, scores). Task by task with named fields, a
//! million tasks took 0.17 s to decode natively; in columns, a few milliseconds
//! (`cargo bench -p passk-protocol --bench codec`). JSON (the files the page keeps, the
//! report) has the list itself.

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::data::counts::Counts;
use crate::data::task::Task;

/// Bytes written as one byte string.
#[derive(Debug, Clone, Default, PartialEq)]
struct Bytes(Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bytes, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Bytes;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(v.to_vec()))
            }
            fn visit_byte_buf<E: Error>(self, v: Vec<u8>) -> Result<Bytes, E> {
                Ok(Bytes(v))
            }
        }
        d.deserialize_byte_buf(V)
    }
}

/// The length that marks a task without id.
const NO_ID: u32 = u32::MAX;

/// A task list in columns.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TaskColumns {
    /// n and c of each task, little-endian u64s.
    counts: Bytes,
    /// The ids one after the other, and each one's length in bytes (little-endian u32;
    /// [`NO_ID`]: none); None when no task has an id.
    ids: Option<(Bytes, Bytes)>,
    /// The tasks with a group, votes or scores, whole, by position.
    whole: Vec<(u64, Task)>,
}

/// The little-endian u64 of 8 bytes.
fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b.try_into().unwrap_or([0; 8]))
}

impl TaskColumns {
    /// The columns of `tasks`.
    pub(crate) fn of(tasks: &[Task]) -> TaskColumns {
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

    /// The tasks back, or why the columns do not make them.
    ///
    /// # Errors
    /// Counts that are not whole tasks or not valid (c > n), ids that are not UTF-8 or do not
    /// match their lengths, a whole task past the end.
    pub(crate) fn into_tasks<E: Error>(self) -> Result<Vec<Task>, E> {
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
                        let (id, rest) = text
                            .split_at_checked(l as usize)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::tasks::Tasks;

    /// Tasks with and without ids and groups, the largest count and ids that need escaping.
    fn tasks() -> Vec<Task> {
        let c = |n, c| Counts::new(n, c).unwrap();
        let mut grouped = Task::grouped(Some("g".into()), c(4, 1), Some("easy".into()));
        grouped.set_group(Some("hard".into()));
        vec![
            Task::new(Some("a".into()), c(10, 3)),
            Task::new(None, c(crate::data::counts::MAX_COUNT, 0)),
            Task::new(Some(String::new()), c(5, 5)),
            grouped,
            Task::new(Some("ü/ß, \"x\"".into()), c(7, 2)),
        ]
    }

    #[test]
    fn a_list_comes_back_whole_in_binary_and_stays_a_list_in_json() {
        for list in [
            tasks(),
            Vec::new(),
            vec![Task::new(None, Counts::new(3, 1).unwrap())],
        ] {
            let list = Tasks::from(list);
            let bytes = rmp_serde::to_vec_named(&list).unwrap();
            assert_eq!(rmp_serde::from_slice::<Tasks>(&bytes).unwrap(), list);
            // In columns: the counts are 16 bytes a task, not a value each.
            let cols: TaskColumns = rmp_serde::from_slice(&bytes).unwrap();
            assert_eq!(cols.counts.0.len(), 16 * list.len());
            let json = serde_json::to_string(&list).unwrap();
            assert_eq!(json, serde_json::to_string(&*list).unwrap());
        }
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
        assert!(good.clone().into_tasks::<serde_json::Error>().is_ok());
        for bad in [
            odd,
            c_over_n,
            short_ids,
            few_lengths,
            far,
            long_ids,
            not_utf8,
        ] {
            let bytes = rmp_serde::to_vec_named(&bad).unwrap();
            assert!(rmp_serde::from_slice::<Tasks>(&bytes).is_err());
        }
    }
}
