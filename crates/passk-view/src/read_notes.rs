//! What the top of the page says about the inputs' reading, where the eye is: each input of
//! which some rows were rejected, in one line (the rows themselves are listed beside the
//! series read, one click away). A file refused whole is said by its refusal
//! (`passk_io::read::refusal`), never added.

use passk_io::display::count_of;
use passk_io::read::FileRead;

/// One line per input of `inputs` with rejected rows: "broken.jsonl: 8 rows rejected, 3 tasks
/// read", in the order given.
pub fn partial_reads(inputs: &[FileRead]) -> Vec<String> {
    inputs
        .iter()
        .filter_map(|f| {
            let rejected = f.rejected.len() as u64 + f.rejected_more;
            (rejected > 0).then(|| {
                let tasks: u64 = f.series.iter().map(|(_, t)| t.len() as u64).sum();
                format!(
                    "{}: {} rejected, {} read",
                    f.file,
                    count_of(rejected, "row", "rows"),
                    count_of(tasks, "task", "tasks")
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_io::read::read_text;

    #[test]
    fn each_partly_read_input_in_one_line() {
        let broken = read_text(
            "broken.jsonl",
            "broken",
            "{\"n\": 10, \"c\": 3}\n{\"n\": 10, \"c\": 11}\noops\n{\"n\": 5, \"c\": 1}\n",
            None,
        );
        let clean = read_text("clean.txt", "clean", "10 3\n", None);
        let one = read_text("one.txt", "one", "10 3\n10 x\n", None);
        assert_eq!(
            partial_reads(&[broken, clean, one]),
            [
                "broken.jsonl: 2 rows rejected, 2 tasks read",
                "one.txt: 1 row rejected, 1 task read"
            ]
        );
    }
}
