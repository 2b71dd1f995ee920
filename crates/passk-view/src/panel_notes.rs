//! The sentences the page writes under its comparison and backtest panels, built from the
//! core's results (pure, natively tested).

use passk_core::analysis::backtest::expected_error;
use passk_core::analysis::backtest::Backtest;
use passk_core::analysis::{PairError, PairedOutcome};
use passk_core::estimators::Estimator;
use passk_core::report::SeriesBacktest;

/// An error in percentage points with two decimals (0.0123 → "1.23"; never "-0.00").
pub fn points(e: f64) -> String {
    passk_io::display::points2(e)
}

/// The subsample sizes m′ behind the backtest's column `j` (ratio 2^(j+1)): "64", or "2–64"
/// when several levels measured it (the column is their mean). None when none did.
pub fn subsamples(bt: &Backtest, j: usize) -> Option<String> {
    let ms: Vec<u64> = bt
        .levels
        .iter()
        .filter(|l| l.width() > j)
        .map(|l| l.m)
        .collect();
    let (lo, hi) = (*ms.iter().min()?, *ms.iter().max()?);
    Some(if lo == hi {
        hi.to_string()
    } else {
        format!("{lo}–{hi}")
    })
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
        .filter_map(|(&r, e)| e.filter(|e| e.is_finite()).map(|e| (r, e)))
        .collect();
    let Some(&(r, e)) = measured.last() else {
        return String::new();
    };
    let lines: Vec<String> = measured
        .iter()
        .map(|(r, e)| {
            let j = bt.ratios.iter().position(|x| x == r).unwrap_or(0);
            match subsamples(bt, j) {
                Some(m) => format!("{r}× (m′ = {m}) with {} points", points(*e)),
                None => format!("{r}× with {} points", points(*e)),
            }
        })
        .collect();
    format!(
        "On your data, {} extrapolates {r}× with {} points of error (mean absolute error over {} subsamples; {}).",
        c.label(),
        points(e),
        bt.repeats,
        lines.join(", ")
    )
}

/// The backtest panel's summary of one series: what `auto` chose, why, how far the backtest
/// reaches and how sure the choice is, or why the backtest could not run.
pub fn backtest_note(b: &SeriesBacktest) -> String {
    if let Some(e) = &b.failed {
        return format!(
            "The backtest cannot run for {}: {e}. BB is used for k > n.",
            b.name
        );
    }
    let a = &b.auto;
    let c = a.estimator;
    let others: Vec<String> = a
        .alternatives
        .iter()
        .filter(|&&x| x != c)
        .map(|x| x.label())
        .collect();
    let close = match others.len() {
        0 => String::new(),
        1..=3 => format!(
            " Within the spread of the subsamples it cannot be told from {}.",
            others.join(", ")
        ),
        n => format!(
            " Within the spread of the subsamples it cannot be told from {n} other candidates."
        ),
    };
    format!(
        "auto (backtested) = {} for k > n: {}.{close} {}",
        c.label(),
        a.reason,
        extrapolates(&b.backtest, c)
    )
}

/// "Would more samples help?" when the chart has no comparison to offer (small n, or a
/// target far beyond it): how far the backtest reached, what the chart would need, and the
/// extrapolated error `auto` states instead. None when [`more_samples_gain`] has a sentence
/// or the backtest did not run.
pub fn more_samples_missing(
    b: &SeriesBacktest,
    k: u64,
    k_text: &str,
    lines: &[(String, Vec<(u64, f64)>)],
) -> Option<String> {
    if b.failed.is_some() || more_samples_gain(k_text, lines, &b.chosen().label()).is_some() {
        return None;
    }
    let tested = b.backtest.ratios.last()?;
    let n = b.n_min.max(1);
    let shown: Vec<u64> = lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)).collect();
    let what = if shown.is_empty() {
        "no point".to_string()
    } else {
        format!("a point only at m = {}", shown.iter().max().unwrap_or(&n))
    };
    let mut s = format!(
        "The backtest measured ratios up to {tested}× (subsamples of your {n} samples per task); k = {k_text} is {:.0}× your n, so the chart has {what}: no comparison of sample sizes is backed by it.",
        k as f64 / n as f64
    );
    let rho = k as f64 / n as f64;
    if let Some(e) = expected_error(&b.backtest, b.auto.estimator, rho).filter(|_| k > n) {
        s.push_str(&format!(
            " {}'s expected error at k = {k_text}, extrapolated beyond the backtest and grown with the distance: ~{} points.",
            b.auto.estimator.label(),
            points(e)
        ));
    }
    Some(s)
}

/// "Would more samples help?" in one sentence, from the chart's line of the estimator chosen
/// (`chosen`, its label; else the last line): the error at the most samples against the error
/// at a quarter of them or fewer. `k_text` is the target budget as the chart labels it.
pub fn more_samples_gain(
    k_text: &str,
    lines: &[(String, Vec<(u64, f64)>)],
    chosen: &str,
) -> Option<String> {
    let (name, pts) = lines.iter().find(|l| l.0 == chosen).or(lines.last())?;
    let &(m2, e2) = pts.last()?;
    let &(m1, e1) = pts.iter().rev().find(|p| p.0 * 4 <= m2).or(pts.first())?;
    (m1 < m2).then(|| {
        // Said as measured: more samples do not always cut the error of an extrapolation.
        let verb = if e2 < e1 { "cuts" } else { "does not cut" };
        format!(
            "Going from {m1} to {m2} samples per task {verb} the expected error at k = {k_text}: ~{} to ~{} points ({name}).",
            points(e1),
            points(e2)
        )
    })
}

/// The paired panel's summary: the pairs, the difference at the smallest and largest
/// budget, whether its sign changes, and the tasks left out.
pub fn paired_note(result: Option<&Result<PairedOutcome, PairError>>) -> String {
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
            "At k = {}: {:+.3} points, standard error {:.3}.",
            r.k,
            100.0 * r.mean,
            100.0 * r.se
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::{DiffAtK, PairedCurve};

    /// One level of 4 samples per task measuring 2× and 4×, 20 repeats: naive errs −4 and
    /// −7 points, BB (and LinMix) +1 and +1.5, ZOIBB +3 and +5, each ± 0.1.
    fn bt() -> Backtest {
        use passk_core::analysis::backtest::Level;
        let nan = f32::NAN;
        let signed: Vec<[f32; 6]> = (0..20u32)
            .flat_map(|r| {
                let d = if r.is_multiple_of(2) { 0.001 } else { -0.001 };
                [
                    [-0.04 + d, 0.01 + d, 0.03 + d, 0.01 + d, nan, nan],
                    [-0.07 + d, 0.015 + d, 0.05 + d, 0.015 + d, nan, nan],
                ]
            })
            .collect();
        let cands = Estimator::candidates_with(false);
        Backtest::from_levels(vec![Level::from_signed(4, 2, signed, &cands)], 20, &cands)
    }

    #[test]
    fn extrapolation_sentence_names_the_largest_measured_ratio() {
        assert_eq!(
            extrapolates(&bt(), Estimator::Naive),
            "On your data, naive extrapolates 4× with 7.00 points of error (mean absolute error over 20 subsamples; 2× (m′ = 4) with 4.00 points, 4× (m′ = 4) with 7.00 points)."
        );
        assert_eq!(
            extrapolates(&Backtest::from_levels(vec![], 20, &[]), Estimator::Zoibb),
            ""
        );
    }

    #[test]
    fn backtest_note_says_why_it_cannot_run() {
        use passk_core::analysis::backtest::BacktestError;
        let b = SeriesBacktest::new("s", 2, &[10], 20, Err(BacktestError::TooFewSamples));
        assert!(backtest_note(&b)
            .starts_with("The backtest cannot run for s: the backtest needs n ≥ 4"));
    }

    #[test]
    fn backtest_note_says_how_far_the_backtest_reaches() {
        // k = 64 from n = 8 is 8×, beyond the 4× measured: the error at 4× (1.50 points),
        // grown by 0.75 points per doubling (its average growth since 1×, larger than its
        // trend of 0.50), one doubling on.
        let b = SeriesBacktest::new("s", 8, &[64], 20, Ok(bt()));
        let s = backtest_note(&b);
        assert!(
            s.starts_with("auto (backtested) = BB for k > n: extrapolated beyond the backtest (tested up to 4×)"),
            "{s}"
        );
        assert!(s.contains("expected error 2.25 points"), "{s}");
        assert!(s.contains("grown by 0.75 points per doubling"), "{s}");
        assert!(s.contains("cannot be told from LinMix, mix w = 0.0"), "{s}");
        // The chart has no point to compare at k = 128: say why, and what auto states.
        let lines: Vec<(String, Vec<(u64, f64)>)> = Vec::new();
        let t = more_samples_missing(&b, 128, "128", &lines).unwrap();
        assert_eq!(
            t,
            "The backtest measured ratios up to 4× (subsamples of your 8 samples per task); k = 128 is 16× your n, so the chart has no point: no comparison of sample sizes is backed by it. BB's expected error at k = 128, extrapolated beyond the backtest and grown with the distance: ~3.00 points."
        );
    }

    #[test]
    fn gain_compares_a_quarter_of_the_samples_or_fewer() {
        let lines = vec![
            (
                "BB".to_string(),
                vec![(8, 0.05), (16, 0.04), (32, 0.03), (128, 0.01)],
            ),
            ("LinMix".to_string(), vec![(8, 0.06), (128, 0.02)]),
        ];
        // The chosen estimator's line, not the last one.
        assert_eq!(
            more_samples_gain("1k", &lines, "BB").unwrap(),
            "Going from 32 to 128 samples per task cuts the expected error at k = 1k: ~3.00 to ~1.00 points (BB)."
        );
        assert!(more_samples_gain("1k", &lines, "mix w = 0.3")
            .unwrap()
            .ends_with("cuts the expected error at k = 1k: ~6.00 to ~2.00 points (LinMix)."));
        let worse = vec![("BB".to_string(), vec![(32, 0.009), (128, 0.0108)])];
        assert_eq!(
            more_samples_gain("1.3k", &worse, "BB").unwrap(),
            "Going from 32 to 128 samples per task does not cut the expected error at k = 1.3k: ~0.90 to ~1.08 points (BB)."
        );
        assert_eq!(
            more_samples_gain("1k", &[("BB".into(), vec![(8, 0.05)])], "BB"),
            None
        );
        assert_eq!(more_samples_gain("1k", &[], "BB"), None);
    }

    #[test]
    fn paired_note_reports_ends_sign_and_unmatched() {
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
            paired_note(Some(&Ok(p.clone()))),
            "1060 tasks paired by id. A − B: +5.00 points at k = 1, -1.23 at k = 64. The sign changes at k = 22. (2 + 0 tasks without a match are left out.) Band: paired task bootstrap, 2.5–97.5 %."
        );
        assert_eq!(paired_note(None), "Pick two series.");
        assert_eq!(
            paired_se_note(&p).unwrap(),
            "At k = 1: +5.000 points, standard error 1.000."
        );
    }
}
