//! The parsers of single settings: lists, numbers, levels, counts.

use crate::number::parse_count;
use passk_core::estimators::Tau;

use super::check::{
    check_bootstrap, check_confidence, check_finite, check_folds, check_half_width, check_ks,
    check_linmix, check_prior, sort_taus,
};

/// Items of a comma- (or space-) separated list.
fn items(text: &str) -> impl Iterator<Item = &str> {
    text.split([',', ' ', ';', '\t'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Budgets: whole numbers ≥ 1, sorted and de-duplicated.
///
/// # Errors
/// The first item that is not a budget, with the reason; an empty list.
pub fn parse_ks(text: &str) -> Result<Vec<u64>, String> {
    let mut ks = Vec::new();
    for item in items(text) {
        match parse_count(item) {
            Ok(0) => return Err("k must be at least 1".into()),
            Ok(k) => ks.push(k),
            Err(e) => return Err(format!("'{item}': {e}")),
        }
    }
    check_ks(ks)
}

/// Thresholds τ in [0, 1], sorted and de-duplicated.
///
/// # Errors
/// The first item that is not a threshold; an empty list.
pub fn parse_taus(text: &str) -> Result<Vec<Tau>, String> {
    let mut taus = Vec::new();
    for item in items(text) {
        taus.push(Tau::parse(item).map_err(|e| e.to_string())?);
    }
    sort_taus(taus)
}

/// A finite number.
///
/// # Errors
/// "not a number" or "not a finite number".
pub fn parse_number(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{}' is not a number", text.trim()))?;
    check_finite(v)
}

/// Two numbers separated by a comma.
///
/// # Errors
/// Not exactly two numbers.
pub fn parse_pair(text: &str) -> Result<[f64; 2], String> {
    let v: Vec<f64> = items(text).map(parse_number).collect::<Result<_, _>>()?;
    match v.as_slice() {
        [a, b] => Ok([*a, *b]),
        _ => Err("two numbers are needed, e.g. 10,50".into()),
    }
}

/// LinMix's m_low, m_high: 0 ≤ low < high.
///
/// # Errors
/// The reason.
pub fn parse_linmix(text: &str) -> Result<[f64; 2], String> {
    check_linmix(parse_pair(text)?)
}

/// The prior (α0, β0) of the credible interval: both > 0.
///
/// # Errors
/// The reason.
pub fn parse_prior(text: &str) -> Result<[f64; 2], String> {
    check_prior(parse_pair(text)?)
}

/// A two-sided confidence level strictly between 0 and 1 (`95%` reads as 0.95).
///
/// # Errors
/// The reason.
pub fn parse_confidence(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let p = match t.strip_suffix('%') {
        Some(pct) => parse_number(pct)? / 100.0,
        None => parse_number(t)?,
    };
    check_confidence(p)
}

/// A half-width of an interval in probability units, strictly between 0 and 1 (`1%` reads as
/// 0.01).
///
/// # Errors
/// The reason.
pub fn parse_half_width(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let h = match t.strip_suffix('%') {
        Some(pct) => parse_number(pct)? / 100.0,
        None => parse_number(t)?,
    };
    check_half_width(h)
}

/// A half-width as the planner's field takes it: in points (`1` is ±1 point, i.e. 0.01), with
/// an optional `%`, `pt` or `points` after the number; strictly between 0 and 100 points.
/// Returns it in probability units.
///
/// # Errors
/// The reason.
pub fn parse_half_width_points(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let number = ["points", "point", "pts", "pt", "%"]
        .iter()
        .find_map(|unit| t.strip_suffix(unit))
        .unwrap_or(t)
        .trim();
    let h = parse_number(number)?;
    if h > 0.0 && h < 100.0 {
        Ok(h / 100.0)
    } else {
        Err("must lie strictly between 0 and 100 points (e.g. 1 or 0.5)".into())
    }
}

/// CV folds: at least 2.
///
/// # Errors
/// The reason.
pub fn parse_folds(text: &str) -> Result<u64, String> {
    check_folds(parse_count(text).map_err(|e| e.to_string())?)
}

/// A whole number ≥ 0 (bootstrap resamples, repeats).
///
/// # Errors
/// The reason.
pub fn parse_whole(text: &str) -> Result<u64, String> {
    parse_count(text).map_err(|e| e.to_string())
}

/// Task-bootstrap resamples: a whole number from 0 (off) to
/// [`MAX_BOOTSTRAP`](passk_core::settings::MAX_BOOTSTRAP), the same cap for the page and the
/// command line.
///
/// # Errors
/// The reason.
pub fn parse_bootstrap(text: &str) -> Result<u64, String> {
    check_bootstrap(parse_whole(text)?)
}

/// A seed: any whole number below 2^64.
///
/// # Errors
/// The reason.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| "not a whole number".to_string())
}

/// The largest k of the Pass@k chart: empty for automatic (10× the largest n, at least
/// 1,000), else 2 … 10^12.
///
/// # Errors
/// The reason.
pub fn parse_k_max(text: &str) -> Result<Option<u64>, String> {
    if text.trim().is_empty() || text.trim().eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    match parse_count(text).map_err(|e| e.to_string())? {
        k if k >= 2 => Ok(Some(k)),
        _ => Err("needs at least 2".into()),
    }
}

/// The automatic k_max: 10× the largest n, at least 1,000.
pub fn auto_k_max(n_max: u64) -> u64 {
    n_max.saturating_mul(10).max(1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_planners_half_width_is_in_points() {
        for (text, want) in [
            ("1", 0.01),
            ("0.5", 0.005),
            ("1%", 0.01),
            (" 2 pt", 0.02),
            ("1.5 points", 0.015),
        ] {
            assert!(
                (parse_half_width_points(text).unwrap() - want).abs() < 1e-15,
                "{text}"
            );
        }
        for bad in ["0", "100", "-1", "x", "", "1e3"] {
            assert!(parse_half_width_points(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lists_and_numbers() {
        assert_eq!(parse_ks("10, 1,1 5"), Ok(vec![1, 5, 10]));
        assert!(parse_ks("0").is_err() && parse_ks("3.5").is_err() && parse_ks("").is_err());
        assert_eq!(parse_taus("0.8,0.2").unwrap().len(), 2);
        assert!(parse_taus("1.5").is_err());
        assert_eq!(parse_linmix("10,50"), Ok([10.0, 50.0]));
        assert!(parse_linmix("50,10").is_err());
        assert!(parse_prior("0,1").is_err());
        assert_eq!(parse_confidence("95%"), Ok(0.95));
        assert!(parse_confidence("1").is_err());
        assert!(parse_folds("1").is_err());
        assert_eq!(parse_k_max(" "), Ok(None));
        assert_eq!(parse_k_max("5000"), Ok(Some(5000)));
        assert_eq!(auto_k_max(128), 1280);
        assert_eq!(auto_k_max(10), 1000);
    }
}
