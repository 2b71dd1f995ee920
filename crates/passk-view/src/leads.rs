//! The one-line answers of the panels (`.lead` on the page): what a folded panel still says
//! on a phone, and its first line elsewhere. Each is read from the report, so it agrees with
//! the panel's table and with `passk report`.

use passk_core::analysis::forecast::{ReachRow, Reached};
use passk_core::report::RankRow;
use passk_core::report::{ModelReport, Report};
use passk_io::display::{percent, thousands};

use crate::summary::headline_ks;

/// "12.30 %" for one series; "from 5.10 % (70M) to 12.30 % (12B)" for several (the lowest
/// and the highest; ties keep the first series); "0 % for every series" when all agree.
pub fn low_to_high(values: &[(&str, f64)]) -> Option<String> {
    let first = values.first()?;
    if values.len() == 1 {
        return Some(percent(first.1));
    }
    let lo = values
        .iter()
        .fold(first, |a, b| if b.1 < a.1 { b } else { a });
    let hi = values
        .iter()
        .fold(first, |a, b| if b.1 > a.1 { b } else { a });
    if lo.1 == hi.1 {
        return Some(format!("{} for every series", percent(lo.1)));
    }
    Some(format!(
        "from {} ({}) to {} ({})",
        percent(lo.1),
        lo.0,
        percent(hi.1),
        hi.0
    ))
}

fn with_tasks(report: &Report) -> impl Iterator<Item = &ModelReport> {
    report.models.iter().filter(|m| m.tasks > 0)
}

/// The Pass@k panel: the unbiased pass@k at the summary's budgets (within every series' n),
/// "pass@1: from … to …; pass@100: from … to …." None without a value.
pub fn curves(report: &Report) -> Option<String> {
    let parts: Vec<String> = headline_ks(report)
        .into_iter()
        .filter_map(|k| {
            let values: Vec<(&str, f64)> = with_tasks(report)
                .filter_map(|m| {
                    let row = m.pass_at_k.iter().find(|r| r.k == k)?;
                    Some((m.name.as_str(), row.combinatorial?))
                })
                .collect();
            Some(format!("pass@{}: {}", thousands(k), low_to_high(&values)?))
        })
        .collect();
    (!parts.is_empty()).then(|| format!("{}.", parts.join("; ")))
}

/// The Cover@τ panel: the plug-in Cover@τ at the first and the last τ of the list, "Tasks
/// solved at least τ of the time: τ = 0.2, from … to …; τ = 0.8, from … to …." None
/// without a value.
pub fn cover(report: &Report) -> Option<String> {
    let taus: Vec<f64> = with_tasks(report)
        .next()?
        .cover
        .iter()
        .map(|c| c.tau)
        .collect();
    let mut ends = vec![(0, *taus.first()?)];
    if taus.len() > 1 {
        ends.push((taus.len() - 1, taus[taus.len() - 1]));
    }
    let parts: Vec<String> = ends
        .into_iter()
        .filter_map(|(i, tau)| {
            let values: Vec<(&str, f64)> = with_tasks(report)
                .filter_map(|m| Some((m.name.as_str(), m.cover.get(i)?.plugin?)))
                .collect();
            Some(format!("τ = {tau}, {}", low_to_high(&values)?))
        })
        .collect();
    (!parts.is_empty())
        .then(|| format!("Tasks solved at least τ of the time: {}.", parts.join("; ")))
}

/// The results table: "7 series × 9 budgets (k = 1–1,000); the auto column is the
/// recommended estimate." None without a series with tasks.
pub fn results(report: &Report) -> Option<String> {
    let series = with_tasks(report).count();
    if series == 0 {
        return None;
    }
    let ks = &report.k;
    let range = match (ks.iter().min(), ks.iter().max()) {
        (Some(lo), Some(hi)) if lo < hi => format!(" (k = {}–{})", thousands(*lo), thousands(*hi)),
        (Some(k), _) => format!(" (k = {})", thousands(*k)),
        _ => String::new(),
    };
    let plural = |n: usize, one: &str, many: &str| {
        format!(
            "{} {}",
            thousands(n as u64),
            if n == 1 { one } else { many }
        )
    };
    Some(format!(
        "{} × {}{range}; the auto column is the recommended estimate.",
        plural(series, "series", "series"),
        plural(ks.len(), "budget", "budgets"),
    ))
}

/// The first `most` of `items` joined by commas, then "and 4 more".
pub fn listed(items: &[String], most: usize) -> String {
    if items.len() <= most {
        items.join(", ")
    } else {
        format!(
            "{} and {} more",
            items[..most].join(", "),
            items.len() - most
        )
    }
}

/// A reach as a cell: "k = 162 (93–301)", "beyond 10¹²", "never (ceiling 93.8%)".
pub fn reach_cell(r: &ReachRow) -> String {
    match r.reached {
        Reached::At(k) => {
            let iv = match (r.lo, r.hi) {
                (Some(lo), Some(hi)) => format!(" ({}–{})", thousands(lo), thousands(hi)),
                (Some(lo), None) => format!(" ({}–beyond 10¹²)", thousands(lo)),
                _ => String::new(),
            };
            format!("{}{iv}", thousands(k))
        }
        Reached::Beyond => "beyond 10¹²".to_string(),
        Reached::Never => format!("never (ceiling {})", percent(r.ceiling)),
    }
}

/// The reach in words, the data's answer first: "Smallest k with pass@k ≥ 50.00 %, measured
/// (unbiased, within the samples drawn): 410M 1,202, 160M 3,136. Beyond them, forecast
/// (scaled Beta): 70M 25,000 (21,000–31,000)." — the measured k of each series that reaches
/// the target within its samples, then the forecast of the others (all of them when none
/// does: "Smallest k with forecast pass@k ≥ 50 % (scaled Beta): 12B 300 (250–380), 6.9B
/// never (ceiling 40.00 %) and 5 more."), from each series' row (None: not forecast), at
/// the target the rows were computed for; None without a row.
pub fn forecast(rows: &[(&str, Option<&ReachRow>)], most: usize) -> Option<String> {
    let target = rows.iter().find_map(|(_, r)| r.map(|r| r.target))?;
    let measured: Vec<String> = rows
        .iter()
        .filter_map(|(name, r)| Some(format!("{name} {}", thousands(r.as_ref()?.measured?))))
        .collect();
    let forecast: Vec<String> = rows
        .iter()
        .filter_map(|(name, r)| {
            let r = r.as_ref()?;
            r.measured
                .is_none()
                .then(|| format!("{name} {}", reach_cell(r)))
        })
        .collect();
    let mut out = Vec::new();
    if !measured.is_empty() {
        out.push(format!(
            "Smallest k with pass@k ≥ {}, measured (unbiased, within the samples drawn): {}.",
            percent(target),
            listed(&measured, most)
        ));
    }
    if !forecast.is_empty() {
        out.push(if measured.is_empty() {
            format!(
                "Smallest k with forecast pass@k ≥ {} (scaled Beta): {}.",
                percent(target),
                listed(&forecast, most)
            )
        } else {
            format!(
                "Beyond them, forecast (scaled Beta): {}.",
                listed(&forecast, most)
            )
        });
    }
    (!out.is_empty()).then(|| out.join(" "))
}

/// The ranking at budget `k`: "At k = 10: 12B, 6.9B, 2.8B (best first)." — the first
/// `most` names, then "and 4 more". None without a ranked series.
pub fn ranking(rows: &[RankRow], k: u64, most: usize) -> Option<String> {
    let names: Vec<&str> = rows
        .iter()
        .filter(|r| r.value.is_some())
        .map(|r| r.series.as_str())
        .collect();
    match names.len() {
        0 => None,
        1 => Some(format!("At k = {}: {} alone.", thousands(k), names[0])),
        _ => {
            let names: Vec<String> = names.into_iter().map(str::to_string).collect();
            Some(format!(
                "At k = {}: {} (best first).",
                thousands(k),
                listed(&names, most)
            ))
        }
    }
}

#[cfg(test)]
mod tests;
