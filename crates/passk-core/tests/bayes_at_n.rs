//! Bayes@N (issue 39, spec §13) against hand-worked values, exact rational arithmetic, the
//! binary credible interval of §3 it generalises, and a Monte Carlo of the Dirichlet posterior.
#![cfg(not(target_arch = "wasm32"))]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::data::Rewards;
use passk_core::data::Task;
use passk_core::estimators::{
    bayes_at_n, bayes_of_tasks, rubric_of, task_posterior, BayesError, Rubric,
};
use passk_core::estimators::{credible_interval, Metric, Prior};
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL, MONTE_CARLO_SES};
use passk_core::num::sample::gamma;
use passk_core::num::SplitMix64;

type Q = BigRational;

fn q(num: i64, den: i64) -> Q {
    Q::new(BigInt::from(num), BigInt::from(den))
}

fn f(x: &Q) -> f64 {
    x.to_f64().unwrap()
}

fn assert_close(got: f64, want: f64, what: &str) {
    assert!(
        close(got, want, CLOSED_FORM_REL, CLOSED_FORM_ABS),
        "{what}: {got} vs {want}"
    );
}

/// Worked by hand: rubric (0, ½, 1), α = 1 each. Task A counts (1, 2, 1): π = (2, 3, 2)/7,
/// μ = ½, Σw²π = 11/28, Var = (11/28 − ¼)/8 = 1/56. Task B (0, 0, 3): π = (1, 1, 4)/6,
/// μ = ¾, Σw²π = 17/24, Var = (17/24 − 9/16)/7 = 1/48. μ = 5/8, σ = √(13/336)/2.
#[test]
fn a_hand_worked_rubric() {
    let rubric = Rubric::new(vec![0.0, 0.5, 1.0]).unwrap();
    let tasks = vec![
        ("a".to_string(), vec![1, 2, 1]),
        ("b".to_string(), vec![0, 0, 3]),
    ];
    let b = bayes_at_n(&rubric, &tasks, None, 0.95).unwrap();
    assert_close(b.mean, 0.625, "mean");
    let sd = (13.0f64 / 336.0).sqrt() / 2.0;
    assert_close(b.sd, sd, "sd");
    assert_close(b.lo, 0.625 - 1.959963984540054 * sd, "lo");
    assert_close(b.hi, 0.625 + 1.959963984540054 * sd, "hi");
    let (mu, var) = task_posterior(&[0.0, 0.5, 1.0], &[1.0; 3], &[1.0, 2.0, 1.0]);
    assert_close(mu, 0.5, "task a mean");
    assert_close(var, 1.0 / 56.0, "task a variance");
}

/// The formula in exact rationals, term by term as the spec writes it (Σw²π − μ², not the
/// centred form the code uses), on random rubrics, priors, counts and prior outcomes.
#[test]
fn random_rubrics_against_exact_rationals() {
    let mut rng = SplitMix64::new(39);
    for case in 0..300 {
        let width = 2 + rng.below(4) as usize;
        // Weights in quarters from −1 to 2, distinct; priors in halves from ½ to 3.
        let mut w: Vec<i64> = Vec::new();
        while w.len() < width {
            let x = rng.below(13) as i64 - 4;
            if !w.contains(&x) {
                w.push(x);
            }
        }
        let alpha: Vec<i64> = (0..width).map(|_| 1 + rng.below(6) as i64).collect();
        let eta = q(rng.below(5) as i64, 2);
        let tasks: Vec<(String, Vec<u64>)> = (0..1 + rng.below(6))
            .map(|i| {
                let mut c: Vec<u64> = (0..width)
                    .map(|_| rng.below(if case % 7 == 0 { 2000 } else { 9 }))
                    .collect();
                c[0] += 1;
                (format!("t{i}"), c)
            })
            .collect();
        let r0: Vec<Vec<u64>> = tasks
            .iter()
            .map(|_| (0..width).map(|_| rng.below(3)).collect())
            .collect();
        let weights: Vec<Q> = w.iter().map(|&x| q(x, 4)).collect();
        let rubric = Rubric::with_prior(
            weights.iter().map(f).collect(),
            alpha.iter().map(|&a| a as f64 / 2.0).collect(),
        )
        .unwrap();
        let with_prior = case % 2 == 0;
        let got = bayes_at_n(
            &rubric,
            &tasks,
            with_prior.then_some((&r0[..], f(&eta))),
            0.95,
        )
        .unwrap();
        let (mut mean, mut var) = (Q::zero(), Q::zero());
        for (i, (_, counts)) in tasks.iter().enumerate() {
            let al: Vec<Q> = (0..width)
                .map(|c| {
                    q(alpha[c], 2)
                        + if with_prior {
                            eta.clone() * q(r0[i][c] as i64, 1)
                        } else {
                            Q::zero()
                        }
                })
                .collect();
            let a: Q = al.iter().fold(Q::zero(), |s, x| s + x);
            let n = q(counts.iter().sum::<u64>() as i64, 1);
            let pi: Vec<Q> = (0..width)
                .map(|c| (al[c].clone() + q(counts[c] as i64, 1)) / (a.clone() + n.clone()))
                .collect();
            let mu = (0..width).fold(Q::zero(), |s, c| s + weights[c].clone() * pi[c].clone());
            let second = (0..width).fold(Q::zero(), |s, c| {
                s + weights[c].clone() * weights[c].clone() * pi[c].clone()
            });
            mean += mu.clone();
            var += (second - mu.clone() * mu) / (a + n + q(1, 1));
        }
        let m = q(tasks.len() as i64, 1);
        let want_mean = f(&(mean / m.clone()));
        let want_sd = (f(&var)).sqrt() / f(&m);
        assert_close(got.mean, want_mean, &format!("case {case} mean"));
        assert_close(got.sd, want_sd, &format!("case {case} sd"));
    }
}

/// With the binary rubric (0, 1) and α = (1, 1), Bayes@N is the §3 credible interval of
/// pass@1 (scorio's R = [[0,1,1,0,1],[1,1,0,1,1]]: μ = 0.642857, σ = 0.118451).
#[test]
fn the_binary_rubric_is_the_credible_interval_of_pass_at_1() {
    let tasks = vec![
        Task::new(Some("a".into()), Counts::new(5, 3).unwrap()),
        Task::new(Some("b".into()), Counts::new(5, 4).unwrap()),
    ];
    let b = bayes_of_tasks(&Rubric::binary(), &tasks, 0.95).unwrap();
    let groups = Groups::new(tasks.iter().map(|t| t.counts));
    let i = credible_interval(&groups, 1, Prior::default(), 0.95, Metric::PassAtK);
    assert_close(b.mean, i.mean, "mean");
    assert_close(b.sd, i.sd, "sd");
    assert_close(b.mean, 9.0 / 14.0, "published mean");
    assert!((b.sd - 0.118451).abs() < 5e-7, "published sd {}", b.sd);
}

/// σ² against a Monte Carlo of the Dirichlet posterior (loose: within a few standard errors).
#[test]
fn the_variance_matches_a_monte_carlo_of_the_dirichlet_posterior() {
    let weights = [-1.0, 0.0, 0.5, 1.0];
    let alpha = [1.0, 0.5, 2.0, 1.0];
    let counts = [3.0, 1.0, 4.0, 2.0];
    let (mu, var) = task_posterior(&weights, &alpha, &counts);
    let mut rng = SplitMix64::new(7);
    let draws = 200_000;
    let (mut s1, mut s2) = (0.0, 0.0);
    for _ in 0..draws {
        let g: Vec<f64> = alpha
            .iter()
            .zip(&counts)
            .map(|(a, m)| gamma(&mut rng, a + m))
            .collect();
        let total: f64 = g.iter().sum();
        let score: f64 = weights.iter().zip(&g).map(|(w, x)| w * x / total).sum();
        s1 += score;
        s2 += score * score;
    }
    let m = s1 / draws as f64;
    let v = s2 / draws as f64 - m * m;
    let se_mean = (var / draws as f64).sqrt();
    assert!(
        (m - mu).abs() < MONTE_CARLO_SES * se_mean,
        "mean {m} vs {mu}"
    );
    // The variance of a sample variance is about 2σ⁴/(N − 1) for a near-normal score.
    let se_var = var * (2.0 / draws as f64).sqrt() * 2.0;
    assert!(
        (v - var).abs() < MONTE_CARLO_SES * se_var,
        "variance {v} vs {var}"
    );
}

#[test]
fn graded_tasks_fall_into_their_rubric_or_are_refused_by_name() {
    let mut t = Task::new(Some("p1".into()), Counts::new(4, 1).unwrap());
    t.set_rewards(Some(Rewards::of_samples(&[0.0, 0.5, 0.5, 1.0]).unwrap()));
    let rubric = Rubric::new(vec![0.0, 0.5, 1.0]).unwrap();
    assert_eq!(rubric.counts_of(&t).unwrap(), vec![1, 2, 1]);
    // Errored samples (no reward) count in the lowest category: failures.
    let mut with_errors = Task::new(Some("p2".into()), Counts::new(6, 1).unwrap());
    with_errors.set_rewards(t.rewards().cloned());
    with_errors.set_errored(2);
    assert_eq!(rubric.counts_of(&with_errors).unwrap(), vec![3, 2, 1]);
    // A task whose every sample errored (no rewards) counts them as the lowest category even
    // when the rubric has no 0 (verl's ±1); the rubric of rewards {0.5, 1} with errors gets a 0.
    let mut all_errored = Task::new(Some("p3".into()), Counts::new(2, 0).unwrap());
    all_errored.set_errored(2);
    let signed = Rubric::new(vec![-1.0, 1.0]).unwrap();
    assert_eq!(signed.counts_of(&all_errored).unwrap(), vec![2, 0]);
    let mut half = Task::new(Some("p4".into()), Counts::new(3, 1).unwrap());
    half.set_rewards(Some(Rewards::of_samples(&[0.5, 1.0]).unwrap()));
    half.set_errored(1);
    assert_eq!(
        rubric_of(&[half.clone()]).unwrap().weights,
        vec![0.0, 0.5, 1.0]
    );
    assert_eq!(rubric_of(&[half]).map(|r| r.weights.len()), Some(3));
    assert_eq!(
        rubric_of(std::slice::from_ref(&t)).unwrap().weights,
        vec![0.0, 0.5, 1.0]
    );
    let coarse = Rubric::new(vec![0.0, 1.0]).unwrap();
    let e = coarse.counts_of(&t).unwrap_err();
    assert_eq!(e, BayesError::NotInRubric("p1".into(), 0.5));
    assert_eq!(
        e.to_string(),
        "task p1: a sample's reward 0.5 is not a rubric weight"
    );
    assert_eq!(Rubric::new(vec![1.0]), Err(BayesError::TooFewCategories));
    assert_eq!(
        Rubric::new(vec![0.0, 1.0, 0.0]),
        Err(BayesError::SameWeight(0, 2))
    );
    assert_eq!(
        Rubric::new(vec![0.0, f64::NAN]),
        Err(BayesError::WeightNotFinite(1))
    );
    assert_eq!(
        Rubric::with_prior(vec![0.0, 1.0], vec![1.0]),
        Err(BayesError::PriorLength(1, 2))
    );
    assert_eq!(
        Rubric::with_prior(vec![0.0, 1.0], vec![1.0, 0.0]),
        Err(BayesError::PriorNotPositive(1))
    );
    assert_eq!(
        bayes_at_n(&rubric, &[], None, 0.95),
        Err(BayesError::NoTasks)
    );
    assert_eq!(
        bayes_at_n(&rubric, &[("z".into(), vec![0, 0, 0])], None, 0.95),
        Err(BayesError::NoSamples("z".into()))
    );
}
