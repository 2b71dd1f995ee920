//! The paired test against exact rational arithmetic and brute force.

use super::*;
use crate::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

fn counts(n: u64, c: u64) -> Counts {
    Counts::new(n, c).unwrap()
}

fn binom(n: u64, k: u64) -> BigInt {
    if k > n {
        return BigInt::zero();
    }
    (0..k).fold(BigInt::one(), |acc, i| {
        acc * BigInt::from(n - i) / BigInt::from(i + 1)
    })
}

/// Ĝ(k) = 1 − C(n − c, k)/C(n, k), exactly.
fn exact_g(t: Counts, k: u64) -> BigRational {
    BigRational::one() - BigRational::new(binom(t.n() - t.c(), k), binom(t.n(), k))
}

fn f(x: &BigRational) -> f64 {
    x.to_f64().unwrap()
}

/// Small paired tasks: unequal n, all-fail and all-pass tasks, a tie.
fn pairs() -> Vec<(Counts, Counts)> {
    vec![
        (counts(10, 3), counts(8, 1)),
        (counts(12, 0), counts(10, 4)),
        (counts(9, 9), counts(9, 2)),
        (counts(7, 2), counts(11, 5)),
        (counts(10, 5), counts(10, 5)),
    ]
}

#[test]
fn diff_se_and_solved_sets_equal_exact_rationals() {
    for k in [1, 2, 3, 7] {
        let t = pair_test(&pairs(), k).unwrap();
        let g: Vec<(BigRational, BigRational)> = pairs()
            .iter()
            .map(|(a, b)| (exact_g(*a, k), exact_g(*b, k)))
            .collect();
        let n = BigRational::from_integer(BigInt::from(g.len()));
        let d: Vec<BigRational> = g.iter().map(|(a, b)| a - b).collect();
        let mean = d.iter().fold(BigRational::zero(), |s, x| s + x) / &n;
        let ss = d
            .iter()
            .fold(BigRational::zero(), |s, x| s + (x - &mean) * (x - &mean));
        let var = ss / (&n - BigRational::one()) / &n;
        let se = f(&var).sqrt();
        assert!(
            close(t.diff, f(&mean), CLOSED_FORM_REL, CLOSED_FORM_ABS),
            "k={k}"
        );
        assert!(close(t.se.unwrap(), se, CLOSED_FORM_REL, 0.0), "k={k}");
        let z = f(&mean) / se;
        assert!(close(t.z.unwrap(), z, CLOSED_FORM_REL, 0.0));
        assert!(close(
            t.p.unwrap(),
            libm::erfc(z.abs() / 2f64.sqrt()),
            CLOSED_FORM_REL,
            0.0
        ));
        let one = BigRational::one();
        let sum = |h: &dyn Fn(&BigRational, &BigRational) -> BigRational| {
            f(&g.iter().fold(BigRational::zero(), |s, (a, b)| s + h(a, b)))
        };
        let want = [
            sum(&|a, b| a * (&one - b)),
            sum(&|a, b| (&one - a) * b),
            sum(&|a, b| a * b),
            sum(&|a, b| (&one - a) * (&one - b)),
        ];
        let got = [
            t.solved.a_only,
            t.solved.b_only,
            t.solved.both,
            t.solved.neither,
        ];
        for (g, w) in got.iter().zip(want) {
            assert!(
                close(*g, w, CLOSED_FORM_REL, CLOSED_FORM_ABS),
                "k={k}: {g} vs {w}"
            );
        }
        assert_eq!(t.mcnemar_p, None, "n > 1: no McNemar");
    }
    // k beyond a pair's n (7 < 9 … the smallest n is 7).
    assert_eq!(pair_test(&pairs(), 8), Err(PairTestError::Budget(8)));
    assert_eq!(pair_test(&[], 1), Err(PairTestError::Empty));
}

/// Every way of drawing k of A's samples and k of B's: whether each solves, averaged.
fn brute_solved(pairs: &[(Counts, Counts)], k: u64) -> [f64; 4] {
    fn subsets(n: u64, k: u64) -> Vec<Vec<u64>> {
        if k == 0 {
            return vec![vec![]];
        }
        if n < k {
            return vec![];
        }
        let mut out = subsets(n - 1, k);
        for mut s in subsets(n - 1, k - 1) {
            s.push(n - 1);
            out.push(s);
        }
        out
    }
    let mut total = [0.0; 4];
    for (a, b) in pairs {
        // Samples 0..c pass.
        let solves = |t: &Counts, s: &Vec<u64>| s.iter().any(|&i| i < t.c());
        let (sa, sb) = (subsets(a.n(), k), subsets(b.n(), k));
        let mut cell = [0u64; 4];
        for x in &sa {
            for y in &sb {
                let i = match (solves(a, x), solves(b, y)) {
                    (true, false) => 0,
                    (false, true) => 1,
                    (true, true) => 2,
                    (false, false) => 3,
                };
                cell[i] += 1;
            }
        }
        let all = (sa.len() * sb.len()) as f64;
        for (t, c) in total.iter_mut().zip(cell) {
            *t += c as f64 / all;
        }
    }
    total
}

#[test]
fn solved_sets_equal_the_brute_force_expectation_over_all_draws() {
    let small = vec![
        (counts(5, 2), counts(6, 1)),
        (counts(6, 0), counts(5, 3)),
        (counts(4, 4), counts(6, 6)),
        (counts(6, 1), counts(4, 0)),
    ];
    for k in 1..=4 {
        let s = pair_test(&small, k).unwrap().solved;
        let want = brute_solved(&small, k);
        for (g, w) in [s.a_only, s.b_only, s.both, s.neither].iter().zip(want) {
            assert!(
                close(*g, w, CLOSED_FORM_REL, CLOSED_FORM_ABS),
                "k={k}: {g} vs {w}"
            );
        }
    }
    let c = SolvedCounts::of(&small);
    assert_eq!((c.a_only, c.b_only, c.both, c.neither), (1, 1, 2, 0));
}

#[test]
fn mcnemar_is_the_binomial_sum() {
    let exact = |b: u64, c: u64| {
        let n = b + c;
        let tail = (0..=b.min(c)).fold(BigInt::zero(), |s, i| s + binom(n, i));
        let p = BigRational::new(BigInt::from(2) * tail, BigInt::one() << n);
        f(&p).min(1.0)
    };
    for (b, c) in [
        (0, 0),
        (1, 0),
        (3, 9),
        (10, 10),
        (0, 25),
        (40, 95),
        (7, 600),
    ] {
        let got = mcnemar_exact(b, c);
        assert!(
            close(got, exact(b, c), 1e-12, 0.0),
            "{b},{c}: {got} vs {}",
            exact(b, c)
        );
    }
    // One sample per task in both: McNemar on the discordant pairs (2 A-only, 1 B-only).
    let one = vec![
        (counts(1, 1), counts(1, 0)),
        (counts(1, 1), counts(1, 0)),
        (counts(1, 0), counts(1, 1)),
        (counts(1, 1), counts(1, 1)),
        (counts(1, 0), counts(1, 0)),
    ];
    assert_eq!(pair_test(&one, 1).unwrap().mcnemar_p, Some(1.0));
}

#[test]
fn no_spread_or_one_task_gives_no_p_and_says_why() {
    let same = vec![(counts(4, 2), counts(4, 1)), (counts(4, 2), counts(4, 1))];
    let t = pair_test(&same, 1).unwrap();
    assert_eq!((t.se, t.z, t.p), (Some(0.0), None, None));
    assert!(t.why_null.unwrap().contains("standard error is 0"));
    let t = pair_test(&same[..1], 1).unwrap();
    assert_eq!((t.se, t.p), (None, None));
    assert!(t.why_null.unwrap().contains("fewer than two"));
}

#[test]
fn normal_tails_keep_their_precision() {
    assert!(close(two_sided_p(1.959_963_984_540_054), 0.05, 1e-15, 0.0));
    assert!(close(normal_cdf(-1.959_963_984_540_054), 0.025, 1e-15, 0.0));
    // 2·Q(9) = erfc(9/√2) = 2.257176811907681e-19 (far below 1 − Φ in double precision).
    assert!(close(
        two_sided_p(-9.0),
        2.257_176_811_907_681e-19,
        1e-13,
        0.0
    ));
    assert_eq!(two_sided_p(0.0), 1.0);
}
