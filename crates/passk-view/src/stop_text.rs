//! "Can I stop sampling?" in words: the planner panel's sentence and `passk plan --next`'s,
//! from [`passk_core::analysis::stop`], with the pair and the tasks to sample next.

use passk_core::analysis::stop::{next_tasks, stop, NextTask, StopAnswer};
use passk_core::data::dataset::Dataset;
use passk_core::estimators::interval::{credible_interval, Metric, Prior};
use passk_io::display::{percent, thousands};

use crate::plan_text::level;

/// The tasks listed for the pair to sample next.
pub const TASKS_LISTED: usize = 10;

/// What the page and the command line say.
#[derive(Debug, Clone, PartialEq)]
pub struct StopView {
    /// The answer.
    pub answer: StopAnswer,
    /// The budget.
    pub k: u64,
    /// The pair the next samples should separate: the leader and its nearest rival while
    /// the top is not settled, else the adjacent pair least apart; None when settled.
    pub pair: Option<(usize, usize)>,
    /// The tasks of that pair worth sampling first, largest gain first.
    pub tasks: Vec<NextTask>,
    /// The sentence.
    pub sentence: String,
}

/// The stop view of `datasets` at pass@k, each series' interval with `prior` (α0, β0) at the
/// two-sided `confidence`.
pub fn stop_view(datasets: &[Dataset], k: u64, prior: [f64; 2], confidence: f64) -> StopView {
    let prior = Prior {
        alpha: prior[0],
        beta: prior[1],
    };
    let ivs: Vec<_> = datasets
        .iter()
        .map(|d| credible_interval(&d.groups(), k, prior, confidence, Metric::PassAtK))
        .collect();
    let answer = stop(&ivs, confidence);
    let pair = if !answer.top_settled {
        answer.next
    } else if !answer.settled {
        answer
            .adjacent
            .iter()
            .min_by(|a, b| a.z.total_cmp(&b.z))
            .map(|p| (p.above, p.below))
    } else {
        None
    };
    let mut tasks: Vec<NextTask> = pair
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .flat_map(|i| next_tasks(&datasets[i], i, k, prior, TASKS_LISTED))
        .collect();
    tasks.sort_by(|x, y| y.gain.total_cmp(&x.gain));
    tasks.truncate(TASKS_LISTED);
    let names: Vec<&str> = datasets.iter().map(|d| d.name.as_str()).collect();
    let sentence = sentence(&names, &answer, k, pair);
    StopView {
        answer,
        k,
        pair,
        tasks,
        sentence,
    }
}

/// The sentence.
pub fn sentence(names: &[&str], a: &StopAnswer, k: u64, pair: Option<(usize, usize)>) -> String {
    let at = format!("pass@{}", thousands(k));
    let lv = level(a.confidence);
    if names.len() < 2 {
        return format!("One series: nothing to rank at {at}.");
    }
    let leader = names[a.order[0]];
    let sample = pair.map_or(String::new(), |(x, y)| {
        format!(
            " Sample {} and {} next, first the tasks listed.",
            names[x], names[y]
        )
    });
    if a.settled {
        return format!(
            "You can stop: at {at} no two adjacent series' {lv} intervals overlap, {leader} first (the order stays with probability ≈ {}).",
            percent(a.p_order)
        );
    }
    if a.top_settled {
        let (x, y) = pair.map_or(("", ""), |(x, y)| (names[x], names[y]));
        return format!(
            "{leader} is on top at {at} ({lv} intervals apart; it stays there with probability ≈ {}), but the order below is not settled: {x} and {y} overlap.{sample}",
            percent(a.p_top)
        );
    }
    let rivals: Vec<&str> = a.ambiguous.iter().map(|&j| names[j]).collect();
    format!(
        "Not settled at {at}: {leader} leads, but {} {} within its {lv} interval (it stays on top with probability ≈ {}).{sample}",
        rivals.join(", "),
        if rivals.len() == 1 { "is" } else { "are" },
        percent(a.p_top)
    )
}

#[cfg(test)]
mod tests;
