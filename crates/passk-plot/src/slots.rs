//! Which colour slot each series has: kept across edits, so that adding, removing or
//! reordering series never re-colours the others.

/// The series named in each colour slot (None: a free slot).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SlotBook(Vec<Option<String>>);

impl SlotBook {
    /// The book whose slot `i` holds `slots[i]` (as [`entries`](Self::entries) gave it: a
    /// link's or a reload's colours). A name given twice keeps its first slot.
    pub fn from_entries(slots: &[Option<String>]) -> SlotBook {
        let mut out: Vec<Option<String>> = Vec::with_capacity(slots.len());
        for s in slots {
            let taken = s
                .as_ref()
                .is_some_and(|n| out.iter().flatten().any(|o| o == n));
            out.push(if taken { None } else { s.clone() });
        }
        SlotBook(out)
    }

    /// The series named in each slot (None: a free slot).
    pub fn entries(&self) -> &[Option<String>] {
        &self.0
    }

    /// The slots worth carrying (in a link, across a reload) for the series `keys`: none
    /// when they are the slots those series get anyway, else every entry.
    pub fn carried(&self, keys: &[String]) -> Vec<Option<String>> {
        if *self == SlotBook::default().update(keys) {
            Vec::new()
        } else {
            self.0.clone()
        }
    }

    /// The book for the series `names` now shown: a series already in `self` keeps its slot;
    /// a series no longer shown frees its slot; a new series takes the lowest free slot.
    pub fn update(&self, names: &[String]) -> SlotBook {
        let mut slots: Vec<Option<String>> = self
            .0
            .iter()
            .map(|s| s.clone().filter(|n| names.contains(n)))
            .collect();
        for n in names {
            if slots.iter().flatten().any(|s| s == n) {
                continue;
            }
            match slots.iter().position(Option::is_none) {
                Some(free) => slots[free] = Some(n.clone()),
                None => slots.push(Some(n.clone())),
            }
        }
        while slots.last().is_some_and(Option::is_none) {
            slots.pop();
        }
        SlotBook(slots)
    }

    /// The same slots under other names: the series named `from[i]` is called `to[i]` (a book
    /// kept by the names as read, shown under the names the user gave).
    pub fn relabel(&self, from: &[String], to: &[String]) -> SlotBook {
        SlotBook(
            self.0
                .iter()
                .map(|s| {
                    let i = from.iter().position(|f| Some(f) == s.as_ref())?;
                    to.get(i).cloned()
                })
                .collect(),
        )
    }

    /// The slot of series `name` (past the book's end when it has none).
    pub fn slot(&self, name: &str) -> usize {
        self.0
            .iter()
            .position(|s| s.as_deref() == Some(name))
            .unwrap_or(self.0.len())
    }

    /// The slots of `names`, in order.
    pub fn slots<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> Vec<usize> {
        names.into_iter().map(|n| self.slot(n)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_book_written_and_read_back_paints_the_same_colours() {
        let b = SlotBook::default()
            .update(&names(&["a", "b", "c"]))
            .update(&names(&["b", "c"]))
            .update(&names(&["c", "b", "d"]));
        assert_eq!(b.slots(["c", "b", "d"]), vec![2, 1, 0]);
        // Read back, in whatever order the receiver lists the series, nobody moves.
        let back = SlotBook::from_entries(b.entries()).update(&names(&["d", "c", "b"]));
        assert_eq!(back.slots(["c", "b", "d"]), vec![2, 1, 0]);
        // A name twice keeps its first slot; a series the book does not know takes a free one.
        let twice = SlotBook::from_entries(&[Some("x".into()), Some("x".into()), None]);
        assert_eq!(
            twice.update(&names(&["y", "x"])).slots(["x", "y"]),
            vec![0, 1]
        );
    }

    #[test]
    fn series_keep_their_slots_across_edits() {
        let b = SlotBook::default().update(&names(&["a", "b", "c"]));
        assert_eq!(b.slots(["a", "b", "c"]), vec![0, 1, 2]);
        // A series pasted first does not move the others.
        let b = b.update(&names(&["new", "a", "b", "c"]));
        assert_eq!(b.slots(["new", "a", "b", "c"]), vec![3, 0, 1, 2]);
        // Removing one frees its slot for the next new series; the rest stay.
        let b = b.update(&names(&["new", "a", "c"]));
        assert_eq!(b.slots(["new", "a", "c"]), vec![3, 0, 2]);
        let b = b.update(&names(&["new", "a", "c", "d"]));
        assert_eq!(b.slots(["new", "a", "c", "d"]), vec![3, 0, 2, 1]);
        // Reordering changes nothing.
        assert_eq!(b.update(&names(&["d", "c", "a", "new"])), b);
        // Everything gone: an empty book.
        assert_eq!(b.update(&[]), SlotBook::default());
        assert_eq!(SlotBook::default().slot("x"), 0);
    }

    #[test]
    fn a_renamed_series_keeps_its_slot() {
        let b = SlotBook::default().update(&names(&["a", "b", "c"]));
        let shown = b.relabel(&names(&["a", "b", "c"]), &names(&["a", "B!", "c"]));
        assert_eq!(shown.slots(["a", "B!", "c", "b"]), vec![0, 1, 2, 3]);
    }
}
