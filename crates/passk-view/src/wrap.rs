//! Where a series name may break across lines: after its separators (`_`, `-`, `.`, `/`, `:`,
//! `@`, `=`), so that `deepscaler_base` wraps as `deepscaler_` / `base`, never mid-word while a
//! separator is left. The page puts a `<wbr>` between the pieces; copied text is unchanged.

/// The characters after which a name may break.
pub const SEPARATORS: [char; 7] = ['_', '-', '.', '/', ':', '@', '='];

/// `name` cut after each separator that has more of the name after it; the pieces joined are
/// `name` again. A name without separators is one piece.
pub fn pieces(name: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, ch) in name.char_indices() {
        let end = i + ch.len_utf8();
        if SEPARATORS.contains(&ch) && end < name.len() && end > start {
            out.push(&name[start..end]);
            start = end;
        }
    }
    if start < name.len() || out.is_empty() {
        out.push(&name[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::pieces;

    #[test]
    fn names_break_after_separators_only() {
        assert_eq!(pieces("deepscaler_base"), ["deepscaler_", "base"]);
        assert_eq!(
            pieces("pythia-1.4b/step=143000"),
            ["pythia-", "1.", "4b/", "step=", "143000"]
        );
        assert_eq!(pieces("70M"), ["70M"]);
        assert_eq!(pieces(""), [""]);
        // A trailing separator stays with its word; runs of separators split once each.
        assert_eq!(pieces("a__b-"), ["a_", "_", "b-"]);
        assert_eq!(pieces("résumé_ü"), ["résumé_", "ü"]);
        for name in ["x", "a.b.c", "__", "model@v2:final"] {
            assert_eq!(pieces(name).concat(), name);
        }
    }
}
