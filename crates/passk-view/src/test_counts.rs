//! The tests' own reading of a JSON-lines counts file, by hand (not by the readers).

/// (c, n) of every line of a JSON-lines counts file, read here by hand.
pub(crate) fn counts(text: &str) -> Vec<(u64, u64)> {
    let field = |line: &str, key: &str| -> u64 {
        let at = line.find(&format!("\"{key}\": ")).unwrap() + key.len() + 4;
        line[at..]
            .split([',', '}'])
            .next()
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| (field(l, "c"), field(l, "n")))
        .collect()
}
