//! Every input the fuzzer kept (`tests/fixtures/fuzz/`) replayed through its target: no
//! panic, and done well within the 20 s any input must end in. Also a short, seeded run of
//! the fuzzer's own mutations, so its loop is tested on every `cargo test`.
#![cfg(not(target_arch = "wasm32"))]

use std::time::{Duration, Instant};

use passk_fuzz::{mutate, run, Rng, Target};

#[test]
fn every_kept_input_runs_through_cleanly() {
    let dir = passk_fixtures::fixture("fuzz");
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(target) = Target::of_name(&name).filter(|_| name.ends_with(".bin")) else {
            continue;
        };
        let choice: u64 = name.split('-').nth(1).and_then(|c| c.parse().ok()).unwrap();
        let input = std::fs::read(e.path()).unwrap();
        let t0 = Instant::now();
        run(target, &input, choice);
        assert!(t0.elapsed() < Duration::from_secs(20), "{name}");
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
