//! `passk rank [FILE ...|-] [--method LIST] [FLAGS]`: the series ranked by every method
//! asked for (default all), each with its interval or rank interval and why it stopped, the
//! agreement between the methods and the verdict — the `passk-rank/1` document, or the
//! verdict and a table (`--format md|text`).

use std::process::ExitCode;

use passk_core::analysis::rank::{rank_all, Outcomes, RankAll, RankOptions, METHODS};
use passk_core::data::Dataset;
use passk_view::rank_text::verdict;
use serde::Serialize;

use crate::args::Args;
use crate::capture::print_out;
use crate::output::{table, Output};
use crate::read::read_files;

/// Task resamples of the rank intervals unless `--bootstrap B` says.
pub const DEFAULT_RESAMPLES: u32 = 200;

/// The `passk-rank/1` document.
#[derive(Serialize)]
struct RankDoc<'a> {
    schema: &'static str,
    series: Vec<&'a str>,
    #[serde(flatten)]
    all: &'a RankAll,
    sentence: String,
}

/// The options of `rank` from its flags: k the first `--k` (default min(10, the smallest
/// n)), τ the first `--g-tau`, the level `--confidence`, resamples `--bootstrap` (default
/// [`DEFAULT_RESAMPLES`]), the seed `--seed`.
fn options(args: &Args, o: &Outcomes) -> RankOptions {
    let s = &args.opts.settings;
    let n_min = o.n.iter().copied().min().unwrap_or(1);
    RankOptions {
        k: if args.k_given {
            args.opts.ks.first().copied().unwrap_or(1)
        } else {
            n_min.clamp(1, 10)
        },
        tau: args.opts.g_taus.first().map_or(0.5, |t| t.value()),
        level: s.confidence,
        resamples: if s.bootstrap == 0 {
            DEFAULT_RESAMPLES
        } else {
            u32::try_from(s.bootstrap).unwrap_or(u32::MAX)
        },
        seed: s.seed,
    }
}

/// Runs `passk rank`.
pub(crate) fn rank(args: Args) -> Result<ExitCode, String> {
    let (datasets, _, any_rejected) = read_files(&args)?;
    let refs: Vec<&Dataset> = datasets.iter().collect();
    let o = Outcomes::of(&refs);
    let keys: Vec<&str> = match &args.methods {
        Some(m) => m.iter().map(String::as_str).collect(),
        None => METHODS.iter().map(|m| m.key).collect(),
    };
    let mut all = rank_all(&o, &keys, &options(&args, &o)).map_err(|e| format!("rank: {e}"))?;
    let names: Vec<String> = datasets.iter().map(|d| d.name.clone()).collect();
    if let Some((a, b)) = &args.separate {
        let at = |name: &str| {
            names.iter().position(|n| n == name).ok_or_else(|| {
                format!(
                    "--separate: no series '{name}': one of {}",
                    names.join(", ")
                )
            })
        };
        let (i, j) = (at(a)?, at(b)?);
        if let Some(items) = &mut all.items {
            items.separate(i, j);
        }
    }
    let sentence = verdict(&names, &all);
    let out = match args.output {
        Output::Json => crate::capture::json(&RankDoc {
            schema: "passk-rank/1",
            series: names.iter().map(String::as_str).collect(),
            all: &all,
            sentence,
        })?,
        o => format!(
            "{sentence}\n\n{}",
            rank_table(&names, &all, o == Output::Md)
        ),
    };
    print_out(&out);
    Ok(if any_rejected {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// One row per method: its ranks of the series (a rank interval after it when there is
/// one), or why it has none.
fn rank_table(names: &[String], all: &RankAll, md: bool) -> String {
    let mut header: Vec<&str> = vec!["method"];
    header.extend(names.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = all
        .methods
        .iter()
        .map(|m| {
            let mut row = vec![m.label.clone()];
            match &m.ranking {
                Some(r) => row.extend(r.ranks.iter().enumerate().map(|(i, rank)| {
                    match m.rank_intervals.as_ref().and_then(|x| x.ranks.get(i)) {
                        Some((lo, hi)) if lo != hi => format!("{rank} ({lo}–{hi})"),
                        _ => format!("{rank}"),
                    }
                })),
                None => row.push(m.error.clone().unwrap_or_default()),
            }
            row
        })
        .collect();
    table(&header, &rows, md)
}
