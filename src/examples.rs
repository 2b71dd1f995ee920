//! The built-in examples, compiled into the page (no request after load): DeepScaleR base vs
//! RL and the Pythia family (provenance in `assets/examples/README.md`).

use std::cell::OnceCell;

use passk_io::read::{read_text, series_name_for, FileRead};

/// The example files: (file name, content).
const DEEPSCALER: [(&str, &str); 2] = [
    (
        "deepscaler_base.jsonl",
        include_str!("../assets/examples/deepscaler_base.jsonl"),
    ),
    (
        "deepscaler_rl.jsonl",
        include_str!("../assets/examples/deepscaler_rl.jsonl"),
    ),
];
const PYTHIA: [(&str, &str); 1] = [(
    "pythia_math_n10000.csv",
    include_str!("../assets/examples/pythia_math_n10000.csv"),
)];

/// Which example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    /// DeepScaleR-1.5B base vs RL, 1,060 math prompts, n = 128.
    DeepScaleR,
    /// Seven Pythia models on 128 MATH problems, n = 10,000.
    Pythia,
}

thread_local! {
    /// Each example's files, read once (a reading of DeepScaleR's takes about 25 ms here).
    static READ: [OnceCell<Vec<FileRead>>; Example::ALL.len()] =
        const { [const { OnceCell::new() }; Example::ALL.len()] };
}

/// The example's files, read.
pub fn files(e: Example) -> Vec<FileRead> {
    with_read(e, <[FileRead]>::to_vec)
}

/// `f` of the example's files, read once.
fn with_read<R>(e: Example, f: impl FnOnce(&[FileRead]) -> R) -> R {
    READ.with(|r| f(r[e as usize].get_or_init(|| read(e))))
}

/// The example's files, read from their text.
fn read(e: Example) -> Vec<FileRead> {
    let set: &[(&str, &str)] = match e {
        Example::DeepScaleR => &DEEPSCALER,
        Example::Pythia => &PYTHIA,
    };
    set.iter()
        .zip(1..)
        .map(|((name, text), id)| {
            let mut read = read_text(name, &series_name_for(name), text, None);
            // The file lists the models alphabetically: show them smallest first.
            if e == Example::Pythia {
                read.sort_by_model_size();
            }
            // Numbered as the page numbers files, so a link naming the example finds the
            // series keys its view uses.
            FileRead { id, ..read }
        })
        .collect()
}

/// The built-in example these files are, unchanged (None for anything else).
pub fn which(files: &[FileRead]) -> Option<Example> {
    [Example::DeepScaleR, Example::Pythia]
        .into_iter()
        .find(|&e| files.len() == e.file_count() && with_read(e, |read| files == read))
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

    /// How many files it has.
    fn file_count(self) -> usize {
        match self {
            Example::DeepScaleR => DEEPSCALER.len(),
            Example::Pythia => PYTHIA.len(),
        }
    }
}
