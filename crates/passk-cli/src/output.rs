//! What the command line prints for people (`--format md` or `--format text`): the page's
//! sentences — the summary's, the comparison's, "Can I stop?" — and a compact table, in
//! Markdown or in plain aligned text. JSON (the default) is each command's document.

use passk_core::analysis::compare::{compare_all, Comparison, Pairs};
use passk_core::data::Dataset;
use passk_core::estimators::SeKind;
use passk_core::num::two_sided_z;
use passk_core::report::Report;
use passk_io::display::thousands;
use passk_view::compare_text::{chosen_k, p_text};
use passk_view::pair::default_pair;
use passk_view::ranking::ranking_line;
use passk_view::summary::{caption, compare_line, summary};
use serde::Serialize;

use passk_core::settings::Settings;

/// How a command prints its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Output {
    /// The command's JSON document (the default).
    #[default]
    Json,
    /// The sentences and a Markdown table.
    Md,
    /// The sentences and a table of aligned plain text.
    Text,
}

impl Output {
    /// The output named `v` (json, md, text), if it names one.
    pub fn from_key(v: &str) -> Option<Output> {
        match v {
            "json" => Some(Output::Json),
            "md" => Some(Output::Md),
            "text" => Some(Output::Text),
            _ => None,
        }
    }
}

/// Whether the command `name` (`next`: `plan --next`) can print `output`: JSON always,
/// sentences (`--format md|text`) from `report`, `compare`, `rank` and `plan --next`.
pub fn speaks(name: &str, output: Output, next: bool) -> bool {
    output == Output::Json
        || matches!(name, "report" | "compare" | "rank")
        || (name == "plan" && next)
}

/// What `passk compare` prints: its JSON with the sentence, or the sentence and a table.
///
/// # Errors
/// When the JSON cannot be written.
pub fn compare_out(datasets: &[Dataset], d: &Comparison, output: Output) -> Result<String, String> {
    match output {
        Output::Json => {
            let doc = CompareDoc {
                comparison: d,
                pair: summary_pair(datasets).map(|(a, b)| [a, b]),
                sentence: comparison_sentence(datasets, d),
                ranking: ranking(datasets, d),
            };
            crate::capture::json(&doc)
        }
        o => Ok(compare_text(datasets, d, o == Output::Md)),
    }
}

/// What `passk report` prints: the passk-report/2 document, or the summary's sentences and
/// table.
///
/// # Errors
/// When the JSON cannot be written.
pub fn report_out(
    report: &Report,
    datasets: &[Dataset],
    (ks, settings): (&[u64], &Settings),
    output: Output,
) -> Result<String, String> {
    match output {
        Output::Json => crate::capture::json(report),
        o => {
            // The summary's comparison: the report's own (the same settings), else, where no
            // pair shares task ids, the comparison that says why.
            let compared = report.pairwise.clone().or_else(|| {
                (with_tasks(datasets).len() > 1)
                    .then(|| compare_all(datasets, ks, Pairs::All, settings))
            });
            Ok(report_text(
                report,
                datasets,
                compared.as_ref(),
                o == Output::Md,
            ))
        }
    }
}

/// A table of `header` and `rows`: Markdown (`md`) or columns padded to their widest cell.
pub fn table(header: &[&str], rows: &[Vec<String>], md: bool) -> String {
    let head: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    if md {
        let line = |cells: &[String]| format!("| {} |", cells.join(" | "));
        let mut out = vec![line(&head), line(&vec!["---".to_string(); head.len()])];
        out.extend(rows.iter().map(|r| line(r)));
        return out.join("\n");
    }
    let width = |i: usize| {
        std::iter::once(&head)
            .chain(rows)
            .map(|r| r.get(i).map_or(0, |c| c.chars().count()))
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..head.len()).map(width).collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, &w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
            .collect();
        padded.join("  ").trim_end().to_string()
    };
    let mut out = vec![line(&head)];
    out.extend(rows.iter().map(|r| line(r)));
    out.join("\n")
}

/// The series with tasks (those the page's summary shows and compares).
fn with_tasks(datasets: &[Dataset]) -> Vec<&Dataset> {
    datasets.iter().filter(|d| !d.tasks.is_empty()).collect()
}

/// The pair the page's summary compares (A, B) among `datasets`' series with tasks, by name.
pub fn summary_pair(datasets: &[Dataset]) -> Option<(&str, &str)> {
    let with = with_tasks(datasets);
    let (a, b) = default_pair(with.iter().copied())?;
    Some((with[a].name.as_str(), with[b].name.as_str()))
}

/// The summary's sentence on the comparison (`compare_line`, as the page says it with the
/// default pair and the budget it reads by default).
pub fn comparison_sentence(datasets: &[Dataset], d: &Comparison) -> String {
    compare_line(
        with_tasks(datasets).len(),
        Some(d),
        false,
        summary_pair(datasets),
        (None, true),
    )
}

/// `passk compare`'s JSON: the comparison, with the summary's sentence and its pair.
#[derive(Serialize)]
pub struct CompareDoc<'a> {
    /// Every pair's tests, crossovers, ranks.
    #[serde(flatten)]
    pub comparison: &'a Comparison,
    /// The pair the sentence compares (A, B: the difference is A − B).
    pub pair: Option<[&'a str; 2]>,
    /// The page's sentence on that pair.
    pub sentence: String,
    /// With three series or more, the summary's line of ranking at pass@1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranking: Option<String>,
}

/// The summary's line of ranking (three series or more).
fn ranking(datasets: &[Dataset], d: &Comparison) -> Option<String> {
    ranking_line(&with_tasks(datasets), d)
}

/// `passk compare --format md|text`: the sentence, then the sentence's pair's tests at each k.
pub fn compare_text(datasets: &[Dataset], d: &Comparison, md: bool) -> String {
    let mut out = vec![comparison_sentence(datasets, d)];
    out.extend(ranking(datasets, d));
    let z = two_sided_z(0.95);
    let pair = summary_pair(datasets);
    let rows: Vec<Vec<String>> = d
        .comparisons
        .iter()
        .filter(|c| pair.is_some_and(|(a, b)| (c.a == a && c.b == b) || (c.a == b && c.b == a)))
        .map(|c| {
            let t = &c.test;
            let pts = |x: f64| format!("{:.2}", 100.0 * x);
            vec![
                c.a.clone(),
                c.b.clone(),
                thousands(t.k),
                pts(t.diff),
                t.se.map(|se| format!("{} to {}", pts(t.diff - z * se), pts(t.diff + z * se)))
                    .unwrap_or_else(|| "—".into()),
                t.p.map(p_text).unwrap_or_else(|| "—".into()),
                c.p_holm_all.map(p_text).unwrap_or_else(|| "—".into()),
            ]
        })
        .collect();
    if !rows.is_empty() {
        out.push(table(
            &[
                "A",
                "B",
                "k",
                "A − B (points)",
                "95 % interval",
                "p",
                "Holm p (all tests)",
            ],
            &rows,
            md,
        ));
    }
    if let Some((a, b)) = pair {
        if let Some(k) = chosen_k(d, a, b, None) {
            out.push(format!(
                "The sentence reads {a} − {b} at k = 1 and k = {}; the JSON (--format json) has every pair's tests, crossovers and ranks.",
                thousands(k)
            ));
        }
    }
    out.join("\n\n")
}

/// `passk report --format md|text`: the page's summary — what was read, each series'
/// pass@k ± its 95 % interval over tasks at the headline budgets — and, with two series or
/// more, the comparison's sentence.
pub fn report_text(
    report: &Report,
    datasets: &[Dataset],
    d: Option<&Comparison>,
    md: bool,
) -> String {
    let Some(s) = summary(report, SeKind::Tasks) else {
        return "No series with tasks.".to_string();
    };
    let mut header = vec!["series".to_string(), "tasks".to_string()];
    header.extend(s.ks.iter().map(|k| format!("pass@{}", thousands(*k))));
    let rows: Vec<Vec<String>> = s
        .series
        .iter()
        .map(|l| {
            let mut r = vec![l.name.clone(), thousands(l.tasks)];
            r.extend(l.cells.iter().map(|c| {
                match c {
                    Some((v, i)) => format!("{v} {}", i.clone().unwrap_or_default())
                        .trim()
                        .to_string(),
                    None => "undefined (k > n)".to_string(),
                }
            }));
            r
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut out = vec![
        s.data.clone(),
        table(&header, &rows, md),
        format!("{}.", caption(s.level, s.se)),
    ];
    if let Some(d) = d {
        out.push(comparison_sentence(datasets, d));
        out.extend(ranking(datasets, d));
    }
    out.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_in_markdown_and_in_columns() {
        let rows = vec![
            vec!["alpha".to_string(), "1".to_string()],
            vec!["b".to_string(), "22".to_string()],
        ];
        assert_eq!(
            table(&["name", "k"], &rows, true),
            "| name | k |\n| --- | --- |\n| alpha | 1 |\n| b | 22 |"
        );
        assert_eq!(
            table(&["name", "k"], &rows, false),
            "name   k\nalpha  1\nb      22"
        );
        assert_eq!(Output::from_key("md"), Some(Output::Md));
        assert_eq!(Output::from_key("csv"), None);
    }
}
