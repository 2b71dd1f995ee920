//! The checks of settings given as values (the Python package's keywords); the text parsers
//! (`parse.rs`, `reach.rs`) read the text and then check with these, so that every
//! door refuses the same values with the same reasons.

use passk_core::estimators::Tau;

/// Budgets: whole numbers ≥ 1, sorted and de-duplicated.
///
/// # Errors
/// A budget of 0; an empty list.
pub fn check_ks(mut ks: Vec<u64>) -> Result<Vec<u64>, String> {
    if ks.contains(&0) {
        return Err("k must be at least 1".into());
    }
    if ks.is_empty() {
        return Err("give at least one budget".into());
    }
    ks.sort_unstable();
    ks.dedup();
    Ok(ks)
}

/// Thresholds τ, sorted and de-duplicated.
///
/// # Errors
/// An empty list.
pub fn sort_taus(mut taus: Vec<Tau>) -> Result<Vec<Tau>, String> {
    if taus.is_empty() {
        return Err("give at least one threshold".into());
    }
    taus.sort_by(|a, b| a.value().total_cmp(&b.value()));
    taus.dedup_by(|a, b| a.value() == b.value());
    Ok(taus)
}

/// Thresholds τ given as numbers, each read as its shortest decimal (0.15 is 15/100).
///
/// # Errors
/// The first value outside [0, 1] or not finite; an empty list.
pub fn taus_of(values: &[f64]) -> Result<Vec<Tau>, String> {
    let taus = values
        .iter()
        .map(|v| Tau::parse(&format!("{v}")).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    sort_taus(taus)
}

/// A finite number.
///
/// # Errors
/// "not a finite number".
pub fn check_finite(v: f64) -> Result<f64, String> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err("not a finite number".into())
    }
}

/// LinMix's m_low, m_high: 0 ≤ low < high.
///
/// # Errors
/// The reason.
pub fn check_linmix([lo, hi]: [f64; 2]) -> Result<[f64; 2], String> {
    if lo >= 0.0 && hi > lo && hi.is_finite() {
        Ok([lo, hi])
    } else {
        Err("needs 0 ≤ m_low < m_high".into())
    }
}

/// The prior (α0, β0) of the credible interval: both > 0.
///
/// # Errors
/// The reason.
pub fn check_prior([a, b]: [f64; 2]) -> Result<[f64; 2], String> {
    if a > 0.0 && b > 0.0 && a.is_finite() && b.is_finite() {
        Ok([a, b])
    } else {
        Err("both must be > 0".into())
    }
}

/// A two-sided confidence level strictly between 0 and 1.
///
/// # Errors
/// The reason.
pub fn check_confidence(p: f64) -> Result<f64, String> {
    if p > 0.0 && p < 1.0 {
        Ok(p)
    } else {
        Err("must lie strictly between 0 and 1".into())
    }
}

/// A half-width of an interval in probability units, strictly between 0 and 1.
///
/// # Errors
/// The reason.
pub fn check_half_width(h: f64) -> Result<f64, String> {
    if h > 0.0 && h < 1.0 {
        Ok(h)
    } else {
        Err("must lie strictly between 0 and 1 (e.g. 0.01 or 1%)".into())
    }
}

/// CV folds: at least 2.
///
/// # Errors
/// The reason.
pub fn check_folds(k: u64) -> Result<u64, String> {
    if k >= 2 {
        Ok(k)
    } else {
        Err("needs at least 2".into())
    }
}

/// Task-bootstrap resamples: 0 (off) to
/// [`MAX_BOOTSTRAP`](passk_core::settings::MAX_BOOTSTRAP).
///
/// # Errors
/// The reason.
pub fn check_bootstrap(b: u64) -> Result<u64, String> {
    let max = passk_core::settings::MAX_BOOTSTRAP;
    if b <= max {
        Ok(b)
    } else {
        Err(format!(
            "at most {} resamples",
            crate::display::thousands(max)
        ))
    }
}

/// A target of pass@k: strictly between 0 and 1.
///
/// # Errors
/// The reason.
pub fn check_reach(v: f64) -> Result<f64, String> {
    if v > 0.0 && v < 1.0 {
        Ok(v)
    } else {
        Err("a target of pass@k lies between 0 and 1 (or 0% and 100%)".into())
    }
}

/// A k range: whole numbers with 1 ≤ FROM < TO.
///
/// # Errors
/// The reason.
pub fn check_k_range([from, to]: [u64; 2]) -> Result<[u64; 2], String> {
    if from >= 1 && from < to {
        Ok([from, to])
    } else {
        Err("the range runs from 1 or more to a larger k".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_refused_for_the_texts_reasons() {
        assert_eq!(check_ks(vec![10, 1, 1]), Ok(vec![1, 10]));
        assert_eq!(check_ks(vec![3, 0]).unwrap_err(), "k must be at least 1");
        assert_eq!(check_ks(vec![]).unwrap_err(), "give at least one budget");
        let t = taus_of(&[0.8, 0.15, 0.8]).unwrap();
        assert_eq!(t.len(), 2);
        // 0.15 as its decimal: c/n ≥ τ exactly at 3/20.
        let at = |c| t[0].reached_by(passk_core::data::Counts::new(20, c).unwrap());
        assert!(at(3) && !at(2));
        assert!(taus_of(&[1.5]).is_err() && taus_of(&[f64::NAN]).is_err());
        assert!(taus_of(&[]).is_err());
        assert!(check_linmix([10.0, 50.0]).is_ok() && check_linmix([50.0, 10.0]).is_err());
        assert!(check_linmix([0.0, f64::INFINITY]).is_err());
        assert!(check_prior([0.0, 1.0]).is_err() && check_prior([0.5, 0.5]).is_ok());
        assert!(check_confidence(1.0).is_err() && check_confidence(0.95).is_ok());
        assert!(check_confidence(f64::NAN).is_err());
        assert!(check_half_width(0.0).is_err() && check_half_width(0.01).is_ok());
        assert!(check_folds(1).is_err() && check_folds(2).is_ok());
        assert_eq!(
            check_bootstrap(10_001).unwrap_err(),
            "at most 10,000 resamples"
        );
        assert!(check_reach(1.0).is_err() && check_reach(0.9).is_ok());
        assert!(check_k_range([0, 5]).is_err() && check_k_range([5, 5]).is_err());
        assert!(check_finite(f64::INFINITY).is_err());
    }
}
