//! The scaled Beta and the Kumaraswamy as backtest candidates (issue 38): `auto` chooses one
//! where it is steadily better, the auto column and curve then read its values, a subsample
//! with fewer than three samples per task leaves them out, and a series with too many
//! distinct counts is backtested without them.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::backtest::choose;
use passk_core::analysis::backtest::Evidence;
use passk_core::analysis::backtest::Level;
use passk_core::analysis::backtest::{backtest, Backtest};
use passk_core::analysis::series_curves;
use passk_core::data::Counts;
use passk_core::data::Dataset;
use passk_core::data::Task;
use passk_core::estimators::{Estimator, BASES};
use passk_core::eval::{fit_series, SeriesFit};
use passk_core::report::build_report;
use passk_core::report::SeriesBacktest;
use passk_core::settings::{BandKind, Options, Settings};

fn dataset(name: &str, counts: impl IntoIterator<Item = (u64, u64)>) -> Dataset {
    Dataset {
        name: name.into(),
        tasks: counts
            .into_iter()
            .map(|(n, c)| Task::new(None, Counts::new(n, c).unwrap()))
            .collect(),
        meta: Default::default(),
    }
}

fn run(ds: &Dataset, repeats: u64) -> Backtest {
    let fits = fit_series(&ds.groups()).unwrap();
    backtest(ds, &fits, &Settings::default(), repeats).unwrap()
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
fn a_steadily_better_scaled_fit_is_chosen_and_a_noisy_one_is_not() {
    // Signed errors of naive, BB, ZOIBB, LinMix, scaled Beta, Kumaraswamy over 20 repeats:
    // the scaled Beta errs 1 point where every other fit errs 3 (ZOIBB 4), steadily.
    let level = |sb: fn(usize) -> f32| {
        let signed = (0..20)
            .map(|r| {
                let d = wobble(r, 0.001);
                [-0.1, 0.03 + d, 0.04 + d, 0.03 + d, sb(r) + d, 0.03 + d]
            })
            .collect();
        Level::from_signed(8, 1, signed, &Estimator::candidates())
    };
    let bt = Backtest::from_levels(vec![level(|_| 0.01)], 20, &Estimator::candidates());
    let a = choose(&bt, &[2.0]);
    assert_eq!(a.estimator, Estimator::ScaledBeta, "{a:?}");
    assert_eq!(a.alternatives, vec![Estimator::ScaledBeta], "{a:?}");
    assert_eq!(a.weight, None);
    // The same mean lead, swinging ± 4 points: not beyond the spread, BB is kept.
    let bt = Backtest::from_levels(
        vec![level(|r| 0.01 + wobble(r, 0.04))],
        20,
        &Estimator::candidates(),
    );
    let a = choose(&bt, &[2.0]);
    assert_eq!(a.estimator, Estimator::Bb, "{a:?}");
}

/// DeepScaleR base, 128 samples per task: the Kumaraswamy extrapolates best at the ratios
/// its backtest measures, beyond the spread of the subsamples (checked on its own
/// evidence, not only by the choice), and the report's auto column reads its values.
#[test]
fn deepscaler_base_extrapolates_with_the_kumaraswamy() {
    let ds = passk_fixtures::load(&[passk_fixtures::real("deepscaler_base.jsonl")]).remove(0);
    let opts = Options {
        ks: vec![1, 64, 1024, 100_000],
        cv: false,
        backtest: Some(20),
        forecast: false,
        ..Options::default()
    };
    let report = build_report(std::slice::from_ref(&ds), vec![vec![]], &opts);
    let m = &report.models[0];
    let bt = m.backtest.as_ref().unwrap();
    assert_eq!(bt.auto.estimator, Estimator::Kumaraswamy, "{:?}", bt.auto);
    // Its measured error at the largest ratio it was measured at (the two-sample level
    // measures the scaled fits at none) is below BB's and ZOIBB's there.
    let j = bt.mae["kumaraswamy"]
        .iter()
        .rposition(Option::is_some)
        .unwrap();
    assert!(j >= 2, "{:?}", bt.mae);
    let at = |key: &str| bt.mae[key][j].unwrap();
    let ku = at("kumaraswamy");
    assert!(ku < at("bb") && ku < at("zoibb"), "{:?}", bt.mae);
    for row in &m.pass_at_k {
        match row.combinatorial {
            Some(v) => assert_eq!(row.auto, Some(Some(v))),
            None => {
                let want = row.kumaraswamy.unwrap();
                assert_eq!(row.auto, Some(Some(want)), "k = {}", row.k);
                assert!(row.auto_error.is_some_and(|e| e > 0.0), "k = {}", row.k);
            }
        }
    }
}

#[test]
fn the_auto_curve_extrapolates_with_the_chosen_scaled_fit() {
    let ds = passk_fixtures::load(&[passk_fixtures::real("deepscaler_base.jsonl")]).remove(0);
    let fit = SeriesFit::new(&ds).with_scaled();
    assert!(fit.scaled.is_some());
    let ks = [1, 16, 128, 1000, 100_000];
    let s = Settings::default();
    let mut with = series_curves(&ds, &fit, &ks, &s, BandKind::None);
    for e in [Estimator::ScaledBeta, Estimator::Kumaraswamy] {
        assert!(with.curve(e).iter().all(Option::is_some), "{e:?}");
        with.set_auto(e);
        for (i, &k) in ks.iter().enumerate() {
            let want = if k <= 128 {
                with.curve(Estimator::Combinatorial)[i]
            } else {
                with.curve(e)[i]
            };
            assert_eq!(with.curve(Estimator::Auto)[i], want, "{e:?} k = {k}");
        }
    }
    // Without the scaled fits their curves are empty, and an auto choosing one of them has
    // nothing beyond n (no value from another estimator).
    let plain = SeriesFit::new(&ds);
    let mut without = series_curves(&ds, &plain, &ks, &s, BandKind::None);
    assert!(without
        .curve(Estimator::Kumaraswamy)
        .iter()
        .all(Option::is_none));
    without.set_auto(Estimator::Kumaraswamy);
    let auto = without.curve(Estimator::Auto);
    assert!(auto[..3].iter().all(Option::is_some) && auto[3..].iter().all(Option::is_none));
}

#[test]
fn with_two_samples_per_task_the_scaled_fits_are_absent_from_the_cells() {
    // n = 4: one level of two samples per task (ratios 2×); three parameters cannot be told
    // from two samples, so the scaled fits are not measured there and cannot be chosen.
    let ds = dataset(
        "four",
        (0..120u64).map(|i| (4, [0, 1, 2, 4, 3, 0][i as usize % 6])),
    );
    let bt = run(&ds, 6);
    assert_eq!(bt.candidates(), Estimator::candidates());
    let ev = Evidence::new(&bt);
    let sb = ev.index(Estimator::ScaledBeta).unwrap();
    let bb = ev.index(Estimator::Bb).unwrap();
    assert!(!ev.cells.is_empty());
    assert!(ev.cells.iter().all(|c| !c.has(sb) && c.has(bb)));
    for key in ["scaled_beta", "kumaraswamy"] {
        let i = bt.mae.iter().position(|m| m.0.key() == key).unwrap();
        assert!(bt.mae[i].1.iter().all(Option::is_none), "{key}");
    }
    let s = SeriesBacktest::new("four", 4, &[64], 6, Ok(bt));
    assert!(!s.chosen().scaled(), "{:?}", s.auto);
}

#[test]
fn a_series_with_too_many_distinct_counts_is_backtested_without_the_scaled_fits() {
    // 600 distinct (n, c): past the 500 the scaled fits are fitted unasked.
    let many = dataset("many", (0..600u64).map(|i| (10 + i, (10 + i) / 3)));
    let bt = run(&many, 2);
    assert_eq!(bt.candidates(), Estimator::candidates_with(false));
    assert!(bt.candidates().iter().all(|c| !c.scaled()));
    // Every level still keeps every base's signed error (the scaled ones NaN).
    let e = bt.levels[0].errors(0, 0).unwrap();
    assert_eq!(e.len(), BASES.len());
    assert!(e[4].is_nan() && e[5].is_nan() && e[1].is_finite());
}
