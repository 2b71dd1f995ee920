//! One line format's reader of numbered lines: the header once seen, the matrix rows so far,
//! and a delimited record whose quoted field spans lines (RFC 4180).

use super::collect::Collector;
use super::format::Format;
use super::lines::{LineItem, MAX_LINE};
use super::quotes::QuoteState;
use super::text_rows::{self, is_skipped, Header};
use super::{harness, json_rows, rollouts, runs};

/// How a line format reads its lines: the format, the header once seen, the matrix rows
/// so far.
pub(super) struct LineParser {
    pub(super) format: Format,
    /// The task a harness log is of, from its file name (lm-eval), or the series its
    /// runs form (NeMo-Skills).
    task: String,
    header: Option<Header>,
    rows: u64,
    /// A delimited record whose quoted field goes on over the next lines: its first line,
    /// its text so far and where the scan of its quotes stands.
    open: Option<(u64, String, QuoteState)>,
}

impl LineParser {
    /// A reader of `format`'s lines; `task`: the task a harness log is of, or the series
    /// its runs form.
    pub(super) fn new(format: Format, task: String) -> LineParser {
        LineParser {
            format,
            task,
            header: None,
            rows: 0,
            open: None,
        }
    }

    /// Whether each line is read on its own, whatever came before it (once the header of a
    /// delimited file is seen, outside a quoted field): what the splitting of large chunks (`split.rs`) needs.
    pub(super) fn lines_stand_alone(&self) -> bool {
        match self.format {
            Format::CountsText | Format::JsonLines => true,
            Format::Delimited { .. } => self.header.is_some() && self.open.is_none(),
            _ => false,
        }
    }

    /// A parser for lines further on in the same input: the same format and header.
    pub(super) fn fork(&self) -> LineParser {
        LineParser {
            format: self.format,
            task: self.task.clone(),
            header: self.header.clone(),
            rows: self.rows,
            open: None,
        }
    }

    /// The header, once seen (delimited files).
    pub(super) fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// Reads one line.
    pub(super) fn line(&mut self, col: &mut Collector, (number, text): LineItem<'_>) {
        let text = match text {
            Ok(t) => t,
            Err(len) => {
                if let Some((first, ..)) = self.open.take() {
                    let reason = format!(
                        "a quoted field opened on this line goes on into line {number}, which is over the limit"
                    );
                    col.reject(first, reason, None);
                }
                let reason = format!(
                    "line of {len} bytes is longer than the limit of {} MB",
                    MAX_LINE >> 20
                );
                return col.reject(number, reason, None);
            }
        };
        if let Format::Delimited { delimiter } = self.format {
            // Most rows of the common file, two counts and the delimiter, go straight in.
            let header = self.header.as_ref().filter(|_| self.open.is_none());
            if header.is_some_and(|h| h.plain_row(number, &text, delimiter, col)) {
                return;
            }
            // RFC 4180: a quoted field may hold line breaks; the record is read whole and
            // named by its first line.
            if let Some((first, mut record, state)) = self.open.take() {
                let state = state.scan("\n", delimiter).scan(&text, delimiter);
                record.push('\n');
                record.push_str(&text);
                if state.quoted {
                    if record.len() > MAX_LINE {
                        let reason = format!(
                            "a quoted field from line {first} runs past {} MB: unclosed quote?",
                            MAX_LINE >> 20
                        );
                        return col.reject(first, reason, None);
                    }
                    self.open = Some((first, record, state));
                    return;
                }
                return self.record(col, first, &record);
            }
            let state = QuoteState::default().line(&text, delimiter);
            if state.quoted {
                self.open = Some((number, text.into_owned(), state));
                return;
            }
        }
        self.record(col, number, &text);
    }

    /// The end of the input: a quoted field still open is reported.
    pub(super) fn finish(&mut self, col: &mut Collector) {
        if let Some((first, ..)) = self.open.take() {
            let reason = "a quoted field opened on this line is never closed (a missing '\"'?)";
            col.reject(first, reason, None);
        }
    }

    /// Reads one record (a line, or the lines of a quoted field that spans several).
    fn record(&mut self, col: &mut Collector, number: u64, text: &str) {
        if is_skipped(text) {
            return;
        }
        match self.format {
            Format::CountsText => text_rows::counts_line(number, text, col),
            Format::Matrix => {
                self.rows += 1;
                text_rows::matrix_line(number, self.rows, text, col)
            }
            Format::Delimited { delimiter } => match &self.header {
                None => {
                    let h = Header::parse(number, text, delimiter);
                    if let Some(why) = h.missing() {
                        col.reject(number, why, None);
                    }
                    self.header = Some(h);
                }
                Some(h) => h.row(number, text, delimiter, col),
            },
            Format::JsonLines => json_rows::counts_line(number, text, col),
            Format::SampleLines => json_rows::samples_line(number, text, col),
            Format::LmEval => harness::lm_eval_line(number, text, &self.task, col),
            Format::NemoSkills => runs::nemo_line(number, text, &self.task, col),
            Format::QwenMath => runs::qwen_line(number, text, &self.task, col),
            Format::Rollouts => rollouts::rollout_line(number, text, &self.task, col),
            Format::EvalPlus
            | Format::JsonList
            | Format::SweBench
            | Format::Inspect
            | Format::InspectZip
            | Format::Parquet => {}
        }
    }
}
