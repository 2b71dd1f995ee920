//! The one-line answers against values counted here from the raw files: pass@1 as Σc/Σn
//! (equal n), pass@n as the share of tasks with a success, Cover@½ as the share with
//! c/n ≥ ½, all in integers.

use super::*;
use crate::test_counts::counts;
use passk_core::report::build_report;
use passk_core::settings::Options;
use passk_io::read::{assemble, read_text};

const BASE: &str = include_str!("../../../../assets/examples/deepscaler_base.jsonl");
const RL: &str = include_str!("../../../../assets/examples/deepscaler_rl.jsonl");

fn report(ks: &[u64], files: &[(&str, &str)]) -> Report {
    let read = files
        .iter()
        .map(|(name, text)| read_text(&format!("{name}.jsonl"), name, text, None))
        .collect();
    let (ds, rej) = assemble(read);
    let opts = Options {
        ks: ks.to_vec(),
        ..Options::default()
    };
    build_report(&ds, rej, &opts)
}

fn share(t: &[(u64, u64)], keep: impl Fn(&(u64, u64)) -> bool) -> f64 {
    t.iter().filter(|x| keep(x)).count() as f64 / t.len() as f64
}

fn pass1(t: &[(u64, u64)]) -> f64 {
    let c: u64 = t.iter().map(|x| x.0).sum();
    let n: u64 = t.iter().map(|x| x.1).sum();
    c as f64 / n as f64
}

#[test]
fn spread_names_the_lowest_and_the_highest() {
    assert_eq!(low_to_high(&[]), None);
    assert_eq!(low_to_high(&[("a", 0.5)]).unwrap(), percent(0.5));
    let s = low_to_high(&[("a", 0.2), ("b", 0.7), ("c", 0.1), ("d", 0.7)]).unwrap();
    assert_eq!(
        s,
        format!("from {} (c) to {} (b)", percent(0.1), percent(0.7))
    );
    let same = low_to_high(&[("a", 0.0), ("b", 0.0)]).unwrap();
    assert_eq!(same, format!("{} for every series", percent(0.0)));
}

#[test]
fn the_curves_line_gives_pass_at_1_and_pass_at_n_by_hand() {
    let (b, l) = (counts(BASE), counts(RL));
    assert!(b.iter().chain(&l).all(|x| x.1 == 128));
    let r = report(&[1, 128], &[("base", BASE), ("rl", RL)]);
    let (b1, l1) = (pass1(&b), pass1(&l));
    let (bn, ln) = (share(&b, |x| x.0 > 0), share(&l, |x| x.0 > 0));
    // RL is ahead at k = 1 and behind at k = n (the crossover the comparison reports).
    assert!(l1 > b1 && bn > ln, "{b1} {l1} {bn} {ln}");
    assert_eq!(
        curves(&r).unwrap(),
        format!(
            "pass@1: from {} (base) to {} (rl); pass@128: from {} (rl) to {} (base).",
            percent(b1),
            percent(l1),
            percent(ln),
            percent(bn)
        )
    );
}

#[test]
fn the_cover_line_gives_the_first_and_the_last_tau() {
    let (b, l) = (counts(BASE), counts(RL));
    let r = report(&[1], &[("base", BASE), ("rl", RL)]);
    let taus: Vec<f64> = r.models[0].cover.iter().map(|c| c.tau).collect();
    assert_eq!(taus, [0.2, 0.8]);
    // c/n ≥ τ, in integers: 5c ≥ n and 5c ≥ 4n.
    let (b2, l2) = (share(&b, |x| 5 * x.0 >= x.1), share(&l, |x| 5 * x.0 >= x.1));
    let (b8, l8) = (
        share(&b, |x| 5 * x.0 >= 4 * x.1),
        share(&l, |x| 5 * x.0 >= 4 * x.1),
    );
    let part = |tau: &str, b: f64, l: f64| {
        let ((lo, ln), (hi, hn)) = if l > b {
            ((b, "base"), (l, "rl"))
        } else {
            ((l, "rl"), (b, "base"))
        };
        format!(
            "τ = {tau}, from {} ({ln}) to {} ({hn})",
            percent(lo),
            percent(hi)
        )
    };
    assert_eq!(
        cover(&r).unwrap(),
        format!(
            "Tasks solved at least τ of the time: {}; {}.",
            part("0.2", b2, l2),
            part("0.8", b8, l8)
        )
    );
    let one = report(&[1], &[("base", BASE)]);
    assert_eq!(
        cover(&one).unwrap(),
        format!(
            "Tasks solved at least τ of the time: τ = 0.2, {}; τ = 0.8, {}.",
            percent(b2),
            percent(b8)
        )
    );
}

#[test]
fn the_results_line_counts_series_and_budgets() {
    let r = report(&[1, 10, 1000], &[("base", BASE), ("rl", RL)]);
    assert_eq!(
        results(&r).unwrap(),
        "2 series × 3 budgets (k = 1–1,000); the auto column is the recommended estimate."
    );
    let one = report(&[5], &[("base", BASE)]);
    assert_eq!(
        results(&one).unwrap(),
        "1 series × 1 budget (k = 5); the auto column is the recommended estimate."
    );
}

#[test]
fn no_data_no_line() {
    let r = report(&[1, 10], &[]);
    assert_eq!((curves(&r), cover(&r), results(&r)), (None, None, None));
}

#[test]
fn the_ranking_line_names_the_first_few() {
    let row = |s: &str, v: Option<f64>| RankRow {
        series: s.into(),
        value: v.map(|v| (v, passk_core::estimators::Estimator::Combinatorial)),
        cover: None,
        avg_auc_plus: None,
    };
    let rows = [
        row("a", Some(0.9)),
        row("b", Some(0.5)),
        row("c", Some(0.2)),
        row("d", None),
    ];
    assert_eq!(
        ranking(&rows, 10, 3).unwrap(),
        "At k = 10: a, b, c (best first)."
    );
    assert_eq!(
        ranking(&rows, 1000, 2).unwrap(),
        "At k = 1,000: a, b and 1 more (best first)."
    );
    assert_eq!(ranking(&rows[..1], 1, 3).unwrap(), "At k = 1: a alone.");
    assert_eq!(ranking(&rows[3..], 1, 3), None);
}

#[test]
fn the_forecast_line_lists_each_series_reach() {
    let reach = |reached: Reached, lo: Option<u64>, hi: Option<u64>| ReachRow {
        fit: passk_core::analysis::forecast::ForecastFit::ScaledBeta,
        target: 0.5,
        k: None,
        reached,
        ceiling: 0.4,
        lo,
        hi,
        measured: None,
    };
    let (a, b, c) = (
        reach(Reached::At(300), Some(250), Some(1200)),
        reach(Reached::Never, None, None),
        reach(Reached::Beyond, None, None),
    );
    let rows = [
        ("12B", Some(&a)),
        ("70M", None),
        ("6.9B", Some(&b)),
        ("2.8B", Some(&c)),
    ];
    assert_eq!(
        forecast(&rows, 2).unwrap(),
        format!(
            "Smallest k with forecast pass@k ≥ {} (scaled Beta): 12B 300 (250–1,200), 6.9B never (ceiling {}) and 1 more.",
            percent(0.5),
            percent(0.4)
        )
    );
    assert_eq!(forecast(&rows[1..2], 2), None);
    // Where the data reach the target within their samples, their k comes first (issue 68).
    let m = ReachRow {
        measured: Some(1202),
        ..reach(Reached::At(1208), Some(1190), Some(1230))
    };
    let rows = [("410M", Some(&m)), ("12B", Some(&a))];
    assert_eq!(
        forecast(&rows, 2).unwrap(),
        format!(
            "Smallest k with pass@k ≥ {}, measured (unbiased, within the samples drawn): 410M 1,202. Beyond them, forecast (scaled Beta): 12B 300 (250–1,200).",
            percent(0.5)
        )
    );
    assert_eq!(listed(&["x".into(), "y".into()], 2), "x, y");
}
