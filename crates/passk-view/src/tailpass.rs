//! TailPass@K beside the Cover@τ curves: each series' posterior profile at the largest budget
//! the report has one for (K ≤ 100), as the chart draws it.

use crate::table::CountScores;
use passk_core::analysis::CoverCurves;
use passk_core::report::Report;

/// The largest budget any series has a TailPass profile at.
fn budget(report: &Report) -> Option<u64> {
    report
        .models
        .iter()
        .flat_map(|m| m.tailpass.iter().map(|t| t.k))
        .max()
}

/// The budget K and, for each of `series` (by name), its TailPass@K points (r/K, μ_r),
/// r = 1..=K (empty for a series the report has no profile for). K = 0 when none has one.
pub fn lines(report: &Report, series: &[CoverCurves]) -> (u64, Vec<Vec<(f64, f64)>>) {
    let k = budget(report).unwrap_or(0);
    let lines = series
        .iter()
        .map(|s| {
            let row = report
                .models
                .iter()
                .find(|m| m.name == s.name)
                .and_then(|m| m.tailpass.iter().find(|t| t.k == k));
            row.map(|t| {
                let kf = t.k as f64;
                (1..=t.k)
                    .zip(&t.mean)
                    .map(|(r, &m)| (r as f64 / kf, m))
                    .collect()
            })
            .unwrap_or_default()
        })
        .collect();
    (k, lines)
}

/// The Cover panel's words for the dotted lines: " Dotted: TailPass@100, the posterior share
/// of tasks whose 100 fresh samples would pass at least τ·100 times (any K, also beyond n)."
/// Empty when no series has a profile; while the report lacks its count scores (`counts`),
/// that the lines follow or were not computed.
pub fn note(report: &Report, counts: CountScores) -> String {
    match (budget(report), counts) {
        (Some(k), _) => format!(
            " Dotted: TailPass@{k}, the posterior share of tasks whose {k} fresh samples would pass at least τ·{k} times (a posterior: it reaches budgets beyond n)."
        ),
        (None, CountScores::Here) => String::new(),
        (None, CountScores::Coming) => {
            " The dotted TailPass lines follow: they are being computed.".to_string()
        }
        (None, CountScores::Stopped) => {
            " The dotted TailPass lines were not computed: the job stopped before they came (change a setting to ask again).".to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::report::build_report;
    use passk_core::settings::Options;
    use passk_io::read::{assemble, read_text};

    #[test]
    fn the_largest_budget_by_series_name() {
        let (ds, rej) = assemble(vec![read_text("b.txt", "b", "10 3\n10 0\n20 20\n", None)]);
        let opts = Options {
            ks: vec![2, 4, 200],
            ..Options::default()
        };
        let report = build_report(&ds, rej, &opts);
        let curves = |name: &str| CoverCurves {
            name: name.into(),
            steps: vec![],
            posterior: vec![],
            marks: vec![],
            area: 0.0,
        };
        let (k, l) = lines(&report, &[curves("a"), curves("b")]);
        // 200 > 100 has no profile: K = 4, the report's points at r/4.
        assert_eq!(k, 4);
        assert!(l[0].is_empty());
        let row = report.models[0].tailpass.iter().find(|t| t.k == 4).unwrap();
        let want: Vec<(f64, f64)> = [0.25, 0.5, 0.75, 1.0]
            .into_iter()
            .zip(row.mean.iter().copied())
            .collect();
        assert_eq!(l[1], want);
        // Falling in τ: at least more passes is rarer.
        assert!(l[1].windows(2).all(|w| w[1].1 < w[0].1));
        for counts in [CountScores::Here, CountScores::Coming, CountScores::Stopped] {
            assert!(note(&report, counts).starts_with(" Dotted: TailPass@4, "));
        }
        let none = Report::default();
        assert_eq!(note(&none, CountScores::Here), "");
        assert!(note(&none, CountScores::Coming).contains("being computed"));
        assert!(note(&none, CountScores::Stopped).contains("not computed"));
    }
}
