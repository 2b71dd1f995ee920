use super::*;
use crate::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL, SCORIO_MEAN_REL, SCORIO_SD_REL};

/// scorio 0.2.3's values (`max_at_k`, `max_at_k_ci`): a seeded 7 × 12 matrix of categories
/// with weights [0.25, −1, 2, 0] (unsorted), one task all at the top, one all at the bottom.
/// Made by: rng = np.random.default_rng(7); R = rng.integers(0, 4, size=(7, 12));
/// R[0, :] = 2; R[1, :] = 1; max_at_k(R, k, w=w), max_at_k_ci(R, k, w=w).
const COUNTS: [[u64; 4]; 7] = [
    [0, 0, 12, 0],
    [0, 12, 0, 0],
    [0, 3, 5, 4],
    [4, 2, 3, 3],
    [2, 3, 3, 4],
    [5, 3, 1, 3],
    [2, 3, 4, 3],
];

/// (k, estimate, μ, σ, lo, hi) as scorio printed them.
#[allow(clippy::type_complexity)]
const SCORIO: [(u64, Option<f64>, f64, f64, f64, f64); 6] = [
    (
        1,
        Some(0.39583333333333337),
        0.375,
        0.09332700190305958,
        0.19208243748490214,
        0.5579175625150978,
    ),
    (
        2,
        Some(0.8322510822510822),
        0.8429621848739496,
        0.10784885111162452,
        0.631582320921143,
        1.0543420488267563,
    ),
    (
        3,
        Some(1.0675324675324678),
        1.0900735294117645,
        0.11524909503678328,
        0.8641894538888354,
        1.3159576049346937,
    ),
    (
        5,
        Some(1.3192640692640687),
        1.3627543122512162,
        0.11979880902808551,
        1.1279529611653767,
        1.5975556633370558,
    ),
    (
        12,
        Some(1.5714285714285712),
        1.7002235201420821,
        0.11317918532070402,
        1.478396393113918,
        1.9220506471702463,
    ),
    (
        40,
        None,
        1.9068757690412095,
        0.08561023049555842,
        1.7390828005617425,
        2.0,
    ),
];

fn tasks(counts: &[[u64; 4]]) -> Vec<(String, Vec<u64>)> {
    counts
        .iter()
        .enumerate()
        .map(|(i, c)| (format!("t{i}"), c.to_vec()))
        .collect()
}

fn near(got: f64, want: f64, rel: f64) -> bool {
    close(got, want, rel, CLOSED_FORM_ABS)
}

#[test]
fn equals_scorio_at_every_budget_also_beyond_the_samples() {
    let rubric = Rubric::new(vec![0.25, -1.0, 2.0, 0.0]).unwrap();
    let tasks = tasks(&COUNTS);
    for (k, estimate, mu, sd, lo, hi) in SCORIO {
        let m = max_reward_at_k(&rubric, &tasks, k, 0.95).unwrap();
        assert_eq!(m.k, k);
        match (m.estimate, estimate) {
            (Some(a), Some(b)) => assert!(near(a, b, SCORIO_MEAN_REL), "k = {k}: {a} vs {b}"),
            (a, b) => assert_eq!(a, b, "k = {k}"),
        }
        assert!(
            near(m.mean, mu, SCORIO_MEAN_REL),
            "k = {k}: μ {} vs {mu}",
            m.mean
        );
        assert!(near(m.sd, sd, SCORIO_SD_REL), "k = {k}: σ {} vs {sd}", m.sd);
        assert!(
            near(m.lo, lo, SCORIO_MEAN_REL),
            "k = {k}: lo {} vs {lo}",
            m.lo
        );
        assert!(
            near(m.hi, hi, SCORIO_MEAN_REL),
            "k = {k}: hi {} vs {hi}",
            m.hi
        );
    }
}

#[test]
fn scorio_docstring_examples() {
    // R = [[0, 1, 2, 2, 1], [1, 1, 0, 2, 2]], w = [0, 0.5, 1], k = 2: 0.85 and
    // (0.75, 0.08812009711269911, 0.5772877833449377, 0.9227122166550623).
    let rubric = Rubric::new(vec![0.0, 0.5, 1.0]).unwrap();
    let t = vec![("a".into(), vec![1, 2, 2]), ("b".into(), vec![1, 2, 2])];
    let m = max_reward_at_k(&rubric, &t, 2, 0.95).unwrap();
    assert!(near(m.estimate.unwrap(), 0.85, SCORIO_MEAN_REL));
    assert!(near(m.mean, 0.75, SCORIO_MEAN_REL));
    assert!(near(m.sd, 0.08812009711269911, SCORIO_SD_REL));
    assert!(near(m.lo, 0.5772877833449377, SCORIO_MEAN_REL));
    assert!(near(m.hi, 0.9227122166550623, SCORIO_MEAN_REL));
    // Binary, [[0, 1, 1, 0, 1], [1, 1, 0, 1, 1]], k = 2: 0.95 and (0.8392857142857143,
    // 0.09726270618076305, 0.6486543131325174, 1.0) — the upper bound clipped at 1.
    let t = vec![("a".into(), vec![2, 3]), ("b".into(), vec![1, 4])];
    let m = max_reward_at_k(&Rubric::binary(), &t, 2, 0.95).unwrap();
    assert!(near(m.estimate.unwrap(), 0.95, SCORIO_MEAN_REL));
    assert!(near(m.mean, 0.8392857142857143, SCORIO_MEAN_REL));
    assert!(near(m.sd, 0.09726270618076305, SCORIO_SD_REL));
    assert!(near(m.lo, 0.6486543131325174, SCORIO_MEAN_REL));
    assert_eq!(m.hi, 1.0);
}

#[test]
fn every_subset_by_hand_and_pass_at_k_on_a_binary_rubric() {
    // One task of rewards 0, 0.5, 0.5, 1 (n = 4): the best of each pair, over the 6 pairs:
    // {0,.5} .5, {0,.5} .5, {0,1} 1, {.5,.5} .5, {.5,1} 1, {.5,1} 1 → 4.5/6 = 0.75.
    let rubric = Rubric::new(vec![0.0, 0.5, 1.0]).unwrap();
    let t = vec![("a".into(), vec![1, 2, 1])];
    let m = max_reward_at_k(&rubric, &t, 2, 0.95).unwrap();
    assert!(near(m.estimate.unwrap(), 0.75, CLOSED_FORM_REL));
    // Triples: only {0, .5, .5} lacks the 1 → (3 · 1 + 0.5)/4 = 0.875.
    let m = max_reward_at_k(&rubric, &t, 3, 0.95).unwrap();
    assert!(near(m.estimate.unwrap(), 0.875, CLOSED_FORM_REL));
    // The rubric 0/1: pass@k, 1 − C(n − c, k)/C(n, k): n = 10, c = 3, k = 4: 1 − 35/210.
    let t = vec![("a".into(), vec![7, 3])];
    let m = max_reward_at_k(&Rubric::binary(), &t, 4, 0.95).unwrap();
    assert!(near(
        m.estimate.unwrap(),
        1.0 - 35.0 / 210.0,
        CLOSED_FORM_REL
    ));
}

#[test]
fn refusals() {
    let t = vec![("a".into(), vec![1, 1])];
    assert_eq!(
        max_reward_at_k(&Rubric::binary(), &t, 0, 0.95),
        Err(MaxRewardError::ZeroBudget)
    );
    assert_eq!(
        max_reward_at_k(&Rubric::binary(), &[], 2, 0.95),
        Err(MaxRewardError::Bayes(BayesError::NoTasks))
    );
    let e = max_reward_at_k(&Rubric::binary(), &[("x".into(), vec![0, 0])], 2, 0.95);
    assert_eq!(e.unwrap_err().to_string(), "task x has no samples");
    let e = max_reward_at_k(&Rubric::binary(), &[("x".into(), vec![1, 2, 3])], 2, 0.95);
    assert!(matches!(
        e,
        Err(MaxRewardError::Bayes(BayesError::CountsLength(_)))
    ));
}
