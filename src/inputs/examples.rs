//! The built-in examples (`passk_app::page::examples`), each file read once, when first shown.

use std::cell::OnceCell;

use passk_io::read::FileRead;

use passk_app::page::examples::Example;
use passk_app::page::examples::{read, FILES};

thread_local! {
    /// Each example file, read once (DeepScaleR's two take about 25 ms here).
    static READ: [OnceCell<FileRead>; FILES.len()] =
        const { [const { OnceCell::new() }; FILES.len()] };
}

/// The example's files, read.
pub fn files(e: Example) -> Vec<FileRead> {
    e.indices().map(|i| with_file(i, FileRead::clone)).collect()
}

/// Reads the first of the example's files not read yet; false when all were (the page reads
/// the default example a file per task as it starts).
pub fn read_one(e: Example) -> bool {
    let unread = e.indices().find(|&i| READ.with(|r| r[i].get().is_none()));
    unread.is_some_and(|i| with_file(i, |_| true))
}

/// `f` of the example file `i`, read once.
fn with_file<R>(i: usize, f: impl FnOnce(&FileRead) -> R) -> R {
    READ.with(|r| f(r[i].get_or_init(|| read(i))))
}

/// The built-in example these files are, unchanged (None for anything else).
pub fn which(files: &[FileRead]) -> Option<Example> {
    Example::ALL.into_iter().find(|&e| {
        files.len() == e.indices().count()
            && files
                .iter()
                .zip(e.indices())
                .all(|(f, i)| with_file(i, |read| f == read))
    })
}
