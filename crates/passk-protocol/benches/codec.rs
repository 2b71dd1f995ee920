//! The worker boundary's encoding (`passk_protocol::codec`) of its bulkiest messages: a fit
//! request carrying 10⁵ and 10⁶ tasks (with ids, n in 50..1000) and the fits it answers,
//! encoded and decoded natively (median of RUNS). The page's figures (the same code in wasm,
//! on its thread) are `bench/load.mjs`'s.
//!
//! `cargo bench -p passk-protocol --bench codec`

use std::time::Instant;

use passk_core::data::Counts;
use passk_core::data::Task;
use passk_core::data::{Dataset, SeriesMeta};
use passk_core::eval::SeriesFit;
use passk_protocol::{codec, Answer, Ask, Reply, Request};

const RUNS: usize = 5;

/// A series of `len` tasks, seeded (a linear congruential generator: no dependency).
fn series(len: usize) -> Dataset {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        x >> 33
    };
    let tasks = (0..len)
        .map(|i| {
            let n = 50 + next() % 951;
            let c = next() % (n + 1);
            Task::new(
                Some(format!("HumanEval/{i}")),
                Counts::new(n, c).expect("c ≤ n"),
            )
        })
        .collect();
    Dataset {
        name: "synthetic".into(),
        tasks,
        meta: SeriesMeta::default(),
    }
}

/// The median of `RUNS` timings of `f`, in ms.
fn median(mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[RUNS / 2]
}

/// Prints the size of `m` encoded and the times to encode and decode it.
fn time<M: serde::Serialize + serde::de::DeserializeOwned>(what: &str, m: &M) {
    let bytes = codec::encode(m).expect("encodes");
    let enc = median(|| drop(std::hint::black_box(codec::encode(m))));
    let dec = median(|| drop(std::hint::black_box(codec::decode::<M>(&bytes))));
    println!(
        "| {what} | {:.1} MB | {enc:.1} ms | {dec:.1} ms |",
        bytes.len() as f64 / 1e6
    );
}

fn main() {
    println!("| message | bytes | encode | decode |\n|---|---:|---:|---:|");
    for len in [100_000, 1_000_000] {
        let ds = series(len);
        let fits = Reply {
            job: 1,
            answer: Answer::Fits {
                fits: vec![SeriesFit {
                    name: ds.name.clone(),
                    groups: ds.groups(),
                    fits: None,
                    line: None,
                    scaled: None,
                }],
            },
        };
        let req = Request {
            job: 1,
            ask: Ask::Fit { datasets: vec![ds] },
        };
        time(&format!("a fit of {len} tasks"), &req);
        time(&format!("its grouped counts ({len} tasks)"), &fits);
    }
}
