//! Test series of the comparison's tests: tasks t0, t1, … with the counts given.

use crate::data::counts::Counts;
use crate::data::dataset::Dataset;
use crate::data::task::Task;

/// A series named `name` whose task `i` is `t{i}` with counts `counts[i]` = (n, c).
pub fn series(name: &str, counts: &[(u64, u64)]) -> Dataset {
    Dataset {
        name: name.into(),
        tasks: counts
            .iter()
            .enumerate()
            .map(|(i, &(n, c))| Task::new(Some(format!("t{i}")), Counts::new(n, c).unwrap()))
            .collect::<Vec<_>>()
            .into(),
        meta: Default::default(),
    }
}
