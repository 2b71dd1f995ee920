//! The streaming [`Reader`]: takes an input in chunks of any size, decides its format from
//! the first bytes, hands line formats their numbered lines as they complete and keeps whole
//! JSON documents until the end; [`read_bytes`] and [`read_text`] read an input at once.

use super::collect::Collector;
use super::options::ReadOptions;

use super::detect::{detect, not_text, SNIFF};
use super::file::{file_read, FileRead};
use super::format::Format;
use super::line_parser::LineParser;
use super::lines::Lines;
use super::text_rows::Header;
use super::{harness, inspect, json_doc, runs, split};

/// Where the reader is: still gathering the bytes the format is decided on, reading lines,
/// or keeping a whole document.
enum State {
    Sniffing(Vec<u8>),
    Lines {
        lines: Lines,
        parser: Box<LineParser>,
    },
    Document {
        format: Format,
        text: Vec<u8>,
    },
    /// Not text (and not a zip archive): why, said once; the rest is not read.
    NotText(String),
}

/// Reads an input fed in chunks of any size.
pub struct Reader {
    file: String,
    default_name: String,
    forced: Option<Format>,
    state: State,
    col: Collector,
    bytes: u64,
    /// What reads a zip archive (an inspect_ai `.eval` log); None for text, so that the page,
    /// which reads only what is typed, does not link the archive decoders.
    unzip: Option<fn(&[u8], &mut Collector)>,
    /// What reads an Apache Parquet file (lighteval details); None unless asked for
    /// ([`with_parquet`](Self::with_parquet)): the decoder is large, and the page loads it
    /// only when a Parquet file is picked.
    parquet: Option<fn(&[u8], &mut Collector)>,
    /// The series the input is a run of ([`Format::run_of`]), once the format is decided.
    runs_of: Option<String>,
    /// Where the next chunk read is cut in two parts, instead of its middle (tests).
    #[cfg(test)]
    pub(super) cut: Option<usize>,
}

impl Reader {
    /// A reader for the input shown as `file`, whose series is named `default_name` unless
    /// rows name a model; `format` overrides detection.
    pub fn new(file: &str, default_name: &str, format: Option<Format>) -> Reader {
        Reader::new_with(file, default_name, format, Some(inspect::eval_zip))
    }

    fn new_with(
        file: &str,
        default_name: &str,
        format: Option<Format>,
        unzip: Option<fn(&[u8], &mut Collector)>,
    ) -> Reader {
        Reader {
            file: file.to_string(),
            default_name: default_name.to_string(),
            forced: format,
            state: State::Sniffing(Vec::new()),
            col: Collector::default(),
            bytes: 0,
            unzip,
            parquet: None,
            runs_of: None,
            #[cfg(test)]
            cut: None,
        }
    }

    /// The same reader, reading with `options`.
    pub fn with_options(mut self, options: ReadOptions) -> Reader {
        self.col.options = options;
        self
    }

    /// The same reader, reading Apache Parquet files too (lighteval details, verl
    /// generations).
    #[cfg(feature = "parquet")]
    pub fn with_parquet(mut self) -> Reader {
        self.parquet = Some(super::parquet_file::read);
        self
    }

    /// A reader of typed or pasted text: as [`new`](Self::new), but a zip archive is refused
    /// (it is loaded as a file).
    pub fn for_text(file: &str, default_name: &str, format: Option<Format>) -> Reader {
        Reader::new_with(file, default_name, format, None)
    }

    /// The format, once decided.
    pub fn format(&self) -> Option<Format> {
        match &self.state {
            State::Sniffing(_) | State::NotText(_) => None,
            State::Lines { parser, .. } => Some(parser.format),
            State::Document { format, .. } => Some(*format),
        }
    }

    /// Tasks read so far (all series).
    pub fn tasks(&self) -> usize {
        self.col.series.iter().map(|s| s.1.len()).sum()
    }

    /// Feeds the next chunk.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.bytes += bytes.len() as u64;
        if let State::Sniffing(buf) = &mut self.state {
            if buf.is_empty() && bytes.len() >= SNIFF {
                // Enough to decide on: read in place (a whole file is not copied first).
                self.detect_format(bytes);
                return self.process(bytes);
            }
            buf.extend_from_slice(bytes);
            if buf.len() >= SNIFF {
                let buf = std::mem::take(buf);
                self.detect_format(&buf);
                self.process(&buf);
            }
            return;
        }
        self.process(bytes);
    }

    fn detect_format(&mut self, prefix: &[u8]) {
        let text = String::from_utf8_lossy(&prefix[..prefix.len().min(SNIFF)]);
        let format = self
            .forced
            .or_else(|| detect(&text))
            .unwrap_or(Format::CountsText);
        if !matches!(format, Format::InspectZip | Format::Parquet) {
            if let Some(reason) = not_text(prefix) {
                self.state = State::NotText(reason);
                return;
            }
        }
        self.runs_of = format.run_of(&self.file, &self.default_name);
        self.col.keep_answers = self.runs_of.is_some();
        self.state = if format.is_document() {
            State::Document {
                format,
                text: Vec::new(),
            }
        } else {
            State::Lines {
                lines: Lines::new(),
                parser: Box::new(LineParser::new(
                    format,
                    match format {
                        Format::Rollouts => self.default_name.clone(),
                        _ => self
                            .runs_of
                            .clone()
                            .unwrap_or_else(|| harness::lm_eval_task(&self.default_name)),
                    },
                )),
            }
        };
    }

    fn process(&mut self, bytes: &[u8]) {
        let col = &mut self.col;
        match &mut self.state {
            State::Sniffing(_) | State::NotText(_) => {}
            State::Document { text, .. } => text.extend_from_slice(bytes),
            #[cfg(test)]
            State::Lines { lines, parser } if self.cut.is_some() => {
                split::feed_cut(lines, parser, col, bytes, self.cut.take())
            }
            State::Lines { lines, parser } => split::feed(lines, parser, col, bytes),
        }
    }

    /// Ends the input and returns what was read.
    pub fn finish(mut self) -> FileRead {
        if let State::Sniffing(buf) = &mut self.state {
            let buf = std::mem::take(buf);
            if buf.iter().all(|b| b.is_ascii_whitespace()) {
                return self.into_read(None, Vec::new());
            }
            self.detect_format(&buf);
            self.process(&buf);
        }
        let col = &mut self.col;
        let (format, ignored) = match &mut self.state {
            State::Sniffing(_) => (None, Vec::new()),
            State::NotText(reason) => {
                col.reject(0, std::mem::take(reason), None);
                (None, Vec::new())
            }
            State::Lines { lines, parser } => {
                lines.finish(|item| parser.line(col, item));
                parser.finish(col);
                (
                    Some(parser.format),
                    parser.header().map(Header::ignored).unwrap_or_default(),
                )
            }
            State::Document {
                format: Format::InspectZip,
                text,
            } => {
                match self.unzip {
                    Some(unzip) => unzip(text, col),
                    None => col.reject(
                        0,
                        "an inspect_ai .eval log is a zip archive: load it as a file",
                        None,
                    ),
                }
                (Some(Format::InspectZip), Vec::new())
            }
            State::Document {
                format: Format::Parquet,
                text,
            } => {
                match self.parquet {
                    Some(parquet) => parquet(text, col),
                    None => col.reject(0, PARQUET_ELSEWHERE, None),
                }
                (Some(Format::Parquet), Vec::new())
            }
            State::Document { format, text } => {
                let text = String::from_utf8_lossy(text);
                let text = text.trim_start_matches('\u{feff}');
                match format {
                    Format::EvalPlus => json_doc::evalplus(text, col),
                    Format::SweBench => {
                        runs::swe_bench(text, self.runs_of.as_deref().unwrap_or_default(), col)
                    }
                    Format::Inspect => inspect::log_json(text, col),
                    _ => json_doc::json_list(text, col),
                }
                (Some(*format), Vec::new())
            }
        };
        self.into_read(format, ignored)
    }

    fn into_read(self, format: Option<Format>, ignored_columns: Vec<String>) -> FileRead {
        let mut read = file_read(self.col, &self.file, &self.default_name, format);
        read.runs_of = self.runs_of;
        read.ignored_columns = ignored_columns;
        read.bytes = self.bytes;
        read
    }
}

/// Why a Parquet file was not read by a reader without the decoder.
pub const PARQUET_ELSEWHERE: &str =
    "an Apache Parquet file: the page reads it when it is loaded as a file \
     named *.parquet, and passk report and the Python package read it (the JavaScript \
     module has no Parquet decoder: convert it to CSV or JSON lines)";

/// Reads a whole input at once, detecting the format unless `format` is given.
pub fn read_bytes(
    file: &str,
    default_name: &str,
    bytes: &[u8],
    format: Option<Format>,
) -> FileRead {
    let mut r = Reader::new(file, default_name, format);
    r.feed(bytes);
    r.finish()
}

/// Reads a text at once (typed or pasted: a zip archive is refused, see
/// [`Reader::for_text`]).
pub fn read_text(file: &str, default_name: &str, text: &str, format: Option<Format>) -> FileRead {
    let mut r = Reader::for_text(file, default_name, format);
    r.feed(text.as_bytes());
    r.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_sorted_by_the_model_size_in_their_names() {
        let text = "model,task,n,c\nP 12B,1,4,1\nP 160M,1,4,1\nother,1,4,1\nP 1B,1,4,1\nP 70M,1,4,1\nP 2.8B,1,4,1\n";
        let mut read = read_text("p.csv", "p", text, None);
        read.sort_by_model_size();
        let names: Vec<_> = read
            .series
            .iter()
            .map(|s| s.0.model.clone().unwrap_or_default())
            .collect();
        assert_eq!(
            names,
            ["P 70M", "P 160M", "P 1B", "P 2.8B", "P 12B", "other"]
        );
    }

    #[test]
    fn the_same_data_under_another_name_is_recognised() {
        let read = |file: &str, text: &str| crate::read::read_text(file, "x", text, None);
        let a = read("a.txt", "10 3\n10 0\n");
        assert!(a.same_data(&read("b.txt", "10 3\n10 0\n")));
        assert!(
            a.same_data(&read("a.txt", "10  3\r\n10 0\n")),
            "the same counts"
        );
        assert!(
            !a.same_data(&read("a.txt", "10 3\n10 1\n")),
            "another count"
        );
        assert!(
            !a.same_data(&read("a.txt", "10 0\n10 3\n")),
            "another order"
        );
        assert!(
            !a.same_data(&read("a.txt", "10 3\n10 0\n10 11\n")),
            "a rejected row"
        );
    }

    #[test]
    fn empty_and_blank_inputs_read_as_nothing() {
        for text in ["", "\n\n", "   \r\n"] {
            let r = read_text("p", "p", text, None);
            assert_eq!(r.format, None);
            assert!(r.series.is_empty() && r.rejected.is_empty());
        }
        let r = read_text("p", "p", "# only a comment\n", None);
        assert!(r.series.is_empty() && r.rejected.is_empty());
    }
}
