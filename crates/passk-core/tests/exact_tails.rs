//! G-Pass@k_τ and mG-Pass@k far in their tails (values down to 10⁻³⁰⁰) against exact rational
//! arithmetic (issue 54, item 5): each task's tails and the dataset's means, where the walk's
//! anchors are carried from task to task, within `prec::TAIL_EXACT_REL`.
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigUint;
use num_traits::Zero;
use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::{binomial, ratio_to_f64};
use passk_core::estimators::{g_pass, g_pass_task, threshold};
use passk_core::num::prec::TAIL_EXACT_REL;

const TAUS: [f64; 3] = [0.5, 0.75, 1.0];

/// C(c, j)·C(n−c, k−j) for j = 0..=k, exactly.
fn terms(n: u64, c: u64, k: u64) -> Vec<BigUint> {
    (0..=k)
        .map(|j| binomial(c, j) * binomial(n - c, k - j))
        .collect()
}

/// The exact tails at each τ and (2/k)·Σ_j P(j)·(j − ⌈k/2⌉)⁺ · C(n, k), as numerators over
/// C(n, k) (mG with the extra factor k/2 in the denominator: returned as (num, den)).
fn exact(n: u64, c: u64, k: u64) -> (Vec<BigUint>, BigUint, BigUint) {
    let t = terms(n, c, k);
    let tails = TAUS
        .iter()
        .map(|&tau| t[threshold(tau, k) as usize..].iter().sum())
        .collect();
    let h = k.div_ceil(2);
    let mg: BigUint = t
        .iter()
        .enumerate()
        .filter(|(j, _)| *j as u64 > h)
        .map(|(j, x)| x * (j as u64 - h))
        .sum();
    (tails, mg * 2u32, binomial(n, k) * k)
}

fn check(got: f64, num: &BigUint, den: &BigUint, what: &str, worst: &mut f64) {
    let want = ratio_to_f64(num, den);
    if num.is_zero() || want < 1e-300 {
        // (Below the normal range the relative bound is meaningless: 0 or as small.)
        assert!(got <= 1e-299, "{what}: {got:e} vs exact {want:e}");
        return;
    }
    let rel = ((got - want) / want).abs();
    assert!(
        rel <= TAIL_EXACT_REL,
        "{what}: {got:e} vs exact {want:e} ({rel:e})"
    );
    *worst = worst.max(rel);
}

#[test]
fn each_tasks_tails_are_exact_to_the_last_digits_down_to_1e_300() {
    let mut worst = 0f64;
    let mut deep = 0;
    for k in [100u64, 500, 1000] {
        for c in [50u64, 120, 300, 1000, 1500, 2500, 3000, 5000, 7000, 9000] {
            let n = 10_000;
            let ts: Vec<u64> = TAUS.iter().map(|&t| threshold(t, k)).collect();
            let got = g_pass_task(Counts::new(n, c).unwrap(), k, &ts).unwrap();
            let (tails, mg_num, mg_den) = exact(n, c, k);
            let cnk = binomial(n, k);
            for ((g, num), tau) in got.tails.iter().zip(&tails).zip(TAUS) {
                if *g > 0.0 && *g < 1e-200 {
                    deep += 1;
                }
                check(
                    *g,
                    num,
                    &cnk,
                    &format!("n={n} c={c} k={k} τ={tau}"),
                    &mut worst,
                );
            }
            check(
                got.mg,
                &mg_num,
                &mg_den,
                &format!("mG n={n} c={c} k={k}"),
                &mut worst,
            );
        }
    }
    println!("worst relative difference {worst:e}; {deep} tails below 1e-200");
    assert!(deep >= 5, "the cases reach the far tails");
}

#[test]
fn a_datasets_means_with_carried_anchors_are_exact_too() {
    // Neighbouring c in one n-block: the walk's anchor is carried from each task to the next.
    let n = 10_000u64;
    let cs: Vec<u64> = (1000..1400).step_by(23).collect();
    let g = Groups::new(cs.iter().map(|&c| Counts::new(n, c).unwrap()));
    let mut worst = 0f64;
    for k in [200u64, 1000] {
        let at = &g_pass(&g, &[k], &TAUS)[0];
        let cnk = binomial(n, k) * cs.len() as u64;
        let mut sums = vec![BigUint::zero(); TAUS.len()];
        let (mut mg_num, mut mg_den) = (BigUint::zero(), BigUint::zero());
        for &c in &cs {
            let (tails, m, d) = exact(n, c, k);
            sums.iter_mut().zip(tails).for_each(|(s, t)| *s += t);
            mg_num += m;
            mg_den = d;
        }
        for ((v, num), tau) in at.values.iter().zip(&sums).zip(TAUS) {
            check(*v, num, &cnk, &format!("dataset k={k} τ={tau}"), &mut worst);
        }
        let mg_den = mg_den * cs.len() as u64;
        check(
            at.mg,
            &mg_num,
            &mg_den,
            &format!("dataset mG k={k}"),
            &mut worst,
        );
    }
    println!("dataset: worst relative difference {worst:e}");
}
