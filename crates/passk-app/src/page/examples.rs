//! The built-in examples, compiled in (no request after load): DeepScaleR base vs RL and the
//! Pythia family (provenance in `assets/examples/README.md`); each file read as the page
//! shows it.

use passk_io::read::{series_name_for, FileRead, Reader};

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
    Reading::new(i).finish()
}

/// An example file read a step at a time: the page reads its default example as it starts,
/// in tasks of a few milliseconds each instead of one of tens.
pub struct Reading {
    i: usize,
    reader: Reader,
    at: usize,
}

impl Reading {
    /// The example file `i` of [`FILES`], nothing read yet.
    pub fn new(i: usize) -> Reading {
        let (_, name, _) = FILES[i];
        Reading {
            i,
            reader: Reader::for_text(name, &series_name_for(name), None),
            at: 0,
        }
    }

    /// Which file of [`FILES`] this is.
    pub fn index(&self) -> usize {
        self.i
    }

    /// Reads up to `bytes` more of the file; true once all of it was.
    pub fn step(&mut self, bytes: usize) -> bool {
        let text = FILES[self.i].2.as_bytes();
        let end = self.at.saturating_add(bytes).min(text.len());
        self.reader.feed(&text[self.at..end]);
        self.at = end;
        end == text.len()
    }

    /// The file read, as [`read`] gives it (what is left read first).
    pub fn finish(mut self) -> FileRead {
        self.step(usize::MAX);
        let (e, _, _) = FILES[self.i];
        let mut read = self.reader.finish();
        // The file lists the models alphabetically: show them smallest first.
        if e == Example::Pythia {
            read.sort_by_model_size();
        }
        // Numbered as the page numbers files (from 1 in its example), so a link naming the
        // example finds the series keys its view uses.
        let place = e.indices().position(|j| j == self.i).unwrap_or(0);
        FileRead {
            id: place as u32 + 1,
            ..read
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_io::read::read_text;

    #[test]
    fn a_file_read_in_steps_is_the_file_read_at_once() {
        for (i, &(e, name, text)) in FILES.iter().enumerate() {
            let at_once = read(i);
            let mut whole = read_text(name, &series_name_for(name), text, None);
            if e == Example::Pythia {
                whole.sort_by_model_size();
            }
            assert!(
                at_once.series == whole.series && !whole.series.is_empty(),
                "{name}"
            );
            // Steps that cut lines, numbers and (for the sniffed prefix) the format's evidence.
            for step in [1_000, 4_093, 16 * 1024] {
                let mut reading = Reading::new(i);
                let mut steps = 1;
                while !reading.step(step) {
                    steps += 1;
                }
                let stepped = reading.finish();
                assert_eq!(
                    steps,
                    text.len().div_ceil(step),
                    "{name} in steps of {step}"
                );
                assert!(stepped == at_once, "{name} in steps of {step} differs");
            }
        }
    }
}
