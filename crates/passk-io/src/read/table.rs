//! A table held in memory — a DataFrame's columns, handed over by the Python package — read
//! as its CSV file would be (its header the column names, each row by the same code as a CSV
//! line's cells: [`Header::cells_row`]), with no text in between. Row i is "line" i + 2, as
//! in that file, so that a rejected row names the row the caller can show.

use super::collect::Collector;
use super::file::{file_read, FileRead};
use super::format::Format;
use super::options::ReadOptions;
use super::text_rows::Header;

/// A column's cells, as typed.
#[derive(Debug, Clone, PartialEq)]
pub enum Cells {
    /// Whole numbers.
    Whole(Vec<i64>),
    /// Numbers (NaN is an empty cell).
    Number(Vec<f64>),
    /// True or false.
    Flag(Vec<bool>),
    /// Text (None is an empty cell).
    Text(Vec<Option<String>>),
}

impl Cells {
    /// How many cells.
    pub fn len(&self) -> usize {
        match self {
            Cells::Whole(v) => v.len(),
            Cells::Number(v) => v.len(),
            Cells::Flag(v) => v.len(),
            Cells::Text(v) => v.len(),
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Cell `i` as the text of its CSV cell (a whole float without its `.0`; NaN and None
    /// empty).
    fn text(&self, i: usize) -> String {
        match self {
            Cells::Whole(v) => v[i].to_string(),
            Cells::Number(v) if v[i].is_nan() => String::new(),
            Cells::Number(v) => v[i].to_string(),
            Cells::Flag(v) => v[i].to_string(),
            Cells::Text(v) => v[i].clone().unwrap_or_default(),
        }
    }
}

/// A named column of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// The column's name (the header's cell).
    pub name: String,
    /// Its cells.
    pub cells: Cells,
}

/// Reads the table `columns` (shown as `file`; series `default_name` unless a column names
/// the model) with `options`, as its CSV would be read.
///
/// # Errors
/// None: columns of different lengths are rejected as a whole (line 0), as is a header
/// without n or c; a row that cannot be read is rejected with its line (row + 2) and reason.
pub fn read_table(
    file: &str,
    default_name: &str,
    columns: &[Column],
    options: ReadOptions,
) -> FileRead {
    let mut col = Collector::default();
    col.options = options;
    let rows = columns.first().map_or(0, |c| c.cells.len());
    if let Some(c) = columns.iter().find(|c| c.cells.len() != rows) {
        let reason = format!(
            "the columns differ in length: {} has {}, {} has {rows}",
            c.name,
            c.cells.len(),
            columns[0].name
        );
        col.reject(0, reason, None);
        return file_read(col, file, default_name, None);
    }
    let names = columns.iter().map(|c| c.name.clone()).collect();
    let header = Header::of_names(1, names);
    if let Some(why) = header.missing() {
        col.reject(1, why, None);
    }
    // The bytes its CSV would have (what the refusal of an empty input reads).
    let mut bytes: u64 = columns.iter().map(|c| c.name.len() as u64 + 1).sum();
    let mut cells: Vec<String> = vec![String::new(); columns.len()];
    for row in 0..rows {
        for (cell, column) in cells.iter_mut().zip(columns) {
            *cell = column.cells.text(row);
            bytes += cell.len() as u64 + 1;
        }
        let refs: Vec<&str> = cells.iter().map(String::as_str).collect();
        header.cells_row(row as u64 + 2, &refs, &mut col);
    }
    let format = Some(Format::Delimited { delimiter: ',' });
    let mut read = file_read(col, file, default_name, format);
    read.ignored_columns = header.ignored();
    read.bytes = bytes;
    read
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read_text, refusal};

    fn column(name: &str, cells: Cells) -> Column {
        Column {
            name: name.into(),
            cells,
        }
    }

    fn text(v: &[&str]) -> Cells {
        Cells::Text(
            v.iter()
                .map(|s| (!s.is_empty()).then(|| s.to_string()))
                .collect(),
        )
    }

    /// What a read gives, compared: series, rejected rows, notes, ignored columns.
    fn shown(r: &FileRead) -> String {
        format!(
            "{:?} {:?} {:?} {:?}",
            r.series
                .iter()
                .map(|(m, t)| (
                    m.clone(),
                    t.iter()
                        .map(|t| (t.id.clone(), t.counts))
                        .collect::<Vec<_>>()
                ))
                .collect::<Vec<_>>(),
            r.rejected,
            r.notes,
            r.ignored_columns
        )
    }

    #[test]
    fn a_table_reads_as_its_csv() {
        // Counts, with a float column (10.5 refused, 12.0 read), an empty cell, an extra column.
        let table = [
            column("model", text(&["A", "A", "B", "B"])),
            column("task", Cells::Whole(vec![1, 2, 1, 2])),
            column("n", Cells::Number(vec![10.0, 10.5, 12.0, f64::NAN])),
            column("c", Cells::Whole(vec![3, 1, 4, 2])),
            column("note", text(&["x", "", "y", "z"])),
        ];
        let csv = "model,task,n,c,note\nA,1,10,3,x\nA,2,10.5,1,\nB,1,12,4,y\nB,2,,2,z\n";
        let want = read_text("t.csv", "t", csv, None);
        let got = read_table("t.csv", "t", &table, ReadOptions::default());
        assert_eq!(shown(&got), shown(&want));
        assert_eq!(got.rejected.len(), 2, "{:?}", got.rejected);
        assert_eq!(got.rejected[0].line, 3);
        assert_eq!(got.bytes, want.bytes);
        // A row per sample: outcomes as true/false.
        let samples = [
            column("model", text(&["m", "m", "m"])),
            column("task", text(&["a", "a", "b"])),
            column("passed", Cells::Flag(vec![true, false, true])),
        ];
        let csv = "model,task,passed\nm,a,true\nm,a,false\nm,b,true\n";
        let got = read_table("s.csv", "s", &samples, ReadOptions::default());
        assert_eq!(shown(&got), shown(&read_text("s.csv", "s", csv, None)));
        assert_eq!(got.series[0].1.len(), 2);
    }

    #[test]
    fn a_table_without_counts_or_of_ragged_columns_is_rejected() {
        let t = [column("x", Cells::Whole(vec![1]))];
        let r = read_table("t", "t", &t, ReadOptions::default());
        assert!(
            r.rejected[0].reason.starts_with("missing column"),
            "{:?}",
            r.rejected
        );
        let t = [
            column("n", Cells::Whole(vec![1, 2])),
            column("c", Cells::Whole(vec![1])),
        ];
        let r = read_table("t", "t", &t, ReadOptions::default());
        assert_eq!(r.rejected[0].line, 0);
        assert!(r.series.iter().all(|s| s.1.is_empty()));
        // Refused as its CSV is: no task, the first row's reason; a header alone, no task.
        let t = [
            column("n", Cells::Whole(vec![10])),
            column("c", Cells::Whole(vec![11])),
        ];
        let want = read_text("t", "t", "n,c\n10,11\n", None);
        let got = read_table("t", "t", &t, ReadOptions::default());
        assert_eq!(refusal(&got), refusal(&want));
        assert!(refusal(&got).unwrap().contains("line 2: c > n"));
        let t = [
            column("n", Cells::Whole(vec![])),
            column("c", Cells::Whole(vec![])),
        ];
        let got = read_table("t", "t", &t, ReadOptions::default());
        assert_eq!(refusal(&got), refusal(&read_text("t", "t", "n,c\n", None)));
    }
}
