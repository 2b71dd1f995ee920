//! Every committed fuzz input (`tests/fixtures/fuzz/`: the seeds under `corpus/` and the
//! crashes the fuzzer kept under `crashes/`) replayed through its target's `run`, as the
//! fuzzer runs it: no panic, and done well within the 20 s any input must end in. The replay
//! counts what it ran, so an empty or missing corpus fails. Also a short, seeded run of the
//! fuzzer's own mutations, so its loop is tested on every `cargo test`.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use passk_fuzz::corpus::{self, Kept, Origin};
use passk_fuzz::{mutate, run, Rng, Target};
use passk_io::read::Format;

/// The seeds committed under `corpus/` (`make_seeds.py` writes them): fewer is a seed lost.
/// Raise it when adding seeds.
const SEEDS_AT_LEAST: usize = 119;

/// How long one input may take.
const LIMIT: Duration = Duration::from_secs(20);

#[test]
fn every_seed_and_kept_crash_runs_through_cleanly() {
    let (seeds, mut problems) = corpus::seeds();
    let (crashes, more) = corpus::crashes();
    problems.extend(more);
    // A kept input left beside the folders (where the fuzzer once wrote them) would not be
    // replayed: it belongs in crashes/.
    for e in std::fs::read_dir(corpus::fuzz_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = e.file_name().to_string_lossy().into_owned();
        if e.path().is_file() && name.ends_with(".bin") {
            problems.push(format!("{name}: a kept input belongs in crashes/"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    let mut failed = Vec::new();
    let (mut runs, mut per_target) = (0usize, BTreeMap::<&str, usize>::new());
    let (mut folders, mut slots) = (BTreeSet::new(), BTreeSet::new());
    for kept in seeds.iter().chain(&crashes) {
        replay(kept, &mut failed, &mut runs);
        *per_target.entry(kept.target.name()).or_default() += 1;
        if let Origin::Seed(Some(format)) = kept.origin {
            folders.insert(format.map_or(corpus::DETECT, |f| f.key()));
        }
        if kept.target == Target::Read {
            slots.extend(
                kept.choices
                    .iter()
                    .map(|&c| corpus::read_format(c).map(|f| f.key())),
            );
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {runs} runs panicked or ran over {LIMIT:?}:\n{}",
        failed.len(),
        failed.join("\n")
    );
    eprintln!(
        "replayed {} seeds and {} crashes in {runs} runs: {per_target:?}",
        seeds.len(),
        crashes.len()
    );

    // Nothing lost: every seed, every target, every reader format's folder.
    assert!(
        seeds.len() >= SEEDS_AT_LEAST,
        "{} seeds under {}, expected at least {SEEDS_AT_LEAST}",
        seeds.len(),
        corpus::corpus_dir().display()
    );
    for t in Target::ALL {
        let seeded = seeds.iter().filter(|k| k.target == t).count();
        assert!(
            seeded > 0,
            "no seed for {} under corpus/{}/",
            t.name(),
            t.name()
        );
    }
    for key in Format::ALL.iter().map(|f| f.key()).chain([corpus::DETECT]) {
        assert!(folders.contains(key), "no seed under corpus/read/{key}/");
    }
    // Every reader seed ran with each format forced and detected.
    assert_eq!(slots.len(), Format::ALL.len() + 1, "{slots:?}");
}

/// Runs `kept` with each of its choices, noting each run that panics or takes too long.
fn replay(kept: &Kept, failed: &mut Vec<String>, runs: &mut usize) {
    let input = std::fs::read(&kept.path).unwrap();
    let shown = kept
        .path
        .strip_prefix(corpus::fuzz_dir())
        .unwrap_or(&kept.path)
        .display()
        .to_string();
    for &choice in &kept.choices {
        *runs += 1;
        // On a thread of its own, so that an input that hangs fails the test at the limit
        // instead of holding it for as long as it runs.
        let (tx, rx) = std::sync::mpsc::channel();
        let (target, owned) = (kept.target, input.clone());
        let t0 = Instant::now();
        std::thread::spawn(move || {
            let ok = catch_unwind(AssertUnwindSafe(|| run(target, &owned, choice))).is_ok();
            let _ = tx.send(ok);
        });
        let ok = rx.recv_timeout(LIMIT);
        let took = t0.elapsed();
        if ok != Ok(true) || took > LIMIT {
            let why = match ok {
                Ok(true) => format!("took {took:?}"),
                Ok(false) => "panicked".into(),
                Err(_) => format!("ran over {LIMIT:?} (still running)"),
            };
            let how = match kept.target {
                Target::Read => format!(
                    " (format {}, chunk {})",
                    corpus::read_format(choice).map_or(corpus::DETECT, |f| f.key()),
                    corpus::read_chunk(choice)
                ),
                _ => String::new(),
            };
            failed.push(format!(
                "{shown}: {} with choice {choice}{how} {why}",
                kept.target.name()
            ));
        }
    }
}

#[test]
fn crash_names_round_trip() {
    for t in Target::ALL {
        let name = corpus::crash_name(t, 1234, b"input");
        assert_eq!(corpus::parse_crash_name(&name), Some((t, 1234)), "{name}");
    }
    for bad in [
        "read-1.bin",
        "read-x-00.bin",
        "reader-1-00.bin",
        "read-1-00.txt",
        "x",
    ] {
        assert_eq!(corpus::parse_crash_name(bad), None, "{bad}");
    }
}

#[test]
fn a_seeded_burst_of_mutations_runs_through_every_target() {
    let seeds: [&[u8]; 4] = [
        b"task_id,n,c\na,10,3\nb,10,0\n",
        b"{\"task_id\": \"a\", \"passed\": true, \"answer\": \"4\", \"target\": \"4\"}\n",
        b"#n=10&c=3&k=5",
        b"1,2,5,10",
    ];
    let mut rng = Rng(7);
    for i in 0..4000u64 {
        let seed = seeds[rng.below(seeds.len())];
        let input = mutate(&mut rng, seed, seeds[0]);
        run(Target::ALL[(i % 4) as usize], &input, rng.draw() & 0xfff);
    }
}
