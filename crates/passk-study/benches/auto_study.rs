//! The `auto` study of issue 18 and the backtest's timings:
//!
//! ```sh
//! cargo bench --bench auto_study                 # everything: writes target/auto_study.md
//! cargo bench --bench auto_study -- --done-when  # the Done-when table only
//! cargo bench --bench auto_study -- --grid       # the simulation grid only
//! cargo bench --bench auto_study -- --timing     # backtest timings only
//! cargo bench --bench auto_study -- --seeds 40   # replicates per cell (default 10)
//! cargo bench --bench auto_study -- --first-seed 1001   # fresh seeds (default 1)
//! ```
//!
//! Done-when: subsamples (without replacement) of DeepScaleR base and RL at m = 8 and 16
//! samples per task, targets k = 64, 128, and of the seven Pythia models at m = 20 and 100,
//! targets k = 1000, 10000; the reference is the unbiased pass@k of the full counts.
//!
//! Simulation grid: per suite (DeepScaleR base, DeepScaleR RL, Pythia), data drawn from its
//! fitted BB prior, its fitted ZOIBB prior and its real per-task rates c/n, at m = 4, 8, 16,
//! 32 samples per task and targets k = ρ·m for ρ = 2, 8, 32, 128, 500; the reference is the
//! true pass@k of the drawn rates. Every cell: mean absolute error over the replicates (and
//! over the series of a suite), in percentage points.
//!
//! The study itself (sources, replicates, cells, tables) is this crate (`passk_study`), which
//! `tests/auto_study.rs` runs on a reduced grid.

use std::time::Instant;

use passk_core::analysis::backtest::{backtest, BacktestRun};
use passk_core::data::Counts;
use passk_core::data::Dataset;

use passk_core::data::Task;
use passk_core::data::{synthetic, InflatedBeta};
use passk_core::eval::fit_series;
use passk_core::settings::Settings;
use passk_study::{cells, deepscaler, pythia, simulated, subsampled, table, Cell, Real, REPEATS};

/// The Done-when cells.
fn done_when(seeds: &[u64]) -> Vec<Cell> {
    let ds = deepscaler();
    let mut out = Vec::new();
    for r in &ds {
        let src = subsampled(&r.name, std::slice::from_ref(r));
        for m in [8, 16] {
            out.extend(cells(&src, m, &[64, 128], seeds));
        }
    }
    let src = subsampled("Pythia (7 models)", &pythia());
    for m in [20, 100] {
        out.extend(cells(&src, m, &[1000, 10_000], seeds));
    }
    out
}

/// The simulation grid's cells.
fn grid(seeds: &[u64], ms: &[u64], ratios: &[u64]) -> Vec<Cell> {
    let ds = deepscaler();
    let suites: Vec<(&str, Vec<Real>)> = vec![
        ("DeepScaleR base", vec![ds[0].clone()]),
        ("DeepScaleR RL", vec![ds[1].clone()]),
        ("Pythia", pythia()),
    ];
    let mut out = Vec::new();
    for (suite, reals) in &suites {
        for src in simulated(suite, reals) {
            for &m in ms {
                let ks: Vec<u64> = ratios.iter().map(|r| r * m).collect();
                out.extend(cells(&src, m, &ks, seeds));
            }
        }
    }
    out
}

fn summary(cells: &[Cell]) -> String {
    let within = cells.iter().filter(|c| c.within(0.10)).count();
    let stated: u64 = cells.iter().map(|c| c.stated).sum();
    let covered: u64 = cells.iter().map(|c| c.covered).sum();
    let trend: u64 = cells.iter().map(|c| c.trend).sum();
    let count: u64 = cells.iter().map(|c| c.count).sum();
    let e = |i: usize| cells.iter().map(|c| c.sums[i]).sum::<f64>() / count.max(1) as f64;
    format!(
        "{within} of {} cells within 10 % of the best of BB, ZOIBB and LinMix. Over all {count} replicates: auto's actual error {:.2} points on average, its stated error {:.2} (the stated error is an expected absolute error; it was at least the actual one in {covered} of {stated}); the carried trends overturned the choice at the decisive ratio in {trend}.\n",
        cells.len(),
        100.0 * e(4),
        100.0 * cells.iter().map(|c| c.stated_sum).sum::<f64>() / stated.max(1) as f64,
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The backtest's wall time (median of `runs`) and its longest step, per input.
fn timing() -> String {
    let mut s = String::from(
        "| input | tasks | n | backtest ms (median) | steps | longest step ms |\n|---|---:|---:|---:|---:|---:|\n",
    );
    let ds = deepscaler();
    let py = pythia();
    let as_dataset = |r: &Real| Dataset {
        name: r.name.clone(),
        tasks: r
            .counts
            .iter()
            .map(|&c: &Counts| Task::new(None, c))
            .collect(),
        meta: Default::default(),
    };
    let prior = InflatedBeta::new(0.2, 0.1, 0.5, 1.5);
    let inputs: Vec<(Dataset, usize)> = vec![
        (as_dataset(&ds[0]), 9),
        (as_dataset(&ds[1]), 9),
        (as_dataset(&py[6]), 5),
        (as_dataset(&py[0]), 5),
        (synthetic("synthetic n=100", 10_000, 100, 100, prior, 1), 3),
        (
            synthetic("synthetic n=50..1000", 10_000, 50, 1000, prior, 2),
            3,
        ),
    ];
    let settings = Settings::default();
    for (d, runs) in inputs {
        let g = d.groups();
        let fits = fit_series(&g).expect("tasks");
        let times: Vec<f64> = (0..runs)
            .map(|_| {
                let t = Instant::now();
                let bt = backtest(&d, &fits, &settings, REPEATS);
                std::hint::black_box(bt.ok());
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        let mut run = BacktestRun::new(&d, &fits, &settings, REPEATS).expect("a backtest");
        let (mut steps, mut longest) = (0, 0.0f64);
        loop {
            let t = Instant::now();
            let more = run.step();
            longest = longest.max(t.elapsed().as_secs_f64() * 1e3);
            if !more {
                break;
            }
            steps += 1;
        }
        s.push_str(&format!(
            "| {} | {} | {} | {:.1} | {steps} | {longest:.2} |\n",
            d.name,
            g.tasks(),
            if g.n_min() == g.n_max() {
                g.n_min().to_string()
            } else {
                format!("{}..{}", g.n_min(), g.n_max())
            },
            median(times)
        ));
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let has = |f: &str| args.iter().any(|a| a == f);
    let seeds_n: u64 = args
        .iter()
        .position(|a| a == "--seeds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let first: u64 = args
        .iter()
        .position(|a| a == "--first-seed")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let seeds: Vec<u64> = (first..first + seeds_n).collect();
    let all = !has("--done-when") && !has("--grid") && !has("--timing");
    let mut report = String::from("# The auto study (issue 18)\n\n");
    report.push_str(&format!(
        "Backtest: {REPEATS} repeats per shrink factor; {seeds_n} replicates (seeds 1..={seeds_n}) per cell. Errors in percentage points; ✗ marks a cell where auto is more than 10 % above the best of BB, ZOIBB and LinMix.\n\n"
    ));
    if all || has("--done-when") {
        let t = Instant::now();
        let c = done_when(&seeds);
        report.push_str("## Done when: subsamples of the real files\n\n");
        report.push_str(&table(&c));
        report.push('\n');
        report.push_str(&summary(&c));
        report.push_str(&format!("({:.0} s)\n\n", t.elapsed().as_secs_f64()));
        print!("{report}");
    }
    if all || has("--grid") {
        let t = Instant::now();
        let c = grid(&seeds, &[4, 8, 16, 32], &[2, 8, 32, 128, 500]);
        let part = format!(
            "## Simulation grid\n\n{}\n{}({:.0} s)\n\n",
            table(&c),
            summary(&c),
            t.elapsed().as_secs_f64()
        );
        print!("{part}");
        report.push_str(&part);
    }
    if all || has("--timing") {
        let part = format!("## Backtest timings ({REPEATS} repeats)\n\n{}\n", timing());
        print!("{part}");
        report.push_str(&part);
    }
    let out = passk_fixtures::root().join("target/auto_study.md");
    if std::fs::write(&out, &report).is_ok() {
        eprintln!("written to {}", out.display());
    }
}
