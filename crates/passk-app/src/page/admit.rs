//! Whether a file read joins the inputs, and how: the page's rule for every file of a load,
//! pure so that it is tested natively.
//!
//! One pick or drop of several files is one batch: when only the built-in example is shown,
//! the first file the user loads replaces it (once: the example is then gone), and every file
//! after it is added. A file is not added twice: one that holds the same data as a file the
//! user loaded is named and left out — never judged by its name, and never against the
//! example, which the user did not load (picking the example's own files replaces it with
//! them). A file with nothing to add (empty, not text, no valid row) changes nothing.

use passk_io::read::{refusal, FileRead};

/// What becomes of a file read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Admit {
    /// Left out, and why (one line naming the file).
    Refused(String),
    /// It replaces the built-in example (which an undo can bring back).
    ReplacesExample,
    /// It is added after the files shown.
    Added,
}

/// What becomes of `read`, given the files shown and whether they are only the built-in
/// example (with no pasted text).
pub fn admit(shown: &[FileRead], only_example: bool, read: &FileRead) -> Admit {
    if let Some(why) = refusal(read) {
        return Admit::Refused(why);
    }
    if only_example {
        return Admit::ReplacesExample;
    }
    match shown.iter().find(|g| g.same_data(read)) {
        Some(other) if other.file == read.file => Admit::Refused(format!(
            "{} is already loaded: it was not added again.",
            read.file
        )),
        Some(other) => Admit::Refused(format!(
            "{} holds the same data as {}, already loaded: it was not added again.",
            read.file, other.file
        )),
        None => Admit::Added,
    }
}

/// `shown` with `read` (the file `id` read again, with other options) in that file's place,
/// keeping its id and the load it came with; refused, with the reason, as [`admit`] refuses
/// a load (nothing to add, or the same data as another file shown), and when no file shown
/// has that id (removed meanwhile) — never against the file it replaces.
pub fn readmit(shown: &[FileRead], id: u32, mut read: FileRead) -> Result<Vec<FileRead>, String> {
    let at = shown
        .iter()
        .position(|f| f.id == id)
        .ok_or_else(|| format!("{} was removed meanwhile: not read again.", read.file))?;
    let others: Vec<FileRead> = shown.iter().filter(|f| f.id != id).cloned().collect();
    if let Admit::Refused(why) = admit(&others, false, &read) {
        return Err(why);
    }
    read.id = id;
    read.runs_of = shown[at].runs_of.clone();
    let mut files = shown.to_vec();
    files[at] = read;
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_io::read::read_text;

    fn read(file: &str, text: &str) -> FileRead {
        read_text(file, file, text, None)
    }

    /// The inputs after a batch: each file admitted in turn, as the page does.
    fn load(
        mut shown: Vec<FileRead>,
        mut only_example: bool,
        batch: &[FileRead],
    ) -> (Vec<String>, Vec<String>) {
        let mut said = Vec::new();
        for r in batch {
            match admit(&shown, only_example, r) {
                Admit::Refused(why) => said.push(why),
                Admit::ReplacesExample => {
                    shown = vec![r.clone()];
                    only_example = false;
                }
                Admit::Added => shown.push(r.clone()),
            }
        }
        (shown.into_iter().map(|f| f.file).collect(), said)
    }

    #[test]
    fn a_batch_replaces_the_example_once_then_adds_every_file() {
        let example = vec![read("base.jsonl", "10 3\n"), read("rl.jsonl", "10 5\n")];
        // The example's own files picked together: they replace it, both kept.
        let (files, said) = load(example.clone(), true, &example);
        assert_eq!(files, ["base.jsonl", "rl.jsonl"]);
        assert!(said.is_empty());
        // One of them with another file named like the example's other one: both kept.
        let other = read("rl.jsonl", "10 9\n10 1\n");
        let (files, said) = load(example.clone(), true, &[example[0].clone(), other]);
        assert_eq!(files, ["base.jsonl", "rl.jsonl"]);
        assert!(said.is_empty(), "{said:?}");
    }

    #[test]
    fn the_same_data_again_is_named_and_left_out_never_by_name() {
        let a = read("a.txt", "10 3\n10 0\n");
        let shown = vec![a.clone()];
        assert_eq!(
            admit(&shown, false, &a),
            Admit::Refused("a.txt is already loaded: it was not added again.".into())
        );
        assert!(
            matches!(admit(&shown, false, &read("b.txt", "10 3\n10 0\n")), Admit::Refused(w) if w.contains("same data as a.txt"))
        );
        // The same name with other data: both kept (the series are named apart on assembly).
        assert_eq!(admit(&shown, false, &read("a.txt", "10 4\n")), Admit::Added);
    }

    #[test]
    fn a_file_with_nothing_to_add_changes_nothing() {
        let example = vec![read("base.jsonl", "10 3\n")];
        let (files, said) = load(
            example,
            true,
            &[read("empty.txt", ""), read("x.txt", "10 3\n")],
        );
        assert_eq!(files, ["x.txt"]);
        assert_eq!(said, ["empty.txt is empty: nothing was added."]);
    }

    #[test]
    fn a_file_read_again_takes_its_own_place_and_id() {
        let mut shown = vec![
            read("a.jsonl", "10 3\n"),
            read("b.jsonl", "10 5\n"),
            read("c.jsonl", "10 7\n"),
        ];
        for (i, f) in shown.iter_mut().enumerate() {
            f.id = i as u32 + 1;
        }
        shown[1].runs_of = Some("b (load 7)".into());
        // The same data as itself is no refusal; it keeps its place, id and load.
        let again = readmit(&shown, 2, read("b.jsonl", "10 5\n")).unwrap();
        assert_eq!(again, shown);
        let other = readmit(&shown, 2, read("b.jsonl", "10 6\n")).unwrap();
        assert_eq!(
            other
                .iter()
                .map(|f| (f.id, f.file.as_str()))
                .collect::<Vec<_>>(),
            [(1, "a.jsonl"), (2, "b.jsonl"), (3, "c.jsonl")]
        );
        assert_eq!(other[1].series[0].1[0].counts.c(), 6);
        assert_eq!(other[1].runs_of.as_deref(), Some("b (load 7)"));
        // Now the same data as another file, or nothing at all: refused, said.
        let same = readmit(&shown, 2, read("b.jsonl", "10 7\n")).unwrap_err();
        assert_eq!(
            same,
            "b.jsonl holds the same data as c.jsonl, already loaded: it was not added again."
        );
        assert!(readmit(&shown, 2, read("b.jsonl", "")).is_err());
        let gone = readmit(&shown, 9, read("d.jsonl", "10 1\n")).unwrap_err();
        assert_eq!(gone, "d.jsonl was removed meanwhile: not read again.");
    }
}
