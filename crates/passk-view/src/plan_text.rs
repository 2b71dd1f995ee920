//! The sample-size planner in words: its inputs read from the panel's text, and its two
//! answers (samples per task, tasks) as sentences.

use passk_core::analysis::Plan;
use passk_io::display::thousands;
use passk_io::number::parse_count;

/// The planner's budget: a whole number ≥ 1.
///
/// # Errors
/// The reason.
pub fn parse_plan_k(text: &str) -> Result<u64, String> {
    match parse_count(text.trim()).map_err(|e| e.to_string())? {
        0 => Err("k must be at least 1".into()),
        k => Ok(k),
    }
}

/// A level as people read it: 0.95 → `95%`, 0.975 → `97.5%`.
pub fn level(confidence: f64) -> String {
    let pct = format!("{:.4}", 100.0 * confidence);
    format!("{}%", pct.trim_end_matches('0').trim_end_matches('.'))
}

/// "n = 128" or "n = 32 … 128".
fn drawn((lo, hi): (u64, u64)) -> String {
    if lo == hi {
        format!("n = {}", thousands(hi))
    } else {
        format!("n = {} … {}", thousands(lo), thousands(hi))
    }
}

/// The plan's answers: samples per task with the tasks held fixed, then tasks at the samples
/// drawn (`n_range`: the smallest and largest n of the series).
pub fn plan_sentences(plan: &Plan, n_range: (u64, u64)) -> [String; 2] {
    let target = format!("±{:.2} points", 100.0 * plan.half_width);
    let what = format!(
        "the {} half-width of pass@{}",
        level(plan.confidence),
        plan.k
    );
    let samples = match plan.n_needed {
        Some(n) => format!(
            "With these {} tasks held fixed, {} per task bring{} {what} to {target} \
             (sampling standard error); you have {}.",
            thousands(plan.tasks),
            if n == 1 {
                "1 sample".to_string()
            } else {
                format!("{} samples", thousands(n))
            },
            if n == 1 { "s" } else { "" },
            drawn(n_range)
        ),
        None => format!(
            "With these {} tasks held fixed, even 10^12 samples per task do not bring {what} \
             to {target}.",
            thousands(plan.tasks)
        ),
    };
    let tasks = match plan.tasks_needed {
        Some(t) => format!(
            "At the samples drawn, about {} tasks like these bring {what} to {target} (tasks \
             standard error); you have {}.",
            thousands(t),
            thousands(plan.tasks)
        ),
        None => format!(
            "No number of tasks can be given: the tasks standard error needs at least two \
             tasks and k ≤ n (k = {}, {}).",
            plan.k,
            drawn(n_range)
        ),
    };
    [samples, tasks]
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::plan;
    use passk_core::data::Counts;
    use passk_core::data::Groups;

    #[test]
    fn sentences_name_both_answers() {
        let g = Groups::new((0..30).map(|i| Counts::new(16, i % 17).unwrap()));
        let p = plan(&g, 2, 0.02, 0.95).unwrap();
        let [samples, tasks] = plan_sentences(&p, (16, 16));
        assert!(
            samples.starts_with("With these 30 tasks held fixed, "),
            "{samples}"
        );
        assert!(samples.contains("the 95% half-width of pass@2 to ±2.00 points"));
        assert!(samples.ends_with("you have n = 16."));
        assert!(tasks.contains("tasks like these"), "{tasks}");
        assert_eq!(parse_plan_k("0"), Err("k must be at least 1".into()));
        assert_eq!(parse_plan_k(" 8 "), Ok(8));
        assert_eq!(level(0.9), "90%");
        assert_eq!(level(0.995), "99.5%");
    }

    #[test]
    fn one_sample_is_said_in_the_singular() {
        let g = Groups::new((0..128).map(|i| Counts::new(10_000, i * 7).unwrap()));
        let mut p = plan(&g, 1, 0.01, 0.95).unwrap();
        p.n_needed = Some(1);
        let [samples, _] = plan_sentences(&p, (10_000, 10_000));
        assert!(samples.contains(" 1 sample per task brings "), "{samples}");
        p.n_needed = Some(2);
        let [samples, _] = plan_sentences(&p, (10_000, 10_000));
        assert!(samples.contains(" 2 samples per task bring "), "{samples}");
    }
}
