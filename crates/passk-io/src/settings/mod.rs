//! Reading the analysis settings from text: the page's fields and the command line's flags
//! share these parsers, so both accept and reject the same things with the same reasons.

mod field;
pub use field::Field;
mod reach;
pub use reach::{parse_k_range, parse_reach};

use crate::number::parse_count;
use passk_core::estimators::cover::Tau;

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
    if ks.is_empty() {
        return Err("give at least one budget".into());
    }
    ks.sort_unstable();
    ks.dedup();
    Ok(ks)
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
    if taus.is_empty() {
        return Err("give at least one threshold".into());
    }
    taus.sort_by(|a, b| a.value().total_cmp(&b.value()));
    taus.dedup_by(|a, b| a.value() == b.value());
    Ok(taus)
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
    if v.is_finite() {
        Ok(v)
    } else {
        Err("not a finite number".into())
    }
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
    let [lo, hi] = parse_pair(text)?;
    if lo >= 0.0 && hi > lo {
        Ok([lo, hi])
    } else {
        Err("needs 0 ≤ m_low < m_high".into())
    }
}

/// The prior (α0, β0) of the credible interval: both > 0.
///
/// # Errors
/// The reason.
pub fn parse_prior(text: &str) -> Result<[f64; 2], String> {
    let [a, b] = parse_pair(text)?;
    if a > 0.0 && b > 0.0 {
        Ok([a, b])
    } else {
        Err("both must be > 0".into())
    }
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
    if p > 0.0 && p < 1.0 {
        Ok(p)
    } else {
        Err("must lie strictly between 0 and 1".into())
    }
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
    if h > 0.0 && h < 1.0 {
        Ok(h)
    } else {
        Err("must lie strictly between 0 and 1 (e.g. 0.01 or 1%)".into())
    }
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
    match parse_count(text).map_err(|e| e.to_string())? {
        k if k >= 2 => Ok(k),
        _ => Err("needs at least 2".into()),
    }
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
    let max = passk_core::settings::MAX_BOOTSTRAP;
    match parse_whole(text)? {
        v if v <= max => Ok(v),
        _ => Err(format!(
            "at most {} resamples",
            crate::display::thousands(max)
        )),
    }
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

/// The analysis settings as the page's fields hold them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SettingsText {
    /// Budgets of the results table.
    pub k_list: String,
    /// Thresholds of the Cover rows.
    pub tau_list: String,
    /// Thresholds of the G-Pass@k_τ columns.
    pub g_tau_list: String,
    /// Largest k of the Pass@k chart (empty: automatic).
    pub k_max: String,
    /// LinMix m_low, m_high.
    pub linmix: String,
    /// Prior α0, β0 of the credible interval.
    pub prior: String,
    /// Confidence level of the interval.
    pub confidence: String,
    /// CV folds.
    pub folds: String,
    /// Bootstrap resamples.
    pub bootstrap: String,
    /// Seed.
    pub seed: String,
}

impl Default for SettingsText {
    fn default() -> Self {
        SettingsText {
            k_list: "1, 2, 5, 10, 20, 50, 100, 200, 500, 1000".into(),
            tau_list: "0.2, 0.8".into(),
            g_tau_list: "0.5, 0.75, 1.0".into(),
            k_max: String::new(),
            linmix: "10, 50".into(),
            prior: "1, 1".into(),
            confidence: "0.95".into(),
            folds: "10".into(),
            bootstrap: "0".into(),
            seed: "0".into(),
        }
    }
}

/// The settings read from the fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The report's options.
    pub opts: passk_core::settings::Options,
    /// The chart's k_max (None: automatic).
    pub k_max: Option<u64>,
}

impl Default for Parsed {
    fn default() -> Self {
        parse_all(&SettingsText::default()).unwrap_or(Parsed {
            opts: Default::default(),
            k_max: None,
        })
    }
}

/// Reads every field; on failure, the message of each field that is not valid.
///
/// # Errors
/// One `(field, message)` per invalid field.
pub fn parse_all(t: &SettingsText) -> Result<Parsed, Vec<(Field, String)>> {
    let mut errors = Vec::new();
    let mut take = |field: Field, r: Result<(), String>| {
        if let Err(e) = r {
            errors.push((field, e));
        }
    };
    let mut opts = passk_core::settings::Options::default();
    let mut k_max = None;
    take(Field::KList, parse_ks(&t.k_list).map(|v| opts.ks = v));
    take(
        Field::TauList,
        parse_taus(&t.tau_list).map(|v| opts.taus = v),
    );
    take(
        Field::GTauList,
        parse_taus(&t.g_tau_list).map(|v| opts.g_taus = v),
    );
    take(Field::KMax, parse_k_max(&t.k_max).map(|v| k_max = v));
    let s = &mut opts.settings;
    take(Field::LinMix, parse_linmix(&t.linmix).map(|v| s.linmix = v));
    take(Field::Prior, parse_prior(&t.prior).map(|v| s.prior = v));
    take(
        Field::Confidence,
        parse_confidence(&t.confidence).map(|v| s.confidence = v),
    );
    take(Field::Folds, parse_folds(&t.folds).map(|v| s.folds = v));
    take(
        Field::Bootstrap,
        parse_bootstrap(&t.bootstrap).map(|v| s.bootstrap = v),
    );
    take(Field::Seed, parse_seed(&t.seed).map(|v| s.seed = v));
    if errors.is_empty() {
        Ok(Parsed { opts, k_max })
    } else {
        Err(errors)
    }
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

#[cfg(test)]
mod all_tests {
    use super::*;

    #[test]
    fn defaults_are_the_command_line_defaults() {
        let p = parse_all(&SettingsText::default()).unwrap();
        assert_eq!(p.opts, passk_core::settings::Options::default());
        let bad = SettingsText {
            k_list: "0".into(),
            confidence: "2".into(),
            ..Default::default()
        };
        let e = parse_all(&bad).unwrap_err();
        assert_eq!(
            e.iter().map(|x| x.0).collect::<Vec<_>>(),
            vec![Field::KList, Field::Confidence]
        );
    }
}
