//! The built-in examples, compiled in (no request after load): DeepScaleR base vs RL and the
//! Pythia family (provenance in `assets/examples/README.md`); each file read as the page
//! shows it.

use passk_io::read::{read_text, series_name_for, FileRead};

/// Every example file: its example, file name and content.
pub const FILES: [(Example, &str, &str); 3] = [
    (
        Example::DeepScaleR,
        "deepscaler_base.jsonl",
        include_str!("../../../../assets/examples/deepscaler_base.jsonl"),
    ),
    (
        Example::DeepScaleR,
        "deepscaler_rl.jsonl",
        include_str!("../../../../assets/examples/deepscaler_rl.jsonl"),
    ),
    (
        Example::Pythia,
        "pythia_math_n10000.csv",
        include_str!("../../../../assets/examples/pythia_math_n10000.csv"),
    ),
];

/// Which example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    /// DeepScaleR-1.5B base vs RL, 1,060 math prompts, n = 128 (shown on a first visit).
    DeepScaleR,
    /// Seven Pythia models on 128 MATH problems, n = 10,000.
    Pythia,
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
    pub fn indices(self) -> impl Iterator<Item = usize> {
        (0..FILES.len()).filter(move |&i| FILES[i].0 == self)
    }
}

/// The example file `i` of [`FILES`], read from its text as the page shows it.
pub fn read(i: usize) -> FileRead {
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
