//! The sentences on hand-made answers, and the view on the real files (DeepScaleR: settled).

use super::*;
use passk_core::analysis::PairConfidence;
use passk_core::data::Counts;
use passk_core::data::Task;
use passk_core::estimators::SeKind;

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
    let tasks = Intervals::Se(SeKind::Tasks);
    assert_eq!(
        sentence(&names, &answer(true, true), 10, None, tasks),
        format!("You can stop: at pass@10 no two adjacent series overlap (95% intervals over tasks, the summary's ±), b first (the order stays with probability ≈ {}).", percent(0.84))
    );
    assert_eq!(
        sentence(&names, &answer(false, false), 1, Some((1, 0)), Intervals::Se(SeKind::Sampling)),
        format!("Not settled at pass@1: b leads, but a overlaps its interval (95% intervals over the samples of these tasks, the summary's ±; it stays on top with probability ≈ {}). Sample b and a next, first the tasks listed.", percent(0.8))
    );
    assert!(sentence(&names, &answer(false, true), 1, Some((0, 2)), Intervals::Credible)
        .contains("b is on top at pass@1, apart from the rest (95% credible intervals over the samples of these tasks; it stays there with probability ≈ "));
    assert!(
        sentence(&names, &answer(false, true), 1, Some((0, 2)), tasks)
            .contains("but the order below is not settled: a and c overlap. Sample a and c next")
    );
    assert_eq!(
        sentence(&names[..1], &answer(true, true), 1, None, tasks),
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
    let v = stop_view(&far, 1, [1.0, 1.0], 0.95, SeKind::Tasks);
    assert!(v.answer.settled && v.pair.is_none() && v.tasks.is_empty());
    assert!(
        v.sentence.starts_with("You can stop: at pass@1"),
        "{}",
        v.sentence
    );
    let coin = [series("x", &[10, 2, 18, 9]), series("y", &[9, 3, 17, 10])];
    let v = stop_view(&coin, 1, [1.0, 1.0], 0.95, SeKind::Tasks);
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

/// Issue 68: on Pythia the answer uses the summary's intervals (over tasks), so that it agrees
/// with the summary (12B 2.319 ± 0.765 and 2.8B 2.031 ± 0.774 overlap: not settled), and says
/// that the spread from task to task, not the samples, keeps them apart. With intervals over
/// the samples of these tasks (or the credible ones, as before) the order is settled.
#[test]
fn on_pythia_the_answer_agrees_with_the_summary_and_says_why_more_samples_will_not_help() {
    use passk_io::read::{assemble, read_text};
    let text = include_str!("../../../../assets/examples/pythia_math_n10000.csv");
    let (ds, _) = assemble(vec![read_text("p.csv", "p", text, None)]);
    let v = stop_view(&ds, 1, [1.0, 1.0], 0.95, SeKind::Tasks);
    assert_eq!(v.intervals, Intervals::Se(SeKind::Tasks));
    assert!(!v.answer.settled);
    assert!(
        v.sentence.starts_with("Not settled at pass@1: Pythia 12B leads, but Pythia 2.8B, Pythia 6.9B overlap its interval (95% intervals over tasks, the summary's ±; "),
        "{}",
        v.sentence
    );
    assert!(
        v.sentence.contains("The spread from task to task dominates (SE 0.260 points over tasks, 0.00900 over samples): more samples of these tasks will not narrow the intervals; more tasks would."),
        "{}",
        v.sentence
    );
    // The summary's 12B interval: 2.319 ± 0.765 points.
    let i = ds.iter().position(|d| d.name == "Pythia 12B").unwrap();
    let x = v.answer.adjacent.iter().find(|p| p.above == i).unwrap();
    assert!(x.z < 1.0, "{x:?}");
    let s = stop_view(&ds, 1, [1.0, 1.0], 0.95, SeKind::Sampling);
    assert!(
        s.answer.settled && !s.sentence.contains("spread"),
        "{}",
        s.sentence
    );
    assert!(
        s.sentence
            .contains("(95% intervals over the samples of these tasks, the summary's ±)"),
        "{}",
        s.sentence
    );
}
