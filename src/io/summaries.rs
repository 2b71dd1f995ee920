//! The sentences the page writes under its comparison and backtest panels, built from the
//! core's results (pure, natively tested).

use crate::core::analysis::backtest::run::Backtest;
use crate::core::analysis::compare::{PairError, PairedOutcome};
use crate::core::estimators::kind::Estimator;
use crate::core::report::backtests::SeriesBacktest;

/// An error in percentage points with two decimals (0.0123 → "1.23").
pub fn points(e: f64) -> String {
    format!("{:.2}", 100.0 * e)
}

/// How far `c` extrapolates in the backtest and with what error, at the largest ratio it was
/// measured at (empty when it never was).
pub fn extrapolates(bt: &Backtest, c: Estimator) -> String {
    let Some((_, errs)) = bt.mae.iter().find(|(x, _)| *x == c) else {
        return String::new();
    };
    let measured: Vec<(u64, f64)> = bt
        .ratios
        .iter()
        .zip(errs)
        .filter(|(_, e)| e.is_finite())
        .map(|(&r, &e)| (r, e))
        .collect();
    let Some(&(r, e)) = measured.last() else {
        return String::new();
    };
    let lines: Vec<String> = measured
        .iter()
        .map(|(r, e)| format!("{r}× with {} points", points(*e)))
        .collect();
    format!(
        "On your data, {} extrapolates {r}× with {} points of error (mean absolute error over {} subsamples; {}).",
        c.label(),
        points(e),
        bt.repeats,
        lines.join(", ")
    )
}

/// The backtest panel's summary of one series: what `auto` chose and why, or why the
/// backtest could not run.
pub fn backtest_summary(b: &SeriesBacktest) -> String {
    if let Some(e) = &b.failed {
        return format!(
            "The backtest cannot run for {}: {e}. BB is used for k > n.",
            b.name
        );
    }
    let c = b.auto.estimator;
    let err = match b.auto.error {
        Some(e) => format!("its backtest error there: ±{} points", points(e)),
        None => "unbacked: the budgets go beyond the largest ratio measured".into(),
    };
    format!(
        "auto (backtested) = {} for k > n: {}; {err}. {}",
        c.label(),
        b.auto.reason,
        extrapolates(&b.backtest, c)
    )
}

/// "Would more samples help?" in one sentence, from the last line of the chart (the chosen
/// mix, else LinMix): the error at the most samples against the error at a quarter of them
/// or fewer. `k_text` is the target budget as the chart labels it.
pub fn more_samples_gain(k_text: &str, lines: &[(String, Vec<(u64, f64)>)]) -> Option<String> {
    let (name, pts) = lines.last()?;
    let &(m2, e2) = pts.last()?;
    let &(m1, e1) = pts.iter().rev().find(|p| p.0 * 4 <= m2).or(pts.first())?;
    (m1 < m2).then(|| {
        format!(
            "Going from {m1} to {m2} samples per task cuts the expected error at k = {k_text} from ~{} to ~{} points ({name}).",
            points(e1),
            points(e2)
        )
    })
}

/// The paired panel's summary: the pairs, the difference at the smallest and largest
/// budget, whether its sign changes, and the tasks left out.
pub fn paired_summary(result: Option<&Result<PairedOutcome, PairError>>) -> String {
    let p = match result {
        None => return "Pick two series.".to_string(),
        Some(Err(e)) => return format!("These two series cannot be paired: {e}."),
        Some(Ok(p)) => p,
    };
    let rows = &p.curve.rows;
    let change = match p.curve.sign_change {
        Some(k) => format!(" The sign changes at k = {k}."),
        None => " The sign does not change.".to_string(),
    };
    let ends = match (rows.first(), rows.last()) {
        (Some(f), Some(l)) => format!(
            " {}: {:+.2} points at k = {}, {:+.2} at k = {}.",
            p.label,
            100.0 * f.mean,
            f.k,
            100.0 * l.mean,
            l.k
        ),
        _ => String::new(),
    };
    let (ua, ub) = p.unmatched;
    let unmatched = if ua + ub > 0 {
        format!(" ({ua} + {ub} tasks without a match are left out.)")
    } else {
        String::new()
    };
    format!(
        "{} tasks paired by id.{ends}{change}{unmatched} Band: paired task bootstrap, 2.5–97.5 %.",
        p.pairs
    )
}

/// The paired difference at the smallest budget with its standard error.
pub fn paired_se_note(p: &PairedOutcome) -> Option<String> {
    p.curve.rows.first().map(|r| {
        format!(
            "At k = {}: {:+.3} ± {:.3} points (standard error).",
            r.k,
            100.0 * r.mean,
            100.0 * r.se
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::analysis::compare::{DiffAtK, PairedCurve};

    fn bt() -> Backtest {
        Backtest {
            ratios: vec![2, 4, 8],
            mae: vec![
                (Estimator::Naive, vec![0.04, 0.07, f64::NAN]),
                (Estimator::Bb, vec![0.01, 0.015, 0.02]),
            ],
            levels: vec![],
            repeats: 20,
        }
    }

    #[test]
    fn extrapolation_sentence_names_the_largest_measured_ratio() {
        assert_eq!(
            extrapolates(&bt(), Estimator::Naive),
            "On your data, naive extrapolates 4× with 7.00 points of error (mean absolute error over 20 subsamples; 2× with 4.00 points, 4× with 7.00 points)."
        );
        assert_eq!(extrapolates(&bt(), Estimator::Zoibb), "");
    }

    #[test]
    fn backtest_summary_says_why_it_cannot_run() {
        use crate::core::analysis::backtest::run::BacktestError;
        let b = SeriesBacktest::new("s", 2, &[10], 20, Err(BacktestError::TooFewSamples));
        assert!(backtest_summary(&b)
            .starts_with("The backtest cannot run for s: the backtest needs n ≥ 4"));
        let b = SeriesBacktest::new("s", 16, &[64], 20, Ok(bt()));
        let s = backtest_summary(&b);
        assert!(s.starts_with("auto (backtested) = BB for k > n:"), "{s}");
        assert!(s.contains("±1.50 points"), "{s}");
    }

    #[test]
    fn gain_compares_a_quarter_of_the_samples_or_fewer() {
        let lines = vec![(
            "BB".to_string(),
            vec![(8, 0.05), (16, 0.04), (32, 0.03), (128, 0.01)],
        )];
        assert_eq!(
            more_samples_gain("1k", &lines).unwrap(),
            "Going from 32 to 128 samples per task cuts the expected error at k = 1k from ~3.00 to ~1.00 points (BB)."
        );
        assert_eq!(
            more_samples_gain("1k", &[("BB".into(), vec![(8, 0.05)])]),
            None
        );
        assert_eq!(more_samples_gain("1k", &[]), None);
    }

    #[test]
    fn paired_summary_reports_ends_sign_and_unmatched() {
        let row = |k, mean| DiffAtK {
            k,
            mean,
            se: 0.01,
            normal: (0.0, 0.0),
            bootstrap: None,
        };
        let p = PairedOutcome {
            label: "A − B".into(),
            curve: PairedCurve {
                rows: vec![row(1, 0.05), row(64, -0.0123)],
                sign_change: Some(22),
            },
            pairs: 1060,
            unmatched: (2, 0),
        };
        assert_eq!(
            paired_summary(Some(&Ok(p.clone()))),
            "1060 tasks paired by id. A − B: +5.00 points at k = 1, -1.23 at k = 64. The sign changes at k = 22. (2 + 0 tasks without a match are left out.) Band: paired task bootstrap, 2.5–97.5 %."
        );
        assert_eq!(paired_summary(None), "Pick two series.");
        assert_eq!(
            paired_se_note(&p).unwrap(),
            "At k = 1: +5.000 ± 1.000 points (standard error)."
        );
    }
}
