//! Line-by-line text formats: `n c` counts, CSV/TSV with a header (a row per task, or per
//! sample: task and outcome columns and no n), and 0/1 matrices.

use crate::number::{parse_count, plain_count, shorten};
use passk_core::data::SeriesMeta;

use super::collect::Collector;
use super::names::{
    is_group_name, C_NAMES, MODEL_NAMES, N_NAMES, OUTCOME_NAMES, TASK_NAMES, TEMPERATURE_NAMES,
};
use super::quotes::{plain_cells, scan_quoted, split_delimited};

/// Whether a line holds nothing to read (blank or a `#` comment).
pub fn is_skipped(line: &str) -> bool {
    let t = super::quotes::trim(line);
    t.is_empty() || t.starts_with('#')
}

/// `n c`, `n,c`, `n<TAB>c`, `n;c` or `c/n`.
pub fn counts_line(line: u64, raw: &str, col: &mut Collector) {
    let (n_text, c_text) = if raw.contains('/') {
        let parts: Vec<&str> = raw.split('/').map(str::trim).collect();
        let [c, n] = parts[..] else {
            col.reject(line, "expected 'n c', 'n,c' or 'c/n'", None);
            return;
        };
        (n, c)
    } else {
        let mut f = fields(raw);
        match (f.next(), f.next(), f.next()) {
            (Some(n), Some(c), None) => (n, c),
            // No field a number: a title or a header, not a row with a wrong count of fields.
            _ if fields(raw).all(|f| parse_count(f).is_err()) => {
                let reason = format!(
                    "'{}' is words, not counts (a title or header?): skipped",
                    shorten(super::quotes::trim(raw))
                );
                col.reject(line, reason, None);
                return;
            }
            (a, b, c) => {
                let count = [a, b, c].iter().flatten().count() + f.count();
                let found = crate::display::count_of(count as u64, "field", "fields");
                let reason = format!("expected 2 numbers (n c), found {found}");
                col.reject(line, reason, None);
                return;
            }
        }
    };
    match (parse_count(n_text), parse_count(c_text)) {
        (Ok(n), Ok(c)) => col.push_counts(line, SeriesMeta::default(), None, n, c),
        (Err(e), _) => col.reject(line, format!("n: {e}"), None),
        (_, Err(e)) => col.reject(line, format!("c: {e}"), None),
    }
}

/// The fields of a counts or matrix line: separated by commas, tabs, semicolons or spaces
/// (single bytes: the line is split on them in place).
pub fn fields(raw: &str) -> impl Iterator<Item = &str> {
    raw.split([',', '\t', ' ', ';'])
        .map(super::quotes::trim)
        .filter(|f| !f.is_empty())
}

/// A row of 0/1 outcomes, one task: n = number of columns, c = number of ones. Tasks are
/// named by their row number.
pub fn matrix_line(line: u64, row: u64, raw: &str, col: &mut Collector) {
    let cells: Vec<&str> = fields(raw).collect();
    let mut ones = 0u64;
    for (j, cell) in cells.iter().enumerate() {
        match *cell {
            "1" | "1.0" | "true" | "True" => ones += 1,
            "0" | "0.0" | "false" | "False" => {}
            other => {
                let reason = format!("column {}: '{}' is not 0 or 1", j + 1, shorten(other));
                col.reject(line, reason, None);
                return;
            }
        }
    }
    let id = Some(row.to_string());
    col.push_counts(line, SeriesMeta::default(), id, cells.len() as u64, ones);
}

/// The first column whose name is one of `names` (case-insensitive).
pub fn find_column(header: &[String], names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
}

/// A CSV/TSV header: where each recognised column is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    names: Vec<String>,
    n: Option<usize>,
    c: Option<usize>,
    task: Option<usize>,
    model: Option<usize>,
    temperature: Option<usize>,
    group: Option<usize>,
    /// For each column, the bit set of the [`Header::used`] slots it fills.
    slots: Vec<u8>,
    /// Two columns, n and c and nothing else: whether n comes first.
    pair: Option<bool>,
    /// A row per sample: no n column, a task column and an outcome column (passed, correct
    /// or score, 0/1 or true/false), which `c` then names.
    sample: bool,
    /// The header's line.
    pub line: u64,
}

impl Header {
    /// Reads a header line.
    pub fn parse(line: u64, raw: &str, delimiter: char) -> Header {
        Header::of_names(line, split_delimited(raw, delimiter))
    }

    /// The header of columns named `names` (a table's, or a header line's cells).
    pub fn of_names(line: u64, names: Vec<String>) -> Header {
        let at = |set: &[&str]| find_column(&names, set);
        let mut h = Header {
            n: at(&N_NAMES),
            c: at(&C_NAMES),
            task: at(&TASK_NAMES),
            model: at(&MODEL_NAMES),
            temperature: at(&TEMPERATURE_NAMES),
            group: names.iter().position(|h| is_group_name(h)),
            slots: vec![0; names.len()],
            pair: None,
            sample: false,
            names,
            line,
        };
        // A row per sample: its outcome column stands where c would.
        if h.n.is_none() && h.task.is_some() {
            if let Some(outcome) = find_column(&h.names, &OUTCOME_NAMES) {
                h.sample = true;
                h.c = Some(outcome);
            }
        }
        for (slot, column) in h.used().into_iter().enumerate() {
            if let Some(bits) = column.and_then(|i| h.slots.get_mut(i)) {
                *bits |= 1 << slot;
            }
        }
        h.pair = match h.slots[..] {
            [0b01, 0b10] => Some(true),
            [0b10, 0b01] => Some(false),
            _ => None,
        };
        h
    }

    /// The columns a row is read from: n, c, task, group, model, temperature.
    fn used(&self) -> [Option<usize>; 6] {
        [
            self.n,
            self.c,
            self.task,
            self.group,
            self.model,
            self.temperature,
        ]
    }

    /// Columns that are not used, for the "read as …" summary.
    pub fn ignored(&self) -> Vec<String> {
        let used = self.used();
        self.names
            .iter()
            .enumerate()
            .filter(|(i, _)| !used.contains(&Some(*i)))
            .map(|(_, h)| h.clone())
            .collect()
    }

    /// Why rows cannot be read, if the header lacks n or c.
    pub fn missing(&self) -> Option<&'static str> {
        if self.sample {
            None
        } else if self.n.is_none() {
            Some("missing column: the header names no n (n|samples|num_samples|total|attempts)")
        } else if self.c.is_none() {
            Some("missing column: the header names no c (c|correct|num_correct|passed|successes)")
        } else {
            None
        }
    }

    /// The row of a file of two columns, n and c, when it is two counts in plain digits and
    /// the delimiter (the common file, read without its cells): read as [`Header::row`]
    /// would read it, and `true`; any other row is left to [`Header::row`] (`false`).
    #[inline]
    pub fn plain_row(&self, line: u64, raw: &str, delimiter: char, col: &mut Collector) -> bool {
        let Some(n_first) = self.pair else {
            return false;
        };
        let Ok(d) = u8::try_from(delimiter) else {
            return false;
        };
        let b = raw.as_bytes();
        let Some(at) = b.iter().position(|&x| x == d) else {
            return false;
        };
        let (Some(first), Some(second)) = (plain_count(&b[..at]), plain_count(&b[at + 1..])) else {
            return false;
        };
        let (n, c) = if n_first {
            (first, second)
        } else {
            (second, first)
        };
        col.push_counts(line, SeriesMeta::default(), None, n, c);
        true
    }

    /// The used cells of a row (n, c, task, group, model, temperature), its count of cells.
    fn cells<'r>(
        &self,
        raw: &'r str,
        delimiter: char,
        quoted: &'r mut Vec<String>,
    ) -> ([Option<&'r str>; 6], usize) {
        let mut picked: [Option<&str>; 6] = [None; 6];
        let mut pick = |i: usize, cell| {
            let mut bits = self.slots.get(i).copied().unwrap_or(0);
            while bits != 0 {
                picked[bits.trailing_zeros() as usize] = Some(cell);
                bits &= bits - 1;
            }
        };
        let count = match plain_cells(raw, delimiter, &mut pick) {
            Some(count) => count,
            None => {
                *quoted = scan_quoted(raw, delimiter).0;
                quoted.iter().enumerate().for_each(|(i, c)| pick(i, c));
                quoted.len()
            }
        };
        (picked, count)
    }

    /// One data row given as its cells (a table's row, not a line of text): read as
    /// [`Header::row`] reads the line those cells would make.
    pub fn cells_row(&self, line: u64, cells: &[&str], col: &mut Collector) {
        let mut picked: [Option<&str>; 6] = [None; 6];
        for (i, cell) in cells.iter().enumerate() {
            let mut bits = self.slots.get(i).copied().unwrap_or(0);
            while bits != 0 {
                picked[bits.trailing_zeros() as usize] = Some(*cell);
                bits &= bits - 1;
            }
        }
        self.picked_row(line, picked, cells.len(), col);
    }

    /// A row of one sample: its task's n grows by one, c by its outcome.
    fn sample_row(&self, line: u64, picked: [Option<&str>; 6], count: usize, col: &mut Collector) {
        let [_, outcome, task, group, model, temperature] = picked;
        let get = |v: Option<&str>| v.filter(|v| !v.is_empty()).map(str::to_string);
        let meta = SeriesMeta {
            model: get(model),
            temperature: get(temperature),
            step: None,
        };
        let field = self.c.map_or("passed", |i| self.names[i].as_str());
        let Some(outcome) = outcome else {
            let reason = format!(
                "missing column: {count} fields, the header has {}",
                self.names.len()
            );
            return col.reject(line, reason, Some(meta));
        };
        let Some(task) = get(task) else {
            let name = self.task.map_or("task", |i| self.names[i].as_str());
            let reason = format!("{name} is empty: a row per sample names its task");
            return col.reject(line, reason, Some(meta));
        };
        let passed = match super::quotes::trim(outcome) {
            o if ["1", "1.0", "true"]
                .iter()
                .any(|t| o.eq_ignore_ascii_case(t)) =>
            {
                1
            }
            o if ["0", "0.0", "false"]
                .iter()
                .any(|t| o.eq_ignore_ascii_case(t)) =>
            {
                0
            }
            o => {
                let graded = o.parse::<f64>().is_ok_and(|x| (0.0..=1.0).contains(&x));
                let hint = if graded {
                    " (a graded score: one sample passes or fails here)"
                } else {
                    ""
                };
                let reason = format!("{field} = {} is not true/false or 0/1{hint}", shorten(o));
                return col.reject(line, reason, Some(meta));
            }
        };
        col.push_samples(line, meta, (task, get(group)), 1, passed);
    }

    /// One data row, read cell by cell.
    pub fn row(&self, line: u64, raw: &str, delimiter: char, col: &mut Collector) {
        if !self.sample && (self.n.is_none() || self.c.is_none()) {
            col.reject(line, "missing column: no n or c column in the header", None);
            return;
        }
        // The cells of the used columns only: an unquoted line (the common case) is read in
        // place, without a list of its cells.
        let mut quoted = Vec::new();
        let (picked, count) = self.cells(raw, delimiter, &mut quoted);
        self.picked_row(line, picked, count, col);
    }

    /// A row from its used cells (n, c, task, group, model, temperature) and its count of
    /// cells.
    fn picked_row(&self, line: u64, picked: [Option<&str>; 6], count: usize, col: &mut Collector) {
        if self.sample {
            return self.sample_row(line, picked, count, col);
        }
        let (Some(n_col), Some(c_col)) = (self.n, self.c) else {
            col.reject(line, "missing column: no n or c column in the header", None);
            return;
        };
        let [n_text, c_text, task, group, model, temperature] = picked;
        let get = |v: Option<&str>| v.filter(|v| !v.is_empty()).map(str::to_string);
        let meta = SeriesMeta {
            model: get(model),
            temperature: get(temperature),
            step: None,
        };
        let (Some(n_text), Some(c_text)) = (n_text, c_text) else {
            let reason = format!(
                "missing column: {count} fields, the header has {}",
                self.names.len()
            );
            col.reject(line, reason, Some(meta));
            return;
        };
        match (parse_count(n_text), parse_count(c_text)) {
            (Ok(n), Ok(c)) => col.push_grouped(line, meta, (get(task), get(group)), n, c),
            (Err(e), _) => col.reject(line, format!("{}: {e}", self.names[n_col]), Some(meta)),
            (_, Err(e)) => col.reject(line, format!("{}: {e}", self.names[c_col]), Some(meta)),
        }
    }
}

#[cfg(test)]
mod tests;
