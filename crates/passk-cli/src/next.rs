//! `passk plan [FILE ...|-] --next [--k K] [--confidence P] [--prior A0,B0]`: can I stop
//! sampling? How settled the ranking of the series is at pass@k (k = 1 unless given), and
//! which series and tasks should get the next samples, as JSON — the planner panel's answer
//! (`passk_view::stop_text`).

use passk_core::data::Dataset;
use passk_core::estimators::SeKind;
use passk_view::stop_text::{stop_view, Intervals};
use serde::Serialize;

use crate::args::Args;
use crate::output::{table, Output};

/// An adjacent pair, by name.
#[derive(Serialize)]
struct Pair<'a> {
    above: &'a str,
    below: &'a str,
    z: f64,
    rho: f64,
}

/// A task to sample next, by its series' name.
#[derive(Serialize)]
struct Task<'a> {
    series: &'a str,
    task: &'a str,
    gain: f64,
}

/// What `plan --next` prints.
#[derive(Serialize)]
struct Next<'a> {
    k: u64,
    confidence: f64,
    /// Best first.
    order: Vec<&'a str>,
    adjacent: Vec<Pair<'a>>,
    p_order: f64,
    p_top: f64,
    settled: bool,
    top_settled: bool,
    ambiguous: Vec<&'a str>,
    /// The pair to sample next (absent when settled).
    next: Option<[&'a str; 2]>,
    tasks: Vec<Task<'a>>,
    /// The intervals compared: "tasks" or "sampling" (the summary's ± over tasks or over
    /// samples), or "credible" (where such an SE is undefined).
    intervals: &'static str,
    sentence: &'a str,
}

/// What `plan --next` prints for `datasets` (read from `args`' files): its JSON, or with
/// `--format md|text` the sentence and the tasks to sample next.
pub fn next_text(args: &Args, datasets: &[Dataset]) -> Result<String, String> {
    let k = match args.opts.ks.as_slice() {
        _ if !args.k_given => 1,
        [k] => *k,
        _ => return Err("plan --next takes one budget: --k K".into()),
    };
    let s = &args.opts.settings;
    // The intervals of the page's summary by default: over tasks.
    let v = stop_view(datasets, k, s.prior, s.confidence, SeKind::Tasks);
    let name = |i: usize| datasets[i].name.as_str();
    let a = &v.answer;
    let doc = Next {
        k,
        confidence: a.confidence,
        order: a.order.iter().map(|&i| name(i)).collect(),
        adjacent: a
            .adjacent
            .iter()
            .map(|p| Pair {
                above: name(p.above),
                below: name(p.below),
                z: p.z,
                rho: p.rho,
            })
            .collect(),
        p_order: a.p_order,
        p_top: a.p_top,
        settled: a.settled,
        top_settled: a.top_settled,
        ambiguous: a.ambiguous.iter().map(|&i| name(i)).collect(),
        next: v.pair.map(|(x, y)| [name(x), name(y)]),
        tasks: v
            .tasks
            .iter()
            .map(|t| Task {
                series: name(t.series),
                task: &t.task,
                gain: t.gain,
            })
            .collect(),
        intervals: match v.intervals {
            Intervals::Se(kind) => kind.key(),
            Intervals::Credible => "credible",
        },
        sentence: &v.sentence,
    };
    if args.output == Output::Json {
        return crate::capture::json(&doc);
    }
    let rows: Vec<Vec<String>> = doc
        .tasks
        .iter()
        .map(|t| {
            vec![
                t.series.to_string(),
                t.task.to_string(),
                format!("{:.3e}", t.gain),
            ]
        })
        .collect();
    let mut out = doc.sentence.to_string();
    if !rows.is_empty() {
        out.push_str("\n\n");
        out.push_str(&table(
            &[
                "series",
                "task",
                "variance of pass@k one more sample removes",
            ],
            &rows,
            args.output == Output::Md,
        ));
    }
    Ok(out)
}
