//! The built-in examples, compiled into the page (no request after load): DeepScaleR base vs
//! RL and the Pythia family (provenance in `assets/examples/README.md`).

use std::cell::OnceCell;

use passk_io::read::{read_text, series_name_for, FileRead};

/// Every example file: its example, file name and content.
const FILES: [(Example, &str, &str); 3] = [
    (
        Example::DeepScaleR,
        "deepscaler_base.jsonl",
        include_str!("../../assets/examples/deepscaler_base.jsonl"),
    ),
    (
        Example::DeepScaleR,
        "deepscaler_rl.jsonl",
        include_str!("../../assets/examples/deepscaler_rl.jsonl"),
    ),
    (
        Example::Pythia,
        "pythia_math_n10000.csv",
        include_str!("../../assets/examples/pythia_math_n10000.csv"),
    ),
];

/// Which example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    /// DeepScaleR-1.5B base vs RL, 1,060 math prompts, n = 128.
    DeepScaleR,
    /// Seven Pythia models on 128 MATH problems, n = 10,000.
    Pythia,
}

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

/// The example file `i`, read from its text.
fn read(i: usize) -> FileRead {
    let (e, name, text) = FILES[i];
    let mut read = read_text(name, &series_name_for(name), text, None);
    // The file lists the models alphabetically: show them smallest first.
    if e == Example::Pythia {
        read.sort_by_model_size();
    }
    // Numbered as the page numbers files (from 1 in its example), so a link naming the
    // example finds the series keys its view uses.
    let place = e.indices().position(|j| j == i).unwrap_or(0);
    FileRead {
        id: place as u32 + 1,
        ..read
    }
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

impl Example {
    /// Every example.
    pub const ALL: [Example; 2] = [Example::DeepScaleR, Example::Pythia];

    /// Its name in share links (`#ex=deepscaler`).
    pub fn key(self) -> &'static str {
        match self {
            Example::DeepScaleR => "deepscaler",
            Example::Pythia => "pythia",
        }
    }

    /// The example named `key`.
    pub fn from_key(key: &str) -> Option<Example> {
        Example::ALL.into_iter().find(|e| e.key() == key)
    }

    /// Where its files are in [`FILES`].
    fn indices(self) -> impl Iterator<Item = usize> {
        (0..FILES.len()).filter(move |&i| FILES[i].0 == self)
    }
}
