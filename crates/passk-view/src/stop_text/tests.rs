//! The sentences on hand-made answers, and the view on the real files (DeepScaleR: settled).

use super::*;
use passk_core::analysis::stop::PairConfidence;
use passk_core::data::counts::Counts;
use passk_core::data::task::Task;

fn answer(settled: bool, top: bool) -> StopAnswer {
    StopAnswer {
        confidence: 0.95,
        order: vec![1, 0, 2],
        adjacent: vec![
            PairConfidence {
                above: 1,
                below: 0,
                z: 1.0,
                rho: 0.84,
            },
            PairConfidence {
                above: 0,
                below: 2,
                z: 5.0,
                rho: 0.9999997,
            },
        ],
        p_order: 0.84,
        p_top: 0.8,
        settled,
        top_settled: top,
        ambiguous: if top { vec![] } else { vec![0] },
        next: Some((1, 0)),
    }
}

#[test]
fn each_case_in_words() {
    let names = ["a", "b", "c"];
    assert_eq!(
        sentence(&names, &answer(true, true), 10, None),
        format!("You can stop: at pass@10 no two adjacent series' 95% intervals overlap, b first (the order stays with probability ≈ {}).", percent(0.84))
    );
    assert_eq!(
        sentence(&names, &answer(false, false), 1, Some((1, 0))),
        format!("Not settled at pass@1: b leads, but a is within its 95% interval (it stays on top with probability ≈ {}). Sample b and a next, first the tasks listed.", percent(0.8))
    );
    assert!(sentence(&names, &answer(false, true), 1, Some((0, 2)))
        .contains("but the order below is not settled: a and c overlap. Sample a and c next"));
    assert_eq!(
        sentence(&names[..1], &answer(true, true), 1, None),
        "One series: nothing to rank at pass@1."
    );
}

#[test]
fn two_series_far_apart_are_settled_and_a_coin_flip_is_not() {
    let series = |name: &str, cs: &[u64]| Dataset {
        name: name.into(),
        tasks: cs
            .iter()
            .enumerate()
            .map(|(i, &c)| Task::new(Some(format!("t{i}")), Counts::new(20, c).unwrap()))
            .collect(),
        meta: Default::default(),
    };
    let far = [series("low", &[1; 50]), series("high", &[19; 50])];
    let v = stop_view(&far, 1, [1.0, 1.0], 0.95);
    assert!(v.answer.settled && v.pair.is_none() && v.tasks.is_empty());
    assert!(
        v.sentence.starts_with("You can stop: at pass@1"),
        "{}",
        v.sentence
    );
    let coin = [series("x", &[10, 2, 18, 9]), series("y", &[9, 3, 17, 10])];
    let v = stop_view(&coin, 1, [1.0, 1.0], 0.95);
    assert!(!v.answer.settled && v.pair.is_some() && v.tasks.len() == 8);
    assert!(
        v.sentence.starts_with("Not settled at pass@1: "),
        "{}",
        v.sentence
    );
    // The tasks nearest c/n = ½ first (t0 and t3 of either series).
    assert!(
        v.tasks[..4]
            .iter()
            .all(|t| t.task == "t0" || t.task == "t3"),
        "{:?}",
        v.tasks
    );
}
