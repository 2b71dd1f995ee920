//! "Can I stop sampling?" in words: the planner panel's sentence and `passk plan --next`'s,
//! from [`passk_core::analysis::stop`], with the pair and the tasks to sample next.

use passk_core::analysis::{next_tasks, stop, NextTask, StopAnswer};
use passk_core::data::Dataset;
use passk_core::estimators::mean_pass_at_k;
use passk_core::estimators::{credible_interval, Interval, Metric, Prior};
use passk_core::estimators::{sampling_se, tasks_se, SeKind};
use passk_core::num::two_sided_z;
use passk_io::display::{percent, points_sig, thousands};

use crate::plan_text::level;

/// The tasks listed for the pair to sample next.
pub const TASKS_LISTED: usize = 10;

/// What the page and the command line say.
#[derive(Debug, Clone, PartialEq)]
pub struct StopText {
    /// The answer.
    pub answer: StopAnswer,
    /// The budget.
    pub k: u64,
    /// The pair the next samples should separate: the leader and its nearest rival while
    /// the top is not settled, else the adjacent pair least apart; None when settled.
    pub pair: Option<(usize, usize)>,
    /// The tasks of that pair worth sampling first, largest gain first.
    pub tasks: Vec<NextTask>,
    /// The intervals compared.
    pub intervals: Intervals,
    /// The sentence.
    pub sentence: String,
}

/// The intervals "Can I stop?" compares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Intervals {
    /// The summary's: the unbiased pass@k ± z·SE of this kind.
    Se(SeKind),
    /// Bayesian credible intervals over the samples of these tasks (where an SE is
    /// undefined for some series: k > n, one task, n < 2k).
    Credible,
}

impl Intervals {
    /// "intervals over tasks (the summary's ±)", "intervals over samples (…)", "credible
    /// intervals over samples": the kind named in the sentence.
    fn words(self, lv: &str) -> String {
        match self {
            Intervals::Se(SeKind::Tasks) => format!("{lv} intervals over tasks, the summary's ±"),
            Intervals::Se(SeKind::Sampling) => {
                format!("{lv} intervals over the samples of these tasks, the summary's ±")
            }
            Intervals::Credible => {
                format!("{lv} credible intervals over the samples of these tasks")
            }
        }
    }
}

/// A series' unbiased pass@k and its standard errors over tasks and over samples (None
/// where undefined).
struct Variation {
    mean: Option<f64>,
    tasks: Option<f64>,
    sampling: Option<f64>,
}

impl Variation {
    fn of(d: &Dataset, k: u64) -> Variation {
        let g = d.groups();
        Variation {
            mean: mean_pass_at_k(&g, k).ok(),
            tasks: tasks_se(&g, k).ok(),
            sampling: sampling_se(&g, k).ok(),
        }
    }
}

/// Each series' interval of kind `se` (the unbiased mean, its SE), else the credible ones.
fn intervals(
    (datasets, variations): (&[Dataset], &[Variation]),
    k: u64,
    prior: Prior,
    confidence: f64,
    se: SeKind,
) -> (Intervals, Vec<Interval>) {
    let z = two_sided_z(confidence);
    let summary: Option<Vec<Interval>> = variations
        .iter()
        .map(|s| {
            let mean = s.mean?;
            let sd = match se {
                SeKind::Tasks => s.tasks,
                SeKind::Sampling => s.sampling,
            }?;
            Some(Interval {
                mean,
                sd,
                lo: (mean - z * sd).max(0.0),
                hi: (mean + z * sd).min(1.0),
            })
        })
        .collect();
    match summary {
        Some(ivs) => (Intervals::Se(se), ivs),
        None => (
            Intervals::Credible,
            datasets
                .iter()
                .map(|d| credible_interval(&d.groups(), k, prior, confidence, Metric::PassAtK))
                .collect(),
        ),
    }
}

/// Where the series' intervals are over tasks and the task-to-task spread dominates them
/// (SE over tasks at least twice that over samples, in root mean square over the series):
/// both SEs, which more samples of these tasks cannot bring together.
fn task_variation(variations: &[Variation]) -> Option<(f64, f64)> {
    let (mut tasks, mut samples) = (0.0, 0.0);
    for s in variations {
        tasks += s.tasks?.powi(2);
        samples += s.sampling?.powi(2);
    }
    let m = variations.len().max(1) as f64;
    let (t, s) = ((tasks / m).sqrt(), (samples / m).sqrt());
    (t >= 2.0 * s).then_some((t, s))
}

/// The stop view of `datasets` at pass@k at the two-sided `confidence`: each series' interval
/// the summary's (the unbiased value ± z·SE of kind `se`), or, where such an SE is undefined,
/// the credible interval with `prior` (α0, β0); the tasks to sample next from the posterior.
pub fn stop_view(
    datasets: &[Dataset],
    k: u64,
    prior: [f64; 2],
    confidence: f64,
    se: SeKind,
) -> StopText {
    let prior = Prior {
        alpha: prior[0],
        beta: prior[1],
    };
    let variations: Vec<Variation> = datasets.iter().map(|d| Variation::of(d, k)).collect();
    let (kind, ivs) = intervals((datasets, &variations), k, prior, confidence, se);
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
    let spread = match (answer.settled, kind) {
        (false, Intervals::Se(SeKind::Tasks)) => task_variation(&variations),
        _ => None,
    };
    let mut sentence = sentence(&names, &answer, k, pair.filter(|_| spread.is_none()), kind);
    if let Some((t, s)) = spread {
        sentence.push_str(&format!(
            " The spread from task to task dominates (SE {} points over tasks, {} over samples): more samples of these tasks will not narrow the intervals; more tasks would.",
            points_sig(t),
            points_sig(s)
        ));
        if let Some((x, y)) = pair {
            sentence.push_str(&format!(
                " (To sample anyway: {} and {}, first the tasks listed.)",
                names[x], names[y]
            ));
        }
    }
    StopText {
        answer,
        k,
        pair,
        tasks,
        intervals: kind,
        sentence,
    }
}

/// The sentence, naming the `kind` of intervals compared.
pub fn sentence(
    names: &[&str],
    a: &StopAnswer,
    k: u64,
    pair: Option<(usize, usize)>,
    kind: Intervals,
) -> String {
    let at = format!("pass@{}", thousands(k));
    let lv = kind.words(&level(a.confidence));
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
            "You can stop: at {at} no two adjacent series overlap ({lv}), {leader} first (the order stays with probability ≈ {}).",
            percent(a.p_order)
        );
    }
    if a.top_settled {
        let (x, y) = pair.map_or(("", ""), |(x, y)| (names[x], names[y]));
        return format!(
            "{leader} is on top at {at}, apart from the rest ({lv}; it stays there with probability ≈ {}), but the order below is not settled: {x} and {y} overlap.{sample}",
            percent(a.p_top)
        );
    }
    let rivals: Vec<&str> = a.ambiguous.iter().map(|&j| names[j]).collect();
    format!(
        "Not settled at {at}: {leader} leads, but {} {} its interval ({lv}; it stays on top with probability ≈ {}).{sample}",
        rivals.join(", "),
        if rivals.len() == 1 { "overlaps" } else { "overlap" },
        percent(a.p_top)
    )
}

#[cfg(test)]
mod tests;
