//! maj@k and BoN@k / max@k (issue 19) against exact rational arithmetic: every k-subset of
//! small random tasks enumerated, and at n = 1000, k = 500 every composition of the draw
//! (maj@k) or the closed sum over ranks in big integers (BoN@k).
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use passk_core::data::{AnswerGroup, Scored, Votes};
use passk_core::estimators::best_of_k;
use passk_core::estimators::maj_at_k;
use passk_core::num::prec::{close, CLOSED_FORM_ABS, VOTE_REL};
use passk_core::num::SplitMix64;

type Q = BigRational;

fn choose(n: u64, k: u64) -> BigInt {
    if k > n {
        return BigInt::zero();
    }
    let mut c = BigInt::one();
    for i in 0..k {
        c = c * BigInt::from(n - i) / BigInt::from(i + 1);
    }
    c
}

fn to_f64(x: &Q) -> f64 {
    x.to_f64().unwrap()
}

/// The mean of `value` over every k-subset of n samples (given as the drawn indices).
fn mean_over_subsets(n: usize, k: usize, value: impl Fn(&[usize]) -> Q) -> Q {
    let mut sum = Q::zero();
    let mut subsets = 0u64;
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize == k {
            subsets += 1;
            let drawn: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
            sum += value(&drawn);
        }
    }
    sum / Q::from_integer(BigInt::from(subsets))
}

/// Samples as (answer group or None, correct group?) → every k-subset's plurality share.
fn brute_maj(answers: &[Option<usize>], correct: &[bool], k: usize) -> Q {
    mean_over_subsets(answers.len(), k, |drawn| {
        let mut votes = vec![0usize; correct.len()];
        for g in drawn.iter().filter_map(|&i| answers[i]) {
            votes[g] += 1;
        }
        let best = *votes.iter().max().unwrap_or(&0);
        if best == 0 {
            return Q::zero();
        }
        let tied: Vec<usize> = (0..votes.len()).filter(|&g| votes[g] == best).collect();
        let ok = tied.iter().filter(|&&g| correct[g]).count();
        Q::new(BigInt::from(ok), BigInt::from(tied.len()))
    })
}

/// The closed form `got` equals the exact `want` at every k = 1…n (`what` names the case).
fn every_k(n: usize, got: impl Fn(usize) -> f64, want: impl Fn(usize) -> Q, what: &str) {
    for k in 1..=n {
        let (got, want) = (got(k), to_f64(&want(k)));
        assert!(
            close(got, want, VOTE_REL, CLOSED_FORM_ABS),
            "{what} k = {k}: {got} vs {want}"
        );
    }
}

#[test]
fn maj_at_k_equals_every_subset_enumerated() {
    let mut rng = SplitMix64::new(19);
    for case in 0..300 {
        let n = 1 + rng.below(10) as usize;
        let groups = 1 + rng.below(4) as usize;
        let answers: Vec<Option<usize>> = (0..n)
            .map(|_| {
                let g = rng.below(groups as u64 + 1) as usize;
                (g < groups).then_some(g)
            })
            .collect();
        let correct: Vec<bool> = (0..groups).map(|g| g == 0 || rng.below(4) == 0).collect();
        let mut tally = vec![0u64; groups];
        for g in answers.iter().flatten() {
            tally[*g] += 1;
        }
        let abstain = answers.iter().filter(|a| a.is_none()).count() as u64;
        let v = Votes::new(
            (0..groups)
                .filter(|&g| tally[g] > 0)
                .map(|g| AnswerGroup::new(tally[g], correct[g]))
                .collect(),
            abstain,
        )
        .unwrap();
        every_k(
            n,
            |k| maj_at_k(&v, k as u64).unwrap(),
            |k| brute_maj(&answers, &correct, k),
            &format!("case {case}: {answers:?} correct {correct:?}"),
        );
    }
}

#[test]
fn maj_at_k_at_n_1000_k_500_equals_exact_sums_over_compositions() {
    // Two answers (400 correct, 350 wrong) and 250 samples without an answer.
    let (a, b, none, k) = (400u64, 350u64, 250u64, 500u64);
    let (ra, rb, rn): (Vec<BigInt>, Vec<BigInt>, Vec<BigInt>) = (
        (0..=a).map(|x| choose(a, x)).collect(),
        (0..=b).map(|x| choose(b, x)).collect(),
        (0..=none).map(|x| choose(none, x)).collect(),
    );
    let mut twice = BigInt::zero(); // twice the sum: a tie scores 1/2
    for x in 0..=a.min(k) {
        for y in 0..=b.min(k - x) {
            let z = k - x - y;
            if z > none || (x == 0 && y == 0) || x < y {
                continue;
            }
            let w = &ra[x as usize] * &rb[y as usize] * &rn[z as usize];
            twice += if x > y { w * 2 } else { w };
        }
    }
    let want = to_f64(&Q::new(twice, choose(a + b + none, k) * 2));
    let v = Votes::new(
        vec![AnswerGroup::new(a, true), AnswerGroup::new(b, false)],
        none,
    )
    .unwrap();
    let got = maj_at_k(&v, k).unwrap();
    assert!(close(got, want, VOTE_REL, 0.0), "{got} vs {want}");
    // Many small groups: 1000 samples in 40 answers of 25, three of them correct.
    let many: Vec<AnswerGroup> = (0..40).map(|g| AnswerGroup::new(25, g < 3)).collect();
    let got = maj_at_k(&Votes::new(many, 0).unwrap(), k).unwrap();
    assert!(
        close(got, 3.0 / 40.0, VOTE_REL, 0.0),
        "symmetric groups: {got}"
    );
}

/// Every k-subset: the mean value of the drawn samples with the highest score.
fn brute_best(samples: &[(u64, u64)], k: usize) -> Q {
    mean_over_subsets(samples.len(), k, |drawn| {
        let top = drawn.iter().map(|&i| samples[i].0).max().unwrap();
        let best: Vec<_> = drawn.iter().filter(|&&i| samples[i].0 == top).collect();
        let total: u64 = best.iter().map(|&&i| samples[i].1).sum();
        Q::new(BigInt::from(total), BigInt::from(best.len()))
    })
}

#[test]
fn best_of_k_equals_every_subset_enumerated() {
    let mut rng = SplitMix64::new(1919);
    for case in 0..300 {
        let n = 1 + rng.below(10) as usize;
        let levels = 1 + rng.below(6);
        let graded = case % 3 == 0;
        let samples: Vec<(u64, u64)> = (0..n)
            .map(|_| {
                let score = rng.below(levels);
                let value = if graded { rng.below(5) } else { rng.below(2) };
                (score, value)
            })
            .collect();
        let scored =
            Scored::new(samples.iter().map(|&(s, v)| (s as f64, v as f64)).collect()).unwrap();
        every_k(
            n,
            |k| best_of_k(&scored, k as u64).unwrap(),
            |k| brute_best(&samples, k),
            &format!("case {case}: {samples:?}"),
        );
    }
}

#[test]
fn best_of_k_at_n_1000_k_500_equals_the_exact_sum_over_ranks() {
    let mut rng = SplitMix64::new(7);
    let (n, k) = (1000u64, 500u64);
    let values: Vec<u64> = (0..n).map(|_| rng.below(2)).collect();
    // Distinct scores n, n−1, …: Σᵢ valueᵢ C(n − i, k − 1) / C(n, k).
    let num: BigInt = (1..=n)
        .filter(|&i| values[(i - 1) as usize] == 1)
        .map(|i| choose(n - i, k - 1))
        .sum();
    let want = to_f64(&Q::new(num, choose(n, k)));
    let scored = Scored::new(
        (0..n)
            .map(|i| ((n - i) as f64, values[i as usize] as f64))
            .collect(),
    )
    .unwrap();
    let got = best_of_k(&scored, k).unwrap();
    assert!(close(got, want, VOTE_REL, 0.0), "{got} vs {want}");
}
