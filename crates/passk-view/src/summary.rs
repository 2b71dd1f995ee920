//! The summary at the top of the page once data is loaded: what was read (series, tasks,
//! samples), the headline pass@k of each series with its credible interval, and what the
//! comparison says, in the words its panel uses (pure, natively tested).

use passk_core::analysis::compare::Comparison;
use passk_core::estimators::SeKind;
use passk_core::num::two_sided_z;
use passk_core::report::{ModelReport, Report};
use passk_io::display::{percent, plus_minus_points, thousands};

use crate::compare_text::{chosen_k, pair_sentence};

/// One series' headline: its name, tasks and pass@k at each of [`Summary::ks`].
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesLine {
    /// The series' name.
    pub name: String,
    /// Its tasks.
    pub tasks: u64,
    /// Each headline budget's cell: the unbiased value "60.41%" and the half-width of its
    /// interval in points, "± 0.93" (z·SE of the kind chosen); None where the unbiased value
    /// is undefined (k > n).
    pub cells: Vec<Option<(String, Option<String>)>>,
}

/// The summary of a report.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// "2 series · 1,060 tasks each · 271,360 samples (n = 128 a task)" ("… tasks in all"
    /// when the series have different numbers of tasks).
    pub data: String,
    /// The budgets shown: 1 and the largest of the k list within every series' smallest n.
    pub ks: Vec<u64>,
    /// The level of the intervals (the settings' confidence, 0.95).
    pub level: f64,
    /// Which standard error the intervals use.
    pub se: SeKind,
    /// One line per series with tasks, in the report's order.
    pub series: Vec<SeriesLine>,
}

/// The caption of the summary's table: what its ± is ("the unbiased estimate ± its 95%
/// interval in points (over tasks, as a sample of tasks)"): the same words in every door.
pub fn caption(level: f64, se: SeKind) -> String {
    let over = match se {
        SeKind::Tasks => "over tasks, as a sample of tasks",
        SeKind::Sampling => "over the samples of these tasks",
    };
    format!(
        "the unbiased estimate ± its {} interval in points ({over})",
        crate::plan_text::level(level)
    )
}

/// The budgets the summary shows: the smallest and the largest budget of `report.k` that
/// every series with tasks has samples for (the unbiased estimate is defined there: no
/// extrapolation in the headline); k = 1 with the default list.
pub fn headline_ks(report: &Report) -> Vec<u64> {
    let n_min = with_tasks(report)
        .filter_map(|m| m.n_min)
        .min()
        .unwrap_or(0);
    let within = || report.k.iter().copied().filter(|&k| k <= n_min);
    match (within().min(), within().max()) {
        (Some(lo), Some(hi)) if hi > lo => vec![lo, hi],
        (Some(lo), _) => vec![lo],
        _ => Vec::new(),
    }
}

fn with_tasks(report: &Report) -> impl Iterator<Item = &ModelReport> {
    report.models.iter().filter(|m| m.tasks > 0)
}

/// "n = 128 a task", or "n = 50–1,000 a task" when it varies.
fn n_text(report: &Report) -> String {
    let lo = with_tasks(report).filter_map(|m| m.n_min).min();
    let hi = with_tasks(report).filter_map(|m| m.n_max).max();
    match (lo, hi) {
        (Some(lo), Some(hi)) if lo == hi => format!("n = {} a task", thousands(lo)),
        (Some(lo), Some(hi)) => format!("n = {}–{} a task", thousands(lo), thousands(hi)),
        _ => String::new(),
    }
}

/// The summary of `report` (None when no series has tasks), its intervals the unbiased value
/// ± z·SE, with the standard error of kind `se` (the results table's).
pub fn summary(report: &Report, se: SeKind) -> Option<Summary> {
    let models: Vec<&ModelReport> = with_tasks(report).collect();
    if models.is_empty() {
        return None;
    }
    let ks = headline_ks(report);
    let z = two_sided_z(report.settings.confidence);
    let tasks: u64 = models.iter().map(|m| m.tasks).sum();
    let each = models.iter().all(|m| m.tasks == models[0].tasks);
    let samples: u64 = models.iter().map(|m| m.samples).sum();
    let count = |x: usize, one: &str, many: &str| {
        format!(
            "{} {}",
            thousands(x as u64),
            if x == 1 { one } else { many }
        )
    };
    let tasks = match (models.len(), each) {
        (1, _) => count(tasks as usize, "task", "tasks"),
        (_, true) => format!("{} each", count(models[0].tasks as usize, "task", "tasks")),
        (_, false) => format!("{} in all", count(tasks as usize, "task", "tasks")),
    };
    let data = format!(
        "{} · {tasks} · {} samples ({})",
        count(models.len(), "series", "series"),
        thousands(samples),
        n_text(report)
    );
    let series = models
        .iter()
        .map(|m| SeriesLine {
            name: m.name.clone(),
            tasks: m.tasks,
            cells: ks
                .iter()
                .map(|&k| {
                    let row = m.pass_at_k.iter().find(|r| r.k == k)?;
                    let value = row.combinatorial?;
                    let se = match se {
                        SeKind::Tasks => row.se.tasks,
                        SeKind::Sampling => row.se.sampling,
                    };
                    let interval = se.map(|se| plus_minus_points(z * se));
                    Some((percent(value), interval))
                })
                .collect(),
        })
        .collect();
    Some(Summary {
        data,
        ks,
        level: report.settings.confidence,
        se,
        series,
    })
}

/// What the summary says of the comparison: the comparison panel's sentence for the pair
/// (A − B) at the budget it reads ([`chosen_k`] of `want`), and with three or more series,
/// when the pair is the default one (`default`), the rule that chose it
/// ([`pair::RULE`](crate::pair::RULE)); "One series: nothing to compare." with one series;
/// without a comparison, that it is being computed (`comparing`) or was not (cancelled);
/// else why the pair has no sentence.
pub fn compare_line(
    series: usize,
    comparison: Option<&Comparison>,
    comparing: bool,
    pair: Option<(&str, &str)>,
    (want, default): (Option<u64>, bool),
) -> String {
    if series < 2 {
        return "One series: nothing to compare.".to_string();
    }
    let Some(d) = comparison else {
        return if comparing {
            "Comparing the series…"
        } else {
            "Not compared (cancelled): change a setting, or pick the pair again, to compare."
        }
        .to_string();
    };
    let Some((a, b)) = pair else {
        return "No pair chosen to compare.".to_string();
    };
    if a == b {
        return format!("A and B are both {a}: pick two different series.");
    }
    let skipped = d
        .skipped
        .iter()
        .find(|s| (s.a == a && s.b == b) || (s.a == b && s.b == a));
    if let Some(s) = skipped {
        return format!("{a} and {b} are not compared task by task: {}.", s.reason);
    }
    let sentence = chosen_k(d, a, b, want).and_then(|k| pair_sentence(d, a, b, k));
    let sentence = sentence.unwrap_or_else(|| {
        format!("{a} and {b} have no paired test at k = 1: add 1 to the k list for the sentence.")
    });
    if default && series > 2 {
        format!("{sentence} (Compared: {}.)", crate::pair::RULE)
    } else {
        sentence
    }
}

#[cfg(test)]
mod tests;
