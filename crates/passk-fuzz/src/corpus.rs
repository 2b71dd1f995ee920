//! The committed inputs under `tests/fixtures/fuzz/`: the seeds (`corpus/<target>/…`, for the
//! reader `corpus/read/<format key or detect>/…`), which the fuzzer starts its mutations from,
//! and the crashes it kept (`crashes/<target>-<choice>-<hash>.bin`). `tests/fuzz_regressions.rs`
//! replays each one through `run` with the choices [`Kept::choices`] lists.

use std::path::{Path, PathBuf};

use passk_io::read::Format;

use crate::target::Target;

/// The workspace's root directory.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `tests/fixtures/fuzz/`.
pub fn fuzz_dir() -> PathBuf {
    root().join("tests/fixtures/fuzz")
}

/// The seeds: `tests/fixtures/fuzz/corpus/`.
pub fn corpus_dir() -> PathBuf {
    fuzz_dir().join("corpus")
}

/// The inputs the fuzzer kept: `tests/fixtures/fuzz/crashes/`.
pub fn crashes_dir() -> PathBuf {
    fuzz_dir().join("crashes")
}

/// The folder of `corpus/read/` whose seeds are read with the format detected.
pub const DETECT: &str = "detect";

/// Format slots a choice picks among: each format forced, then detected.
const SLOTS: u64 = Format::ALL.len() as u64 + 1;

/// The format a reader choice forces (None: detected), as `run` reads it.
pub fn read_format(choice: u64) -> Option<Format> {
    Format::ALL.get((choice % SLOTS) as usize).copied()
}

/// The chunk size a reader choice feeds the input in, as `run` reads it.
pub fn read_chunk(choice: u64) -> usize {
    [1 << 20, 1, 7, 4096][(choice / SLOTS % 4) as usize]
}

/// The choices a reader seed is replayed with: every format forced and detected, each fed in
/// every chunk size (56 choices); the reading options and the file name vary with `salt`, so
/// that seeds together cover them. All below 0x1000, as the fuzzer draws them.
pub fn read_choices(salt: u64) -> Vec<u64> {
    let spread = 0x1000 / (SLOTS * 4);
    let mut out = Vec::with_capacity((SLOTS * 4) as usize);
    for slot in 0..SLOTS {
        for chunk in 0..4 {
            let j = salt.wrapping_add(5 * slot + chunk) % spread;
            out.push(slot + SLOTS * (chunk + 4 * j));
        }
    }
    out
}

/// The FNV-1a hash of `bytes` (names kept inputs; salts the choices of a seed).
pub fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The file name a kept input gets: `<target>-<choice>-<hash>.bin`.
pub fn crash_name(target: Target, choice: u64, input: &[u8]) -> String {
    format!("{}-{choice}-{:016x}.bin", target.name(), fnv(input))
}

/// The target and choice a kept input's name gives (None for any other name).
pub fn parse_crash_name(name: &str) -> Option<(Target, u64)> {
    let mut parts = name.strip_suffix(".bin")?.splitn(3, '-');
    let first = parts.next()?;
    let target = Target::ALL.into_iter().find(|t| t.name() == first)?;
    let choice = parts.next()?.parse().ok()?;
    parts.next().filter(|h| !h.is_empty())?;
    Some((target, choice))
}

/// Where a committed input comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A seed of the corpus, for a reader seed with the format its folder names (None:
    /// detected).
    Seed(Option<Option<Format>>),
    /// An input the fuzzer kept.
    Crash,
}

/// A committed input and how it is replayed.
#[derive(Debug, Clone)]
pub struct Kept {
    /// Its file.
    pub path: PathBuf,
    /// What it is run through.
    pub target: Target,
    /// Seed or crash.
    pub origin: Origin,
    /// The choices it is run with: a crash's own; every format and chunk size for a reader
    /// seed ([`read_choices`]); 0 for other seeds (their targets take no choice).
    pub choices: Vec<u64>,
}

/// Every file under `dir`, recursively, sorted; names starting with `.` (`.gitkeep`) left
/// out.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The seeds under `corpus/`, and one message per file that is not where a seed can be (a
/// file outside a target's folder, a reader seed outside a format's folder).
pub fn seeds() -> (Vec<Kept>, Vec<String>) {
    let dir = corpus_dir();
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let (mut out, mut problems) = (Vec::new(), Vec::new());
    for path in paths {
        let rel = path.strip_prefix(&dir).unwrap_or(&path).to_path_buf();
        let parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        let target = Target::ALL
            .into_iter()
            .find(|t| parts.len() >= 2 && parts[0] == t.name());
        let salt = fnv(parts.last().map_or("", |s| s.as_str()).as_bytes());
        let seed = match target {
            Some(Target::Read) if parts.len() >= 3 => match parts[1].as_str() {
                DETECT => Some((Target::Read, Origin::Seed(Some(None)), read_choices(salt))),
                key => Format::from_key(key)
                    .filter(|f| Format::ALL.contains(f))
                    .map(|f| {
                        (
                            Target::Read,
                            Origin::Seed(Some(Some(f))),
                            read_choices(salt),
                        )
                    }),
            },
            Some(Target::Read) => None,
            Some(t) => Some((t, Origin::Seed(None), vec![0])),
            None => None,
        };
        match seed {
            Some((target, origin, choices)) => out.push(Kept {
                path,
                target,
                origin,
                choices,
            }),
            None => problems.push(format!(
                "corpus/{}: not in a target's folder (read/<format key or {DETECT}>/, link/, \
                 settings/, calc/)",
                rel.display()
            )),
        }
    }
    (out, problems)
}

/// The inputs the fuzzer kept under `crashes/`, and one message per file not named as it
/// names them.
pub fn crashes() -> (Vec<Kept>, Vec<String>) {
    let dir = crashes_dir();
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let (mut out, mut problems) = (Vec::new(), Vec::new());
    for path in paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match parse_crash_name(&name).filter(|_| path.parent() == Some(dir.as_path())) {
            Some((target, choice)) => out.push(Kept {
                path,
                target,
                origin: Origin::Crash,
                choices: vec![choice],
            }),
            None => problems.push(format!(
                "{}: not named <target>-<choice>-<hash>.bin directly in crashes/",
                path.display()
            )),
        }
    }
    (out, problems)
}
