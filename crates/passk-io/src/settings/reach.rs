//! The forecast's targets of pass@k, as the page's field and `--reach` read them.

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
                Ok(v) if v / scale > 0.0 && v / scale < 1.0 => Ok(v / scale),
                Ok(_) => Err(format!(
                    "{t}: a target of pass@k lies between 0 and 1 (or 0% and 100%)"
                )),
                Err(_) => Err(format!("'{t}' is not a number")),
            }
        })
        .collect()
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
}
