//! A large chunk of a line format whose lines stand alone (counts text, CSV/TSV without
//! quotes, JSON lines of counts) read as two parts side by side: on two threads natively (the
//! `passk` command line), as one part in WebAssembly (the engine's worker has one thread).
//!
//! The second part is read by a reader of its own that starts at its first line's number,
//! with the header already seen; its rows then join the first part's as if read after them
//! ([`Collector::absorb`]): the same series in the same order, the same tasks, the same
//! rejections with the same lines, repeated task ids found across the parts.

use super::collect::Collector;
use super::format::Format;
use super::line_parser::LineParser;
use super::lines::Lines;

/// Chunks smaller than this are read in one part (a thread costs tens of microseconds).
pub const MIN_SPLIT: usize = 1 << 20;

/// Feeds `bytes` to `lines` and `parser`: in two parts side by side when it is large and
/// its lines stand alone, else in one.
pub(super) fn feed(lines: &mut Lines, parser: &mut LineParser, col: &mut Collector, bytes: &[u8]) {
    let cut = if cfg!(target_arch = "wasm32") || bytes.len() < MIN_SPLIT {
        None
    } else {
        memchr::memchr(b'\n', &bytes[bytes.len() / 2..]).map(|p| bytes.len() / 2 + p + 1)
    };
    feed_cut(lines, parser, col, bytes, cut);
}

/// [`feed`], the second part starting at byte `cut` (a line's start) if any.
pub(super) fn feed_cut(
    lines: &mut Lines,
    parser: &mut LineParser,
    col: &mut Collector,
    bytes: &[u8],
    cut: Option<usize>,
) {
    // The first line here, first: it ends a line an earlier chunk began, or is the header.
    let head = memchr::memchr(b'\n', bytes).map_or(bytes.len(), |p| p + 1);
    let last = memchr::memrchr(b'\n', bytes).map_or(0, |p| p + 1);
    let Some(cut) = cut.filter(|&c| head < c && c < last) else {
        return lines.feed(bytes, |item| parser.line(col, item));
    };
    lines.feed(&bytes[..head], |item| parser.line(col, item));
    let quotes_matter = matches!(parser.format, Format::Delimited { .. });
    if !(parser.lines_stand_alone() && lines.at_line_start())
        || (quotes_matter && memchr::memchr(b'"', &bytes[head..]).is_some())
    {
        return lines.feed(&bytes[head..], |item| parser.line(col, item));
    }
    let (first, second) = (&bytes[head..cut], &bytes[cut..last]);
    let (in_first, in_second) = (newlines(first), newlines(second));
    let mut other = (
        parser.fork(),
        Lines::starting_at(lines.next_line() + in_first),
        col.fork(),
    );
    // At most a task a line, and a task's line takes 4 bytes or more (`1,0` and its break):
    // room for all of them where they will stay, its memory made ready on this thread while
    // the other reads the second part. (A chunk of blank lines reserves no more than that.)
    let most = |lines: u64, part: &[u8]| (lines as usize + 1).min(part.len() / 4 + 1);
    col.make_room(most(in_first, first) + most(in_second, second));
    passk_core::par::join(
        || {
            lines.feed(first, |item| parser.line(col, item));
            col.touch_room(most(in_second, second));
        },
        || {
            let (parser, lines, col) = &mut other;
            lines.feed(second, |item| parser.line(col, item));
        },
    );
    let (_, after, rows) = other;
    lines.set_next_line(after.next_line());
    col.absorb(rows);
    lines.feed(&bytes[last..], |item| parser.line(col, item));
}

/// The line breaks in `bytes`.
fn newlines(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

#[cfg(test)]
mod tests {
    use crate::read::{read_text, FileRead, Reader};

    /// `text` read in two parts cut at byte `cut` (a line's start).
    fn read_cut(text: &str, cut: usize) -> FileRead {
        let mut r = Reader::for_text("t.csv", "t", None);
        r.cut = Some(cut);
        r.feed(text.as_bytes());
        r.finish()
    }

    /// Every line start of `text` as the cut: the same read as in one part.
    fn same_at_every_cut(text: &str) {
        let want = read_text("t.csv", "t", text, None);
        for (i, _) in text.match_indices('\n') {
            assert_eq!(read_cut(text, i + 1), want, "cut at {}: {text:?}", i + 1);
        }
    }

    #[test]
    fn a_chunk_that_ends_a_line_begun_before_is_cut_too() {
        // Over the bytes the format is decided on, so that two chunks are read apart.
        let text: String = std::iter::once("task,n,c\n".to_string())
            .chain((0..30_000).map(|i| format!("t{},{},{}\n", i % 20_000, 5 + i % 4, i % 7)))
            .collect();
        let want = read_text("t.csv", "t", &text, None);
        assert!(
            want.rejected.len() > 100,
            "repeated ids and c > n are rejected"
        );
        let first = (70 << 10) + 3; // mid-line
        assert!(first < text.len() / 2 && !text[..first].ends_with('\n'));
        for cut in [1, 10, (text.len() - first) / 2, text.len() - first - 20] {
            let rest = &text[first..];
            let cut = cut + rest[cut..].find('\n').unwrap() + 1;
            let mut r = Reader::for_text("t.csv", "t", None);
            r.feed(&text.as_bytes()[..first]);
            r.cut = Some(cut);
            r.feed(rest.as_bytes());
            assert_eq!(r.finish(), want, "cut at {cut} of the second chunk");
        }
    }

    #[test]
    fn two_parts_read_as_one() {
        same_at_every_cut("n,c\n10,3\n10,0\nx,1\n\n# note\n10,11\n12,12\r\n5,1");
        same_at_every_cut(
            "task,model,n,c\na,m1,4,1\nb,m2,4,2\na,m1,4,3\nc,m2,5,5\nb,m2,4,0\na,m3,1,1\n",
        );
        same_at_every_cut("\u{feff}10 3\n10 0\n1e3 5\n6/10\n-1 0\n10 4");
        same_at_every_cut("{\"id\":\"a\",\"n\":4,\"c\":1}\n{\"id\":\"b\",\"n\":4,\"c\":9}\n{\"id\":\"a\",\"n\":3,\"c\":1}\n{\"n\":2}\n");
    }

    #[test]
    fn quotes_and_per_sample_rows_are_read_in_one_part() {
        same_at_every_cut("task,n,c\n\"a\nb\",4,1\nb,4,2\n\"c\",2,1\n");
        same_at_every_cut("{\"task_id\":\"a\",\"passed\":true}\n{\"task_id\":\"b\",\"passed\":false}\n{\"task_id\":\"a\",\"passed\":false}\n");
    }

    #[test]
    fn rejections_beyond_those_kept_are_counted_across_the_parts() {
        let bad = crate::read::MAX_KEPT + 7;
        let text: String = std::iter::once("n,c\n".to_string())
            .chain((0..2 * bad).map(|i| format!("{},{}\n", 5, 6 + i % 3)))
            .collect();
        let want = read_text("t.csv", "t", &text, None);
        assert_eq!(want.rejected_more as usize, 2 * bad - crate::read::MAX_KEPT);
        for cut in [4, text.len() / 3, text.len() / 2, text.len() - 4] {
            let cut = cut + text[cut..].find('\n').unwrap() + 1;
            assert_eq!(read_cut(&text, cut), want, "cut at {cut}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// Random counts files (task ids that repeat, several models, bad rows, comments)
        /// cut at a random line read as in one part.
        #[test]
        fn any_cut_reads_as_one_part(
            rows in proptest::collection::vec(
                (0u8..4, 0u8..3, 0u64..6, 0u64..8, 0u8..10), 1..60),
            at in 0.0f64..1.0,
            csv in proptest::bool::ANY,
        ) {
            let mut text = String::from(if csv { "task,model,n,c\n" } else { "" });
            for (id, model, n, c, kind) in rows {
                let line = match (csv, kind) {
                    (_, 0) => "# a comment".to_string(),
                    (_, 1) => String::new(),
                    (true, _) => format!("t{id},m{model},{n},{c}"),
                    (false, _) => format!("{n} {c}"),
                };
                text.push_str(&line);
                text.push('\n');
            }
            let starts: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
            let cut = starts[((starts.len() - 1) as f64 * at) as usize];
            let want = read_text("t.csv", "t", &text, None);
            proptest::prop_assert_eq!(read_cut(&text, cut), want);
        }
    }
}
