//! Native timings: `cargo bench --bench estimators [-- --quick] [--data DIR] [--json]`.
//!
//! Synthetic series (seeded): n uniform in 50..=1000 per task, p from a zero/one-inflated
//! Beta so that c = 0 and c = n both occur, written to `DIR/synthetic_N.csv` (`task,n,c`) so
//! that the WebAssembly and Python columns of `./dev bench` read the very same files; plus the
//! real files in `assets/examples/`. Every step is [`passk::bench::bench_text`], the median of
//! several runs. `--json` prints one JSON object per input (for `bench/run.mjs`), else a
//! Markdown table.

use std::path::{Path, PathBuf};
use std::time::Instant;

use passk::bench::bench_text;
use passk::core::data::synthetic::{synthetic, InflatedBeta};

/// The prior of the synthetic benchmark series.
const PRIOR: InflatedBeta = InflatedBeta {
    pi0: 0.15,
    pi1: 0.1,
    a: 0.6,
    b: 1.2,
};

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
        if !path.exists() {
            let ds = synthetic(&format!("synthetic N={n}"), n, 50, 1000, PRIOR, 42);
            let mut text = String::with_capacity(n * 16);
            text.push_str("task,n,c\n");
            for (i, t) in ds.tasks.iter().enumerate() {
                text.push_str(&format!("t{i},{},{}\n", t.counts.n(), t.counts.c()));
            }
            std::fs::write(&path, text).expect("writing the synthetic series");
        }
        let runs = match n {
            n if n >= 1_000_000 => 3,
            n if n >= 100_000 => 5,
            _ => 11,
        };
        out.push((path, if quick { runs.min(5) } else { runs }));
    }
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples");
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
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data"));
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
        if json {
            let mut v = serde_json::to_value(&b).unwrap_or_default();
            v["path"] = serde_json::Value::from(path.display().to_string());
            println!("{v}");
        } else {
            for t in &b.timings {
                println!(
                    "| {name:<24} | {:>9} | {:<28} | {:>10.3} |",
                    b.tasks, t.step, t.ms
                );
            }
        }
    }
}
