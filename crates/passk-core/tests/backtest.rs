//! The backtest: on data drawn from a known prior the right estimator wins, results are
//! seeded, BB is kept unless beaten beyond the spread of the repeats, uninformative levels
//! neither decide nor tie, the error beyond the backtest grows with the distance, and what
//! cannot be backtested falls back to BB.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::backtest::{bucket, choose};

use passk_core::analysis::backtest::BacktestReport;

use passk_core::analysis::backtest::Level;
use passk_core::analysis::backtest::{backtest, Backtest, BacktestError};
use passk_core::analysis::backtest::{error_at, more_samples};
use passk_core::data::Counts;
use passk_core::data::Dataset;

use passk_core::data::Task;
use passk_core::data::{synthetic, InflatedBeta};
use passk_core::estimators::Estimator;
use passk_core::eval::fit_series;
use passk_core::report::build_report;
use passk_core::settings::{Options, Settings};

fn run(ds: &Dataset, repeats: u64) -> Backtest {
    let fits = fit_series(&ds.groups()).unwrap();
    backtest(ds, &fits, &Settings::default(), repeats).unwrap()
}

#[test]
fn a_plain_beta_prior_is_best_extrapolated_by_bb() {
    let ds = synthetic(
        "beta",
        400,
        64,
        64,
        InflatedBeta {
            pi0: 0.0,
            pi1: 0.0,
            a: 0.4,
            b: 1.2,
        },
        3,
    );
    let bt = run(&ds, 10);
    assert_eq!(bt.ratios, vec![2, 4, 8, 16, 32]);
    let auto = choose(&bt, &[8.0, 16.0]);
    // BB, or a mix so close to it that the tie goes to BB.
    assert_eq!(auto.estimator, Estimator::Bb, "{auto:?} {:?}", bt.mae);
    let naive = error_at(&bt, Estimator::Naive, 16.0).unwrap();
    let bb = error_at(&bt, Estimator::Bb, 16.0).unwrap();
    assert!(bb < naive / 2.0, "BB {bb} vs naive {naive}");
}

#[test]
fn an_inflated_prior_with_large_n_wants_the_atoms() {
    let prior = InflatedBeta {
        pi0: 0.35,
        pi1: 0.15,
        a: 0.7,
        b: 0.7,
    };
    let ds = synthetic("inflated", 400, 256, 256, prior, 5);
    let bt = run(&ds, 10);
    let auto = choose(&bt, &[16.0, 32.0, 64.0]);
    let c = auto.estimator;
    let ok = matches!(c, Estimator::Zoibb | Estimator::LinMix)
        || matches!(c, Estimator::Mix(t) if t >= 7);
    assert!(ok, "{auto:?}");
}

#[test]
fn seeded_and_deterministic() {
    let ds = synthetic(
        "s",
        60,
        32,
        40,
        InflatedBeta {
            pi0: 0.2,
            pi1: 0.1,
            a: 1.0,
            b: 2.0,
        },
        9,
    );
    assert_eq!(run(&ds, 4), run(&ds, 4));
    let fits = fit_series(&ds.groups()).unwrap();
    let other = backtest(
        &ds,
        &fits,
        &Settings {
            seed: 1,
            ..Settings::default()
        },
        4,
    )
    .unwrap();
    assert_ne!(other.mae, run(&ds, 4).mae);
}

/// A level of `m` samples per task measuring `width` ratios over 20 repeats, every repeat's
/// signed errors of (naive, BB, ZOIBB, LinMix) at ratio column j from `f(repeat, j)`.
/// The scaled fits are not among these levels' candidates ([`cands`]).
fn level(m: u64, width: usize, f: impl Fn(usize, usize) -> [f32; 4]) -> Level {
    let signed = (0..20)
        .flat_map(|r| (0..width).map(move |j| (r, j)))
        .map(|(r, j)| {
            let [n, b, z, l] = f(r, j);
            [n, b, z, l, f32::NAN, f32::NAN]
        })
        .collect();
    Level::from_signed(m, width, signed, &cands())
}

/// The candidates of the made-up levels: without the scaled fits.
fn cands() -> Vec<Estimator> {
    Estimator::candidates_with(false)
}

/// ± `d` alternating over the repeats.
fn wobble(r: usize, d: f32) -> f32 {
    if r.is_multiple_of(2) {
        d
    } else {
        -d
    }
}

#[test]
fn bb_is_kept_unless_beaten_beyond_the_spread_and_naive_is_never_chosen() {
    // Naive errs least, but is never chosen; ZOIBB is 1 % better than BB on average but
    // swings ± 1 point from repeat to repeat: not better beyond the spread, BB is kept.
    let noisy = level(8, 1, |r, _| [0.0, 0.02, 0.0198 + wobble(r, 0.01), 0.02]);
    let bt = Backtest::from_levels(vec![noisy], 20, &cands());
    let a = choose(&bt, &[2.0]);
    assert_eq!(a.estimator, Estimator::Bb, "{a:?}");
    assert!(a.alternatives.contains(&Estimator::Zoibb), "{a:?}");
    assert!(a.reason.contains("BB is kept"), "{}", a.reason);
    // The same lead, steady over the repeats: beyond the spread, ZOIBB is chosen (the mix
    // w = 1.0 is the same candidate).
    let steady = level(8, 1, |r, _| {
        [0.0, 0.02 + wobble(r, 0.001), 0.01 + wobble(r, 0.001), 0.02]
    });
    let bt = Backtest::from_levels(vec![steady], 20, &cands());
    let a = choose(&bt, &[2.0]);
    assert_eq!(a.estimator, Estimator::Zoibb, "{a:?}");
    assert_eq!(
        a.alternatives,
        vec![Estimator::Zoibb, Estimator::Mix(10)],
        "{a:?}"
    );
    assert_eq!(
        (a.ratios.clone(), a.informative.clone(), a.extrapolated),
        (vec![2], vec![2], false)
    );
    assert!((a.error.unwrap() - 0.01).abs() < 1e-6, "{a:?}");
    assert_eq!(
        (bucket(3.0), bucket(4.0), bucket(4.1), bucket(0.5)),
        (4, 4, 8, 1)
    );
}

#[test]
fn uninformative_levels_neither_decide_nor_tie() {
    // 8 samples per task: at 2× ZOIBB beats BB steadily (w = 0.8 errs least). 2 samples per
    // task (and 4 at 2×): ZOIBB collapses to BB, every fit scores the same.
    let top = level(8, 1, |r, _| {
        [
            -0.05,
            0.012 + wobble(r, 0.001),
            -0.003 + wobble(r, 0.001),
            0.012,
        ]
    });
    let flat = |r: usize, j: usize| {
        let e = 0.01 * (j as f32 + 1.0) + wobble(r, 0.002);
        [-0.1, e, e, e]
    };
    let low = level(2, 2, flat);
    let with = Backtest::from_levels(vec![top.clone(), level(4, 1, flat), low], 20, &cands());
    let without = Backtest::from_levels(vec![top], 20, &cands());
    for targets in [vec![4.0], vec![2.0, 4.0], vec![16.0]] {
        let (a, b) = (choose(&with, &targets), choose(&without, &targets));
        assert_eq!(a.estimator, b.estimator, "{targets:?}: {a:?}");
        assert_eq!(a.estimator, Estimator::Mix(8), "{targets:?}: {a:?}");
        assert_eq!(a.informative, vec![2], "{a:?}");
        assert_eq!(a.decided_at, vec![2], "{a:?}");
    }
    // The report marks which cells were informative.
    let r = BacktestReport::new(&with, choose(&with, &[4.0]));
    let marks: Vec<Vec<bool>> = r.levels.iter().map(|l| l.informative.clone()).collect();
    assert_eq!(marks, vec![vec![true], vec![false], vec![false, false]]);
}

#[test]
fn beyond_the_backtest_the_error_grows_with_the_distance() {
    // BB errs 1, 1.5 points at 2×, 4× (trend 0.5 per doubling, average since 1× 0.75).
    let l = level(4, 2, |r, j| {
        let e = [0.01, 0.015][j] + wobble(r, 0.0005);
        [-0.1, e, 0.05 + e, e]
    });
    let bt = Backtest::from_levels(vec![l], 20, &cands());
    let errs: Vec<f64> = [8.0, 64.0, 512.0]
        .iter()
        .map(|&rho| {
            let a = choose(&bt, &[rho]);
            assert_eq!(a.estimator, Estimator::Bb);
            assert!(a.extrapolated && a.ratios.is_empty(), "{a:?}");
            assert_eq!(a.tested_up_to, Some(4));
            assert!(
                a.reason
                    .starts_with("extrapolated beyond the backtest (tested up to 4×)"),
                "{}",
                a.reason
            );
            a.error.unwrap()
        })
        .collect();
    // e* + doublings × max(trend, e*/2) = 1.5 + d × 0.75 points.
    for (e, d) in errs.iter().zip([1.0, 4.0, 7.0]) {
        assert!((e - (0.015 + d * 0.0075)).abs() < 1e-6, "{errs:?}");
    }
    assert_eq!(error_at(&bt, Estimator::Bb, 64.0), None);
}

#[test]
fn what_cannot_be_backtested_falls_back_to_bb() {
    let one = Dataset {
        name: "one".into(),
        tasks: vec![Task::new(None, Counts::new(10, 3).unwrap())].into(),
        meta: Default::default(),
    };
    let fits = fit_series(&one.groups()).unwrap();
    assert_eq!(
        backtest(&one, &fits, &Settings::default(), 2),
        Err(BacktestError::TooFewTasks)
    );
    let small = synthetic(
        "small",
        20,
        3,
        3,
        InflatedBeta {
            pi0: 0.0,
            pi1: 0.0,
            a: 1.0,
            b: 1.0,
        },
        1,
    );
    let opts = Options {
        ks: vec![1, 10],
        backtest: Some(3),
        ..Options::default()
    };
    let r = build_report(&[small], vec![vec![]], &opts);
    let m = &r.models[0];
    let json = serde_json::to_value(m).unwrap();
    assert_eq!(json["backtest"]["auto"]["estimator"], "bb");
    assert!(
        m.warnings
            .iter()
            .any(|w| w.contains("backtest: the backtest needs n ≥ 4")),
        "{:?}",
        m.warnings
    );
    // k = 10 > n = 3: the auto value is BB's.
    assert_eq!(m.pass_at_k[1].auto, Some(m.pass_at_k[1].bb));
}

#[test]
fn more_samples_cut_the_extrapolation_error() {
    let ds = synthetic(
        "beta",
        300,
        128,
        128,
        InflatedBeta {
            pi0: 0.1,
            pi1: 0.0,
            a: 0.5,
            b: 1.5,
        },
        11,
    );
    let bt = run(&ds, 6);
    let curve = more_samples(&bt, Estimator::Bb, 512, 128);
    // m = 2, 4, …, 64 and the full 128: the error at k = 512 from m samples is the error at
    // ratio 512/m; ratios above 64 were not measured.
    let ms: Vec<u64> = curve.iter().map(|x| x.0).collect();
    assert_eq!(ms, vec![2, 4, 8, 16, 32, 64, 128]);
    let known: Vec<f64> = curve.iter().filter_map(|x| x.1).collect();
    assert!(known.len() >= 2);
    // The full n extrapolates the least and errs the least.
    assert!(known.last() < known.first(), "{curve:?}");
    assert_eq!(curve[0].1, None, "ratio 256 was not measured");
}

/// "Would more samples help?" reads each point from the largest subsample that measured its
/// ratio, not from the mean with the smallest ones, and shows no point where that subsample
/// separates no candidates (2 samples per task: the fits degenerate and tie) or where the
/// ratio was never measured.
#[test]
fn more_samples_read_the_largest_informative_subsample_at_each_ratio() {
    // BB errs errs[j]; ZOIBB twice as much, except at 2 samples per task (it is BB there).
    let at = |errs: [f32; 3], tied: bool| {
        move |_: usize, j: usize| {
            let z = if tied { errs[j] } else { 2.0 * errs[j] };
            [0.0, errs[j], z, errs[j]]
        }
    };
    let bt = Backtest::from_levels(
        vec![
            level(8, 1, at([0.01, 0.0, 0.0], false)),
            level(4, 2, at([0.02, 0.03, 0.0], false)),
            level(2, 3, at([0.05, 0.06, 0.07], true)),
        ],
        20,
        &cands(),
    );
    let curve = more_samples(&bt, Estimator::Bb, 32, 16);
    let got: Vec<(u64, Option<f64>)> = curve
        .into_iter()
        .map(|(m, e)| (m, e.map(|e| (e * 1e4).round() / 1e4)))
        .collect();
    // m = 16: 2× from 8 samples; m = 8: 4× from 4 (not the mean with 2 samples' 0.06);
    // m = 4: 8× only from 2 samples, where the fits tie; m = 2: 16× never measured.
    assert_eq!(
        got,
        vec![(2, None), (4, None), (8, Some(0.03)), (16, Some(0.01))]
    );
}

/// The case: DeepScaleR base subsampled to 8 samples per task and extrapolated to
/// k = 64 and 128. The backtest can only shrink to 4 and 2 samples (ratios 2× and 4×); at 2
/// samples every fit scores the same. That level must neither decide nor fall back: the
/// choice is made at 2× from the 4-sample level, labelled as extrapolated beyond the
/// backtest, with an error larger than the one measured at 4×.
#[test]
fn deepscaler_at_eight_samples_per_task_is_decided_by_its_informative_level() {
    use passk_core::num::sample::Hypergeometric;
    use passk_core::num::SplitMix64;
    let full = passk_fixtures::load(&[passk_fixtures::real("deepscaler_base.jsonl")]).remove(0);
    let mut rng = SplitMix64::new(18);
    let mut ds = full.clone();
    for t in &mut ds.tasks {
        let (n, c) = (t.counts.n(), t.counts.c());
        t.counts = Counts::new(8, Hypergeometric::new(n, c, 8).sample(&mut rng)).unwrap();
    }
    let bt = run(&ds, 20);
    assert_eq!(bt.ratios, vec![2, 4]);
    let a = choose(&bt, &[64.0 / 8.0, 128.0 / 8.0]);
    assert_eq!(
        (a.informative.clone(), a.decided_at.clone()),
        (vec![2], vec![2]),
        "{a:?}"
    );
    assert!(a.extrapolated && a.ratios.is_empty(), "{a:?}");
    assert!(
        a.reason
            .starts_with("extrapolated beyond the backtest (tested up to 4×)"),
        "{}",
        a.reason
    );
    let measured = error_at(&bt, a.estimator, 4.0).unwrap();
    assert!(a.error.unwrap() > measured, "{a:?} vs {measured}");
    let r = BacktestReport::new(&bt, a);
    let marks: Vec<Vec<bool>> = r.levels.iter().map(|l| l.informative.clone()).collect();
    assert_eq!(marks, vec![vec![true], vec![false, false]]);
}

/// The page runs the backtest step by step and attaches it to a report built without one;
/// `passk report --backtest` builds it in one go. Both go through `SeriesBacktest`, so the
/// documents agree — also for a series that cannot be backtested (n < 4) and for budgets
/// beyond the largest ratio measured.
#[test]
fn page_and_cli_backtests_agree() {
    use passk_core::analysis::backtest::BacktestRun;
    use passk_core::eval::SeriesFit;
    use passk_core::report::build_report_fitted;
    use passk_core::report::{attach_backtests, SeriesBacktest};
    let prior = InflatedBeta {
        pi0: 0.2,
        pi1: 0.05,
        a: 0.5,
        b: 1.5,
    };
    let datasets = vec![
        synthetic("wide", 200, 16, 40, prior, 3),
        synthetic("short", 50, 2, 3, prior, 4),
    ];
    for ks in [vec![1, 8, 64, 256], vec![1, 100_000]] {
        let opts = Options {
            ks,
            cv: false,
            backtest: Some(4),
            ..Options::default()
        };
        let cli = build_report(&datasets, vec![vec![], vec![]], &opts);
        // The page: fits, then a report without the backtest, then stepwise runs attached.
        let fits: Vec<SeriesFit> = datasets.iter().map(SeriesFit::new).collect();
        // The page backtests every fit, so its table asks for the scaled fits' columns.
        let page_opts = Options {
            backtest: None,
            scaled_columns: true,
            ..opts.clone()
        };
        let page = build_report_fitted(&datasets, &fits, vec![vec![], vec![]], &page_opts);
        let backtests: Vec<SeriesBacktest> = datasets
            .iter()
            .zip(&fits)
            .map(|(d, f)| {
                let full = f.fits.unwrap();
                let run = BacktestRun::new(d, &full, &opts.settings, 4).map(|mut r| {
                    while r.step() {}
                    r.finish()
                });
                SeriesBacktest::new(&d.name, f.groups.n_min(), &opts.ks, 4, run)
            })
            .collect();
        // The page attaches the same backtests again at each change (their cells made once).
        let again = page.clone();
        for mut page in [page, again] {
            attach_backtests(&mut page, &backtests);
            assert_eq!(
                serde_json::to_string(&page).unwrap(),
                serde_json::to_string(&cli).unwrap(),
                "ks = {:?}",
                opts.ks
            );
        }
        assert!(cli.models[1]
            .warnings
            .iter()
            .any(|w| w.starts_with("backtest: ")));
    }
}

/// Each extrapolated `auto` value carries its expected error, and only those: at k ≤ n the
/// unbiased value needs none; beyond the largest ratio measured the error grows with k.
#[test]
fn the_auto_column_states_an_error_that_grows_beyond_the_backtest() {
    let ds = synthetic(
        "beta",
        300,
        16,
        16,
        InflatedBeta {
            pi0: 0.1,
            pi1: 0.0,
            a: 0.4,
            b: 1.2,
        },
        5,
    );
    let ks = vec![1, 8, 16, 32, 64, 512, 4096];
    let opts = Options {
        ks: ks.clone(),
        cv: false,
        backtest: Some(4),
        ..Options::default()
    };
    let report = build_report(std::slice::from_ref(&ds), vec![vec![]], &opts);
    let m = &report.models[0];
    let bt = m.backtest.as_ref().unwrap();
    let tested = bt.auto.tested_up_to.unwrap();
    let errors: Vec<Option<f64>> = m.pass_at_k.iter().map(|r| r.auto_error).collect();
    for (r, e) in m.pass_at_k.iter().zip(&errors) {
        assert_eq!(e.is_some(), r.k > 16, "k = {}: {e:?}", r.k);
    }
    let beyond: Vec<f64> = m
        .pass_at_k
        .iter()
        .filter(|r| r.k > 16 * tested)
        .map(|r| r.auto_error.unwrap())
        .collect();
    assert!(beyond.len() >= 2, "tested up to {tested}×");
    assert!(beyond.windows(2).all(|w| w[1] > w[0]), "{errors:?}");
}
