//! Credible intervals, Cover@τ, AUC⁺ and the extrapolation against exact rational values,
//! published examples and identities (estimators.md §3, §8, §9).
// Reference computations may use the platform's maths: only the library must use libm.
#![allow(clippy::disallowed_methods)]
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::naive_pass_at_k;
use passk_core::estimators::{auc_plus, auc_plus_matrix, cover_plugin, CoverSteps, Tau};
use passk_core::estimators::{credible_interval, Metric, Prior};
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL};
use proptest::prelude::*;

fn groups(pairs: &[(u64, u64)]) -> Groups {
    Groups::new(pairs.iter().map(|&(n, c)| Counts::new(n, c).unwrap()))
}

fn ratio(num: u64, den: u64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// ∏_{j<k} (x + j)/(x + d + j) exactly, for whole x, d.
fn exact_ratio(x: u64, d: u64, k: u64) -> BigRational {
    (0..k).fold(BigRational::one(), |acc, j| acc * ratio(x + j, x + d + j))
}

/// The interval of §3 computed in exact rationals (integer prior), σ rounded once at the end.
fn exact_interval(pairs: &[(u64, u64)], k: u64, metric: Metric) -> (f64, f64) {
    let mut mean = BigRational::from_integer(0.into());
    let mut var = BigRational::from_integer(0.into());
    for &(n, c) in pairs {
        let (a, b) = (1 + c, 1 + n - c);
        let (x, d) = match metric {
            Metric::PassAtK => (b, a),
            Metric::PassHatK => (a, b),
        };
        let m1 = exact_ratio(x, d, k);
        let m2 = exact_ratio(x, d, 2 * k);
        var += &m2 - &m1 * &m1;
        mean += match metric {
            Metric::PassAtK => BigRational::one() - m1,
            Metric::PassHatK => m1,
        };
    }
    let n = BigRational::from_integer((pairs.len() as u64).into());
    let mu = (mean / &n).to_f64().unwrap();
    let sd = var.to_f64().unwrap().sqrt() / pairs.len() as f64;
    (mu, sd)
}

#[test]
fn scorio_published_intervals() {
    // R = [[0,1,1,0,1],[1,1,0,1,1]]: n = 5, c = 3 and 4; printed to 6 and 4 decimals.
    let g = groups(&[(5, 3), (5, 4)]);
    let p = Prior::default();
    let cases = [
        (1, Metric::PassAtK, (0.642857, 0.118451, 0.4107, 0.875)),
        (2, Metric::PassAtK, (0.839286, 0.097263, 0.6487, 1.0)),
        (2, Metric::PassHatK, (0.446429, 0.146167, 0.1599, 0.7329)),
    ];
    for (k, m, (mu, sd, lo, hi)) in cases {
        let i = credible_interval(&g, k, p, 0.95, m);
        assert!(
            (i.mean - mu).abs() < 5e-7 && (i.sd - sd).abs() < 5e-7,
            "{k} {m:?}: {i:?}"
        );
        assert!(
            (i.lo - lo).abs() < 5e-5 && (i.hi - hi).abs() < 5e-5,
            "{k} {m:?}: {i:?}"
        );
    }
}

#[test]
fn intervals_match_exact_rationals() {
    let data = [(5u64, 3u64), (5, 4), (20, 0), (20, 20), (128, 17), (7, 1)];
    for k in [1u64, 2, 3, 10, 50, 200] {
        for m in [Metric::PassAtK, Metric::PassHatK] {
            let (mu, sd) = exact_interval(&data, k, m);
            let i = credible_interval(&groups(&data), k, Prior::default(), 0.95, m);
            assert!(
                close(i.mean, mu, CLOSED_FORM_REL, CLOSED_FORM_ABS),
                "k={k} {m:?} mean {} vs {mu}",
                i.mean
            );
            assert!(
                close(i.sd, sd, CLOSED_FORM_REL, CLOSED_FORM_ABS),
                "k={k} {m:?} sd {} vs {sd}",
                i.sd
            );
        }
    }
}

#[test]
fn cover_thresholds_are_exact() {
    // 15/100 ≥ 0.15 exactly, although 0.05 + 0.1 > 0.15 in floating point.
    let t = Tau::parse("0.15").unwrap();
    assert!(t.reached_by(Counts::new(100, 15).unwrap()));
    assert!(!t.reached_by(Counts::new(1_000_000_000_000, 149_999_999_999).unwrap()));
    assert_eq!(
        cover_plugin(&groups(&[(100, 15), (100, 14), (20, 3), (1, 1)]), t),
        0.75
    );
    assert!(Tau::parse("1.5").is_err() && Tau::parse("-0.1").is_err() && Tau::parse("x").is_err());
    assert_eq!(Tau::parse(".5").unwrap().value(), 0.5);
}

#[test]
fn auc_plus_by_hand() {
    let a = CoverSteps::new(&groups(&[(2, 1)])); // G_A = 1 on (0, 0.5]
    let b = CoverSteps::new(&groups(&[(4, 4)])); // G_B = 1 on (0, 1]
    assert_eq!(auc_plus(&a, &b), 0.0);
    assert_eq!(auc_plus(&b, &a), 0.5);
    let (m, avg) = auc_plus_matrix(&[a, b]);
    assert_eq!(m, vec![vec![0.0, 0.0], vec![0.5, 0.0]]);
    assert_eq!(avg, vec![0.0, 0.5]);
}

fn dataset() -> impl Strategy<Value = Vec<(u64, u64)>> {
    prop::collection::vec((1u64..60).prop_flat_map(|n| (Just(n), 0..=n)), 1..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn cover_area_is_pass_at_1(data in dataset()) {
        let g = groups(&data);
        let steps = CoverSteps::new(&g);
        let p1 = g.mean(|t| t.rate());
        prop_assert!(close(steps.area(), p1, CLOSED_FORM_REL, CLOSED_FORM_ABS), "{} vs {}", steps.area(), p1);
    }

    #[test]
    fn naive_is_beta_weighted_cover(data in dataset(), k in 1u64..300) {
        let g = groups(&data);
        let steps = CoverSteps::new(&g);
        let kf = k as f64;
        let integral = steps.integrate(|t| -(kf * (-t).ln_1p()).exp_m1());
        let naive = g.mean(|t| naive_pass_at_k(t, kf));
        prop_assert!(close(integral, naive, CLOSED_FORM_REL, CLOSED_FORM_ABS), "{} vs {}", integral, naive);
    }

    #[test]
    fn auc_plus_difference_is_pass_at_1_difference(a in dataset(), b in dataset()) {
        let (ga, gb) = (groups(&a), groups(&b));
        let (sa, sb) = (CoverSteps::new(&ga), CoverSteps::new(&gb));
        let diff = auc_plus(&sa, &sb) - auc_plus(&sb, &sa);
        let want = ga.mean(|t| t.rate()) - gb.mean(|t| t.rate());
        prop_assert!((diff - want).abs() < 1e-14, "{} vs {}", diff, want);
        prop_assert!(auc_plus(&sa, &sa) == 0.0);
        prop_assert!(auc_plus(&sa, &sb) >= 0.0);
    }
}
