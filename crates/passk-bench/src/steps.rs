//! The benchmark's steps, one implementation for both places they run: natively
//! (`cargo bench --bench estimators`, with `Instant`) and in WebAssembly (the bench worker's
//! `Bench` request, with `performance.now()`, built as the engine is), so the two columns of
//! `./dev bench` time exactly the same work. Timings live in the benchmark, never in tests.

use std::hint::black_box;

use crate::timings::{FileBench, Timing};
use passk_app::page::loaded::Loaded;
use passk_core::data::Dataset;
use passk_core::estimators::fit_bb;
use passk_core::estimators::scaled::fit_scaled;
use passk_core::estimators::zoibb::fit_zoibb;
use passk_core::estimators::{cover_plugin, cover_posterior, Tau};
use passk_core::eval::too_many_groups;
use passk_core::eval::unbiased_pass_at_k;
use passk_core::eval::Estimates;
use passk_core::eval::{config, fit_series};
use passk_core::report::{build_report, forecast_series};
use passk_core::settings::Options;
use passk_io::read::{assemble, read_text, series_name_for};

/// Fifty distinct budgets from 1 to `n_min` (all of them when `n_min` ≤ 50), log-spaced: the
/// combinatorial curve is defined for every one.
pub fn fifty_ks(n_min: u64) -> Vec<u64> {
    if n_min <= 50 {
        return (1..=n_min.max(1)).collect();
    }
    let top = (n_min as f64).ln();
    let mut ks: Vec<u64> = Vec::with_capacity(50);
    for i in 0..50 {
        let k = (top * i as f64 / 49.0).exp().round() as u64;
        let k = ks.last().map_or(k, |&prev| k.max(prev + 1)).min(n_min);
        if ks.last() != Some(&k) {
            ks.push(k);
        }
    }
    ks
}

fn median(mut t: Vec<f64>) -> f64 {
    t.sort_by(f64::total_cmp);
    t.get(t.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Times every step of one input `runs` times (median) with the clock `now` (milliseconds):
/// parse; the combinatorial curve at 50 k; the BB and ZOIBB fits; Cover@τ (plug-in and BB
/// posterior, τ = 0.2 and 0.8); the analysis the page runs (grouping, both fits, every
/// estimator at 50 k, Cover); the full `passk-report/2` document (with CV-ELPD and the
/// extrapolation); and `passk report` as the command line runs it on the file: read and report
/// with the default settings and k list ([`read_and_report`]). Steps over several series add
/// up the series.
pub fn bench_text(file: &str, text: &str, runs: usize, now: &dyn Fn() -> f64) -> FileBench {
    let runs = runs.max(1);
    let time = |f: &mut dyn FnMut()| {
        median(
            (0..runs)
                .map(|_| {
                    let t = now();
                    f();
                    now() - t
                })
                .collect(),
        )
    };
    let read = || assemble(vec![read_text(file, &series_name_for(file), text, None)]).0;
    let parse = time(&mut || {
        black_box(read());
    });
    let ds: Vec<Dataset> = read().into_iter().filter(|d| !d.tasks.is_empty()).collect();
    let groups: Vec<_> = ds.iter().map(Dataset::groups).collect();
    let n_min = groups.iter().map(|g| g.n_min()).min().unwrap_or(1);
    let ks = fifty_ks(n_min);
    let taus: Vec<Tau> = ["0.2", "0.8"]
        .iter()
        .filter_map(|t| Tau::parse(t).ok())
        .collect();
    let opts = Options {
        ks: ks.clone(),
        ..Options::default()
    };
    let curve = time(&mut || {
        for g in &groups {
            for &k in &ks {
                let _ = black_box(unbiased_pass_at_k(g, k));
            }
        }
    });
    let bbs: Vec<_> = groups.iter().map(fit_bb).collect();
    let bb = time(&mut || {
        for g in &groups {
            black_box(fit_bb(g));
        }
    });
    let zoibb = time(&mut || {
        for (g, bb) in groups.iter().zip(&bbs) {
            black_box(fit_zoibb(g, bb));
        }
    });
    let scaled = time(&mut || {
        for (g, bb) in groups.iter().zip(&bbs) {
            black_box(fit_scaled(g, bb));
        }
    });
    let forecast_opts = Options {
        forecast: true,
        reach: vec![0.9],
        ..Options::default()
    };
    // Only where the page and `passk report` compute them unasked (AUTO_GROUPS).
    let small = groups.iter().all(|g| too_many_groups(g).is_none());
    let series_fits: Vec<_> = groups.iter().filter_map(fit_series).collect();
    let forecasts = small.then(|| {
        time(&mut || {
            for (g, f) in groups.iter().zip(&series_fits) {
                black_box(forecast_series(g, f, &forecast_opts));
            }
        })
    });
    let cover = time(&mut || {
        for (g, bb) in groups.iter().zip(&bbs) {
            for &t in &taus {
                black_box(cover_plugin(g, t));
                black_box(cover_posterior(g, bb.a, bb.b, t.value()));
            }
        }
    });
    let analysis = time(&mut || {
        for d in &ds {
            let g = d.groups();
            let fits = fit_series(&g);
            let est = Estimates::new(&g, fits, config(&opts.settings));
            black_box(est.at_ks(&opts.ks));
            for &t in &taus {
                black_box(cover_plugin(&g, t));
                if let Some(f) = &fits {
                    black_box(cover_posterior(&g, f.bb.a, f.bb.b, t.value()));
                }
            }
        }
    });
    let rejected = vec![Vec::new(); ds.len()];
    let report = time(&mut || {
        black_box(build_report(&ds, rejected.clone(), &opts));
    });
    // The same report on one thread (natively the report's parts and series run side by
    // side on every core; one thread in WebAssembly either way).
    passk_core::par::set_threads(1);
    let report_one = time(&mut || {
        black_box(build_report(&ds, rejected.clone(), &opts));
    });
    passk_core::par::set_threads(0);
    let cli = time(&mut || {
        black_box(read_and_report(file, text));
    });
    FileBench {
        file: file.to_string(),
        series: ds.len(),
        tasks: ds.iter().map(|d| d.tasks.len()).sum(),
        ks,
        bytes: text.len() as u64,
        timings: vec![
            Timing {
                step: "parse".into(),
                ms: parse,
            },
            Timing {
                step: "combinatorial curve, 50 k".into(),
                ms: curve,
            },
            Timing {
                step: "BB fit".into(),
                ms: bb,
            },
            Timing {
                step: "ZOIBB fit".into(),
                ms: zoibb,
            },
            Timing {
                step: SCALED_FITS.into(),
                ms: scaled,
            },
            Timing {
                step: FORECASTS.into(),
                ms: forecasts.unwrap_or(f64::NAN),
            },
            Timing {
                step: "Cover@τ".into(),
                ms: cover,
            },
            Timing {
                step: "analysis (page)".into(),
                ms: analysis,
            },
            Timing {
                step: "full report".into(),
                ms: report,
            },
            Timing {
                step: "full report, 1 thread".into(),
                ms: report_one,
            },
            Timing {
                step: READ_AND_REPORT.into(),
                ms: cli,
            },
        ],
    }
}

/// The step that fits the scaled Beta and the Kumaraswamy to every series.
pub const SCALED_FITS: &str = "scaled Beta + Kumaraswamy fits";

/// The step that computes every series' forecasts (fits, profile intervals, reach 0.9, the
/// forecast chart's curves), as the forecast panel asks for them.
pub const FORECASTS: &str = "forecasts (fits, intervals, reach, curves)";

/// The name of the step that reads a file and reports on it, as `passk report` does.
pub const READ_AND_REPORT: &str = "read + report, default k (passk report --no-forecast)";

/// Reads `text` (the file `file`) and builds its report with the default settings, as
/// `passk report --no-forecast FILE` does (its workspace, without printing; the forecasts'
/// cost is the [`SCALED_FITS`] step's and more, timed apart).
pub fn read_and_report(file: &str, text: &str) -> passk_core::report::Report {
    let ws = Loaded::new(vec![read_text(file, &series_name_for(file), text, None)]);
    build_report(&ws.datasets, ws.rejected, &Options::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifty_distinct_budgets_within_n() {
        assert_eq!(fifty_ks(10), (1..=10).collect::<Vec<_>>());
        for n in [50, 51, 128, 10_000] {
            let ks = fifty_ks(n);
            assert_eq!(ks.len(), 50, "{n}: {ks:?}");
            assert!(ks.windows(2).all(|w| w[0] < w[1]));
            assert_eq!((ks[0], *ks.last().unwrap()), (1, n));
        }
    }

    #[test]
    fn every_step_is_timed() {
        let tick = std::cell::Cell::new(0.0);
        let clock = || {
            tick.set(tick.get() + 1.0);
            tick.get()
        };
        let b = bench_text("x.txt", "10 3\n10 0\n12 12\n", 3, &clock);
        assert_eq!((b.series, b.tasks, b.ks.len()), (1, 3, 10));
        assert_eq!(b.timings.len(), 11);
        assert_eq!(b.bytes, 16);
        assert!(b.timings.iter().all(|t| t.ms == 1.0), "{:?}", b.timings);
    }
}
