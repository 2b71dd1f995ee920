//! The standard errors of issue 17 and the G-Pass@k_τ / mG-Pass@k reported beside them, every
//! formula checked by an independent computation:
//!
//! - against exact rational arithmetic and brute force over subsets: G-Pass@k_τ and
//!   mG-Pass@k with every k-subset of a task's n outcomes enumerated; the unbiased variance
//!   estimate V̂, whose mean E[V̂] over c ~ Binomial(n, p) equals Var(Ĝ) exactly, and so does
//!   Hoeffding's sum — three exact rationals that must coincide; the tasks, sampling and
//!   cluster-robust standard errors from exact sums; the Bayesian interval's variance at
//!   large n (the σ fix);
//! - at scale, against mpmath at 60 digits (`tests/reference/spread.json`, made by
//!   `tests/reference/gen_spread.py`): the Bayesian interval's sd at n = 10^6 … 10^9 (per task
//!   and through the swept estimates), the sampling-variance estimate, Hoeffding's variance and
//!   G-Pass@k_τ / mG-Pass@k at n and k up to 10^6;
//! - properties: G-Pass monotone in τ and, at a fixed count, in k; the sweeps equal to the
//!   per-group reference; the planner's half-width shrinking with n;
//! - edges: every (n, c, k) of a small grid and a few huge ones gives a value in range or an
//!   error — never a panic, never NaN.
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use passk_core::analysis::{plan, sampling_half_width};
use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::{
    clustered_se, exact_variance, sampling_se, sampling_variance, tasks_se,
};
use passk_core::estimators::{credible_interval, Metric, Prior};
use passk_core::estimators::{g_pass, g_pass_task, half, threshold};
use passk_core::eval::{clustered, swept_std_errors};
use passk_core::eval::{Config, Estimates};
use passk_core::num::prec::{close, CLOSED_FORM_REL, WALK_REL};
use passk_core::num::two_sided_z;
use proptest::prelude::*;
use serde_json::Value;

// ---------------------------------------------------------------------------------------
// Exact rationals and k-subsets: the independent arithmetic of the sections below.

type Q = BigRational;

fn q(num: u64, den: u64) -> Q {
    Q::new(BigInt::from(num), BigInt::from(den))
}

fn int(v: u64) -> Q {
    Q::from_integer(BigInt::from(v))
}

fn f(x: &Q) -> f64 {
    x.to_f64().unwrap()
}

/// C(n, k) exactly.
fn choose(n: u64, k: u64) -> BigInt {
    if k > n {
        return BigInt::zero();
    }
    (0..k).fold(BigInt::one(), |acc, i| acc * (n - i) / (i + 1))
}

/// C(a, b)/C(n, k) as a rational.
fn ratio(a: BigInt, b: BigInt) -> Q {
    Q::new(a, b)
}

/// Every k-subset of {0, …, n−1} as a bit mask (n ≤ 20).
fn subsets(n: u32, k: u32) -> impl Iterator<Item = u32> {
    (0u32..1 << n).filter(move |m| m.count_ones() == k)
}

// ---------------------------------------------------------------------------------------
// G-Pass@k_τ and mG-Pass@k: every k-subset enumerated.

/// G-Pass@k at threshold count t and mG-Pass@k of a task with outcomes 1…1 0…0 (c ones), by
/// enumerating the k-subsets.
fn brute_g_pass(n: u32, c: u32, k: u32, ts: &[u64]) -> (Vec<Q>, Q) {
    let ones: u32 = (1 << c) - 1;
    let total = choose(n as u64, k as u64);
    let h = half(k as u64);
    let mut hits = vec![BigInt::zero(); ts.len()];
    let mut mg = BigInt::zero();
    for m in subsets(n, k) {
        let x = (m & ones).count_ones() as u64;
        for (hit, &t) in hits.iter_mut().zip(ts) {
            if x >= t {
                *hit += 1;
            }
        }
        // (2/k)·Σ_{i=h+1}^{k} 1[X ≥ i] = (2/k)·(X − h)⁺.
        mg += BigInt::from(x.saturating_sub(h));
    }
    let tails = hits.into_iter().map(|h| ratio(h, total.clone())).collect();
    let mg = ratio(mg * 2, total * BigInt::from(k));
    (tails, mg)
}

#[test]
fn g_pass_and_mg_pass_count_subsets() {
    let taus = [0.0, 0.25, 0.5, 0.6, 0.7, 0.75, 1.0];
    for n in 1..=12u32 {
        for c in 0..=n {
            for k in 1..=n {
                let ts: Vec<u64> = taus.iter().map(|&t| threshold(t, k as u64)).collect();
                let (want, want_mg) = brute_g_pass(n, c, k, &ts);
                let got =
                    g_pass_task(Counts::new(n as u64, c as u64).unwrap(), k as u64, &ts).unwrap();
                for (i, (g, w)) in got.tails.iter().zip(&want).enumerate() {
                    assert!(
                        close(*g, f(w), WALK_REL, 1e-300),
                        "n={n} c={c} k={k} τ={}: {g} vs {}",
                        taus[i],
                        f(w)
                    );
                }
                assert!(
                    close(got.mg, f(&want_mg), WALK_REL, 1e-300),
                    "n={n} c={c} k={k}: mG {} vs {}",
                    got.mg,
                    f(&want_mg)
                );
            }
        }
    }
}

#[test]
fn the_dataset_mean_carries_its_anchors_without_drift() {
    // Dense n-blocks (every c present), so the walk anchors are carried from task to task.
    let mut counts = Vec::new();
    for n in [12u64, 13, 400] {
        for c in 0..=n {
            counts.push(Counts::new(n, c).unwrap());
        }
    }
    let g = Groups::new(counts.iter().copied());
    let taus = [0.5, 0.75, 1.0];
    for at in g_pass(&g, &[1, 2, 5, 8, 12], &taus) {
        let ts: Vec<u64> = taus.iter().map(|&t| threshold(t, at.k)).collect();
        let (mut sums, mut mg) = (vec![0.0; 3], 0.0);
        for &t in &counts {
            let one = g_pass_task(t, at.k, &ts).unwrap();
            for (s, v) in sums.iter_mut().zip(&one.tails) {
                *s += v;
            }
            mg += one.mg;
        }
        let n = counts.len() as f64;
        for (got, want) in at.values.iter().zip(&sums) {
            assert!(
                close(*got, want / n, WALK_REL, 1e-300),
                "k={}: {got} vs {}",
                at.k,
                want / n
            );
        }
        assert!(close(at.mg, mg / n, WALK_REL, 1e-300));
    }
}

// ---------------------------------------------------------------------------------------
// The variance estimate V̂ and Hoeffding's variance in exact rationals.

/// Binomial(n, p) probabilities, p = a/b, exactly.
fn binomial_pmf(n: u64, p: &Q) -> Vec<Q> {
    let qq = Q::one() - p;
    (0..=n)
        .map(|c| {
            Q::from_integer(choose(n, c))
                * num_traits::pow(p.clone(), c as usize)
                * num_traits::pow(qq.clone(), (n - c) as usize)
        })
        .collect()
}

/// Ĝ = 1 − C(n−c, k)/C(n, k) exactly.
fn g_hat(n: u64, c: u64, k: u64) -> Q {
    Q::one() - ratio(choose(n - c, k), choose(n, k))
}

/// V̂ = Ĝ′² − C(n−c, 2k)/C(n, 2k) exactly.
fn v_hat(n: u64, c: u64, k: u64) -> Q {
    let g1 = ratio(choose(n - c, k), choose(n, k));
    &g1 * &g1 - ratio(choose(n - c, 2 * k), choose(n, 2 * k))
}

/// Hoeffding's Σ_{j=1..k} C(k,j)C(n−k,k−j)/C(n,k)·(q^{2k−j} − q^{2k}) exactly.
fn hoeffding(n: u64, k: u64, p: &Q) -> Q {
    let qq = Q::one() - p;
    let q2k = num_traits::pow(qq.clone(), 2 * k as usize);
    (1..=k)
        .map(|j| {
            ratio(choose(k, j) * choose(n - k, k - j), choose(n, k))
                * (num_traits::pow(qq.clone(), (2 * k - j) as usize) - &q2k)
        })
        .fold(Q::zero(), |a, b| a + b)
}

#[test]
fn the_variance_estimate_is_unbiased_and_hoeffding_is_the_variance() {
    for (a, b) in [(1u64, 3u64), (1, 2), (7, 10), (1, 50)] {
        let p = q(a, b);
        for n in [2u64, 3, 6, 10, 17] {
            let pmf = binomial_pmf(n, &p);
            for k in 1..=n / 2 {
                // Var(Ĝ) over c ~ Binomial(n, p), E Ĝ = 1 − q^k.
                let mean = Q::one() - num_traits::pow(Q::one() - &p, k as usize);
                let second: Q = (0..=n)
                    .map(|c| &pmf[c as usize] * g_hat(n, c, k) * g_hat(n, c, k))
                    .fold(Q::zero(), |x, y| x + y);
                let var = second - &mean * &mean;
                let expected_v: Q = (0..=n)
                    .map(|c| &pmf[c as usize] * v_hat(n, c, k))
                    .fold(Q::zero(), |x, y| x + y);
                assert_eq!(expected_v, var, "E[V̂] ≠ Var(Ĝ) at n={n} k={k} p={a}/{b}");
                assert_eq!(
                    hoeffding(n, k, &p),
                    var,
                    "Hoeffding at n={n} k={k} p={a}/{b}"
                );
                let got = exact_variance(n, k, f(&p)).unwrap();
                assert!(
                    close(got, f(&var), WALK_REL, 1e-300),
                    "n={n} k={k}: {got} vs {}",
                    f(&var)
                );
                for c in 0..=n {
                    let got = sampling_variance(Counts::new(n, c).unwrap(), k).unwrap();
                    let want = v_hat(n, c, k);
                    assert!(!want.is_negative());
                    assert!(
                        close(got, f(&want), CLOSED_FORM_REL, 1e-300),
                        "V̂({n},{c},{k}) = {got} vs {}",
                        f(&want)
                    );
                }
            }
        }
    }
}

#[test]
fn the_variance_estimate_keeps_its_digits_at_large_n() {
    // Ĝ′ ≈ 1 and V̂ ≈ k²c/n² ≈ 1e-18: exact rationals at n = 10^9, c = 1, k = 1, 3.
    for (n, c, k) in [
        (1_000_000_000u64, 1u64, 1u64),
        (1_000_000_000, 1, 3),
        (1_000_000, 2, 5),
    ] {
        let want = v_hat(n, c, k);
        let got = sampling_variance(Counts::new(n, c).unwrap(), k).unwrap();
        assert!(
            close(got, f(&want), CLOSED_FORM_REL, 0.0),
            "{n} {c} {k}: {got} vs {}",
            f(&want)
        );
    }
}

// ---------------------------------------------------------------------------------------
// The tasks, sampling and cluster-robust standard errors from exact sums.

/// The exact standard errors of a small dataset: (tasks², sampling²).
fn exact_errors(pairs: &[(u64, u64)], k: u64) -> (Q, Q) {
    let t = int(pairs.len() as u64);
    let gs: Vec<Q> = pairs.iter().map(|&(n, c)| g_hat(n, c, k)).collect();
    let mean = gs.iter().fold(Q::zero(), |a, b| a + b) / &t;
    let ss = gs
        .iter()
        .map(|g| (g - &mean) * (g - &mean))
        .fold(Q::zero(), |a, b| a + b);
    let tasks2 = ss / (&t - Q::one()) / &t;
    let v = pairs
        .iter()
        .map(|&(n, c)| v_hat(n, c, k))
        .fold(Q::zero(), |a, b| a + b);
    (tasks2, v / (&t * &t))
}

#[test]
fn tasks_and_sampling_standard_errors_are_exact() {
    let pairs = [
        (10u64, 3u64),
        (10, 0),
        (20, 20),
        (16, 7),
        (12, 11),
        (10, 3),
        (30, 1),
    ];
    let g = Groups::new(pairs.iter().map(|&(n, c)| Counts::new(n, c).unwrap()));
    let ks = [1u64, 2, 3, 5];
    let swept = swept_std_errors(&g, &ks);
    for (s, &k) in swept.iter().zip(&ks) {
        let (t2, s2) = exact_errors(&pairs, k);
        let (t, sa) = (f(&t2).sqrt(), f(&s2).sqrt());
        assert!(close(tasks_se(&g, k).unwrap(), t, WALK_REL, 0.0), "k={k}");
        assert!(
            close(s.tasks.unwrap(), t, WALK_REL, 0.0),
            "k={k}: {:?} vs {t}",
            s.tasks
        );
        assert!(
            close(sampling_se(&g, k).unwrap(), sa, WALK_REL, 0.0),
            "k={k}"
        );
        assert!(
            close(s.sampling.unwrap(), sa, WALK_REL, 0.0),
            "k={k}: {:?} vs {sa}",
            s.sampling
        );
    }
    // k = 6 > n/2 for the n = 10 tasks: no sampling error, a reason instead.
    let six = swept_std_errors(&g, &[6])[0];
    assert!(six.tasks.is_ok());
    assert!(six
        .sampling
        .unwrap_err()
        .to_string()
        .contains("n ≥ 2k = 12"));
}

#[test]
fn the_cluster_robust_error_is_exact_and_reduces_to_the_tasks_error() {
    let clusters: [&[(u64, u64)]; 3] = [
        &[(10, 3), (10, 9)],
        &[(20, 1), (12, 12), (15, 4)],
        &[(11, 0)],
    ];
    let k = 2;
    let all: Vec<(u64, u64)> = clusters.iter().flat_map(|c| c.iter().copied()).collect();
    let t = int(all.len() as u64);
    let mean = all
        .iter()
        .map(|&(n, c)| g_hat(n, c, k))
        .fold(Q::zero(), |a, b| a + b)
        / &t;
    let mut ss = Q::zero();
    for c in clusters {
        let e = c
            .iter()
            .map(|&(n, c)| g_hat(n, c, k) - &mean)
            .fold(Q::zero(), |a, b| a + b);
        ss += &e * &e;
    }
    let g = int(clusters.len() as u64);
    let want = (f(&(&g / (&g - Q::one()) * ss))).sqrt() / all.len() as f64;
    let groups: Vec<Groups> = clusters
        .iter()
        .map(|c| Groups::new(c.iter().map(|&(n, c)| Counts::new(n, c).unwrap())))
        .collect();
    let got = clustered(&groups, &[k])[0].unwrap();
    assert!(close(got, want, WALK_REL, 0.0), "{got} vs {want}");
    // One task per cluster: the tasks standard error.
    let singles: Vec<Groups> = all
        .iter()
        .map(|&(n, c)| Groups::new([Counts::new(n, c).unwrap()]))
        .collect();
    let whole = Groups::new(all.iter().map(|&(n, c)| Counts::new(n, c).unwrap()));
    let a = clustered(&singles, &[k])[0].unwrap();
    assert!(close(a, tasks_se(&whole, k).unwrap(), WALK_REL, 0.0));
    assert!(clustered_se(&[(4, 0.5)]).is_err());
}

// ---------------------------------------------------------------------------------------
// The Bayesian interval's sd at large n in exact rationals (the σ fix).

#[test]
fn regression_interval_sd_keeps_its_digits_at_large_n() {
    // E[X²] − E[X]² of two numbers near 1 lost the leading digits: at n = 10^6, c = 1, k = 1
    // the sd read 1.4141979e-6 instead of 1.4142086e-6. Exact rationals, prior (1, 1).
    for (n, c, k) in [
        (1_000_000u64, 1u64, 1u64),
        (1_000_000, 1, 3),
        (10_000_000, 2, 2),
    ] {
        let (a, b) = (1 + c, 1 + n - c);
        let m = |kk: u64| (0..kk).fold(Q::one(), |acc, j| acc * q(b + j, a + b + j));
        let var = m(2 * k) - m(k) * m(k);
        let want = f(&var).sqrt();
        let g = Groups::new([Counts::new(n, c).unwrap()]);
        let got = credible_interval(&g, k, Prior::default(), 0.95, Metric::PassAtK).sd;
        assert!(
            close(got, want, CLOSED_FORM_REL, 0.0),
            "n={n} c={c} k={k}: {got} vs {want}"
        );
    }
    let g = Groups::new([Counts::new(1_000_000, 1).unwrap()]);
    let sd = credible_interval(&g, 1, Prior::default(), 0.95, Metric::PassAtK).sd;
    assert_eq!(format!("{sd:.7e}"), "1.4142086e-6");
}

// ---------------------------------------------------------------------------------------
// At scale, against mpmath at 60 digits (`reference/spread.json`).

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
        let swept = swept_std_errors(&g, &[k])[0].sampling.unwrap();
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

// ---------------------------------------------------------------------------------------
// Properties over generated datasets.

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
        for (s, &k) in swept_std_errors(&g, &ks).iter().zip(&ks) {
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

// ---------------------------------------------------------------------------------------
// Edges: never a panic, never NaN.

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
