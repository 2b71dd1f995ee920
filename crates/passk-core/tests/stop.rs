//! "Can I stop sampling?" (issue 54): scorio 0.2.3's sequential inference on the real files
//! (`tests/reference/scorio/sinf.json`: its `ranking_confidence`, `should_stop_top1` and
//! `suggest_next_allocation` on `bayes_ci`'s μ and σ, which are pass@1's Beta(1, 1) interval),
//! hand values, and simulations where the truth is known: a settled ranking says stop, a
//! coin-flip pair says go on.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::{next_tasks, ranking_confidence, stop};
use passk_core::data::Counts;
use passk_core::data::Dataset;
use passk_core::data::Task;
use passk_core::estimators::{credible_interval, Interval, Metric, Prior};
use passk_core::num::prec::{rel_diff, SCORIO_MEAN_REL};
use passk_core::num::SplitMix64;
use serde_json::Value;

fn intervals(ds: &[Dataset], k: u64) -> Vec<Interval> {
    ds.iter()
        .map(|d| credible_interval(&d.groups(), k, Prior::default(), 0.95, Metric::PassAtK))
        .collect()
}

#[test]
fn hand_values() {
    // z = 0.1 / √(0.03² + 0.04²) = 2, Φ(2).
    let (rho, z) = ranking_confidence((0.6, 0.03), (0.5, 0.04));
    assert!(
        (z - 2.0).abs() < 1e-15 && (rho - 0.977_249_868_051_820_8).abs() < 1e-15,
        "{rho} {z}"
    );
    assert_eq!(
        ranking_confidence((0.5, 0.0), (0.5, 0.0)),
        (0.5, f64::INFINITY)
    );
    assert_eq!(
        ranking_confidence((0.6, 0.0), (0.5, 0.0)),
        (1.0, f64::INFINITY)
    );
    let iv = |mean: f64, sd: f64| Interval {
        mean,
        sd,
        lo: 0.0,
        hi: 1.0,
    };
    // Leader 0.6 ± 1.96·0.01 reaches down to 0.5804; 0.57 + 1.96·0.01 = 0.5896 overlaps it.
    let a = stop(&[iv(0.57, 0.01), iv(0.6, 0.01), iv(0.3, 0.01)], 0.95);
    assert_eq!(a.order, [1, 0, 2]);
    assert_eq!(
        (a.top_settled, a.ambiguous.clone(), a.next),
        (false, vec![0], Some((1, 0)))
    );
    assert!(!a.settled && a.adjacent[1].rho > 0.999_999);
    let empty = stop(&[], 0.95);
    assert!(empty.settled && empty.top_settled && empty.next.is_none());
}

#[test]
fn scorio_on_the_real_files() {
    let path = passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/sinf.json");
    let r: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(r["meta"]["scorio_version"], "0.2.3");
    for name in ["deepscaler", "pythia"] {
        let want = &r[name];
        let (ds, _) = passk_fixtures::scorio_series(name);
        let names: Vec<&str> = ds.iter().map(|d| d.name.as_str()).collect();
        let ivs = intervals(&ds, 1);
        // pass@1's interval is scorio's bayes_ci.
        for (i, iv) in ivs.iter().enumerate() {
            let (mu, sd) = (
                want["bayes_ci"][0][i].as_f64().unwrap(),
                want["bayes_ci"][1][i].as_f64().unwrap(),
            );
            assert!(
                rel_diff(iv.mean, mu) <= SCORIO_MEAN_REL && rel_diff(iv.sd, sd) <= SCORIO_MEAN_REL,
                "{name} {i}"
            );
        }
        let a = stop(&ivs, 0.95);
        let top = &want["should_stop_top1"];
        assert_eq!(a.top_settled, top["stop"].as_bool().unwrap(), "{name}");
        assert_eq!(a.order[0] as u64, top["leader"].as_u64().unwrap(), "{name}");
        assert!(a.ambiguous.is_empty() && top["ambiguous"].as_array().unwrap().is_empty());
        let next = want["suggest_next_allocation"].as_array().unwrap();
        assert_eq!(
            a.next.map(|(l, c)| [l as u64, c as u64]),
            Some([next[0].as_u64().unwrap(), next[1].as_u64().unwrap()]),
            "{name}"
        );
        // Every adjacent pair's z as scorio's ranking_confidence gives it.
        for p in &a.adjacent {
            let (x, y) = (names[p.above.min(p.below)], names[p.above.max(p.below)]);
            let z = want["ranking_confidence"][format!("{x} vs {y}")][1]
                .as_f64()
                .unwrap();
            assert!(
                rel_diff(p.z, z) <= 1e-9,
                "{name} {x} vs {y}: {} vs {z}",
                p.z
            );
        }
    }
}

/// A series of `tasks` tasks with success rates `rate(i)`, n samples each, drawn here.
fn simulate(
    name: &str,
    tasks: usize,
    n: u64,
    rate: impl Fn(usize) -> f64,
    rng: &mut SplitMix64,
) -> Dataset {
    let ts: Vec<Task> = (0..tasks)
        .map(|i| {
            let p = rate(i);
            let c = (0..n).filter(|_| rng.uniform() < p).count() as u64;
            Task::new(Some(format!("t{i}")), Counts::new(n, c).unwrap())
        })
        .collect();
    Dataset {
        name: name.into(),
        tasks: ts.into(),
        meta: Default::default(),
    }
}

#[test]
fn simulations_with_a_known_truth() {
    let mut rng = SplitMix64::new(54);
    // Three models 0.3, 0.5, 0.7 on 200 tasks of n = 50: settled, stop.
    let far: Vec<Dataset> = [0.3, 0.5, 0.7]
        .iter()
        .map(|&p| {
            simulate(
                &format!("p{p}"),
                200,
                50,
                |i| (p + 0.2 * ((i % 5) as f64 / 4.0 - 0.5)).clamp(0.0, 1.0),
                &mut rng,
            )
        })
        .collect();
    let a = stop(&intervals(&far, 1), 0.95);
    assert_eq!(a.order, [2, 1, 0]);
    assert!(a.settled && a.top_settled && a.p_order > 0.999_999, "{a:?}");
    // The same rates twice (a coin flip which is ahead), 40 tasks of n = 8: go on, sample
    // the pair, and the tasks with the most uncertain rates first.
    let rates = |i: usize| [0.1, 0.5, 0.9, 0.3][i % 4];
    let coin = [
        simulate("a", 40, 8, rates, &mut rng),
        simulate("b", 40, 8, rates, &mut rng),
    ];
    let b = stop(&intervals(&coin, 1), 0.95);
    assert!(!b.settled && !b.top_settled && b.p_top < 0.95, "{b:?}");
    assert_eq!(b.next, Some((b.order[0], b.order[1])));
    let next = next_tasks(&coin[0], 0, 1, Prior::default(), 5);
    assert_eq!(next.len(), 5);
    assert!(next.windows(2).all(|w| w[0].gain >= w[1].gain));
    // Those tasks are the most uncertain: their c/n is nearest ½, none left out nearer.
    let off = |t: &Task| (2 * t.counts.c()).abs_diff(t.counts.n());
    let taken = |t: &Task| {
        next.iter()
            .any(|x| Some(x.task.as_str()) == t.id.as_deref())
    };
    let worst_taken = coin[0]
        .tasks
        .iter()
        .filter(|t| taken(t))
        .map(off)
        .max()
        .unwrap();
    let best_left = coin[0]
        .tasks
        .iter()
        .filter(|t| !taken(t))
        .map(off)
        .min()
        .unwrap();
    assert!(worst_taken <= best_left, "{worst_taken} > {best_left}");
}
