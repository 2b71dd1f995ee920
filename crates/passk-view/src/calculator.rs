//! The single-problem calculator: three text fields in, every number the page shows out.

use passk_core::data::{Counts, CountsError};
use passk_core::estimators::{closed_form_check, CheckMethod};
use passk_core::estimators::{naive_pass_at_k, pass_at_k, pass_hat_k, BudgetError};
use passk_io::number::parse_count_or_exponent;

/// The budgets of the calculator's table (those ≤ n, then n itself).
pub const TABLE_KS: [u64; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/// One message per field that is not valid (None where the field is fine).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors {
    /// Message next to n.
    pub n: Option<String>,
    /// Message next to c.
    pub c: Option<String>,
    /// Message next to k.
    pub k: Option<String>,
}

/// A row of the calculator's table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    /// The budget.
    pub k: u64,
    /// Unbiased pass@k.
    pub pass_at_k: f64,
    /// Unbiased pass^k.
    pub pass_hat_k: f64,
    /// Naive plug-in 1 − (1 − c/n)^k.
    pub naive: f64,
}

/// The independent cross-check of the main value.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// The value by the other method.
    pub value: f64,
    /// How it was computed.
    pub method: CheckMethod,
    /// Relative difference from the main value.
    pub rel_diff: f64,
}

/// Everything the calculator shows for valid input.
#[derive(Debug, Clone, PartialEq)]
pub struct CalcResult {
    /// The validated counts.
    pub counts: Counts,
    /// The budget.
    pub k: u64,
    /// Unbiased pass@k, or why it is undefined.
    pub pass_at_k: Result<f64, BudgetError>,
    /// Unbiased pass^k, or why it is undefined.
    pub pass_hat_k: Result<f64, BudgetError>,
    /// Naive plug-in pass@k (defined for any k).
    pub naive: f64,
    /// The cross-check (None when pass@k is undefined).
    pub check: Option<Check>,
    /// pass@k for the table's budgets up to n.
    pub table: Vec<TableRow>,
}

/// Parses and evaluates the calculator's three fields.
///
/// # Errors
/// [`FieldErrors`] with a message for each field that is not valid; c > n and n = 0 are
/// reported next to the field to fix.
pub fn evaluate(n: &str, c: &str, k: &str) -> Result<CalcResult, FieldErrors> {
    let mut errors = FieldErrors::default();
    let pn = parse_count_or_exponent(n).map_err(|e| e.to_string());
    let pc = parse_count_or_exponent(c).map_err(|e| e.to_string());
    let pk = parse_count_or_exponent(k).map_err(|e| e.to_string());
    if let Err(e) = &pn {
        errors.n = Some(e.clone());
    }
    if let Err(e) = &pc {
        errors.c = Some(e.clone());
    }
    if let Err(e) = &pk {
        errors.k = Some(e.clone());
    }
    if let Ok(0) = pk {
        errors.k = Some("k must be at least 1".to_string());
    }
    let counts = match (pn, pc) {
        (Ok(n), Ok(c)) => match Counts::new(n, c) {
            Ok(t) => Some(t),
            Err(CountsError::NoSamples) => {
                errors.n = Some("n must be at least 1".to_string());
                None
            }
            Err(e @ CountsError::CorrectExceedsSamples { .. }) => {
                errors.c = Some(format!("cannot exceed n ({e})"));
                None
            }
            Err(e) => {
                errors.n = Some(e.to_string());
                None
            }
        },
        _ => None,
    };
    let (
        Some(t),
        Ok(k),
        FieldErrors {
            n: None,
            c: None,
            k: None,
        },
    ) = (counts, pk, &errors)
    else {
        return Err(errors);
    };
    let p = pass_at_k(t, k);
    let check = p.ok().and_then(|main| {
        closed_form_check(t.n(), t.c(), k).map(|(value, method)| Check {
            value,
            method,
            rel_diff: passk_core::num::prec::rel_diff(main, value),
        })
    });
    let mut ks: Vec<u64> = TABLE_KS.iter().copied().filter(|&j| j <= t.n()).collect();
    if ks.last() != Some(&t.n()) {
        ks.push(t.n());
    }
    let table = ks
        .into_iter()
        .map(|j| TableRow {
            k: j,
            pass_at_k: pass_at_k(t, j).unwrap_or(f64::NAN),
            pass_hat_k: pass_hat_k(t, j).unwrap_or(f64::NAN),
            naive: naive_pass_at_k(t, j as f64),
        })
        .collect();
    Ok(CalcResult {
        counts: t,
        k,
        pass_at_k: p,
        pass_hat_k: pass_hat_k(t, k),
        naive: naive_pass_at_k(t, k as f64),
        check,
        table,
    })
}

/// The headline for an undefined pass@k: "undefined for k > n (only n samples)".
pub fn undefined_text(e: &BudgetError) -> String {
    match e {
        BudgetError::ExceedsSamples { n, .. } => {
            let s = if *n == 1 { "" } else { "s" };
            format!("undefined for k > n (only {n} sample{s})")
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_example() {
        let r = evaluate("10", "3", "5").unwrap();
        assert_eq!(r.pass_at_k, Ok(11.0 / 12.0));
        assert_eq!(
            r.check.as_ref().unwrap().method,
            CheckMethod::ExactBigInteger
        );
        let ks: Vec<u64> = r.table.iter().map(|row| row.k).collect();
        assert_eq!(ks, vec![1, 2, 5, 10]);
    }

    #[test]
    fn k_above_n_is_undefined() {
        let r = evaluate("10", "3", "100").unwrap();
        assert!(matches!(
            r.pass_at_k,
            Err(BudgetError::ExceedsSamples { k: 100, n: 10 })
        ));
        assert!(r.check.is_none());
    }

    #[test]
    fn field_messages() {
        let e = evaluate("10", "11", "5").unwrap_err();
        assert!(e.c.unwrap().contains("cannot exceed n"));
        let e = evaluate("0", "0", "1").unwrap_err();
        assert!(e.n.unwrap().contains("at least 1"));
        let e = evaluate("-3", "2.5", "x").unwrap_err();
        assert!(e.n.is_some() && e.c.is_some() && e.k.is_some());
        let e = evaluate("10", "3", "0").unwrap_err();
        assert!(e.k.is_some());
    }

    #[test]
    fn large_n_uses_an_independent_path() {
        let r = evaluate("1000000000", "1", "1").unwrap();
        let check = r.check.unwrap();
        assert_eq!(check.method, CheckMethod::LogGamma);
        assert!(check.rel_diff < 1e-12, "{}", check.rel_diff);
        let r = evaluate("100000", "5000", "3000").unwrap();
        assert_eq!(r.check.unwrap().method, CheckMethod::LongProduct);
    }

    #[test]
    fn undefined_reads_calmly_with_the_reason() {
        let e = BudgetError::ExceedsSamples { k: 100, n: 10 };
        assert_eq!(undefined_text(&e), "undefined for k > n (only 10 samples)");
        let e = BudgetError::ExceedsSamples { k: 2, n: 1 };
        assert_eq!(undefined_text(&e), "undefined for k > n (only 1 sample)");
        assert_eq!(
            undefined_text(&BudgetError::ZeroBudget),
            "k must be at least 1"
        );
    }
}
