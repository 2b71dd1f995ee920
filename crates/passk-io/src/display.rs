//! Formatting probabilities for people: four significant digits, never a misleading 0% or
//! 100%.

/// Below this percentage a value reads `< 0.0001%` (its exact value goes in a tooltip).
pub const PERCENT_FLOOR: f64 = 1e-4;

/// A probability as a percentage with 4 significant digits, never in exponent form.
///
/// Exactly 0 and 1 read `0%` and `100%`. A value that would round to 100% reads with as many
/// digits as it takes to stay below, up to 99.9999% (0.99996 → `99.996%`); closer to 1 it
/// reads `> 99.9999%`, and under 0.0001% it reads `< 0.0001%` (10^-9, 1 − 10^-12): the page
/// puts the exact value ([`full`]) in the tooltip. NaN reads `—`.
pub fn percent(p: f64) -> String {
    if p.is_nan() {
        return "—".to_string();
    }
    if p <= 0.0 {
        return "0%".to_string();
    }
    if p >= 1.0 {
        return "100%".to_string();
    }
    let pct = p * 100.0;
    if pct < PERCENT_FLOOR {
        return format!("< {PERCENT_FLOOR}%");
    }
    if 100.0 - pct < PERCENT_FLOOR {
        return format!("> {}%", 100.0 - PERCENT_FLOOR);
    }
    let int_digits = if pct >= 10.0 {
        2
    } else if pct >= 1.0 {
        1
    } else {
        0
    };
    let mut decimals: usize = if int_digits == 0 {
        // 0.0001 ≤ pct < 1: leading zeros after the point, then 4 significant digits.
        (3.0 - pct.log10().floor()) as usize
    } else {
        4 - int_digits
    };
    loop {
        let s = format!("{pct:.decimals$}");
        if s.starts_with("100") && decimals < 17 {
            decimals += 1;
            continue;
        }
        // A value below 10 may round up to "10.00": keep 4 significant digits anyway.
        return format!("{s}%");
    }
}

/// A standard error (or any small spread of a probability) in percentage points with three
/// significant digits, after `±`: 0.012237 → `± 1.22`, 0.000774 → `± 0.0774`; NaN reads `—`.
pub fn plus_minus_points(se: f64) -> String {
    if !se.is_finite() {
        return "—".to_string();
    }
    format!("± {}", points_sig(se))
}

/// A value in percentage points with two decimals (0.0123 → `1.23`, −0.0456 → `-4.56`); one
/// that rounds to zero reads `0.00`, never `-0.00` (a sign the digits do not carry).
pub fn points2(x: f64) -> String {
    let s = format!("{:.2}", 100.0 * x);
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

/// A standard error (or any small spread) in percentage points with three significant
/// digits, without ±: 0.012237 → `1.22`, 0.000774 → `0.0774`; NaN reads `—`.
pub fn points_sig(se: f64) -> String {
    if !se.is_finite() {
        return "—".to_string();
    }
    let pp = 100.0 * se.abs();
    if pp == 0.0 {
        return "0".to_string();
    }
    let decimals = (2.0 - pp.log10().floor()).clamp(0.0, 12.0) as usize;
    format!("{pp:.decimals$}")
}

/// The shortest decimal text that reads back as the same f64 (full precision), in exponent
/// form below 10^-4 as JavaScript writes numbers (`1e-9`, `0.9166666666666666`).
pub fn full(p: f64) -> String {
    if p.is_nan() {
        return "NaN".to_string();
    }
    if p == 0.0 {
        // −0 (pass@k of c = 0 is −expm1(0)) reads as 0.
        return "0".to_string();
    }
    if p != 0.0 && (p.abs() < 1e-4 || p.abs() >= 1e15) {
        format!("{p:e}")
    } else {
        format!("{p}")
    }
}

/// `v` to `digits` significant digits (at least 1): "0.2956", "12.36", "-742.3", "1.235e-7";
/// never "-0". Every digit is [`full`]'s.
pub fn sig(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return full(v);
    }
    if v == 0.0 {
        return "0".to_string();
    }
    let digits = digits.max(1);
    let exp = v.abs().log10().floor() as i32;
    if !(-4..15).contains(&exp) {
        return format!("{v:.prec$e}", prec = digits - 1);
    }
    let decimals = (digits as i32 - 1 - exp).max(0) as usize;
    let s = format!("{v:.decimals$}");
    // Rounding up may add a digit (9.9996 → "10.000"): drop the extra decimal.
    let s = if decimals > 0
        && s.trim_start_matches('-')
            .replace('.', "")
            .trim_start_matches('0')
            .len()
            > digits
    {
        format!("{v:.prec$}", prec = decimals - 1)
    } else {
        s
    };
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        "0".to_string()
    } else {
        s
    }
}

/// A relative difference for display, e.g. `2.2e-16`; exact agreement reads `0 (exact)`.
pub fn rel(r: f64) -> String {
    if r == 0.0 {
        "0 (identical)".to_string()
    } else {
        format!("{r:.1e}")
    }
}

/// A whole number with thousands separators, e.g. `12,345`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A count and its noun, singular or plural: `1 field`, `0 fields`, `12,345 tasks`.
pub fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    #[test]
    fn points2_never_signs_a_zero() {
        use super::points2;
        assert_eq!(points2(0.0123), "1.23");
        assert_eq!(points2(-0.0456), "-4.56");
        assert_eq!(points2(-0.00004), "0.00");
        assert_eq!(points2(-0.0), "0.00");
        assert_eq!(points2(-0.00005001), "-0.01");
        assert_eq!(points2(0.0), "0.00");
    }

    use super::*;

    #[test]
    fn significant_digits_of_fit_parameters() {
        assert_eq!(sig(0.2955076169315236, 4), "0.2955");
        assert_eq!(sig(12.36476294042678, 4), "12.36");
        assert_eq!(sig(-742.3414933205027, 4), "-742.3");
        assert_eq!(sig(12.660270557358304, 4), "12.66");
        assert_eq!(sig(9.99996, 4), "10.00");
        assert_eq!(sig(0.99996, 4), "1.000");
        assert_eq!(sig(123456.7, 4), "123457");
        assert_eq!(sig(1.23456e-7, 4), "1.235e-7");
        assert_eq!(sig(-0.0, 4), "0");
        assert_eq!(sig(-0.00001, 2), "-1.0e-5");
        assert_eq!(sig(f64::NAN, 4), "NaN");
    }

    #[test]
    fn counts_agree_with_their_noun() {
        assert_eq!(count_of(1, "field", "fields"), "1 field");
        assert_eq!(count_of(0, "field", "fields"), "0 fields");
        assert_eq!(count_of(3, "field", "fields"), "3 fields");
        assert_eq!(count_of(12_345, "task", "tasks"), "12,345 tasks");
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn standard_errors_in_points() {
        assert_eq!(plus_minus_points(0.012237), "± 1.22");
        assert_eq!(plus_minus_points(0.000774), "± 0.0774");
        assert_eq!(plus_minus_points(0.2), "± 20.0");
        assert_eq!(plus_minus_points(0.0), "± 0");
        assert_eq!(plus_minus_points(f64::NAN), "—");
    }

    #[test]
    fn four_significant_digits() {
        assert_eq!(percent(0.3), "30.00%");
        assert_eq!(percent(11.0 / 12.0), "91.67%");
        assert_eq!(percent(0.05), "5.000%");
        assert_eq!(percent(0.001234), "0.1234%");
        assert_eq!(percent(0.0001234), "0.01234%");
        assert_eq!(percent(1.234e-6), "0.0001234%");
        // No exponent inside a percentage: below 0.0001 % the page shows the exact value on
        // hover.
        assert_eq!(percent(1e-9), "< 0.0001%");
        assert_eq!(percent(3.944e-10), "< 0.0001%");
    }

    #[test]
    fn never_rounds_to_zero_or_one_hundred() {
        assert_eq!(percent(0.99996), "99.996%");
        assert_eq!(percent(0.999_998_7), "99.9999%");
        assert_eq!(percent(1.0 - 1e-12), "> 99.9999%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.0), "0%");
        assert_ne!(percent(1e-300), "0%");
        assert_eq!(percent(f64::NAN), "—");
    }

    #[test]
    fn full_precision_round_trips() {
        let v = 11.0 / 12.0;
        assert_eq!(full(v).parse::<f64>().unwrap(), v);
        assert_eq!(full(v), "0.9166666666666666");
        assert_eq!(full(1e-9), "1e-9");
        assert_eq!(full(2.5e-7).parse::<f64>().unwrap(), 2.5e-7);
        assert_eq!(full(0.0), "0");
        assert_eq!(full(-0.0), "0");
    }
}
