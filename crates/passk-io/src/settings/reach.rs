//! The forecast's fields, as the page and the command line read them: the targets of pass@k
//! (`--reach`) and the least-squares power law's k range (`--power-range`).

/// Targets of pass@k to reach, comma-separated: each a number in (0, 1) or a percentage
/// ("90%").
///
/// # Errors
/// The first target that is not one, and why.
pub fn parse_reach(text: &str) -> Result<Vec<f64>, String> {
    text.split(',')
        .map(|t| {
            let t = t.trim();
            let (num, scale) = match t.strip_suffix('%') {
                Some(p) => (p.trim(), 100.0),
                None => (t, 1.0),
            };
            match num.parse::<f64>() {
                Ok(v) => super::check::check_reach(v / scale).map_err(|e| format!("{t}: {e}")),
                Err(_) => Err(format!("'{t}' is not a number")),
            }
        })
        .collect()
}

/// A k range "FROM–TO" (also "FROM-TO" or "FROM,TO"), whole numbers with 1 ≤ FROM < TO.
///
/// # Errors
/// Why the text is not one.
pub fn parse_k_range(text: &str) -> Result<[u64; 2], String> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(['–', '-', ',']).map(str::trim).collect();
    let [from, to] = parts[..] else {
        return Err(format!("'{t}': a range such as 2–128"));
    };
    let num = |v: &str| {
        v.replace(['_', ' '], "")
            .parse::<u64>()
            .map_err(|_| format!("'{v}' is not a whole number"))
    };
    super::check::check_k_range([num(from)?, num(to)?]).map_err(|e| format!("'{t}': {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_as_fractions_or_percentages() {
        assert_eq!(parse_reach("0.9"), Ok(vec![0.9]));
        assert_eq!(parse_reach("90%, 0.99"), Ok(vec![0.9, 0.99]));
        assert!(parse_reach("1").unwrap_err().contains("between 0 and 1"));
        assert!(parse_reach("0").is_err());
        assert!(parse_reach("nine").unwrap_err().contains("not a number"));
    }

    #[test]
    fn k_ranges() {
        assert_eq!(parse_k_range("2–128"), Ok([2, 128]));
        assert_eq!(parse_k_range(" 4 - 1000 "), Ok([4, 1000]));
        assert_eq!(parse_k_range("4,1000"), Ok([4, 1000]));
        assert!(parse_k_range("128–2").is_err());
        assert!(parse_k_range("0–10").is_err());
        assert!(parse_k_range("2").is_err());
    }
}
