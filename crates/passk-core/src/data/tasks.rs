//! A series' task list, shared: copying a dataset copies a pointer, not a million tasks
//! (the page keeps the same list in its files, its series and the request it sends).

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use crate::data::task::Task;
use crate::data::task_columns::TaskColumns;

/// A series' tasks in input order, shared between copies. Read it as a `Vec<Task>`; a change
/// made through a copy changes that copy only (the list is copied first while it is shared:
/// [`Arc::make_mut`]), so it behaves as a value.
///
/// Written as the list itself for people (JSON), and in columns for the page's worker
/// messages (a format not read by people: `task_columns`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tasks(Arc<Vec<Task>>);

impl serde::Serialize for Tasks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            self.0.serialize(s)
        } else {
            TaskColumns::of(&self.0).serialize(s)
        }
    }
}

impl<'de> serde::Deserialize<'de> for Tasks {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tasks, D::Error> {
        if d.is_human_readable() {
            Vec::<Task>::deserialize(d).map(Tasks::from)
        } else {
            TaskColumns::deserialize(d)?.into_tasks().map(Tasks::from)
        }
    }
}

impl Tasks {
    /// The list itself (copied only if it is still shared).
    pub fn into_vec(self) -> Vec<Task> {
        Arc::unwrap_or_clone(self.0)
    }

    /// Whether `other` is the very same list (not merely equal).
    pub fn same_as(&self, other: &Tasks) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Deref for Tasks {
    type Target = Vec<Task>;

    fn deref(&self) -> &Vec<Task> {
        &self.0
    }
}

impl DerefMut for Tasks {
    fn deref_mut(&mut self) -> &mut Vec<Task> {
        Arc::make_mut(&mut self.0)
    }
}

impl From<Vec<Task>> for Tasks {
    fn from(v: Vec<Task>) -> Tasks {
        Tasks(Arc::new(v))
    }
}

impl FromIterator<Task> for Tasks {
    fn from_iter<I: IntoIterator<Item = Task>>(iter: I) -> Tasks {
        Tasks::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl<'a> IntoIterator for &'a Tasks {
    type Item = &'a Task;
    type IntoIter = std::slice::Iter<'a, Task>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a> IntoIterator for &'a mut Tasks {
    type Item = &'a mut Task;
    type IntoIter = std::slice::IterMut<'a, Task>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl IntoIterator for Tasks {
    type Item = Task;
    type IntoIter = std::vec::IntoIter<Task>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl PartialEq<Vec<Task>> for Tasks {
    fn eq(&self, other: &Vec<Task>) -> bool {
        *self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::counts::Counts;

    fn task(n: u64, c: u64) -> Task {
        Task::new(None, Counts::new(n, c).unwrap())
    }

    #[test]
    fn copies_share_the_list_until_one_is_changed() {
        let a: Tasks = vec![task(4, 1), task(5, 2)].into();
        let mut b = a.clone();
        assert!(b.same_as(&a) && b == a);
        b.push(task(6, 3));
        assert!(!b.same_as(&a));
        assert_eq!(a, vec![task(4, 1), task(5, 2)]);
        assert_eq!(b.len(), 3);
        let c = b.clone();
        assert_eq!(b.into_vec(), *c);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(
            json,
            serde_json::to_string(&*c).unwrap(),
            "written as the list"
        );
        assert_eq!(serde_json::from_str::<Tasks>(&json).unwrap(), c);
    }
}
