//! The summary against values computed here from the raw files (pass@1 as Σc/Σn in exact
//! integers, its standard error over tasks as sd(c_i/n)/√T), not by the report.

use super::*;
use crate::test_counts::counts;
use passk_core::analysis::compare::{compare_all, Pairs};
use passk_core::report::build_report;
use passk_core::settings::{Options, Settings};
use passk_io::read::{assemble, read_text};

const BASE: &str = include_str!("../../../../assets/examples/deepscaler_base.jsonl");
const RL: &str = include_str!("../../../../assets/examples/deepscaler_rl.jsonl");

fn deepscaler(ks: &[u64]) -> (Report, Vec<passk_core::data::Dataset>) {
    let (ds, rej) = assemble(vec![
        read_text("deepscaler_base.jsonl", "deepscaler_base", BASE, None),
        read_text("deepscaler_rl.jsonl", "deepscaler_rl", RL, None),
    ]);
    let opts = Options {
        ks: ks.to_vec(),
        ..Options::default()
    };
    (build_report(&ds, rej, &opts), ds)
}

#[test]
fn the_data_line_counts_series_tasks_and_samples() {
    let (r, _) = deepscaler(&[1, 2, 5, 10, 100, 1000]);
    let s = summary(&r, SeKind::Tasks).unwrap();
    let (b, l) = (counts(BASE), counts(RL));
    let tasks = b.len() + l.len();
    let samples: u64 = b.iter().chain(&l).map(|x| x.1).sum();
    assert_eq!((tasks, samples), (2120, 271_360));
    assert_eq!(
        s.data,
        "2 series · 1,060 tasks each · 271,360 samples (n = 128 a task)"
    );
}

#[test]
fn the_headline_is_pass_at_1_and_the_largest_budget_within_n_with_the_interval() {
    let (r, _) = deepscaler(&[1, 2, 5, 10, 100, 1000]);
    let s = summary(&r, SeKind::Tasks).unwrap();
    // 1000 > n = 128: not a headline (it would be an extrapolation).
    assert_eq!(s.ks, vec![1, 100]);
    let z = 1.959_963_984_540_054;
    for (line, text) in s.series.iter().zip([BASE, RL]) {
        let c = counts(text);
        let (sc, sn): (u64, u64) = c.iter().fold((0, 0), |a, x| (a.0 + x.0, a.1 + x.1));
        // pass@1 = Σc/Σn (every n equal); its SE over tasks sd(c_i/n_i, ddof 1)/√T.
        let t = c.len() as f64;
        let p: Vec<f64> = c.iter().map(|&(c, n)| c as f64 / n as f64).collect();
        let mean = p.iter().sum::<f64>() / t;
        let sd = (p.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (t - 1.0)).sqrt();
        let (value, interval) = line.cells[0].clone().unwrap();
        assert_eq!(value, percent(sc as f64 / sn as f64), "{}", line.name);
        let want = plus_minus_points(z * sd / t.sqrt());
        assert_eq!(interval.as_deref(), Some(want.as_str()), "{}", line.name);
        assert!(line.cells[1].is_some());
    }
    assert_eq!(s.series[0].cells[0].as_ref().unwrap().0, "60.41%");
    assert_eq!((s.level, s.se), (0.95, SeKind::Tasks));
    // The sampling SE is another interval, and the one the view chose is the one shown.
    let t = summary(&r, SeKind::Sampling).unwrap();
    assert_ne!(t.series[0].cells[0], s.series[0].cells[0]);
    assert_eq!(t.series[0].cells[0].as_ref().unwrap().0, "60.41%");
}

#[test]
fn a_k_list_beyond_every_n_gives_pass_at_1_alone_and_no_data_gives_none() {
    let (r, _) = deepscaler(&[1, 1000]);
    assert_eq!(headline_ks(&r), vec![1]);
    // A typed list without 1: its smallest and largest budgets within n.
    let (r, _) = deepscaler(&[10, 64, 100, 1000]);
    assert_eq!(headline_ks(&r), vec![10, 100]);
    assert!(summary(&Report::default(), SeKind::Tasks).is_none());
}

#[test]
fn the_comparison_line_is_the_panels_sentence_or_says_why_there_is_none() {
    let (_, ds) = deepscaler(&[1]);
    let s = Settings {
        bootstrap: 200,
        ..Settings::default()
    };
    let d = compare_all(&ds, &[1, 64], Pairs::All, &s);
    let pair = Some(("deepscaler_rl", "deepscaler_base"));
    let line = compare_line(2, Some(&d), false, pair, (None, true));
    assert_eq!(
        compare_line(2, Some(&d), false, pair, (Some(64), true)),
        line
    );
    assert_eq!(
        compare_line(2, Some(&d), false, pair, (Some(1000), true)),
        line
    );
    assert_eq!(
        Some(line.clone()),
        pair_sentence(&d, "deepscaler_rl", "deepscaler_base", 64)
    );
    // With more series, the default pair says the rule that chose it; a pair chosen does not.
    let more = compare_line(3, Some(&d), false, pair, (None, true));
    assert_eq!(more, format!("{line} (Compared: {}.)", crate::pair::RULE));
    assert_eq!(compare_line(3, Some(&d), false, pair, (None, false)), line);
    assert!(
        line.starts_with("deepscaler_rl is ahead at k = 1 by 7.60 points"),
        "{line}"
    );
    assert_eq!(
        compare_line(1, None, false, None, (None, true)),
        "One series: nothing to compare."
    );
    assert_eq!(
        compare_line(2, None, true, pair, (None, true)),
        "Comparing the series…"
    );
    assert!(
        compare_line(2, None, false, pair, (None, true)).starts_with("Not compared (cancelled)")
    );
    // A pair of one series, a pair skipped (with its reason), a k list without 1.
    let same = Some(("deepscaler_rl", "deepscaler_rl"));
    assert!(compare_line(2, Some(&d), false, same, (None, true))
        .starts_with("A and B are both deepscaler_rl"));
    let mut skipped = d.clone();
    skipped.comparisons.clear();
    skipped
        .skipped
        .push(passk_core::analysis::compare::Skipped {
            a: "deepscaler_base".into(),
            b: "deepscaler_rl".into(),
            reason: "pairing needs task ids in both series".into(),
        });
    let said = compare_line(2, Some(&skipped), false, pair, (None, true));
    assert!(
        said.ends_with("not compared task by task: pairing needs task ids in both series."),
        "{said}"
    );
    let no_one = compare_all(&ds, &[8, 64], Pairs::All, &s);
    assert!(compare_line(2, Some(&no_one), false, pair, (None, true))
        .contains("no paired test at k = 1"));
}
