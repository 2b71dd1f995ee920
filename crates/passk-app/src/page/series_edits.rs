//! What the user did to the series list: renames and the order set, keyed by each series'
//! stable key ([`Loaded::keys`]: its input's id and the name that input gives it), so that a
//! renamed or moved series keeps its name, place and colour whatever else is loaded, renamed,
//! moved or removed; and removing a series from the inputs it came from.

use serde::{Deserialize, Serialize};

use crate::page::loaded::Loaded;
use passk_io::read::FileRead;

/// Renames and the order the user set (a link and local storage carry them with the view).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesEdits {
    /// (series key, name shown).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub renamed: Vec<(String, String)>,
    /// Series keys, in the order set (series not listed follow, in the order read).
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

    /// The name the user gave the series `key`, if any.
    pub fn renamed_as(&self, key: &str) -> Option<&str> {
        self.renamed
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, s)| s.as_str())
    }

    /// Renames the series `key` (read as `origin`) to `to` (trimmed); `shown` are the names
    /// shown now.
    ///
    /// # Errors
    /// Why the name is refused: empty, too long, or the name of another series.
    pub fn rename(
        &mut self,
        key: &str,
        origin: &str,
        to: &str,
        shown: &[String],
    ) -> Result<(), String> {
        let to = to.trim();
        let current = self.renamed_as(key).unwrap_or(origin).to_string();
        if to.is_empty() {
            return Err("a series needs a name".into());
        }
        if to.chars().count() > NAME_MAX {
            return Err(format!("a series name has at most {NAME_MAX} characters"));
        }
        if to != current && shown.iter().any(|s| s == to) {
            return Err(format!("another series is already called '{to}'"));
        }
        self.renamed.retain(|(k, _)| k != key);
        if to != origin {
            self.renamed.push((key.to_string(), to.to_string()));
        }
        Ok(())
    }

    /// Moves the series `key` one place up (`up`) or down among `keys` (in the order shown);
    /// the order is then set for all of them.
    pub fn move_one(&mut self, keys: &[String], key: &str, up: bool) {
        let mut order = keys.to_vec();
        let Some(i) = order.iter().position(|k| k == key) else {
            return;
        };
        let j = if up { i.checked_sub(1) } else { Some(i + 1) };
        if let Some(j) = j.filter(|&j| j < order.len()) {
            order.swap(i, j);
            self.order = order;
        }
    }

    /// Forgets the edits of a series no longer read.
    pub fn forget(&mut self, key: &str) {
        self.renamed.retain(|(k, _)| k != key);
        self.order.retain(|k| k != key);
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
                .position(|k| *k == self.keys[*i])
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
            let origin = self.origins[i].clone();
            let given = edits
                .renamed_as(&self.keys[i])
                .unwrap_or(&origin)
                .to_string();
            let mut name = given.clone();
            let mut copy = 1;
            while out.datasets.iter().any(|o| o.name == name) {
                copy += 1;
                name = format!("{given} ({copy})");
            }
            d.name = name;
            out.datasets.push(d);
            out.rejected.push(self.rejected[i].clone());
            out.sources.push(self.sources[i]);
            out.origins.push(origin);
            out.keys.push(self.keys[i].clone());
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
    use crate::page::loaded::number_files;
    use crate::page::state::PageState;
    use passk_io::read::read_text;

    fn names(ws: &Loaded) -> Vec<&str> {
        ws.datasets.iter().map(|d| d.name.as_str()).collect()
    }

    fn workspace() -> (Vec<FileRead>, Loaded) {
        let pasted = read_text("pasted text", "pasted", "10 3\n", None);
        let mut files = vec![
            read_text("m.csv", "m", "model,n,c\nA,4,4\nB,4,1\nB,4,9\n", None),
            read_text("z.txt", "z", "5 1\n", None),
        ];
        number_files(&mut files);
        let ws = Loaded::with_pasted(Some(pasted), files.clone());
        (files, ws)
    }

    #[test]
    fn renames_and_order_are_applied_by_the_series_key() {
        let (_, ws) = workspace();
        assert_eq!(names(&ws), ["pasted", "A", "B", "z"]);
        assert_eq!(ws.keys, ["0:pasted", "1:A", "1:B", "2:z"]);
        let shown: Vec<String> = ws.datasets.iter().map(|d| d.name.clone()).collect();
        let mut e = SeriesEdits::default();
        assert_eq!(
            e.rename("1:A", "A", " B ", &shown),
            Err("another series is already called 'B'".into())
        );
        assert_eq!(
            e.rename("1:A", "A", "  ", &shown),
            Err("a series needs a name".into())
        );
        assert!(e.rename("1:A", "A", &"x".repeat(81), &shown).is_err());
        e.rename("1:A", "A", "model A", &shown).unwrap();
        // A second rename replaces the first; renaming back to the name as read clears it.
        e.rename("1:A", "A", "A2", &shown).unwrap();
        assert_eq!(e.renamed, [("1:A".to_string(), "A2".to_string())]);
        let keys = ws.edited(&e).keys;
        e.move_one(&keys, "2:z", true);
        e.move_one(&keys, "0:pasted", true); // already first: nothing changes
        let ed = ws.edited(&e);
        assert_eq!(names(&ed), ["pasted", "A2", "z", "B"]);
        assert_eq!(ed.origins, ["pasted", "A", "z", "B"]);
        assert_eq!(ed.keys, ["0:pasted", "1:A", "2:z", "1:B"]);
        assert_eq!(ed.sources, [0, 1, 2, 1]);
        // B's rejected row follows it.
        assert_eq!(ed.rejected[3].len(), 1);
        assert!(ed.rejected[2].is_empty());
        // A file read later that takes a name shown gets a suffix.
        e.rename("2:z", "z", "B", &shown).unwrap_err();
        e.rename("0:pasted", "pasted", "z", &shown).unwrap_err();
        e.renamed.push(("2:z".into(), "B".into()));
        assert_eq!(names(&ws.edited(&e)), ["pasted", "A2", "B", "B (2)"]);
        e.forget("2:z");
        let shown: Vec<String> = names(&ws.edited(&e))
            .iter()
            .map(|s| s.to_string())
            .collect();
        e.rename("1:A", "A", "A", &shown).unwrap();
        assert!(e.renamed.is_empty());
        assert_eq!(e.order, ["0:pasted", "1:A", "1:B"]);
        assert_eq!(ws.edited(&SeriesEdits::default()), ws);
    }

    #[test]
    fn two_files_with_one_name_keep_their_own_edits_whatever_is_removed() {
        // Two files named alike, different data: their series are named apart, but each
        // keeps its key, so a rename, a move and the removal of the other touch only it.
        let mut files = vec![
            read_text("rl.jsonl", "rl", "4 1\n", None),
            read_text("rl.jsonl", "rl", "4 3\n", None),
        ];
        number_files(&mut files);
        let ws = Loaded::with_pasted(None, files.clone());
        assert_eq!(names(&ws), ["rl", "rl (2)"]);
        // The files too are named apart where the page lists them.
        let read_from: Vec<&str> = ws.inputs.iter().map(|i| i.0.as_str()).collect();
        assert_eq!(read_from, ["rl.jsonl", "rl.jsonl (2)"]);
        assert_eq!(ws.keys, ["1:rl", "2:rl"]);
        let shown: Vec<String> = names(&ws).iter().map(|s| s.to_string()).collect();
        let mut e = SeriesEdits::default();
        e.rename("2:rl", "rl (2)", "second", &shown).unwrap();
        e.move_one(&ws.edited(&e).keys, "2:rl", true);
        assert_eq!(names(&ws.edited(&e)), ["second", "rl"]);
        // The first file removed: the second keeps its name (its key did not move).
        let after = Loaded::with_pasted(None, files[1..].to_vec());
        assert_eq!(after.keys, ["2:rl"]);
        assert_eq!(names(&after.edited(&e)), ["second"]);
    }

    #[test]
    fn every_file_gets_an_id_of_its_own_and_keeps_it() {
        let f = |id| FileRead {
            id,
            ..read_text("f", "f", "1 1\n", None)
        };
        let mut files = vec![f(0), f(5), f(5), f(0), f(2)];
        number_files(&mut files);
        let ids: Vec<u32> = files.iter().map(|f| f.id).collect();
        assert_eq!(ids, [6, 5, 7, 8, 2]);
        let mut top = vec![f(u32::MAX), f(0)];
        number_files(&mut top); // no overflow: the keys still tell them apart
        assert_eq!(top[1].id, u32::MAX);
        let ws = Loaded::with_pasted(None, top);
        assert_eq!(
            ws.keys,
            [format!("{}:f", u32::MAX), format!("{}:f (2)", u32::MAX)]
        );
    }

    #[test]
    fn a_rename_follows_into_the_view() {
        let mut v = PageState {
            hidden: vec!["a".into(), "b".into()],
            fit: Some("a".into()),
            compare_b: Some("a".into()),
            plan_series: Some("c".into()),
            ..PageState::default()
        };
        v.rename_refs("a", "x");
        // Hidden series go by key: a rename leaves them.
        assert_eq!(v.hidden, ["a", "b"]);
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
