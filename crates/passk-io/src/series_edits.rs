//! What the user did to the series list: renames and the order set, keyed by each series' name
//! as read (so that a renamed series keeps its colour and a later rename replaces an earlier
//! one), and removing a series from the inputs it came from.

use serde::{Deserialize, Serialize};

use crate::loaded::Loaded;
use crate::read::FileRead;

/// Renames and the order the user set (a link and local storage carry them with the view).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesEdits {
    /// (name as read, name shown).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub renamed: Vec<(String, String)>,
    /// Names as read, in the order set (series not listed follow, in the order read).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<String>,
}

/// The longest series name accepted, in characters.
pub const NAME_MAX: usize = 80;

impl SeriesEdits {
    /// Whether nothing was edited.
    pub fn is_empty(&self) -> bool {
        self.renamed.is_empty() && self.order.is_empty()
    }

    /// The name shown for the series read as `origin`.
    pub fn shown<'a>(&'a self, origin: &'a str) -> &'a str {
        self.renamed
            .iter()
            .find(|(o, _)| o == origin)
            .map_or(origin, |(_, s)| s.as_str())
    }

    /// Renames the series read as `origin` to `to` (trimmed); `shown` are the names shown now.
    ///
    /// # Errors
    /// Why the name is refused: empty, too long, or the name of another series.
    pub fn rename(&mut self, origin: &str, to: &str, shown: &[String]) -> Result<(), String> {
        let to = to.trim();
        let current = self.shown(origin).to_string();
        if to.is_empty() {
            return Err("a series needs a name".into());
        }
        if to.chars().count() > NAME_MAX {
            return Err(format!("a series name has at most {NAME_MAX} characters"));
        }
        if to != current && shown.iter().any(|s| s == to) {
            return Err(format!("another series is already called '{to}'"));
        }
        self.renamed.retain(|(o, _)| o != origin);
        if to != origin {
            self.renamed.push((origin.to_string(), to.to_string()));
        }
        Ok(())
    }

    /// Moves the series read as `origin` one place up (`up`) or down among `origins` (the names
    /// as read, in the order shown); the order is then set for all of them.
    pub fn move_one(&mut self, origins: &[String], origin: &str, up: bool) {
        let mut order = origins.to_vec();
        let Some(i) = order.iter().position(|o| o == origin) else {
            return;
        };
        let j = if up { i.checked_sub(1) } else { Some(i + 1) };
        if let Some(j) = j.filter(|&j| j < order.len()) {
            order.swap(i, j);
            self.order = order;
        }
    }

    /// Forgets the edits of a series no longer read.
    pub fn forget(&mut self, origin: &str) {
        self.renamed.retain(|(o, _)| o != origin);
        self.order.retain(|o| o != origin);
    }
}

impl Loaded {
    /// The series as the user edited them: renamed and in the order set. A shown name that
    /// a later series also takes (a file loaded after a rename) gets " (2)", " (3)", ….
    pub fn edited(&self, edits: &SeriesEdits) -> Loaded {
        let mut idx: Vec<usize> = (0..self.datasets.len()).collect();
        let rank = |i: &usize| {
            edits
                .order
                .iter()
                .position(|o| *o == self.datasets[*i].name)
                .unwrap_or(usize::MAX)
        };
        idx.sort_by_key(rank);
        let mut out = Loaded {
            inputs: self.inputs.clone(),
            first_file: self.first_file,
            ..Loaded::default()
        };
        for i in idx {
            let mut d = self.datasets[i].clone();
            let origin = d.name.clone();
            let mut name = edits.shown(&origin).to_string();
            let mut copy = 1;
            while out.datasets.iter().any(|o| o.name == name) {
                copy += 1;
                name = format!("{} ({copy})", edits.shown(&origin));
            }
            d.name = name;
            out.datasets.push(d);
            out.rejected.push(self.rejected[i].clone());
            out.sources.push(self.sources[i]);
            out.origins.push(origin);
        }
        out
    }
}

/// What removing a series changes in the inputs.
#[derive(Debug, Clone, PartialEq)]
pub enum Removal {
    /// The series came from the pasted text: the text is emptied (with every series in it).
    Pasted,
    /// The files without the series (a file left with no series goes too).
    Files(Vec<FileRead>),
}

/// Removes series `index` of `ws` (assembled from the pasted text, if any, then `files`).
/// None when there is no such series.
pub fn remove_series(ws: &Loaded, files: &[FileRead], index: usize) -> Option<Removal> {
    let d = ws.datasets.get(index)?;
    let source = *ws.sources.get(index)?;
    let Some(f) = source.checked_sub(ws.first_file) else {
        return Some(Removal::Pasted);
    };
    let mut files = files.to_vec();
    let file = files.get_mut(f)?;
    file.series.retain(|(meta, _)| *meta != d.meta);
    file.rejected.retain(|r| r.series.as_ref() != Some(&d.meta));
    let others = file.series.len();
    if others == 0 {
        files.remove(f);
    }
    Some(Removal::Files(files))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_view::View;
    use crate::read::read_text;

    fn names(ws: &Loaded) -> Vec<&str> {
        ws.datasets.iter().map(|d| d.name.as_str()).collect()
    }

    fn workspace() -> (Vec<FileRead>, Loaded) {
        let pasted = read_text("pasted text", "pasted", "10 3\n", None);
        let files = vec![
            read_text("m.csv", "m", "model,n,c\nA,4,4\nB,4,1\nB,4,9\n", None),
            read_text("z.txt", "z", "5 1\n", None),
        ];
        let ws = Loaded::with_pasted(Some(pasted), files.clone());
        (files, ws)
    }

    #[test]
    fn renames_and_order_are_applied_by_the_name_as_read() {
        let (_, ws) = workspace();
        assert_eq!(names(&ws), ["pasted", "A", "B", "z"]);
        let shown: Vec<String> = ws.datasets.iter().map(|d| d.name.clone()).collect();
        let mut e = SeriesEdits::default();
        assert_eq!(
            e.rename("A", " B ", &shown),
            Err("another series is already called 'B'".into())
        );
        assert_eq!(
            e.rename("A", "  ", &shown),
            Err("a series needs a name".into())
        );
        assert!(e.rename("A", &"x".repeat(81), &shown).is_err());
        e.rename("A", "model A", &shown).unwrap();
        // A second rename replaces the first; renaming back to the name as read clears it.
        e.rename("A", "A2", &shown).unwrap();
        assert_eq!(e.renamed, [("A".to_string(), "A2".to_string())]);
        let origins = ws.edited(&e).origins;
        e.move_one(&origins, "z", true);
        e.move_one(&origins, "pasted", true); // already first: nothing changes
        let ed = ws.edited(&e);
        assert_eq!(names(&ed), ["pasted", "A2", "z", "B"]);
        assert_eq!(ed.origins, ["pasted", "A", "z", "B"]);
        assert_eq!(ed.sources, [0, 1, 2, 1]);
        // B's rejected row follows it.
        assert_eq!(ed.rejected[3].len(), 1);
        assert!(ed.rejected[2].is_empty());
        // A file read later that takes a name shown gets a suffix.
        e.rename("z", "B", &shown).unwrap_err();
        e.rename("pasted", "z", &shown).unwrap_err();
        e.renamed.push(("z".into(), "B".into()));
        assert_eq!(names(&ws.edited(&e)), ["pasted", "A2", "B", "B (2)"]);
        e.forget("z");
        let shown: Vec<String> = names(&ws.edited(&e))
            .iter()
            .map(|s| s.to_string())
            .collect();
        e.rename("A", "A", &shown).unwrap();
        assert!(e.renamed.is_empty());
        assert_eq!(e.order, ["pasted", "A", "B"]);
        assert_eq!(ws.edited(&SeriesEdits::default()), ws);
    }

    #[test]
    fn a_rename_follows_into_the_view() {
        let mut v = View {
            hidden: vec!["a".into(), "b".into()],
            fit: Some("a".into()),
            compare_b: Some("a".into()),
            plan_series: Some("c".into()),
            ..View::default()
        };
        v.rename_refs("a", "x");
        assert_eq!(v.hidden, ["x", "b"]);
        assert_eq!(v.fit.as_deref(), Some("x"));
        assert_eq!(v.compare_b.as_deref(), Some("x"));
        assert_eq!(v.plan_series.as_deref(), Some("c"));
        assert_eq!(v.compare_a, None);
    }

    #[test]
    fn removing_a_series_takes_it_from_its_file() {
        let (files, ws) = workspace();
        assert_eq!(remove_series(&ws, &files, 0), Some(Removal::Pasted));
        let Some(Removal::Files(left)) = remove_series(&ws, &files, 2) else {
            panic!()
        };
        // B's task and its rejected row are gone, A stays.
        assert_eq!(left.len(), 2);
        assert_eq!(left[0].series.len(), 1);
        assert!(left[0].rejected.is_empty());
        let after = Loaded::with_pasted(None, left);
        assert_eq!(names(&after), ["A", "z"]);
        // The last series of a file takes the file.
        let Some(Removal::Files(left)) = remove_series(&ws, &files, 3) else {
            panic!()
        };
        assert_eq!(left.len(), 1);
        assert_eq!(remove_series(&ws, &files, 9), None);
        // Without pasted text, sources count from the first file.
        let ws = Loaded::with_pasted(None, files.clone());
        let Some(Removal::Files(left)) = remove_series(&ws, &files, 0) else {
            panic!()
        };
        assert_eq!(names(&Loaded::with_pasted(None, left)), ["B", "z"]);
    }
}
