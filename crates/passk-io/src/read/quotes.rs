//! RFC 4180 quoting in delimited text: one state machine splits a line into its cells and
//! tells whether a line ends inside a quoted field (the record then goes on over the next
//! line, the line break part of the field).

/// Where a scan of delimited text stands: inside a quoted field or not, and whether the
/// current field holds only white space so far (a quote opens a field only then). Carried
/// from line to line, so that a record whose quoted field spans many lines is scanned once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuoteState {
    /// Inside a quoted field.
    pub quoted: bool,
    blank: bool,
}

impl Default for QuoteState {
    fn default() -> Self {
        QuoteState {
            quoted: false,
            blank: true,
        }
    }
}

/// What one character is to the cell being read.
enum Step {
    /// Part of the cell (an escaped `""` gives one quote).
    Keep(char),
    /// The quote that opens a field: the white space before it is not part of the cell.
    Open,
    /// The quote that closes a field.
    Close,
    /// The delimiter outside quotes: the cell ends.
    Split,
}

impl QuoteState {
    /// Reads `ch` (taking the second quote of an escaped `""` from `rest`).
    fn step(
        &mut self,
        ch: char,
        rest: &mut std::iter::Peekable<std::str::Chars<'_>>,
        delimiter: char,
    ) -> Step {
        match ch {
            '"' if self.quoted && rest.peek() == Some(&'"') => {
                rest.next();
                self.blank = false;
                Step::Keep('"')
            }
            '"' if self.quoted => {
                self.quoted = false;
                Step::Close
            }
            '"' if self.blank => {
                self.quoted = true;
                Step::Open
            }
            c if c == delimiter && !self.quoted => {
                self.blank = true;
                Step::Split
            }
            c => {
                self.blank &= c.is_whitespace();
                Step::Keep(c)
            }
        }
    }

    /// The state after `text`.
    pub fn scan(mut self, text: &str, delimiter: char) -> QuoteState {
        let mut chars = text.chars().peekable();
        while let Some(ch) = chars.next() {
            self.step(ch, &mut chars, delimiter);
        }
        self
    }

    /// The state after a whole line: quick when it has no quote.
    pub fn line(self, line: &str, delimiter: char) -> QuoteState {
        if !self.quoted && !has_quote(line) {
            return QuoteState::default();
        }
        self.scan(line, delimiter)
    }
}

/// Whether `text` holds a double quote (a plain loop: lines are short).
fn has_quote(text: &str) -> bool {
    text.bytes().any(|b| b == b'"')
}

/// A line's cells (trimmed) and whether it ends inside quotes.
pub fn scan_quoted(line: &str, delimiter: char) -> (Vec<String>, bool) {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut state = QuoteState::default();
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match state.step(ch, &mut chars, delimiter) {
            Step::Keep(c) => cur.push(c),
            Step::Open => cur.clear(),
            Step::Close => {}
            Step::Split => out.push(std::mem::take(&mut cur)),
        }
    }
    out.push(cur);
    let cells = out.into_iter().map(|f| f.trim().to_string()).collect();
    (cells, state.quoted)
}

/// The cells of a line with no quote (the common case, and the fast one), trimmed, each
/// handed to `cell` with its place; returns how many there are. None when the line holds
/// a quote: [`split_delimited`] reads it as RFC 4180 does.
pub fn plain_cells<'r>(
    line: &'r str,
    delimiter: char,
    mut cell: impl FnMut(usize, &'r str),
) -> Option<usize> {
    if has_quote(line) {
        return None;
    }
    let mut count = 0;
    match u8::try_from(delimiter) {
        Ok(d) if d.is_ascii() => {
            // An ASCII delimiter's bytes are character boundaries: split on them (a plain
            // loop: the cells are short).
            let mut start = 0;
            for (end, _) in line.bytes().enumerate().filter(|&(_, b)| b == d) {
                cell(count, trim(&line[start..end]));
                count += 1;
                start = end + 1;
            }
            cell(count, trim(&line[start..]));
            count += 1;
        }
        _ => {
            for c in line.split(delimiter) {
                cell(count, c.trim());
                count += 1;
            }
        }
    }
    Some(count)
}

/// `text` without the white space around it: [`str::trim`], skipped when the ends are
/// printable ASCII (the common case).
pub fn trim(text: &str) -> &str {
    let plain = |b: Option<&u8>| b.is_some_and(u8::is_ascii_graphic);
    let b = text.as_bytes();
    if plain(b.first()) && plain(b.last()) {
        text
    } else {
        text.trim()
    }
}

/// Splits one delimited line, honouring double quotes (RFC 4180 within a line).
pub fn split_delimited(line: &str, delimiter: char) -> Vec<String> {
    let mut out = Vec::new();
    match plain_cells(line, delimiter, |_, c| out.push(c.to_string())) {
        Some(_) => out,
        None => scan_quoted(line, delimiter).0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quote_scan_carried_over_lines_ends_where_the_cell_split_does() {
        for line in [
            "a,\"b\"\"c",
            "a,\"b\"\"c\"",
            " \"x",
            "x\"y",
            "\"a\",b\"",
            "\"\"",
            "\"\",\"",
            "\"  \"\"",
            "\"é\",\"ü",
            "a;\"b",
        ] {
            for d in [',', ';'] {
                let want = scan_quoted(line, d).1;
                assert_eq!(
                    QuoteState::default().line(line, d).quoted,
                    want,
                    "{line:?} {d:?}"
                );
                // A line break anywhere, scanned line by line as the reader does: the
                // state carried over ends where the split of the whole record does.
                // (A line that ends outside quotes is a record of its own.)
                for (cut, _) in line.char_indices() {
                    let (a, b) = line.split_at(cut);
                    let first = QuoteState::default().line(a, d);
                    assert_eq!(first.quoted, scan_quoted(a, d).1, "{a:?}");
                    if !first.quoted {
                        continue;
                    }
                    let s = first.scan("\n", d).scan(b, d);
                    let joined = format!("{a}\n{b}");
                    assert_eq!(s.quoted, scan_quoted(&joined, d).1, "{joined:?}");
                }
            }
        }
    }
}
