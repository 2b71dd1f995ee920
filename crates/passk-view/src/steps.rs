//! "pass@k over training": the series of successive training steps (verl dumps, `step 0`,
//! `step 50`, …) as the steps chart and its table show them — the unbiased pass@k at each
//! chosen budget, its band ± z standard errors over tasks — and the read-outs beside the
//! results for graded rewards (Bayes@N) and errored samples (the error policy).

use passk_core::data::ErrorCounts;
use passk_core::data::{Dataset, SeriesMeta};
use passk_core::estimators::mean_pass_at_k;
use passk_core::estimators::tasks_se;
use passk_core::estimators::BayesAtN;
use passk_core::num::two_sided_z;
use passk_io::display::{full, percent};

use super::chart_data::Table;

/// One budget's values along the steps: (step, pass@k, (band low, band high)), the band the
/// value ± z standard errors over tasks, within [0, 1].
pub type StepPoints = Vec<(u64, f64, (f64, f64))>;

/// What the steps chart and its table show.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepsData {
    /// The run the steps are of (its model and temperature, as its series are named), or "".
    pub run: String,
    /// The steps, in order, with their series' names.
    pub steps: Vec<(u64, String)>,
    /// One line per budget, in the order asked: (k, its points).
    pub lines: Vec<(u64, StepPoints)>,
    /// Other runs with steps, and repeated steps, not drawn (the first run's first series of
    /// each step are).
    pub other_runs: usize,
}

/// The budgets drawn unless the user chose: 1, 8, 64 and the largest k ≤ the smallest n of
/// the steps' series, those ≤ it, without repeats.
pub fn default_ks(n_min: u64) -> Vec<u64> {
    let mut ks: Vec<u64> = [1, 8, 64, n_min]
        .into_iter()
        .filter(|&k| k >= 1 && k <= n_min)
        .collect();
    ks.dedup();
    ks
}

/// The steps of the first run with steps among `datasets` (those `shown`), at the budgets
/// `ks` (None: [`default_ks`]); None with fewer than two steps.
pub fn steps_data(
    datasets: &[Dataset],
    shown: impl Fn(&Dataset) -> bool,
    ks: Option<&[u64]>,
    confidence: f64,
) -> Option<StepsData> {
    let stepped: Vec<&Dataset> = datasets
        .iter()
        .filter(|d| d.meta.step.is_some() && !d.tasks.is_empty() && shown(d))
        .collect();
    let first = stepped.first()?;
    let run_of = |d: &Dataset| (d.meta.model.clone(), d.meta.temperature.clone());
    let run = run_of(first);
    let mut series: Vec<&Dataset> = stepped
        .iter()
        .copied()
        .filter(|d| run_of(d) == run)
        .collect();
    series.sort_by_key(|d| d.meta.step);
    // A step seen again (two runs' dumps of one name, or a series' groups): its first series
    // only, the others counted with the runs not drawn.
    let before = series.len();
    series.dedup_by_key(|d| d.meta.step);
    let repeated = before - series.len();
    let mut others: Vec<(Option<String>, Option<String>)> = stepped
        .iter()
        .map(|d| run_of(d))
        .filter(|r| *r != run)
        .collect();
    others.sort();
    others.dedup();
    if series.len() < 2 {
        return None;
    }
    let groups: Vec<_> = series.iter().map(|d| d.groups()).collect();
    let n_min = groups.iter().map(|g| g.n_min()).min().unwrap_or(1);
    let ks = ks.map_or_else(|| default_ks(n_min), <[u64]>::to_vec);
    let z = two_sided_z(confidence);
    let lines = ks
        .iter()
        .map(|&k| {
            let points = series
                .iter()
                .zip(&groups)
                .filter_map(|(d, g)| {
                    let v = mean_pass_at_k(g, k).ok()?;
                    // The unbiased value ± z standard errors over tasks (a credible interval
                    // is centred on its posterior mean, which at large k is not this value).
                    let half = tasks_se(g, k).map_or(0.0, |se| z * se);
                    Some((d.meta.step?, v, ((v - half).max(0.0), (v + half).min(1.0))))
                })
                .collect();
            (k, points)
        })
        .collect();
    // The run's name as its series are named, without their step.
    let name = SeriesMeta {
        step: None,
        ..first.meta.clone()
    }
    .name("");
    Some(StepsData {
        run: name.trim().to_string(),
        steps: series
            .iter()
            .filter_map(|d| Some((d.meta.step?, d.name.clone())))
            .collect(),
        lines,
        other_runs: others.len() + repeated,
    })
}

/// The steps as a table: one row per step, a column per budget (value and band).
pub fn steps_table(d: &StepsData) -> Table {
    let mut head = vec!["step".to_string(), "series".to_string()];
    for (k, _) in &d.lines {
        head.push(format!("pass@{k}"));
        head.push(format!("pass@{k} band"));
    }
    let mut t = vec![head];
    for (step, name) in &d.steps {
        let mut row = vec![step.to_string(), name.clone()];
        for (_, points) in &d.lines {
            match points.iter().find(|p| p.0 == *step) {
                Some(&(_, v, (lo, hi))) => {
                    row.push(full(v));
                    row.push(format!("{}–{}", full(lo), full(hi)));
                }
                None => row.extend(["—".to_string(), "—".to_string()]),
            }
        }
        t.push(row);
    }
    t
}

/// Bayes@N as a sentence: "Bayes@N 52.8% ± 9.8 (33.6%–71.9%), rubric 0, 0.5, 1".
pub fn bayes_line(b: &BayesAtN) -> String {
    let weights: Vec<String> = b.rubric.weights.iter().map(|w| format!("{w}")).collect();
    let uniform = b.rubric.prior.iter().all(|&a| a == 1.0);
    let prior = if uniform {
        String::new()
    } else {
        let a: Vec<String> = b.rubric.prior.iter().map(|a| format!("{a}")).collect();
        format!(", Dirichlet prior {}", a.join(", "))
    };
    format!(
        "Bayes@N {} ± {:.1} points ({} to {}), rubric {}{prior}",
        percent(b.mean),
        100.0 * b.sd,
        percent(b.lo),
        percent(b.hi),
        weights.join(", ")
    )
}

/// What the error policy did, as a sentence.
pub fn errors_line(e: &ErrorCounts) -> String {
    let excluded = e.pass_at_1_excluded.map_or("—".to_string(), percent);
    let all = if e.all_errored > 0 {
        format!(" ({} with every sample errored)", e.all_errored)
    } else {
        String::new()
    };
    let plural = |n: u64, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    format!(
        "{} in {}{all}: pass@1 {} with errors as failures, {} with them excluded; {}.",
        plural(e.samples, "errored sample"),
        plural(e.tasks, "task"),
        percent(e.pass_at_1_failures),
        excluded,
        e.policy
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::data::Counts;
    use passk_core::data::SeriesMeta;
    use passk_core::data::Task;

    fn step(s: u64, counts: &[(u64, u64)]) -> Dataset {
        Dataset {
            name: format!("step {s}"),
            tasks: counts
                .iter()
                .map(|&(n, c)| Task::new(None, Counts::new(n, c).unwrap()))
                .collect(),
            meta: SeriesMeta {
                step: Some(s),
                ..SeriesMeta::default()
            },
        }
    }

    #[test]
    fn the_steps_of_one_run_in_order_at_the_default_budgets() {
        assert_eq!(default_ks(128), vec![1, 8, 64, 128]);
        assert_eq!(default_ks(8), vec![1, 8]);
        assert_eq!(default_ks(5), vec![1, 5]);
        // Two steps of one run, and a step of another run (not drawn, counted).
        let mut other = step(0, &[(8, 8)]);
        other.meta = SeriesMeta {
            step: Some(0),
            ..SeriesMeta::model("b")
        };
        let ds = [
            step(50, &[(8, 4), (8, 0)]),
            step(0, &[(8, 2), (8, 1)]),
            other,
        ];
        let d = steps_data(&ds, |_| true, None, 0.95).unwrap();
        assert_eq!(
            d.steps,
            vec![(0, "step 0".to_string()), (50, "step 50".to_string())]
        );
        assert_eq!(d.other_runs, 1);
        assert_eq!(d.lines.iter().map(|l| l.0).collect::<Vec<_>>(), vec![1, 8]);
        // pass@1 at step 0: (2/8 + 1/8)/2; pass@8 at step 50: (1 + 0)/2.
        assert!((d.lines[0].1[0].1 - 0.1875).abs() < 1e-15);
        assert!((d.lines[1].1[1].1 - 0.5).abs() < 1e-15);
        let (lo, hi) = d.lines[0].1[0].2;
        assert!(lo < 0.1875 + 0.05 && hi > 0.1875 && lo < hi);
        let t = steps_table(&d);
        assert_eq!(
            t[0],
            vec![
                "step",
                "series",
                "pass@1",
                "pass@1 band",
                "pass@8",
                "pass@8 band"
            ]
        );
        assert_eq!(t[1][0], "0");
        // A budget beyond n is left out of its line, and one step alone draws nothing.
        let d = steps_data(&ds, |_| true, Some(&[1, 9]), 0.95).unwrap();
        assert!(d.lines[1].1.is_empty());
        assert_eq!(steps_data(&ds, |d| d.name != "step 0", None, 0.95), None);
        // A step given twice (two runs' dumps of one name): its first series, one line.
        let twice = [ds[0].clone(), ds[1].clone(), step(50, &[(8, 8), (8, 8)])];
        let d = steps_data(&twice, |_| true, None, 0.95).unwrap();
        assert_eq!(d.steps.len(), 2);
        assert_eq!(d.other_runs, 1);
        assert!(
            (d.lines[0].1[1].1 - 0.25).abs() < 1e-15,
            "step 50 is the first one given"
        );
    }
}
