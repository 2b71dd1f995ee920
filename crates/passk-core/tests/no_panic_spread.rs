//! Every (n, c, k) of a small grid and a few huge ones: G-Pass, mG-Pass and both standard
//! errors return a value in range or an error — never a panic, never NaN.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::data::counts::Counts;
use passk_core::estimators::g_pass::g_pass_task;
use passk_core::estimators::stderr::{exact_variance, sampling_variance};

#[test]
fn edge_counts_never_panic() {
    let mut cases: Vec<(u64, u64, u64)> = Vec::new();
    for n in 1..=12 {
        for c in 0..=n {
            for k in 0..=n + 2 {
                cases.push((n, c, k));
            }
        }
    }
    for &(n, c) in &[
        (1_000_000_000, 1),
        (1_000_000_000, 999_999_999),
        (1_000_000, 500_000),
        (u64::MAX / 4, 3),
    ] {
        for k in [1, 2, 1000, 100_000, n + 1] {
            cases.push((n, c, k));
        }
    }
    for (n, c, k) in cases {
        let Ok(t) = Counts::new(n, c) else {
            continue;
        };
        let taus: Vec<u64> = (0..=k.min(50)).collect();
        if let Ok(g) = g_pass_task(t, k, &taus) {
            let s = format!("{g:?}");
            assert!(!s.contains("NaN"), "n={n} c={c} k={k}: {s}");
        }
        if let Ok(v) = sampling_variance(t, k) {
            assert!(v.is_finite(), "n={n} c={c} k={k}: {v}");
        }
        if let Ok(v) = exact_variance(n, k, c as f64 / n as f64) {
            assert!(v.is_finite() && v >= -1e-15, "n={n} c={c} k={k}: {v}");
        }
    }
}
