//! Count scores against exact rational arithmetic: with integer a and b every posterior
//! moment of a Bernstein polynomial is a ratio of factorials.
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::Prior;
use passk_core::estimators::*;
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL};

type Q = BigRational;

fn fact(n: u64) -> BigInt {
    (1..=n).fold(BigInt::one(), |a, i| a * BigInt::from(i))
}

fn choose(n: u64, r: u64) -> BigInt {
    fact(n) / (fact(r) * fact(n - r))
}

/// B(x, y) for positive integers.
fn beta(x: u64, y: u64) -> Q {
    Q::new(fact(x - 1) * fact(y - 1), fact(x + y - 1))
}

/// E[p^i (1−p)^j] for p ~ Beta(a, b).
fn moment(a: u64, b: u64, i: u64, j: u64) -> Q {
    beta(a + i, b + j) / beta(a, b)
}

/// The exact E[g], Var[g] of credits `q` (rationals) for p ~ Beta(a, b).
fn exact(q: &[Q], a: u64, b: u64) -> (Q, Q) {
    let k = q.len() as u64 - 1;
    let mut m = Q::zero();
    let mut m2 = Q::zero();
    for i in 0..=k {
        m += &q[i as usize] * Q::from(choose(k, i)) * moment(a, b, i, k - i);
        for j in 0..=k {
            m2 += &q[i as usize]
                * &q[j as usize]
                * Q::from(choose(k, i) * choose(k, j))
                * moment(a, b, i + j, 2 * k - i - j);
        }
    }
    let v = &m2 - &m * &m;
    (m, v)
}

fn f(x: &Q) -> f64 {
    x.to_f64().unwrap()
}

/// The credits as rationals (each built here from its definition, not from the score).
fn rational(kind: &str, k: u64) -> Vec<Q> {
    let one = |b: bool| if b { Q::one() } else { Q::zero() };
    (0..=k)
        .map(|j| match kind {
            "pass" => one(j >= 1),
            "hat" => one(j == k),
            "g75" => one(4 * j >= 3 * k && j >= 1),
            "mg" => {
                let h = k.div_ceil(2);
                if j > h {
                    Q::new(BigInt::from(2 * (j - h)), BigInt::from(k))
                } else {
                    Q::zero()
                }
            }
            "maj" => one(2 * j > k),
            // Σ_i w_i (1 − C(k−j, i)/C(k, i)), w the trapezoid weights over i = 1..k.
            "auc" => {
                if k == 1 {
                    return one(j >= 1);
                }
                (1..=k).fold(Q::zero(), |acc, i| {
                    let w = Q::new(
                        BigInt::from(if i == 1 || i == k { 1 } else { 2 }),
                        BigInt::from(2 * (k - 1)),
                    );
                    let none = if i > k - j {
                        Q::zero()
                    } else {
                        Q::new(choose(k - j, i), choose(k, i))
                    };
                    acc + w * (Q::one() - none)
                })
            }
            _ => unreachable!(),
        })
        .collect()
}

fn score(kind: &str, k: u64) -> CountScore {
    match kind {
        "pass" => CountScore::pass(k),
        "hat" => CountScore::pass_hat(k),
        "g75" => CountScore::g_pass(k, 0.75),
        "mg" => CountScore::mg_pass(k),
        "maj" => CountScore::maj_strict(k),
        "auc" => CountScore::auc(k),
        _ => unreachable!(),
    }
    .unwrap()
}

#[test]
fn every_kind_against_exact_rationals() {
    let kinds = ["pass", "hat", "g75", "mg", "maj", "auc"];
    let mut checked = 0;
    for kind in kinds {
        for k in [1u64, 2, 3, 4, 7, 10, 12] {
            let s = score(kind, k);
            // The credits themselves.
            for (got, want) in s.credits().iter().zip(rational(kind, k)) {
                assert!(
                    (got - f(&want)).abs() <= 1e-15,
                    "{kind} k={k}: {got} vs {want}"
                );
            }
            let post = Posterior::new(&[&s]).unwrap();
            for (a, b) in [
                (1u64, 1u64),
                (2, 9),
                (9, 2),
                (31, 1),
                (1, 31),
                (13, 20),
                (60, 3),
            ] {
                let (m, v) = post.task(a as f64, b as f64)[0];
                let (em, ev) = exact(&rational(kind, k), a, b);
                let (em, ev) = (f(&em), f(&ev));
                let ok_m = close(m, em, CLOSED_FORM_REL, CLOSED_FORM_ABS);
                let ok_v = close(v, ev, CLOSED_FORM_REL, 1e-17);
                assert!(ok_m, "{kind} k={k} a={a} b={b}: mean {m} vs {em}");
                assert!(ok_v, "{kind} k={k} a={a} b={b}: var {v} vs {ev}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * 7 * 7);
}

#[test]
fn the_dataset_interval_is_the_mean_of_the_tasks_and_root_sum_of_variances() {
    let g = Groups::new([
        Counts::new(10, 3).unwrap(),
        Counts::new(10, 3).unwrap(),
        Counts::new(20, 17).unwrap(),
    ]);
    let s = CountScore::g_pass(4, 0.5).unwrap();
    let iv = s.interval(&g, Prior::default(), 0.95).unwrap();
    let (m1, v1) = exact(&rational_g(4, 2), 4, 8);
    let (m2, v2) = exact(&rational_g(4, 2), 18, 4);
    let mu = (f(&m1) * 2.0 + f(&m2)) / 3.0;
    let sd = (f(&v1) * 2.0 + f(&v2)).sqrt() / 3.0;
    assert!(
        (iv.mean - mu).abs() < 1e-15 && (iv.sd - sd).abs() < 1e-15,
        "{iv:?} vs {mu} {sd}"
    );
    let z = 1.959963984540054;
    assert!((iv.lo - (mu - z * sd)).abs() < 1e-15 && (iv.hi - (mu + z * sd)).abs() < 1e-15);
}

/// Credit 1 from j0 on, as rationals.
fn rational_g(k: u64, j0: u64) -> Vec<Q> {
    (0..=k)
        .map(|j| if j >= j0 { Q::one() } else { Q::zero() })
        .collect()
}

#[test]
fn special_cases_and_refusals() {
    // maj@2 is pass^2, maj@1 and G-Pass@k at τ = 0 are pass@k, mG-Pass@1 is 0.
    assert_eq!(
        CountScore::maj_strict(2).unwrap(),
        CountScore::pass_hat(2).unwrap()
    );
    assert_eq!(
        CountScore::maj_strict(1).unwrap(),
        CountScore::pass(1).unwrap()
    );
    assert_eq!(
        CountScore::g_pass(9, 0.0).unwrap(),
        CountScore::pass(9).unwrap()
    );
    let g = Groups::new([Counts::new(10, 3).unwrap()]);
    let mg1 = CountScore::mg_pass(1)
        .unwrap()
        .interval(&g, Prior::default(), 0.95)
        .unwrap();
    assert_eq!((mg1.mean, mg1.sd, mg1.lo, mg1.hi), (0.0, 0.0, 0.0, 0.0));
    assert_eq!(CountScore::pass(0), Err(CountScoreError::ZeroBudget));
    assert_eq!(CountScore::g_pass(5, 1.5), Err(CountScoreError::Tau(1.5)));
    assert!(CountScore::g_pass(5, f64::NAN).is_err());
    assert_eq!(CountScore::new(vec![1.0]), Err(CountScoreError::Credits));
    assert_eq!(
        CountScore::new(vec![0.0, f64::INFINITY]),
        Err(CountScoreError::Credits)
    );
    assert_eq!(
        CountScoreError::Tau(1.5).to_string(),
        "τ = 1.5 is not between 0 and 1"
    );
    // Past the general budget: no interval (pass@k keeps its closed form at any k).
    assert!(CountScore::mg_pass(GENERAL_K_MAX + 1)
        .unwrap()
        .interval(&g, Prior::default(), 0.95)
        .is_none());
    assert!(CountScore::pass(GENERAL_K_MAX + 1)
        .unwrap()
        .interval(&g, Prior::default(), 0.95)
        .is_some());
    assert_eq!(auc_weights(1), [1.0]);
    assert_eq!(auc_weights(3), [0.25, 0.5, 0.25]);
}

/// E[p^s (1−p)^(m−s)] for s = 0..=m, p ~ Beta(a, b): a^(s)·b^(m−s)/(a+b)^(m), x^(j) the
/// rising factorial.
fn beta_moments(a: u64, b: u64, m: u64) -> Vec<Q> {
    let rising = |x: u64, j: u64| (0..j).fold(BigInt::one(), |p, i| p * BigInt::from(x + i));
    let den = rising(a + b, m);
    (0..=m)
        .map(|s| Q::new(rising(a, s) * rising(b, m - s), den.clone()))
        .collect()
}

/// Every threshold score 1{j ≥ r}, r = 1..=k, through the O(k) recurrence (the Posterior
/// routes thresholds 1 < r < k to it), against exact rationals: P(J ≥ r) and
/// P(J₁ ≥ r, J₂ ≥ r) − P(J ≥ r)², for posteriors in the tails, near 1 and concentrated.
#[test]
fn every_threshold_against_exact_rationals() {
    use passk_core::num::prec::{rel_diff, EXACT_MOMENT_REL};
    let mut checked = 0;
    let mut worst = (0f64, 0f64);
    for k in [3u64, 8, 25, 40] {
        let scores: Vec<CountScore> = (1..=k)
            .map(|r| CountScore::at_least(k, r).unwrap())
            .collect();
        let refs: Vec<&CountScore> = scores.iter().collect();
        let post = Posterior::new(&refs).unwrap();
        for (a, b) in [
            (1u64, 1u64),
            (2, 60),
            (60, 2),
            (1, 400),
            (400, 1),
            (150, 160),
            (3000, 7001),
            (9001, 1000),
        ] {
            let m1 = beta_moments(a, b, k);
            let m2 = beta_moments(a, b, 2 * k);
            let ck: Vec<Q> = (0..=k).map(|j| Q::from(choose(k, j))).collect();
            let got = post.task(a as f64, b as f64);
            for r in 1..=k {
                let mean: Q = (r..=k).map(|j| &ck[j as usize] * &m1[j as usize]).sum();
                let mut both = Q::zero();
                for i in r..=k {
                    for j in r..=k {
                        both += &ck[i as usize] * &ck[j as usize] * &m2[(i + j) as usize];
                    }
                }
                let var = f(&(both - &mean * &mean));
                let mean = f(&mean);
                let (gm, gv) = got[(r - 1) as usize];
                let at = format!("k={k} a={a} b={b} r={r}");
                let dm = rel_diff(gm, mean);
                assert!(dm <= EXACT_MOMENT_REL, "{at}: mean {gm:e} vs {mean:e}");
                // A variance below the normal doubles has lost digits in any arithmetic.
                if var >= f64::MIN_POSITIVE {
                    let ds = rel_diff(gv.sqrt(), var.sqrt());
                    assert!(ds <= EXACT_MOMENT_REL, "{at}: var {gv:e} vs {var:e}");
                    worst.1 = worst.1.max(ds);
                }
                worst.0 = worst.0.max(dm);
                checked += 1;
            }
        }
    }
    println!(
        "{checked} thresholds; worst relative difference: means {:e}, sds {:e}",
        worst.0, worst.1
    );
    assert_eq!(checked, 8 * (3 + 8 + 25 + 40));
}

/// Threshold scores at large budgets (k up to 20,000, past the Bernstein products' limit)
/// and where the degree-2k pmf's terms fall below the smallest normal double, against exact
/// rationals recorded by `reference/gen_at_least.py`.
#[test]
fn thresholds_at_large_budgets_against_exact_rationals() {
    use passk_core::estimators::beta_binomial_pmf;
    use passk_core::estimators::AtLeast;
    use passk_core::num::prec::{rel_diff, EXACT_MOMENT_REL};
    let path = passk_fixtures::root().join("crates/passk-core/tests/reference/at_least.json");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    let mut worst = (0f64, 0f64);
    for c in cases {
        let get = |key: &str| c[key].as_u64().unwrap();
        let (k, a, b, r) = (get("k"), get("a") as f64, get("b") as f64, get("r"));
        let num = |key: &str| c[key].as_str().unwrap().parse::<f64>().unwrap();
        let (mean, var) = (num("mean"), num("var"));
        let ku = k as usize;
        let (pmf, pmf2) = (beta_binomial_pmf(ku, a, b), beta_binomial_pmf(2 * ku, a, b));
        let (gm, gv) = AtLeast::new(k).task(a, b, &pmf, &pmf2, &[r])[0];
        let (dm, ds) = (rel_diff(gm, mean), rel_diff(gv.sqrt(), var.sqrt()));
        let at = format!("k={k} a={a} b={b} r={r}");
        assert!(dm <= EXACT_MOMENT_REL, "{at}: mean {gm:e} vs {mean:e}");
        // A variance below the normal doubles has lost digits in any arithmetic.
        let ds = if var >= f64::MIN_POSITIVE { ds } else { 0.0 };
        assert!(ds <= EXACT_MOMENT_REL, "{at}: var {gv:e} vs {var:e}");
        worst = (worst.0.max(dm), worst.1.max(ds));
    }
    println!(
        "{} cases; worst relative difference: means {:e}, sds {:e}",
        cases.len(),
        worst.0,
        worst.1
    );
    assert!(cases.len() >= 14);
}
