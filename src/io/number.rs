//! Reading a count (a whole decimal number) from text, with a reason when it is not one.

use std::fmt;

use crate::core::data::counts::MAX_COUNT;

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
    /// Exponent notation such as `1e3`.
    Exponent,
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
pub fn parse_count(text: &str) -> Result<u64, CountError> {
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
}
