//! The backtest panel's first sentence: for which series, which estimator to use, its value
//! and stated error at the largest budget of the k list, and whether that budget lies within the ratios the
//! backtest measured — in the very figures the results table's auto column shows there.

use crate::table::Cell;
use passk_core::report::SeriesBacktest;
use passk_io::display::{percent, thousands};

/// The lead sentence for series backtest `b`, given the results table's auto cell at budget
/// `k` (the largest of the k list, [`crate::table::auto_at_largest_k`]).
pub fn backtest_lead(b: &SeriesBacktest, k: u64, auto: &Cell) -> String {
    let use_ = b.chosen().label();
    let k_text = thousands(k);
    if let Some(e) = &b.failed {
        return format!(
            "The backtest cannot run for {}: {e}; BB is used for k > n.",
            b.name
        );
    }
    match auto {
        Cell::Backed(v, Some(e), Some(r)) => format!(
            "{}: use {use_}, {} at k = {k_text} (expected error {:.2} points) — extrapolated beyond the backtest, tested up to {r}×.",
            b.name,
            percent(*v),
            100.0 * e
        ),
        Cell::Backed(v, Some(e), None) => format!(
            "{}: use {use_}, {} at k = {k_text} (expected error {:.2} points) — within the ratios the backtest measured.",
            b.name,
            percent(*v),
            100.0 * e
        ),
        Cell::Backed(v, None, _) => format!(
            "{}: use {use_}, {} at k = {k_text} — unbacked: the backtest measured no error there.",
            b.name,
            percent(*v)
        ),
        Cell::Unbiased(v) => format!(
            "{} at k = {k_text}: every task has k ≤ n, and the unbiased estimate, {}, needs no model. Beyond n, use {use_}.",
            b.name,
            percent(*v)
        ),
        _ => format!("{}: beyond n, use {use_}.", b.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{auto_at, auto_at_largest_k, rows};
    use passk_core::analysis::backtest::backtest;
    use passk_core::estimators::SeKind;
    use passk_core::eval::SeriesFit;
    use passk_core::report::attach_backtests;
    use passk_core::report::build_report;
    use passk_core::settings::Options;
    use passk_core::settings::Settings;
    use passk_io::read::{assemble, read_text};

    /// The DeepScaleR base example's report at k = 1, 10, 1000, 100,000 (n = 128) with its
    /// backtest attached, and the backtest.
    fn deepscaler() -> (passk_core::report::Report, SeriesBacktest) {
        let text = include_str!("../../../assets/examples/deepscaler_base.jsonl");
        let (ds, rej) = assemble(vec![read_text("b.jsonl", "base", text, None)]);
        // As the page asks for its table: with the scaled fits' columns, which its backtest
        // may choose.
        let opts = Options {
            ks: vec![1, 10, 1000, 100_000],
            scaled_columns: true,
            ..Options::default()
        };
        let mut r = build_report(&ds, rej, &opts);
        let fit = SeriesFit::new(&ds[0]);
        let settings = Settings::default();
        let run = backtest(&ds[0], &fit.fits.unwrap(), &settings, 20);
        let b = SeriesBacktest::new(&ds[0].name, fit.groups.n_min(), &opts.ks, 20, run);
        attach_backtests(&mut r, std::slice::from_ref(&b));
        (r, b)
    }

    #[test]
    fn the_lead_quotes_the_results_table() {
        let (r, b) = deepscaler();
        let (k, cell) = auto_at_largest_k(&r, &b.name).unwrap();
        assert_eq!(k, 100_000);
        let lead = backtest_lead(&b, k, &cell);
        // The same figures as the table's auto cell at k = 100,000 (781× n, beyond the 64×
        // the backtest measured).
        let table = rows(&r, SeKind::Tasks);
        let auto = |k: u64| auto_at(&table, k);
        let shown = auto(100_000).text();
        // "96.97% (error 1.36)" in the table, "96.97% at k = 100,000 (expected error 1.36
        // points)" in the sentence: no ±, which is kept for 95 % half-widths.
        let (value, error) = shown.trim_end_matches(')').split_once(" (error ").unwrap();
        assert!(
            lead.contains(&format!(
                "{value} at k = 100,000 (expected error {error} points)"
            )),
            "{lead} / {shown}"
        );
        assert!(!lead.contains('±'), "{lead}");
        assert!(
            lead.starts_with(&format!("base: use {}, ", b.chosen().label())),
            "{lead}"
        );
        let tested = b.backtest.ratios.last().unwrap();
        assert_eq!(*tested, 64);
        assert!(
            lead.ends_with(&format!("tested up to {tested}×.")),
            "{lead}"
        );
        // k = 1000 is 7.8× n: within the ratios measured.
        let within = backtest_lead(&b, 1000, &auto(1000));
        let shown = auto(1000).text();
        let (value, error) = shown.trim_end_matches(')').split_once(" (error ").unwrap();
        assert!(
            within.contains(&format!(
                "{value} at k = 1,000 (expected error {error} points) — within"
            )),
            "{within}"
        );
    }

    #[test]
    fn within_n_the_lead_says_no_model_is_needed() {
        let (r, b) = deepscaler();
        let cell = Cell::Unbiased(0.6041);
        assert_eq!(
            backtest_lead(&b, 10, &cell),
            format!(
                "base at k = 10: every task has k ≤ n, and the unbiased estimate, 60.41%, needs no model. Beyond n, use {}.",
                b.chosen().label()
            )
        );
        assert!(backtest_lead(&b, 1000, &Cell::Backed(0.9, None, None)).contains("unbacked"));
        let _ = r;
    }
}
