//! Inputs that hold nothing to read: an empty file, a binary file, or a file none of whose
//! rows could be read. The reader says why in one row (a binary file is not read line by
//! line into thousands of rejections), and the page refuses such a file in one line,
//! keeping what was loaded. (`format::not_text` tells a binary file at the start.)

use super::file::FileRead;

/// Why a file read yields nothing to add, in one line naming the file: it is empty, it is
/// not text, or none of its rows could be read (the first reason, and how many more). None
/// when it has at least one task.
pub fn refusal(read: &FileRead) -> Option<String> {
    if read.series.iter().any(|(_, tasks)| !tasks.is_empty()) {
        return None;
    }
    let file = &read.file;
    if read.bytes == 0 || (read.format.is_none() && read.rejected.is_empty()) {
        return Some(format!("{file} is empty: nothing was added."));
    }
    let Some(first) = read.rejected.first() else {
        return Some(format!("{file} holds no task: nothing was added."));
    };
    let more = read.rejected.len() as u64 - 1 + read.rejected_more;
    let at = if first.line == 0 {
        String::new()
    } else {
        format!("line {}: ", first.line)
    };
    let rest = match more {
        0 => String::new(),
        1 => " (and 1 more row like it)".to_string(),
        m => format!(" (and {} more rows)", crate::display::thousands(m)),
    };
    Some(format!(
        "{file} was not added: no row could be read — {at}{}{rest}.",
        first.reason
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read_bytes, read_text};

    #[test]
    fn files_with_nothing_to_add_are_refused_in_one_line() {
        let empty = read_bytes("empty.txt", "empty", b"", None);
        assert_eq!(
            refusal(&empty).unwrap(),
            "empty.txt is empty: nothing was added."
        );
        let blank = read_text("blank.txt", "blank", "\n  \n", None);
        assert!(refusal(&blank).unwrap().contains("is empty"));
        let mut bytes = b"PNG\x00\x01".to_vec();
        bytes.extend(std::iter::repeat_n(0xffu8, 5000));
        let binary = read_bytes("pic.png", "pic", &bytes, None);
        assert_eq!(binary.rejected.len(), 1, "{:?}", binary.rejected);
        let msg = refusal(&binary).unwrap();
        assert!(
            msg.starts_with("pic.png was not added: no row could be read — not text"),
            "{msg}"
        );
        let bad = read_text(
            "bad.txt",
            "bad",
            "x y z\n1 2 3 4\nfoo\n",
            Some(crate::read::Format::CountsText),
        );
        let msg = refusal(&bad).unwrap();
        assert!(
            msg.contains("line 1: ") && msg.ends_with("(and 2 more rows)."),
            "{msg}"
        );
        let good = read_text("good.txt", "good", "10 3\n", None);
        assert!(refusal(&good).is_none());
    }
}
