//! Timings of the estimators natively: `cargo bench --bench estimators [-- --quick]`.
//!
//! Synthetic series (seeded): n uniform in 50..=1000 per task, p from a zero/one-inflated
//! Beta so that c = 0 and c = n both occur; plus the real files in `assets/examples/`.
//! Each row is the median of several runs. Timings live here, never in unit tests.

use std::hint::black_box;
use std::time::Instant;

use passk::core::beta_binomial::fit_bb;
use passk::core::cover::{cover_plugin, cover_posterior, Tau};
use passk::core::cv::cv_elpd;
use passk::core::dataset::Dataset;
use passk::core::estimates::{unbiased_pass_at_k, Estimates};
use passk::core::fit::{config, fit_series};
use passk::core::report::{build_report, Options};
use passk::core::sample::{synthetic, InflatedBeta};
use passk::core::zoibb::fit_zoibb;

/// The prior of the synthetic benchmark series.
const PRIOR: InflatedBeta = InflatedBeta {
    pi0: 0.15,
    pi1: 0.1,
    a: 0.6,
    b: 1.2,
};

fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

/// 50 budgets from 1 to 10^4, log-spaced.
fn fifty_ks() -> Vec<u64> {
    let mut ks: Vec<u64> = (0..50)
        .map(|i| 10f64.powf(4.0 * i as f64 / 49.0).round() as u64)
        .collect();
    ks.dedup();
    ks
}

fn row(name: &str, what: &str, ms: f64) {
    println!("| {name:<24} | {what:<44} | {ms:>10.3} |");
}

fn bench_series(name: &str, ds: &Dataset, runs: usize) {
    let g = ds.groups();
    let ks = fifty_ks();
    row(
        name,
        "group by (n, c)",
        median_ms(runs, || {
            black_box(ds.groups());
        }),
    );
    row(
        name,
        "combinatorial curve, 50 k",
        median_ms(runs, || {
            for &k in &ks {
                let _ = black_box(unbiased_pass_at_k(&g, k));
            }
        }),
    );
    let bb = fit_bb(&g);
    row(
        name,
        "BB fit",
        median_ms(runs, || {
            black_box(fit_bb(&g));
        }),
    );
    row(
        name,
        "ZOIBB fit (given BB)",
        median_ms(runs, || {
            black_box(fit_zoibb(&g, &bb));
        }),
    );
    let taus: Vec<Tau> = ["0.2", "0.8"]
        .iter()
        .filter_map(|t| Tau::parse(t).ok())
        .collect();
    let opts = Options {
        ks,
        ..Options::default()
    };
    let fits = fit_series(&g);
    row(
        name,
        "Cover@τ plug-in and BB posterior",
        median_ms(runs, || {
            for &t in &taus {
                black_box(cover_plugin(&g, t));
                black_box(cover_posterior(&g, bb.a, bb.b, t.value()));
            }
        }),
    );
    let est = Estimates::new(&g, fits, config(&opts.settings));
    row(
        name,
        "every estimator at 50 k",
        median_ms(runs, || {
            black_box(est.at_ks(&opts.ks));
        }),
    );
    row(
        name,
        "analysis: fits, 50 k, Cover",
        median_ms(runs, || {
            let g = ds.groups();
            let fits = fit_series(&g);
            let est = Estimates::new(&g, fits, config(&opts.settings));
            black_box(est.at_ks(&opts.ks));
            for &t in &taus {
                black_box(cover_plugin(&g, t));
                if let Some(f) = &fits {
                    black_box(cover_posterior(&g, f.bb.a, f.bb.b, t.value()));
                }
            }
        }),
    );
    if let Some(f) = &fits {
        row(
            name,
            "CV-ELPD, 10 folds",
            median_ms(runs, || {
                black_box(cv_elpd(ds, 10, f));
            }),
        );
    }
    row(
        name,
        "full report (the above + CV + extrapolation)",
        median_ms(runs, || {
            black_box(build_report(std::slice::from_ref(ds), vec![vec![]], &opts));
        }),
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let sizes: &[usize] = if quick {
        &[1_000, 100_000]
    } else {
        &[1_000, 10_000, 100_000, 1_000_000]
    };
    println!(
        "| {:<24} | {:<44} | {:>10} |",
        "series", "step", "median ms"
    );
    println!("|{}|{}|{}|", "-".repeat(26), "-".repeat(46), "-".repeat(12));
    for &n in sizes {
        let ds = synthetic(&format!("synthetic N={n}"), n, 50, 1000, PRIOR, 42);
        let runs = if n >= 1_000_000 {
            3
        } else if n >= 100_000 {
            5
        } else {
            11
        };
        bench_series(&ds.name.clone(), &ds, runs);
    }
    let real = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples");
    for f in [
        "deepscaler_base.jsonl",
        "deepscaler_rl.jsonl",
        "pythia_math_n10000.csv",
    ] {
        let path = real.join(f);
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let t = Instant::now();
        let read = passk::io::read::read_text(f, f, &text, None);
        let (series, _) = passk::io::read::assemble(vec![read]);
        let parse_ms = t.elapsed().as_secs_f64() * 1e3;
        row(f, "parse (one run)", parse_ms);
        for ds in series.iter().take(if quick { 1 } else { usize::MAX }) {
            bench_series(&ds.name, ds, 11);
        }
    }
}
