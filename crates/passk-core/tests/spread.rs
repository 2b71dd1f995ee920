//! The spreads at scale, against mpmath at 60 digits (`tests/reference/spread.json`, made by
//! `tests/reference/gen_spread.py`): the Bayesian interval's sd at n = 10^6 … 10^9 (per task
//! and through the swept estimates), the sampling-variance estimate, Hoeffding's variance and
//! G-Pass@k_τ / mG-Pass@k at n and k up to 10^6; and property tests — G-Pass monotone in τ
//! and, at a fixed count, in k; the sweeps equal to the per-group reference.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::planner::{plan, sampling_half_width};
use passk_core::data::counts::Counts;
use passk_core::data::groups::Groups;
use passk_core::estimators::g_pass::{g_pass, g_pass_task, half, threshold};
use passk_core::estimators::interval::{credible_interval, Metric, Prior};
use passk_core::estimators::stderr::{exact_variance, sampling_se, sampling_variance, tasks_se};
use passk_core::eval::estimates::{Config, Estimates};
use passk_core::eval::spread::spread;
use passk_core::num::normal::two_sided_z;
use passk_core::num::prec::{close, CLOSED_FORM_REL, WALK_REL};
use proptest::prelude::*;
use serde_json::Value;

fn reference() -> Value {
    serde_json::from_str(include_str!("reference/spread.json")).unwrap()
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

fn x(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

#[test]
fn interval_sd_matches_mpmath_up_to_n_1e9() {
    let r = reference();
    let cases = r["interval_sd"].as_array().unwrap();
    assert_eq!(cases.len(), 280);
    for c in cases {
        let (n, cc, k) = (u(&c["n"]), u(&c["c"]), u(&c["k"]));
        let prior = Prior {
            alpha: x(&c["prior"][0]),
            beta: x(&c["prior"][1]),
        };
        let g = Groups::new([Counts::new(n, cc).unwrap()]);
        let est = Estimates::new(
            &g,
            None,
            Config {
                linmix: [10.0, 50.0],
                prior,
                confidence: 0.95,
            },
        )
        .at_k(k);
        for (metric, key, swept) in [
            (Metric::PassAtK, "sd_pass_at_k", est.interval.sd),
            (Metric::PassHatK, "sd_pass_hat_k", est.interval_hat.sd),
        ] {
            let want = x(&c[key]);
            let got = credible_interval(&g, k, prior, 0.95, metric).sd;
            // Where the variance underflows (sd < 1e-150) only its smallness matters.
            let abs = 1e-150;
            assert!(
                close(got, want, CLOSED_FORM_REL, abs),
                "{key} n={n} c={cc} k={k} {prior:?}: {got:e} vs {want:e}"
            );
            assert!(
                close(swept, want, CLOSED_FORM_REL, abs),
                "swept {key} n={n} c={cc} k={k} {prior:?}: {swept:e} vs {want:e}"
            );
        }
    }
}

#[test]
fn sampling_variance_matches_mpmath() {
    let r = reference();
    for c in r["sampling_variance"].as_array().unwrap() {
        let (n, cc, k) = (u(&c["n"]), u(&c["c"]), u(&c["k"]));
        let t = Counts::new(n, cc).unwrap();
        let got = sampling_variance(t, k).unwrap();
        let want = x(&c["v"]);
        assert!(
            close(got, want, CLOSED_FORM_REL, 1e-300),
            "n={n} c={cc} k={k}: {got:e} vs {want:e}"
        );
        // The dataset of one task: √V̂ / 1.
        let g = Groups::new([t]);
        let swept = spread(&g, &[k])[0].sampling.unwrap();
        assert!(
            close(swept, want.sqrt(), WALK_REL, 1e-300),
            "swept n={n} c={cc} k={k}"
        );
        assert!(close(
            sampling_se(&g, k).unwrap(),
            want.sqrt(),
            WALK_REL,
            1e-300
        ));
    }
}

#[test]
fn exact_variance_matches_mpmath() {
    let r = reference();
    for c in r["exact_variance"].as_array().unwrap() {
        let (n, k, p) = (u(&c["n"]), u(&c["k"]), x(&c["p"]));
        let got = exact_variance(n, k, p).unwrap();
        let want = x(&c["v"]);
        assert!(
            close(got, want, WALK_REL, 1e-300),
            "n={n} k={k} p={p}: {got:e} vs {want:e}"
        );
    }
}

#[test]
fn g_pass_matches_mpmath_at_large_n_and_k() {
    let r = reference();
    for c in r["g_pass"].as_array().unwrap() {
        let (n, cc, k) = (u(&c["n"]), u(&c["c"]), u(&c["k"]));
        let taus: Vec<f64> = c["taus"].as_array().unwrap().iter().map(x).collect();
        let ts: Vec<u64> = taus.iter().map(|&t| threshold(t, k)).collect();
        let got = g_pass_task(Counts::new(n, cc).unwrap(), k, &ts).unwrap();
        for (i, (g, w)) in got
            .tails
            .iter()
            .zip(c["tails"].as_array().unwrap())
            .enumerate()
        {
            let w = x(w);
            assert!(
                close(*g, w, WALK_REL, 1e-300),
                "n={n} c={cc} k={k} τ={}: {g:e} vs {w:e}",
                taus[i]
            );
        }
        let w = x(&c["mg"]);
        assert!(
            close(got.mg, w, WALK_REL, 1e-300),
            "mG n={n} c={cc} k={k}: {} vs {w:e}",
            got.mg
        );
    }
}

/// A dataset of tasks with n in [lo, hi] from proptest's seeds.
fn arb_groups(lo: u64, hi: u64) -> impl Strategy<Value = Vec<(u64, u64)>> {
    prop::collection::vec((lo..=hi, 0.0f64..=1.0), 2..40).prop_map(|v| {
        v.into_iter()
            .map(|(n, f)| (n, ((n as f64) * f).round() as u64))
            .collect()
    })
}

fn groups(pairs: &[(u64, u64)]) -> Groups {
    Groups::new(pairs.iter().map(|&(n, c)| Counts::new(n, c).unwrap()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn g_pass_is_non_increasing_in_tau(n in 1u64..400, f in 0.0f64..=1.0, kf in 0.0f64..=1.0) {
        let c = ((n as f64) * f).round() as u64;
        let k = 1 + ((n - 1) as f64 * kf) as u64;
        let taus: Vec<f64> = (0..=20).map(|i| i as f64 / 20.0).collect();
        let ts: Vec<u64> = taus.iter().map(|&t| threshold(t, k)).collect();
        let g = g_pass_task(Counts::new(n, c).unwrap(), k, &ts).unwrap();
        for w in g.tails.windows(2) {
            prop_assert!(w[1] <= w[0] * (1.0 + WALK_REL), "{:?}", g.tails);
        }
        // mG-Pass@k averages the tails at τ = i/k, i > ⌈k/2⌉: between the last and the first.
        let h = half(k);
        if k >= 2 {
            let hi = g_pass_task(Counts::new(n, c).unwrap(), k, &[h + 1, k]).unwrap();
            let share = 2.0 * (k - h) as f64 / k as f64;
            prop_assert!(g.mg <= share * hi.tails[0] * (1.0 + WALK_REL) + 1e-300);
            prop_assert!(g.mg >= share * hi.tails[1] * (1.0 - WALK_REL));
        }
    }

    #[test]
    fn g_pass_is_monotone_in_k(n in 2u64..300, f in 0.0f64..=1.0, t in 1u64..20) {
        let c = ((n as f64) * f).round() as u64;
        let tail = |k: u64, ts: &[u64]| g_pass_task(Counts::new(n, c).unwrap(), k, ts).unwrap().tails;
        let mut prev = [0.0, 2.0, 0.0];
        for k in 1..=n.min(60) {
            // At a fixed count t of passes: more draws, more passes (non-decreasing);
            // τ = 1 (pass^k) non-increasing; τ = 0 (pass@k) non-decreasing.
            let v = tail(k, &[t, threshold(1.0, k), threshold(0.0, k)]);
            prop_assert!(v[0] >= prev[0] * (1.0 - WALK_REL), "count {t} at k={k}");
            prop_assert!(v[1] <= prev[1] * (1.0 + WALK_REL), "pass^k at k={k}");
            prop_assert!(v[2] >= prev[2] * (1.0 - WALK_REL), "pass@k at k={k}");
            prev = [v[0], v[1], v[2]];
        }
    }

    #[test]
    fn sweeps_equal_the_per_group_reference(pairs in arb_groups(2, 300), ks in prop::collection::vec(1u64..=150, 1..7)) {
        let g = groups(&pairs);
        let taus = [0.5, 0.75, 1.0];
        for (s, &k) in spread(&g, &ks).iter().zip(&ks) {
            match (s.tasks, tasks_se(&g, k)) {
                (Ok(a), Ok(b)) => prop_assert!(close(a, b, WALK_REL, 1e-15), "tasks k={k}: {a} vs {b}"),
                (a, b) => prop_assert_eq!(a.is_ok(), b.is_ok()),
            }
            match (s.sampling, sampling_se(&g, k)) {
                (Ok(a), Ok(b)) => prop_assert!(close(a, b, WALK_REL, 1e-15), "sampling k={k}: {a} vs {b}"),
                (a, b) => prop_assert_eq!(a.map_err(|e| e.to_string()), b.map_err(|e| e.to_string())),
            }
        }
        for at in g_pass(&g, &ks, &taus) {
            let ts: Vec<u64> = taus.iter().map(|&t| threshold(t, at.k)).collect();
            let mean = |i: usize| pairs.iter().map(|&(n, c)| {
                let v = g_pass_task(Counts::new(n, c).unwrap(), at.k, &ts).unwrap();
                if i < 3 { v.tails[i] } else { v.mg }
            }).sum::<f64>() / pairs.len() as f64;
            for i in 0..3 {
                prop_assert!(close(at.values[i], mean(i), WALK_REL, 1e-300));
            }
            prop_assert!(close(at.mg, mean(3), WALK_REL, 1e-300));
        }
    }

    #[test]
    fn the_planner_half_width_shrinks_with_n(pairs in arb_groups(8, 64), k in 1u64..=8) {
        let g = groups(&pairs);
        let z = two_sided_z(0.95);
        let mut prev = f64::INFINITY;
        for n in [k, k + 1, 2 * k, 10 * k, 1000, 100_000] {
            let h = sampling_half_width(&g, k, n.max(k), z).unwrap();
            prop_assert!(h <= prev * (1.0 + WALK_REL), "n={n}: {h} > {prev}");
            prev = h;
        }
        let p = plan(&g, k, 0.02, 0.9).unwrap();
        if let Some(n) = p.n_needed {
            let z = two_sided_z(0.9);
            prop_assert!(sampling_half_width(&g, k, n, z).unwrap() <= 0.02);
            if n > k {
                prop_assert!(sampling_half_width(&g, k, n - 1, z).unwrap() > 0.02);
            }
        }
    }
}
