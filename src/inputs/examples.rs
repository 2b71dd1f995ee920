//! The built-in examples (`passk_app::page::examples`), each file read once, when first shown.

use std::cell::{OnceCell, RefCell};

use passk_io::read::FileRead;

use passk_app::page::examples::Example;
use passk_app::page::examples::{read, Reading, FILES};

/// How much of an example file [`read_one`] reads in one call: DeepScaleR's two files
/// (86 KB each) took 40–60 ms each in one task, over 100 on a busy machine; a step of 16 KB
/// is about 8.
const STEP: usize = 16 * 1024;

thread_local! {
    /// Each example file, read once.
    static READ: [OnceCell<FileRead>; FILES.len()] =
        const { [const { OnceCell::new() }; FILES.len()] };
    /// The file [`read_one`] is part way through.
    static PART_READ: RefCell<Option<Reading>> = const { RefCell::new(None) };
}

/// The example's files, read.
pub fn files(e: Example) -> Vec<FileRead> {
    e.indices().map(|i| with_file(i, FileRead::clone)).collect()
}

/// Reads the next step (16 KB) of the first of the example's files not read yet; false when
/// all were (the page reads the default example a step per task as it starts).
pub fn read_one(e: Example) -> bool {
    let Some(i) = e.indices().find(|&i| READ.with(|r| r[i].get().is_none())) else {
        return false;
    };
    let mut reading = PART_READ
        .take()
        .filter(|r| r.index() == i)
        .unwrap_or_else(|| Reading::new(i));
    if reading.step(STEP) {
        READ.with(|r| {
            let _ = r[i].set(reading.finish());
        });
    } else {
        PART_READ.set(Some(reading));
    }
    true
}

/// `f` of the example file `i`, read once (the rest of it, when [`read_one`] is part way
/// through it).
fn with_file<R>(i: usize, f: impl FnOnce(&FileRead) -> R) -> R {
    READ.with(|r| {
        f(r[i].get_or_init(|| match PART_READ.take() {
            Some(reading) if reading.index() == i => reading.finish(),
            other => {
                PART_READ.set(other);
                read(i)
            }
        }))
    })
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
