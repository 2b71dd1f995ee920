//! The standard errors, G-Pass@k_τ and mG-Pass@k against exact rational arithmetic and brute
//! force over subsets (issue 17): every formula checked by an independent computation.
//!
//! - G-Pass@k_τ and mG-Pass@k: every k-subset of a task's n outcomes enumerated;
//! - the unbiased variance estimate V̂: E[V̂] over c ~ Binomial(n, p) equals Var(Ĝ) exactly,
//!   and so does Hoeffding's sum — three exact rationals that must coincide;
//! - the tasks, sampling and cluster-robust standard errors from exact sums;
//! - the Bayesian interval's variance at large n in exact rationals (the σ fix).
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use passk_core::data::counts::Counts;
use passk_core::data::groups::Groups;
use passk_core::estimators::g_pass::{g_pass, g_pass_task, half, threshold};
use passk_core::estimators::interval::{credible_interval, Metric, Prior};
use passk_core::estimators::stderr::{
    clustered_se, exact_variance, sampling_se, sampling_variance, tasks_se,
};
use passk_core::eval::spread::{clustered, spread};
use passk_core::num::prec::{close, CLOSED_FORM_REL, WALK_REL};

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
    let swept = spread(&g, &ks);
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
    let six = spread(&g, &[6])[0];
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
