//! The backtest: on data drawn from a known prior the right estimator wins, results are
//! seeded, ties go to the simpler estimator, and what cannot be backtested falls back to BB.
#![cfg(not(target_arch = "wasm32"))]

use passk::core::analysis::backtest::choose::{bucket, choose, error_at, more_samples};
use passk::core::analysis::backtest::run::{backtest, Backtest, BacktestError};
use passk::core::data::counts::Counts;
use passk::core::data::dataset::{Dataset, Task};
use passk::core::data::synthetic::{synthetic, InflatedBeta};
use passk::core::estimators::kind::Estimator;
use passk::core::eval::fit::fit_series;
use passk::core::report::build::build_report;
use passk::core::settings::{Options, Settings};

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

#[test]
fn ties_go_to_the_simpler_estimator_and_beyond_the_data_is_unbacked() {
    let mae: Vec<(Estimator, Vec<f64>)> = Estimator::candidates()
        .into_iter()
        .map(|c| {
            let e = match c {
                Estimator::Naive => 0.0200,
                Estimator::Bb => 0.0199, // within 1 % of naive: naive, the simpler, wins
                _ => 0.03,
            };
            (c, vec![e, e])
        })
        .collect();
    let bt = Backtest {
        ratios: vec![2, 4],
        mae,
        levels: vec![],
        repeats: 1,
    };
    let a = choose(&bt, &[3.0]);
    assert_eq!(a.estimator, Estimator::Naive);
    assert_eq!(a.error, Some(0.02));
    // Ratio 64 was not measured: the choice stands, but without an error bar.
    let a = choose(&bt, &[64.0]);
    assert_eq!(a.error, None);
    assert!(a.reason.contains("unbacked"));
    assert_eq!(error_at(&bt, Estimator::Naive, 64.0), None);
    assert_eq!(
        (bucket(3.0), bucket(4.0), bucket(4.1), bucket(0.5)),
        (4, 4, 8, 1)
    );
}

#[test]
fn what_cannot_be_backtested_falls_back_to_bb() {
    let one = Dataset {
        name: "one".into(),
        tasks: vec![Task {
            id: None,
            counts: Counts::new(10, 3).unwrap(),
        }],
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

/// The page runs the backtest step by step and attaches it to a report built without one;
/// `passk report --backtest` builds it in one go. Both go through `SeriesBacktest`, so the
/// documents agree — also for a series that cannot be backtested (n < 4) and for budgets
/// beyond the largest ratio measured.
#[test]
fn page_and_cli_backtests_agree() {
    use passk::core::analysis::backtest::run::BacktestRun;
    use passk::core::eval::fit::SeriesFit;
    use passk::core::report::backtests::{attach_backtests, SeriesBacktest};
    use passk::core::report::build::build_report_fitted;
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
        let page_opts = Options {
            backtest: None,
            ..opts.clone()
        };
        let mut page = build_report_fitted(&datasets, &fits, vec![vec![], vec![]], &page_opts);
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
        attach_backtests(&mut page, &backtests);
        assert_eq!(
            serde_json::to_string(&page).unwrap(),
            serde_json::to_string(&cli).unwrap(),
            "ks = {:?}",
            opts.ks
        );
        assert!(cli.models[1]
            .warnings
            .iter()
            .any(|w| w.starts_with("backtest: ")));
    }
}
