//! Native timings of `passk rank`'s work: `cargo bench -p passk-cli --bench rank`.
//!
//! On the DeepScaleR pair and the seven Pythia series (the real files), the median of three
//! runs of each method's answer with its 200 task resamples (`rank_all::answer`, what the
//! page's engine runs one method at a time), of the task difficulties (`items`), of the
//! smallest benchmark (`smallest_subset`) and of the whole `rank_all`, as a Markdown table;
//! then the target, **met** or **MISSED**: the whole ranking within [`TARGET_SECONDS`]
//! natively on each file, a ceiling against regressions (the page's engine runs the same work
//! in WebAssembly, 1.5 to 2 times slower, off the main thread).

use std::time::Instant;

use passk_core::analysis::rank::{
    answer, canonical, items, rank_all, smallest_subset, Outcomes, RankOptions, SubsetOptions,
    METHODS,
};
use passk_core::data::Dataset;

/// The whole ranking of a real file, natively, at most (seconds): 2.0 and 2.4 s measured on
/// 2026-12-07 (Thompson sampling's 200 resamples 1.1 s of Pythia's, Elo's 0.6 s).
const TARGET_SECONDS: f64 = 3.0;

/// The median of three timings of `f`, in seconds.
fn median(mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..3)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[1]
}

fn main() {
    let opts = RankOptions::default();
    let keys: Vec<&str> = METHODS.iter().map(|m| m.key).collect();
    let mut rows: Vec<(String, Vec<f64>)> = METHODS
        .iter()
        .map(|m| (m.label.to_string(), Vec::new()))
        .collect();
    let mut extra: Vec<(String, Vec<f64>)> = ["task difficulties", "smallest benchmark", "all"]
        .iter()
        .map(|s| (s.to_string(), Vec::new()))
        .collect();
    let mut missed = Vec::new();
    for set in ["deepscaler", "pythia"] {
        let (ds, _) = passk_fixtures::scorio_series(set);
        let refs: Vec<&Dataset> = ds.iter().collect();
        let (o, _) = canonical(&Outcomes::of(&refs));
        for (i, def) in METHODS.iter().enumerate() {
            rows[i].1.push(median(|| {
                std::hint::black_box(answer(&o, def, i, &opts));
            }));
        }
        extra[0].1.push(median(|| {
            std::hint::black_box(items(&o, opts.level, None).ok());
        }));
        let sub = SubsetOptions {
            level: opts.level,
            seed: opts.seed,
            ..SubsetOptions::default()
        };
        extra[1].1.push(median(|| {
            std::hint::black_box(smallest_subset(&o, &sub).ok());
        }));
        let all = median(|| {
            std::hint::black_box(rank_all(&o, &keys, &opts).ok());
        });
        extra[2].1.push(all);
        if all > TARGET_SECONDS {
            missed.push(format!("{set}: {all:.2} s"));
        }
    }
    println!("| step (200 task resamples) | DeepScaleR (s) | Pythia (s) |\n|---|---|---|");
    for (label, t) in rows.iter().chain(&extra) {
        println!("| {label} | {:.3} | {:.3} |", t[0], t[1]);
    }
    if missed.is_empty() {
        println!("\nwhole ranking within {TARGET_SECONDS} s natively on each real file: met");
    } else {
        println!(
            "\nwhole ranking within {TARGET_SECONDS} s natively on each real file: MISSED ({})",
            missed.join(", ")
        );
    }
}
