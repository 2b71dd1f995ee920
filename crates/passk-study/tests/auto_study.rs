//! The `auto` study on a reduced grid and fresh seeds (the full grid and the Done-when table
//! are `cargo bench --bench auto_study`, which writes `target/auto_study.md`): on subsamples
//! of the real files and on data simulated from fitted priors, the backtested choice stays
//! within 10 % of the best of BB, ZOIBB and LinMix.
//!
//! Each check pools the replicates of a few cells (both budgets of a sample size, or the
//! seven Pythia models) so that a few dozen replicates measure a mean error to a few per cent; the
//! single cells need about 40 seeds for that (see the bench).
#![cfg(not(target_arch = "wasm32"))]

use passk_study::{cells, deepscaler, pythia, simulated, subsampled, Cell};

/// Seeds no tuning ever saw (the bench's tables use 1.., 1001.., 2001.., 3001..).
fn fresh(n: u64) -> Vec<u64> {
    (9001..9001 + n).collect()
}

fn check(c: &Cell) {
    let (e, p) = (c.mae(), c.points());
    eprintln!(
        "{} m = {}: naive {}, BB {}, ZOIBB {}, LinMix {}, auto {} points ({:.2} of the best fixed; {})",
        c.label,
        c.m,
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        c.ratio(),
        c.choices()
    );
    assert!(
        c.within(0.10),
        "{}: auto {:.3} vs best fixed {:.3}",
        c.label,
        e[4],
        c.best_fixed()
    );
}

/// The case: DeepScaleR subsampled to 8 and 16 samples per task, extrapolated to
/// k = 64 and 128, against the unbiased estimate of all 128 samples.
#[test]
fn deepscaler_subsamples_stay_near_the_best_fixed_estimator() {
    for r in deepscaler() {
        let src = subsampled(&r.name, std::slice::from_ref(&r));
        for m in [8, 16] {
            let per_k = cells(&src, m, &[64, 128], &fresh(30));
            check(&Cell::pooled(&r.name, &per_k.iter().collect::<Vec<_>>()));
        }
    }
}

/// The seven Pythia models subsampled to 20 samples, extrapolated to k = 1000 (50×), and
/// data drawn from their per-task rates at 16 samples, extrapolated 8× and 128×.
#[test]
fn pythia_subsamples_and_rates_stay_near_the_best_fixed_estimator() {
    let reals = pythia();
    let src = subsampled("Pythia (7 models)", &reals);
    let c = cells(&src, 20, &[1000], &fresh(20));
    check(&c[0]);
    let rates = simulated("Pythia", &reals).remove(2);
    let per_k = cells(&rates, 16, &[128, 2048], &fresh(10));
    check(&Cell::pooled(
        &rates.label,
        &per_k.iter().collect::<Vec<_>>(),
    ));
}
