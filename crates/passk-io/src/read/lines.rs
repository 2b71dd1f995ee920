//! Splitting a byte stream into numbered text lines, whatever the chunk boundaries: a line
//! (or a UTF-8 character) cut between two chunks is joined before it is seen.

use std::borrow::Cow;

/// The longest line kept; a longer one is reported and skipped.
pub const MAX_LINE: usize = 64 << 20;

/// A line handed to the parser: its 1-based number and its text (BOM and trailing CR
/// removed, invalid UTF-8 replaced), or the length of a line too long to keep.
pub type LineItem<'a> = (u64, Result<Cow<'a, str>, usize>);

/// Accumulates chunks and hands out complete lines.
#[derive(Debug, Default)]
pub struct Lines {
    partial: Vec<u8>,
    /// The number of the next line.
    next: u64,
    /// Bytes of the current line dropped because it grew past [`MAX_LINE`].
    dropped: usize,
}

/// A line's text: trailing CR removed, invalid UTF-8 replaced, and on line 1 the byte-order
/// mark removed.
fn text(bytes: &[u8], number: u64) -> Cow<'_, str> {
    let mut bytes = match bytes.split_last() {
        Some((b'\r', head)) => head,
        _ => bytes,
    };
    if number == 1 {
        bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    }
    String::from_utf8_lossy(bytes)
}

/// [`text`] of a line already known to be UTF-8.
fn str_text(line: &str, number: u64) -> &str {
    let line = line.strip_suffix('\r').unwrap_or(line);
    if number == 1 {
        line.strip_prefix('\u{feff}').unwrap_or(line)
    } else {
        line
    }
}

impl Lines {
    /// A splitter at line 1.
    pub fn new() -> Self {
        Lines {
            next: 1,
            ..Default::default()
        }
    }

    /// A splitter whose next line is line `next` (the second part of a chunk read in two).
    pub fn starting_at(next: u64) -> Self {
        Lines {
            next,
            ..Default::default()
        }
    }

    /// The number of the next line.
    pub fn next_line(&self) -> u64 {
        self.next
    }

    /// Goes on at line `next` (after the lines another splitter read).
    pub fn set_next_line(&mut self, next: u64) {
        self.next = next;
    }

    /// Whether no line is begun: the next byte fed starts line [`next_line`](Self::next_line).
    pub fn at_line_start(&self) -> bool {
        self.partial.is_empty() && self.dropped == 0
    }

    /// Feeds a chunk; `line` is called for every line it completes.
    pub fn feed(&mut self, mut bytes: &[u8], mut line: impl FnMut(LineItem<'_>)) {
        // The line begun in an earlier chunk (or being dropped) first, byte by byte.
        if self.dropped > 0 || !self.partial.is_empty() {
            let Some(pos) = memchr::memchr(b'\n', bytes) else {
                return self.keep(bytes);
            };
            let head = &bytes[..pos];
            if self.dropped > 0 {
                line((self.next, Err(self.dropped + head.len())));
                self.dropped = 0;
            } else {
                self.partial.extend_from_slice(head);
                let joined = std::mem::take(&mut self.partial);
                line((self.next, Ok(text(&joined, self.next))));
            }
            self.next += 1;
            bytes = &bytes[pos + 1..];
        }
        // The chunk's whole lines: valid UTF-8 (the common case) is checked once for all of
        // them and each line borrowed from it; otherwise line by line, invalid bytes replaced.
        let whole = memchr::memrchr(b'\n', bytes).map_or(0, |last| last + 1);
        let (lines, rest) = bytes.split_at(whole);
        let valid = std::str::from_utf8(lines).ok();
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', lines) {
            let text = match valid {
                Some(all) => Cow::Borrowed(str_text(&all[start..end], self.next)),
                None => text(&lines[start..end], self.next),
            };
            line((self.next, Ok(text)));
            self.next += 1;
            start = end + 1;
        }
        self.keep(rest);
    }

    /// Keeps the start of a line the next chunk goes on with (or counts it, once too long).
    fn keep(&mut self, bytes: &[u8]) {
        if self.dropped > 0 {
            self.dropped += bytes.len();
        } else if self.partial.len() + bytes.len() > MAX_LINE {
            self.dropped = self.partial.len() + bytes.len();
            self.partial = Vec::new();
        } else {
            self.partial.extend_from_slice(bytes);
        }
    }

    /// Hands out the last line if the input did not end with a newline.
    pub fn finish(&mut self, mut line: impl FnMut(LineItem<'_>)) {
        if self.dropped > 0 {
            line((self.next, Err(self.dropped)));
        } else if !self.partial.is_empty() {
            let last = std::mem::take(&mut self.partial);
            line((self.next, Ok(text(&last, self.next))));
        }
        self.dropped = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&[u8]]) -> Vec<(u64, String)> {
        let mut out = Vec::new();
        let mut l = Lines::new();
        for c in chunks {
            l.feed(c, |(n, t)| {
                out.push((n, t.map(|s| s.into_owned()).unwrap_or_default()))
            });
        }
        l.finish(|(n, t)| out.push((n, t.map(|s| s.into_owned()).unwrap_or_default())));
        out
    }

    #[test]
    fn chunk_boundaries_do_not_matter() {
        let whole = "\u{feff}a,b\r\nçé 1\n\nlast".as_bytes();
        let want = split(&[whole]);
        assert_eq!(
            want,
            vec![
                (1, "a,b".to_string()),
                (2, "çé 1".to_string()),
                (3, String::new()),
                (4, "last".to_string())
            ]
        );
        for cut in 0..whole.len() {
            assert_eq!(split(&[&whole[..cut], &whole[cut..]]), want, "cut at {cut}");
        }
    }
}
