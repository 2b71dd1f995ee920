//! Item response fits (Rasch, 2PL, ML and MAP) against scorio 0.2.3 and an independent scipy
//! optimum (`reference/scorio/gen_rank_irt.py` → `rank_irt.json`), by hand, on errors, and
//! the coverage of their intervals in simulation.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::rank::{
    irt_fit, items, rasch, rasch_2pl, rasch_2pl_map, rasch_map, separating_tasks, task_information,
    IrtOptions, Outcomes, RankError, StopReason,
};
use passk_core::num::prec::{rel_diff, FIT_LOGLIK_REL};
use passk_core::num::{sample, LibmMath, SplitMix64};
use serde_json::Value;

fn reference() -> Value {
    let p = passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/rank_irt.json");
    serde_json::from_str(&std::fs::read_to_string(p).expect("rank_irt.json")).expect("JSON")
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_f64().expect("float"))
        .collect()
}

fn max_rel(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| rel_diff(*x, *y))
        .fold(0.0, f64::max)
}

/// Relative difference on the scale of the vector (entries near 0 are compared to its size).
fn max_rel_scaled(a: &[f64], b: &[f64]) -> f64 {
    let scale = b.iter().fold(0.0_f64, |s, x| s.max(x.abs()));
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs() / scale)
        .fold(0.0, f64::max)
}

/// scorio's four fits, and passk's 2PL with priors (against the independent optimum alone).
const METHODS: [&str; 5] = [
    "rasch",
    "rasch_map",
    "rasch_2pl",
    "rasch_2pl_map",
    "rasch_2pl_priors",
];

fn options(name: &str) -> IrtOptions {
    match name {
        "rasch" => IrtOptions::rasch(),
        "rasch_map" => IrtOptions::rasch_map(),
        "rasch_2pl" => IrtOptions::rasch_2pl(),
        "rasch_2pl_map" => IrtOptions::rasch_2pl_map(),
        _ => IrtOptions::rasch_2pl_priors(),
    }
}

fn check_set(set: &str) {
    let r = reference();
    let (ds, _) = passk_fixtures::scorio_series(set);
    let refs: Vec<_> = ds.iter().collect();
    let o = Outcomes::of(&refs);
    let rs = &r[set];
    let keep: Vec<usize> = rs["informative_tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    for name in METHODS {
        let want = &rs[name];
        if want.is_null() {
            println!("{set} {name}: not in the reference (the generator did not reach it)");
            continue;
        }
        let t0 = std::time::Instant::now();
        let got = irt_fit(&o, &options(name));
        let ind = &want["independent"];
        // scorio's rule: no stable interior estimate when |θ|, |b| > 50 or |ln a| ≥ 8.
        let loc = floats(&ind["theta"])
            .iter()
            .chain(&floats(&ind["difficulty"]))
            .fold(0.0_f64, |s, x| s.max(x.abs()));
        let lna = ind.get("log_discrimination").map_or(0.0, |v| {
            floats(v).iter().fold(0.0_f64, |s, x| s.max(x.abs()))
        });
        if loc > 50.0 || lna >= 8.0 - 1e-6 {
            println!("{set} {name}: no stable estimate (independent |loc| {loc:.3}, |ln a| {lna:.3}); scorio: {}; passk: {got:?}", want["error"]);
            assert!(matches!(got, Err(RankError::Other(_))), "{set} {name}");
            continue;
        }
        let fit = got.expect(name);
        let secs = t0.elapsed().as_secs_f64();
        assert_eq!(fit.items.tasks, keep, "{set} {name}: the tasks fitted");
        let stop = fit.ranking.stop.expect("stop");
        assert_eq!(stop.reason, StopReason::Converged, "{set} {name}");
        // Against the independent optimum (scipy trust-exact + Newton polish).
        let d_obj = rel_diff(fit.objective, ind["objective"].as_f64().unwrap());
        let d_theta = max_rel_scaled(&fit.ranking.scores, &floats(&ind["theta"]));
        let d_b = max_rel_scaled(&fit.items.difficulty, &floats(&ind["difficulty"]));
        let d_se = max_rel(fit.ranking.se.as_ref().unwrap(), &floats(&ind["se_theta"])).max(
            max_rel(&fit.items.difficulty_se, &floats(&ind["se_difficulty"])),
        );
        let mut d_a = 0.0;
        if name.contains("2pl") {
            let lna: Vec<f64> = fit
                .items
                .discrimination
                .iter()
                .map(|a| a.libm_ln())
                .collect();
            d_a = max_rel_scaled(&lna, &floats(&ind["log_discrimination"]));
            let se_u: Vec<f64> = fit
                .items
                .discrimination_se
                .as_ref()
                .unwrap()
                .iter()
                .zip(&fit.items.discrimination)
                .map(|(s, a)| s / a)
                .collect();
            d_a = d_a.max(max_rel(&se_u, &floats(&ind["se_log_discrimination"])));
        }
        // Against scorio, where it answered (it has no 2PL with priors).
        let (mut s_theta, mut s_b, mut gap) = (f64::NAN, f64::NAN, f64::NAN);
        if want.get("scores").is_some() {
            s_theta = max_rel_scaled(&fit.ranking.scores, &floats(&want["scores"]));
            s_b = max_rel_scaled(&fit.items.difficulty, &floats(&want["difficulty"]));
            gap = want["scorio_gap"].as_f64().unwrap();
            assert_eq!(
                fit.ranking.ranks,
                floats(&want["ranks"]),
                "{set} {name}: ranks"
            );
            // scorio's L-BFGS stops short (gap ≥ 0 nats); its abilities still agree loosely.
            assert!(
                s_theta < 1e-3 && gap > -1e-9,
                "{set} {name}: scorio {s_theta} gap {gap}"
            );
        }
        println!(
            "{set} {name}: {} it, {secs:.3}s; vs optimum obj {d_obj:.1e} θ {d_theta:.1e} b {d_b:.1e} \
             lna+se(lna) {d_a:.1e} se {d_se:.1e}; vs scorio θ {s_theta:.1e} b {s_b:.1e} gap {gap:.2e} nats, {}s",
            stop.iterations, want["seconds"]
        );
        for (what, d) in [
            ("objective", d_obj),
            ("θ", d_theta),
            ("b", d_b),
            ("a", d_a),
            ("se", d_se),
        ] {
            assert!(d <= FIT_LOGLIK_REL, "{set} {name}: {what} differs by {d:e}");
        }
    }
}

#[test]
fn deepscaler_against_scorio_and_optimum() {
    check_set("deepscaler");
}

#[test]
fn pythia_against_scorio_and_optimum() {
    check_set("pythia");
}

/// The 2PL with priors on ln a and b (not one of scorio's, whose 2PL fits refuse both real
/// files) is the optimum of its objective on both: the gradient, written out here apart
/// from the fit's own blocks and projected on Σ b = 0, vanishes to 10⁻⁹ of the size of its
/// terms, and no nearby point (a thousand seeded steps of 10⁻⁴ keeping Σ b = 0) is lower.
#[test]
fn two_pl_priors_is_the_optimum_on_the_real_files() {
    let opts = IrtOptions::rasch_2pl_priors();
    let (reg, var_b) = (opts.reg_discrimination, opts.prior_b_var.unwrap());
    // θ has no prior: Σ b = 0 fixes the location, the prior on ln a the scale.
    assert_eq!(opts.prior_var, None);
    for set in ["deepscaler", "pythia"] {
        let (ds, _) = passk_fixtures::scorio_series(set);
        let refs: Vec<_> = ds.iter().collect();
        let o = Outcomes::of(&refs);
        let fit = irt_fit(&o, &opts).unwrap();
        assert_eq!(fit.ranking.stop.unwrap().reason, StopReason::Converged);
        let tasks = &fit.items.tasks;
        let n: Vec<f64> = tasks.iter().map(|t| o.n[*t] as f64).collect();
        let k: Vec<Vec<f64>> =
            o.c.iter()
                .map(|row| tasks.iter().map(|t| row[*t] as f64).collect())
                .collect();
        let objective = |th: &[f64], b: &[f64], u: &[f64]| {
            let mut f = 0.0;
            for (l, row) in k.iter().enumerate() {
                for m in 0..n.len() {
                    let eta = u[m].libm_exp() * (th[l] - b[m]);
                    let softplus = if eta > 0.0 {
                        eta + (-eta).libm_exp().libm_ln_1p()
                    } else {
                        eta.libm_exp().libm_ln_1p()
                    };
                    f += n[m] * softplus - row[m] * eta;
                }
            }
            f + b.iter().map(|x| x * x / (2.0 * var_b)).sum::<f64>()
                + u.iter().map(|x| reg * x * x).sum::<f64>()
        };
        let th = fit.ranking.scores.clone();
        let b = fit.items.difficulty.clone();
        let u: Vec<f64> = fit
            .items
            .discrimination
            .iter()
            .map(|a| a.libm_ln())
            .collect();
        assert!(b.iter().sum::<f64>().abs() < 1e-9 * b.len() as f64);
        // The gradient and the size of its terms.
        let (mut g_t, mut s_t) = (vec![0.0; th.len()], vec![0.0; th.len()]);
        let (mut g_b, mut s_b) = (vec![0.0; b.len()], vec![0.0; b.len()]);
        let (mut g_u, mut s_u) = (vec![0.0; b.len()], vec![0.0; b.len()]);
        for (l, row) in k.iter().enumerate() {
            for m in 0..n.len() {
                let a = u[m].libm_exp();
                let eta = a * (th[l] - b[m]);
                let r = n[m] / (1.0 + (-eta).libm_exp()) - row[m];
                let size = n[m] + row[m];
                g_t[l] += r * a;
                s_t[l] += size * a;
                g_b[m] -= r * a;
                s_b[m] += size * a;
                g_u[m] += r * eta;
                s_u[m] += size * eta.abs();
            }
        }
        for m in 0..b.len() {
            g_b[m] += b[m] / var_b;
            s_b[m] += b[m].abs() / var_b;
            g_u[m] += 2.0 * reg * u[m];
            s_u[m] += 2.0 * reg * u[m].abs();
        }
        // On Σ b = 0 only the b-gradient's part orthogonal to (1, …, 1) must vanish.
        let mean_b = g_b.iter().sum::<f64>() / g_b.len() as f64;
        let worst = g_t
            .iter()
            .zip(&s_t)
            .chain(
                g_b.iter()
                    .map(|g| g - mean_b)
                    .collect::<Vec<_>>()
                    .iter()
                    .zip(&s_b),
            )
            .chain(g_u.iter().zip(&s_u))
            .map(|(g, s)| g.abs() / s.max(1.0))
            .fold(0.0, f64::max);
        println!("{set}: 2PL with priors, largest relative gradient {worst:.2e}");
        assert!(worst < 1e-9, "{set}: gradient {worst:e}");
        // No lower point nearby.
        let f0 = objective(&th, &b, &u);
        let mut rng = SplitMix64::new(71);
        let mut step = || (rng.uniform() - 0.5) * 2e-4;
        for _ in 0..1000 {
            let t2: Vec<f64> = th.iter().map(|x| x + step()).collect();
            let mut b2: Vec<f64> = b.iter().map(|x| x + step()).collect();
            let mb = b2.iter().sum::<f64>() / b2.len() as f64;
            b2.iter_mut().for_each(|x| *x -= mb);
            let u2: Vec<f64> = u.iter().map(|x| x + step()).collect();
            let f = objective(&t2, &b2, &u2);
            assert!(
                f >= f0 - 1e-11 * f0.abs(),
                "{set}: {f} below the fit's {f0}"
            );
        }
    }
}

#[test]
fn by_hand() {
    // Two series, two tasks, n = 4, passes [[3, 2], [2, 1]]. The data are symmetric under
    // swapping series and tasks with k → n − k, so θ = (t, −t), b = (−s, s). Score equations:
    // series 0: 4σ(t + s) + 4σ(t − s) = 5; task 0: 4σ(t + s) + 4σ(s − t) = 5, so σ(t − s) =
    // σ(s − t), s = t, and 4σ(2t) = 3: t = ln 3 / 2.
    let o = Outcomes::from_counts(vec![4, 4], vec![vec![3, 2], vec![2, 1]]);
    let t = 3.0_f64.libm_ln() / 2.0;
    let fit = irt_fit(&o, &IrtOptions::rasch()).unwrap();
    assert!(
        max_rel(&fit.ranking.scores, &[t, -t]) < 1e-14,
        "{:?}",
        fit.ranking.scores
    );
    assert!(max_rel(&fit.items.difficulty, &[-t, t]) < 1e-14);
    assert_eq!(fit.ranking.ranks, vec![1.0, 2.0]);
    // Information in (θ0, θ1, β), b = (β, −β): weights w = n p(1 − p) = 3/4 on the cells at
    // η = ±2t, 1 on the two at η = 0: I = [[7/4, 0, 1/4], [0, 7/4, −1/4], [1/4, −1/4, 7/2]],
    // det 21/2; var θ0 = (97/16)/(21/2) = 97/168, var b0 = (49/16)/(21/2) = 7/24.
    let se = fit.ranking.se.as_ref().unwrap();
    assert!(rel_diff(se[0], (97.0_f64 / 168.0).sqrt()) < 1e-13, "{se:?}");
    assert!(rel_diff(fit.items.difficulty_se[1], (7.0_f64 / 24.0).sqrt()) < 1e-13);
    let z = 1.959963984540054;
    let iv = fit.ranking.intervals.as_ref().unwrap()[1];
    assert!(rel_diff(iv.1, -t + z * se[1]) < 1e-13);
    // 2PL: at a = 1 the Rasch solution zeroes every residual, so the ln a equations read
    // 2·reg·u = 0: the same abilities, a = 1.
    let f2 = irt_fit(&o, &IrtOptions::rasch_2pl()).unwrap();
    assert!(
        max_rel(&f2.ranking.scores, &[t, -t]) < 1e-12,
        "{:?}",
        f2.ranking.scores
    );
    assert!(f2
        .items
        .discrimination
        .iter()
        .all(|a| (a - 1.0).abs() < 1e-12));
    assert_eq!(rasch_2pl(&o, 0.01).unwrap().scores, f2.ranking.scores);
    // MAP shrinks towards 0 and keeps the symmetry.
    let m = rasch_map(&o, 1.0).unwrap();
    assert!(m.scores[0] > 0.0 && m.scores[0] < t && (m.scores[0] + m.scores[1]).abs() < 1e-14);
    let m2 = rasch_2pl_map(&o, 1.0, 0.01).unwrap();
    assert!(m2.scores[0] > 0.0 && m2.scores[0] < t);
    // Without the ln a penalty the prior drives θ → 0 and a → ∞ (scorio's bound refuses it).
    assert!(matches!(
        rasch_2pl_map(&o, 1.0, 0.0),
        Err(RankError::Other(_))
    ));
    // The task side: at θ = 0 task 0 (b = −t) has p = σ(t) = (√3)/(1 + √3)… I = 4 p (1 − p).
    let info = task_information(&fit, &[0.0]);
    let p = 1.0 / (1.0 + (-t).libm_exp());
    assert!(rel_diff(info[0][0], 4.0 * p * (1.0 - p)) < 1e-14);
    // Separating 0 and 1: task 0 has I_0 = 4·(3/4)(1/4) = 3/4 (η = 2t), I_1 = 1 (η = 0):
    // I_δ = (3/4)/(7/4) = 3/7; task 1 the same by symmetry; ties go by index.
    let s = separating_tasks(&fit, 0, 1);
    assert_eq!(s.iter().map(|x| x.0).collect::<Vec<_>>(), vec![0, 1]);
    assert!(rel_diff(s[0].1, 3.0 / 7.0) < 1e-13, "{s:?}");
}

#[test]
fn left_out_tasks_and_ties() {
    // Task 1 passed by all on every sample, task 3 failed by all: left out, and the fit is
    // the fit without them. Series 0 and 2 have equal totals: one score.
    let c = vec![
        vec![3, 4, 1, 0, 2],
        vec![1, 4, 2, 0, 0],
        vec![2, 4, 2, 0, 2],
    ];
    let o = Outcomes::from_counts(vec![4; 5], c.clone());
    let fit = irt_fit(&o, &IrtOptions::rasch()).unwrap();
    assert_eq!(fit.items.tasks, vec![0, 2, 4]);
    assert_eq!(
        (fit.items.all_pass.clone(), fit.items.all_fail.clone()),
        (vec![1], vec![3])
    );
    let sub = Outcomes::from_counts(
        vec![4; 3],
        c.iter().map(|r| vec![r[0], r[2], r[4]]).collect(),
    );
    assert_eq!(rasch(&sub).unwrap().scores, fit.ranking.scores);
    assert_eq!(fit.ranking.scores[0], fit.ranking.scores[2]);
    assert_eq!(fit.ranking.ranks, vec![1.0, 3.0, 1.0]);
}

#[test]
fn the_tasks_that_separate_a_chosen_pair() {
    // Four series, six tasks with distinct totals (no two alike): the pair a reader chooses
    // gets the Rasch fit's own separating tasks, in either order of the pair, from the
    // difficulties and abilities the answer carries.
    let c = vec![
        vec![3, 1, 4, 1, 5, 0],
        vec![2, 2, 0, 3, 4, 1],
        vec![5, 0, 1, 2, 2, 2],
        vec![1, 1, 1, 1, 6, 0],
    ];
    let o = Outcomes::from_counts(vec![6; 6], c);
    let fit = irt_fit(&o, &IrtOptions::rasch()).unwrap();
    let mut it = items(&o, 0.95, None).unwrap();
    assert_eq!(it.abilities, fit.ranking.scores);
    assert!(!it.chosen && it.discrimination_error.is_none());
    assert!(it.tasks.iter().all(|t| t.n == 6));
    // Each task's discrimination is the 2PL fit's (with priors), at its own task.
    let two = irt_fit(&o, &IrtOptions::rasch_2pl_priors()).unwrap();
    for t in &it.tasks {
        let k = two
            .items
            .tasks
            .iter()
            .position(|&x| o.ids[x] == t.id)
            .unwrap();
        assert_eq!(t.discrimination, Some(two.items.discrimination[k]));
        let iv = two.items.discrimination_intervals.as_ref().unwrap()[k];
        assert_eq!(t.discrimination_interval, Some(iv));
        assert!(iv.0 < two.items.discrimination[k] && two.items.discrimination[k] < iv.1);
    }
    for (i, j) in [(0, 3), (3, 0), (1, 2)] {
        let want: Vec<(String, f64)> = separating_tasks(&fit, i, j)
            .into_iter()
            .map(|(t, info)| (o.ids[t].clone(), info))
            .collect();
        it.separate(i, j);
        assert_eq!((it.pair, it.chosen), (Some((i, j)), true));
        // The same arithmetic on the same numbers: equal to the last bit.
        assert_eq!(it.separating, want);
    }
    // On both real files, where scorio's 2PL fits refuse, every task has a discrimination
    // inside its interval.
    for set in ["deepscaler", "pythia"] {
        let (ds, _) = passk_fixtures::scorio_series(set);
        let refs: Vec<_> = ds.iter().collect();
        let o = Outcomes::of(&refs);
        assert!(irt_fit(&o, &IrtOptions::rasch_2pl()).is_err(), "{set}");
        let d = items(&o, 0.95, None).unwrap();
        assert_eq!(d.discrimination_error, None, "{set}");
        for t in &d.tasks {
            let (a, (lo, hi)) = (
                t.discrimination.unwrap(),
                t.discrimination_interval.unwrap(),
            );
            assert!(lo < a && a < hi, "{set} {}: {a} not in ({lo}, {hi})", t.id);
        }
    }
    // A pair that is not one is refused without change.
    let before = it.clone();
    it.separate(2, 2);
    it.separate(0, 9);
    assert_eq!(it, before);
    assert!(it.separating_for(1, 1).is_empty());
}

#[test]
fn errors() {
    let one = Outcomes::from_counts(vec![4], vec![vec![2]]);
    assert_eq!(rasch(&one), Err(RankError::TooFew));
    let none = Outcomes::from_counts(vec![], vec![vec![], vec![]]);
    assert_eq!(rasch(&none), Err(RankError::NoTasks));
    let flat = Outcomes::from_counts(vec![3, 3], vec![vec![3, 0], vec![3, 0]]);
    assert_eq!(rasch_map(&flat, 1.0), Err(RankError::NoTasks));
    // Separated: series 0 passes every sample of task 0, series 1 fails every sample of task
    // 1, and series 1 can never be linked back to series 0 ([[2, 1], [1, 0]], n = 2).
    let sep = Outcomes::from_counts(vec![2, 2], vec![vec![2, 1], vec![1, 0]]);
    assert_eq!(rasch(&sep), Err(RankError::NotConnected));
    assert_eq!(rasch_2pl(&sep, 0.01), Err(RankError::NotConnected));
    // A perfect series has no ML ability, but a MAP one.
    let perfect = Outcomes::from_counts(vec![2, 2], vec![vec![2, 2], vec![1, 0]]);
    assert_eq!(rasch(&perfect), Err(RankError::NotConnected));
    assert_eq!(rasch_map(&perfect, 1.0).unwrap().ranks, vec![1.0, 2.0]);
    let ok = Outcomes::from_counts(vec![4, 4], vec![vec![3, 2], vec![2, 1]]);
    for bad in [
        rasch_map(&ok, 0.0),
        rasch_map(&ok, f64::NAN),
        rasch_2pl(&ok, 0.0),
        rasch_2pl(&ok, -1.0),
        irt_fit(
            &ok,
            &IrtOptions {
                level: 1.0,
                ..IrtOptions::rasch()
            },
        )
        .map(|f| f.ranking),
    ] {
        assert!(matches!(bad, Err(RankError::Other(_))), "{bad:?}");
    }
    // A ragged outcome (a series short of tasks) is read, not indexed past its end.
    let ragged = Outcomes {
        c: vec![vec![3, 2], vec![2]],
        ..ok.clone()
    };
    let _ = irt_fit(&ragged, &IrtOptions::rasch());
}

/// Simulate Rasch data from known abilities and difficulties, refit, and count how often the
/// 95% intervals cover the truth; the per-replication coverage is averaged over replications
/// and must lie within 3 of its standard errors of 0.95.
/// Counts drawn from a 2PL (a = 1: Rasch) with abilities `theta`, difficulties `b` and
/// discriminations `a`, n samples per task: k ~ Binomial(n, σ(a (θ − b))).
fn simulate(rng: &mut SplitMix64, theta: &[f64], b: &[f64], a: &[f64], n: u64) -> Outcomes {
    let c: Vec<Vec<u64>> = theta
        .iter()
        .map(|t| {
            b.iter()
                .zip(a)
                .map(|(bm, am)| sample::binomial(rng, n, 1.0 / (1.0 + (am * (bm - t)).libm_exp())))
                .collect()
        })
        .collect();
    Outcomes::from_counts(vec![n; b.len()], c)
}

/// The share of `truth` inside its interval.
fn covered(intervals: &[(f64, f64)], truth: &[f64]) -> f64 {
    let inside = intervals
        .iter()
        .zip(truth)
        .filter(|(iv, x)| iv.0 <= **x && **x <= iv.1)
        .count();
    inside as f64 / truth.len() as f64
}

/// The mean of the replications' coverages, its standard error and the replications.
fn mean_se(cov: &[f64]) -> (f64, f64, f64) {
    let r = cov.len() as f64;
    let mean = cov.iter().sum::<f64>() / r;
    let sd = (cov.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (r - 1.0)).sqrt();
    (mean, sd / r.sqrt(), r)
}

#[test]
fn interval_coverage_in_simulation() {
    let (nl, nm, n, reps) = (5usize, 60usize, 20u64, 300usize);
    let theta: Vec<f64> = (0..nl).map(|l| -1.0 + 0.5 * l as f64).collect();
    // Difficulties evenly spread on [−1.5, 1.5] (mean 0, Σ b = 0 as the fit's constraint).
    let b: Vec<f64> = (0..nm)
        .map(|m| -1.5 + 3.0 * m as f64 / (nm - 1) as f64)
        .collect();
    let mut rng = SplitMix64::new(20_261_207);
    let (mut cov_b, mut cov_t) = (Vec::new(), Vec::new());
    let mut skipped = 0;
    for _ in 0..reps {
        let o = simulate(&mut rng, &theta, &b, &vec![1.0; nm], n);
        let Ok(fit) = irt_fit(&o, &IrtOptions::rasch()) else {
            skipped += 1;
            continue;
        };
        if fit.items.tasks.len() < nm {
            skipped += 1;
            continue;
        }
        cov_b.push(covered(&fit.items.difficulty_intervals, &b));
        cov_t.push(covered(fit.ranking.intervals.as_ref().unwrap(), &theta));
    }
    assert!(skipped * 20 < reps, "{skipped} replications unusable");
    for (what, cov) in [("difficulties", &cov_b), ("abilities", &cov_t)] {
        let (mean, se, r) = mean_se(cov);
        println!("coverage of the 95% intervals of {what}: {mean:.4} ± {se:.4} ({r} replications)");
        assert!(
            (mean - 0.95).abs() <= 3.0 * se,
            "{what}: coverage {mean} ± {se}"
        );
    }
}

/// 2PL (scorio's `rasch_2pl`) in simulation: twenty series, forty tasks of three
/// discriminations (geometric mean about 1, as the penalty on ln a centres them), n = 20.
/// The discriminations' and difficulties' 95 % intervals cover the truth at least at the
/// nominal rate. They over-cover (1.000 and 0.997 at seed 20,261,207): the scale of a 2PL
/// (θ, b → cθ, cb with a → a/c) is pinned only by the 0.01·(ln a)² penalty, a nearly flat
/// direction whose variance widens every interval.
#[test]
fn two_pl_interval_coverage_in_simulation() {
    two_pl_coverage("rasch_2pl", &IrtOptions::rasch_2pl());
}

/// The 2PL with priors on ln a and b (`rasch_2pl_priors`), in the same simulation: its
/// Laplace intervals cover the truth at least at the nominal rate (0.993 for discriminations
/// and 0.976 for difficulties at seed 20,261,207). A prior N(0, 1) on θ as well was tried
/// and failed here (0.34 for discriminations): it sets the scale by the abilities' spread,
/// not by the discriminations' geometric mean as the truth is written.
#[test]
fn two_pl_priors_interval_coverage_in_simulation() {
    two_pl_coverage("rasch_2pl_priors", &IrtOptions::rasch_2pl_priors());
}

fn two_pl_coverage(label: &str, opts: &IrtOptions) {
    let (nl, nm, n, reps) = (20usize, 40usize, 20u64, 200usize);
    let theta: Vec<f64> = (0..nl)
        .map(|l| -2.0 + 4.0 * l as f64 / (nl - 1) as f64)
        .collect();
    let b: Vec<f64> = (0..nm)
        .map(|m| -1.5 + 3.0 * m as f64 / (nm - 1) as f64)
        .collect();
    let a: Vec<f64> = (0..nm).map(|m| [0.6, 1.0, 1.6][m % 3]).collect();
    let mut rng = SplitMix64::new(20_261_207);
    let (mut cov_a, mut cov_b) = (Vec::new(), Vec::new());
    let mut skipped = 0;
    for _ in 0..reps {
        let o = simulate(&mut rng, &theta, &b, &a, n);
        let Ok(fit) = irt_fit(&o, opts) else {
            skipped += 1;
            continue;
        };
        if fit.items.tasks.len() < nm {
            skipped += 1;
            continue;
        }
        cov_a.push(covered(
            fit.items.discrimination_intervals.as_ref().unwrap(),
            &a,
        ));
        cov_b.push(covered(&fit.items.difficulty_intervals, &b));
    }
    println!("{label}: {skipped} of {reps} replications unusable");
    for (what, cov) in [("discriminations", &cov_a), ("difficulties", &cov_b)] {
        let (mean, se, r) = mean_se(cov);
        println!(
            "{label}: coverage of the 95% intervals of {what}: {mean:.4} ± {se:.4} ({r} replications)"
        );
        assert!(
            mean >= 0.95 - 3.0 * se,
            "{label} {what}: coverage {mean} ± {se}"
        );
    }
    assert!(skipped * 20 < reps, "{skipped} replications unusable");
}
