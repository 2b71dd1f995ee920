//! Reading a count (a whole decimal number) from text, with a reason when it is not one.

use std::fmt;

use passk_core::data::MAX_COUNT;

/// Why a piece of text is not a count.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountError {
    /// Nothing was written.
    Empty,
    /// A minus sign: counts are never negative.
    Negative,
    /// A decimal point with a non-zero fraction, e.g. `3.5`.
    NotWhole,
    /// Exponent notation such as `1e3` (where it is not accepted).
    Exponent,
    /// Exponent notation whose value is not a whole number, e.g. `1.25e1` = 12.5.
    ExponentNotWhole(String),
    /// Above 10^12.
    TooLarge,
    /// Anything else that is not digits.
    NotANumber(String),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Empty => write!(f, "a number is required"),
            CountError::Negative => write!(f, "must not be negative"),
            CountError::NotWhole => write!(f, "must be a whole number"),
            CountError::Exponent => {
                write!(
                    f,
                    "exponent notation is not accepted: write the number out in digits"
                )
            }
            CountError::ExponentNotWhole(s) => {
                write!(f, "{s} is not a whole number: a count must be one")
            }
            CountError::TooLarge => write!(f, "must be at most 10^12"),
            CountError::NotANumber(s) => write!(f, "'{s}' is not a number"),
        }
    }
}

impl std::error::Error for CountError {}

/// Parses a count: optional surrounding white space, then decimal digits. A trailing `.0`
/// fraction (`3.0`, `3.`) is accepted; `3.5`, `-1`, `1e3` are rejected with their reason.
///
/// # Errors
/// A [`CountError`] naming the reason.
#[inline]
pub fn parse_count(text: &str) -> Result<u64, CountError> {
    // Plain digits, the common case: no trimming, no second pass, nothing else inlined.
    match plain_count(text.as_bytes()) {
        Some(v) => Ok(v),
        None => parse_count_slowly(text),
    }
}

/// A count written in plain digits (1 to 13 of them, at most [`MAX_COUNT`]); None for
/// anything else, which [`parse_count`] reads or explains.
#[inline]
pub fn plain_count(b: &[u8]) -> Option<u64> {
    if (1..=13).contains(&b.len()) && b.iter().all(u8::is_ascii_digit) {
        let v = b.iter().fold(0, |v, d| v * 10 + u64::from(d - b'0'));
        return (v <= MAX_COUNT).then_some(v);
    }
    None
}

/// [`parse_count`] of anything but plain digits.
#[cold]
fn parse_count_slowly(text: &str) -> Result<u64, CountError> {
    let s = text.trim();
    if s.is_empty() {
        return Err(CountError::Empty);
    }
    let s = s.strip_prefix('+').unwrap_or(s);
    if let Some(rest) = s.strip_prefix('-') {
        if !rest.is_empty() && rest.chars().all(|ch| ch.is_ascii_digit() || ch == '.') {
            return Err(CountError::Negative);
        }
    }
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if s.contains(['e', 'E'])
        && s.chars()
            .all(|ch| ch.is_ascii_digit() || "eE+-.".contains(ch))
    {
        return Err(CountError::Exponent);
    }
    if !digits(int) {
        return Err(CountError::NotANumber(shorten(text.trim())));
    }
    if let Some(f) = frac {
        if !f.is_empty() && !f.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CountError::NotANumber(shorten(text.trim())));
        }
        if f.bytes().any(|b| b != b'0') {
            return Err(CountError::NotWhole);
        }
    }
    let trimmed = int.trim_start_matches('0');
    if trimmed.len() > 13 {
        return Err(CountError::TooLarge);
    }
    let v: u64 = if trimmed.is_empty() {
        0
    } else {
        trimmed.parse().map_err(|_| CountError::TooLarge)?
    };
    if v > MAX_COUNT {
        return Err(CountError::TooLarge);
    }
    Ok(v)
}

/// [`parse_count`], also accepting exponent notation whose value is a whole number (`1e4`,
/// `2e9`, `1.5e3`), computed exactly in integers; `1.25e1` (12.5) and `1e-3` are refused with
/// the reason.
///
/// # Errors
/// A [`CountError`] naming the reason.
pub fn parse_count_or_exponent(text: &str) -> Result<u64, CountError> {
    let s = text.trim();
    let s = s.strip_prefix('+').unwrap_or(s);
    let Some((mantissa, exp)) = s.split_once(['e', 'E']) else {
        return parse_count(text);
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let exp_digits = exp.strip_prefix('+').unwrap_or(exp);
    if mantissa.starts_with('-') {
        return Err(CountError::Negative);
    }
    let shown = shorten(text.trim());
    if int.is_empty() && frac.is_empty() {
        return Err(CountError::NotANumber(shown));
    }
    if !digits(int) || !digits(frac) {
        return parse_count(text);
    }
    let Some(neg) = exp_digits.strip_prefix('-') else {
        if exp_digits.is_empty() || !digits(exp_digits) {
            return Err(CountError::NotANumber(shown));
        }
        // (int.frac) × 10^e: whole iff the fraction's significant digits fit in e.
        let frac = frac.trim_end_matches('0');
        let e: u64 = exp_digits.parse().map_err(|_| CountError::TooLarge)?;
        let Some(shift) = e.checked_sub(frac.len() as u64) else {
            return Err(CountError::ExponentNotWhole(shown));
        };
        let all = format!("{int}{frac}");
        let all = all.trim_start_matches('0');
        if all.is_empty() {
            return Ok(0);
        }
        if (all.len() as u64).saturating_add(shift) > 13 {
            return Err(CountError::TooLarge);
        }
        let v = all.parse::<u64>().map_err(|_| CountError::TooLarge)? * 10u64.pow(shift as u32);
        return if v > MAX_COUNT {
            Err(CountError::TooLarge)
        } else {
            Ok(v)
        };
    };
    if neg.is_empty() || !digits(neg) {
        return Err(CountError::NotANumber(shown));
    }
    // A negative exponent gives a whole number only for a mantissa of zero or trailing zeros.
    let all = format!("{int}{frac}");
    let value_digits = all.trim_start_matches('0');
    if value_digits.is_empty() {
        return Ok(0);
    }
    let frac_len = frac.len() as u64;
    let e: u64 = neg.parse().unwrap_or(u64::MAX);
    let trailing = value_digits.len() - value_digits.trim_end_matches('0').len();
    match e.checked_add(frac_len) {
        Some(drop) if drop <= trailing as u64 => {
            let kept = &value_digits[..value_digits.len() - drop as usize];
            parse_count(kept)
        }
        _ => Err(CountError::ExponentNotWhole(shown)),
    }
}

/// At most 40 characters of a user's text, for quoting it in a message.
pub fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_digits_take_the_short_way_to_the_same_answers() {
        assert_eq!(parse_count("0"), Ok(0));
        assert_eq!(parse_count("007"), Ok(7));
        assert_eq!(parse_count("1000000000000"), Ok(MAX_COUNT));
        assert_eq!(parse_count("1000000000001"), Err(CountError::TooLarge));
        assert_eq!(parse_count("9999999999999"), Err(CountError::TooLarge));
        // Longer than 13 digits: leading zeros still count for nothing.
        assert_eq!(parse_count("00000000000000042"), Ok(42));
        assert_eq!(
            parse_count("99999999999999999999"),
            Err(CountError::TooLarge)
        );
        assert_eq!(parse_count(""), Err(CountError::Empty));
    }

    #[test]
    fn accepts_whole_numbers() {
        assert_eq!(parse_count("10"), Ok(10));
        assert_eq!(parse_count("  7 "), Ok(7));
        assert_eq!(parse_count("3.0"), Ok(3));
        assert_eq!(parse_count("+4"), Ok(4));
        assert_eq!(parse_count("0"), Ok(0));
        assert_eq!(parse_count("1000000000000"), Ok(MAX_COUNT));
    }

    #[test]
    fn rejects_with_reasons() {
        assert_eq!(parse_count(""), Err(CountError::Empty));
        assert_eq!(parse_count("-1"), Err(CountError::Negative));
        assert_eq!(parse_count("3.5"), Err(CountError::NotWhole));
        assert_eq!(parse_count("1e3"), Err(CountError::Exponent));
        assert_eq!(parse_count("1000000000001"), Err(CountError::TooLarge));
        assert_eq!(
            parse_count("1000000000000000000000000000000"),
            Err(CountError::TooLarge)
        );
        assert!(matches!(parse_count("abc"), Err(CountError::NotANumber(_))));
        assert!(matches!(parse_count("3,5"), Err(CountError::NotANumber(_))));
        assert!(matches!(parse_count("-"), Err(CountError::NotANumber(_))));
        assert!(matches!(parse_count("."), Err(CountError::NotANumber(_))));
    }

    #[test]
    fn exponent_notation_where_the_value_is_whole() {
        let p = parse_count_or_exponent;
        assert_eq!(p("1e4"), Ok(10_000));
        assert_eq!(p(" 2e9 "), Ok(2_000_000_000));
        assert_eq!(p("2E+9"), Ok(2_000_000_000));
        assert_eq!(p("1.5e3"), Ok(1_500));
        assert_eq!(p("1.50e1"), Ok(15));
        assert_eq!(p("0e5"), Ok(0));
        assert_eq!(p("1e12"), Ok(MAX_COUNT));
        assert_eq!(p("120e-1"), Ok(12));
        assert_eq!(p("1e13"), Err(CountError::TooLarge));
        assert_eq!(p("1e99999999999999999999"), Err(CountError::TooLarge));
        assert_eq!(
            p("1.25e1"),
            Err(CountError::ExponentNotWhole("1.25e1".into()))
        );
        assert_eq!(p("1e-3"), Err(CountError::ExponentNotWhole("1e-3".into())));
        assert_eq!(
            p("1.25e1").unwrap_err().to_string(),
            "1.25e1 is not a whole number: a count must be one"
        );
        assert_eq!(p("-1e3"), Err(CountError::Negative));
        assert!(matches!(p("1e"), Err(CountError::NotANumber(_))));
        assert!(matches!(p("e5"), Err(CountError::NotANumber(_))));
        assert_eq!(p("17"), Ok(17));
        assert_eq!(p("3.0"), Ok(3));
        assert_eq!(p("1e18446744073709551615"), Err(CountError::TooLarge));
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn exponent_parsing_never_panics_and_agrees(s in "[-+ 0-9.eE]{0,24}", m in 0u64..1_000_000, e in 0u32..7) {
            let _ = parse_count_or_exponent(&s);
            let want = m * 10u64.pow(e);
            proptest::prop_assert_eq!(parse_count_or_exponent(&format!("{m}e{e}")), Ok(want));
            proptest::prop_assert_eq!(parse_count_or_exponent(&want.to_string()), parse_count(&want.to_string()));
        }
    }
}
