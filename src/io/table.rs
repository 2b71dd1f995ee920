//! The results table: every estimator at each budget of the k list, for each series, from the
//! `passk-report/1` document; and its exports as Markdown, LaTeX and CSV.

use crate::core::report::schema::{ModelReport, Report};
use crate::io::format::{full, percent};
use std::borrow::Cow;

/// One cell: its value, or why it has none.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A probability.
    Value(f64),
    /// An interval.
    Interval(f64, f64),
    /// No value, and why.
    Undefined(String),
    /// A value extrapolated by the backtested estimator, with its backtest error (None:
    /// unbacked).
    Backed(f64, Option<f64>),
}

impl Cell {
    fn of(v: Option<f64>, why: &str) -> Cell {
        match v {
            Some(x) => Cell::Value(x),
            None => Cell::Undefined(why.to_string()),
        }
    }

    /// As people read it: a percentage with 4 significant digits, or "—".
    pub fn text(&self) -> String {
        match self {
            Cell::Value(v) => percent(*v),
            Cell::Interval(lo, hi) => format!("{} – {}", percent(*lo), percent(*hi)),
            Cell::Undefined(_) => "—".to_string(),
            Cell::Backed(v, Some(e)) => format!("{} ± {:.2}", percent(*v), 100.0 * e),
            Cell::Backed(v, None) => format!("{} (unbacked)", percent(*v)),
        }
    }

    /// The full-precision value (or the reason), for a tooltip.
    pub fn title(&self) -> String {
        match self {
            Cell::Value(v) => full(*v),
            Cell::Interval(lo, hi) => format!("{} – {}", full(*lo), full(*hi)),
            Cell::Undefined(why) => why.clone(),
            Cell::Backed(v, Some(e)) => format!(
                "{} (backtest error ±{} at this extrapolation ratio)",
                full(*v),
                full(*e)
            ),
            Cell::Backed(v, None) => {
                format!(
                    "{}: unbacked, beyond the largest extrapolation ratio the backtest measured",
                    full(*v)
                )
            }
        }
    }

    /// Full precision for CSV, empty when undefined.
    fn csv(&self) -> String {
        match self {
            Cell::Value(v) => full(*v),
            Cell::Interval(lo, hi) => format!("{},{}", full(*lo), full(*hi)),
            Cell::Undefined(_) => String::new(),
            Cell::Backed(v, _) => full(*v),
        }
    }
}

/// The columns of the pass@k table, after series and k.
pub const COLUMNS: [&str; 10] = [
    "combinatorial",
    "naive",
    "BB",
    "ZOIBB",
    "LinMix",
    "extrapolated",
    "credible interval",
    "pass^k",
    "pass^k (BB)",
    "auto (backtested)",
];

/// One row: a series at one budget.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Series name.
    pub series: String,
    /// Budget.
    pub k: u64,
    /// The cells, in [`COLUMNS`] order.
    pub cells: Vec<Cell>,
}

/// One Cover@τ row.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverRow {
    /// Series name.
    pub series: String,
    /// τ.
    pub tau: f64,
    /// Plug-in and BB posterior.
    pub cells: [Cell; 2],
}

/// The auto (backtested) value of a row: the unbiased estimate where it is defined, else the
/// chosen estimator's with its backtest error at ρ = k/n (unbacked beyond the ratios
/// measured).
fn auto_cell(m: &ModelReport, r: &crate::core::report::schema::PassAtKRow) -> Cell {
    let Some(bt) = &m.backtest else {
        return Cell::Undefined("no backtest (yet)".into());
    };
    let Some(v) = r.auto.flatten() else {
        return Cell::Undefined("no value".into());
    };
    if r.combinatorial.is_some() {
        return Cell::Value(v);
    }
    let n = m.n_min.unwrap_or(1).max(1) as f64;
    let bucket = crate::core::analysis::backtest::choose::bucket(r.k as f64 / n);
    let err = bt.ratios.iter().position(|&x| x == bucket).and_then(|j| {
        bt.mae
            .get(&bt.auto.estimator.key())?
            .get(j)
            .copied()
            .flatten()
    });
    Cell::Backed(v, err)
}

/// The pass@k rows of a report.
pub fn rows(report: &Report) -> Vec<Row> {
    let mut out = Vec::new();
    for m in &report.models {
        let no_fit = if m.tasks == 0 { "no tasks" } else { "no fit" };
        for (r, h) in m.pass_at_k.iter().zip(&m.pass_hat_k) {
            let why = r
                .short
                .map_or_else(|| "no tasks".to_string(), |s| s.to_string());
            let interval = match r.interval {
                Some(i) if i.lo.is_finite() && i.hi.is_finite() => Cell::Interval(i.lo, i.hi),
                _ => Cell::Undefined("no tasks".into()),
            };
            out.push(Row {
                series: m.name.clone(),
                k: r.k,
                cells: vec![
                    Cell::of(r.combinatorial, &why),
                    Cell::of(r.naive, no_fit),
                    Cell::of(r.bb, no_fit),
                    Cell::of(r.zoibb, no_fit),
                    Cell::of(r.linmix, no_fit),
                    Cell::of(
                        r.extrapolated,
                        "fewer than 3 usable points at k = 1, 2, 4, … ≤ n",
                    ),
                    interval,
                    Cell::of(h.combinatorial, &why),
                    Cell::of(h.bb, no_fit),
                    auto_cell(m, r),
                ],
            });
        }
    }
    out
}

/// The Cover@τ rows of a report.
pub fn cover_rows(report: &Report) -> Vec<CoverRow> {
    report
        .models
        .iter()
        .flat_map(|m| {
            m.cover.iter().map(move |c| CoverRow {
                series: m.name.clone(),
                tau: c.tau,
                cells: [Cell::of(c.plugin, "no tasks"), Cell::of(c.bb, "no fit")],
            })
        })
        .collect()
}

/// The table as Markdown.
pub fn markdown(rows: &[Row], cover: &[CoverRow]) -> String {
    let mut s = format!(
        "| series | k | {} |\n|---|---:|{}\n",
        COLUMNS.join(" | "),
        "---:|".repeat(COLUMNS.len())
    );
    for r in rows {
        let cells: Vec<String> = r.cells.iter().map(Cell::text).collect();
        s += &format!(
            "| {} | {} | {} |\n",
            r.series.replace('|', "\\|"),
            r.k,
            cells.join(" | ")
        );
    }
    if !cover.is_empty() {
        s += "\n| series | τ | Cover@τ (plug-in) | Cover@τ (BB) |\n|---|---:|---:|---:|\n";
        for c in cover {
            s += &format!(
                "| {} | {} | {} | {} |\n",
                c.series.replace('|', "\\|"),
                c.tau,
                c.cells[0].text(),
                c.cells[1].text()
            );
        }
    }
    s
}

fn latex_escape(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(ch),
        }
    }
    out
}

/// The table as a LaTeX `tabular`.
pub fn latex(rows: &[Row], cover: &[CoverRow]) -> String {
    let head: Vec<String> = COLUMNS.iter().map(|c| latex_escape(c)).collect();
    let mut s = format!(
        "\\begin{{tabular}}{{lr{}}}\n\\hline\nseries & $k$ & {} \\\\\n\\hline\n",
        "r".repeat(COLUMNS.len()),
        head.join(" & ")
    );
    for r in rows {
        let cells: Vec<String> = r.cells.iter().map(|c| latex_escape(&c.text())).collect();
        s += &format!(
            "{} & {} & {} \\\\\n",
            latex_escape(&r.series),
            r.k,
            cells.join(" & ")
        );
    }
    s += "\\hline\n\\end{tabular}\n";
    if !cover.is_empty() {
        s += "\n\\begin{tabular}{lrrr}\n\\hline\nseries & $\\tau$ & Cover@$\\tau$ (plug-in) & Cover@$\\tau$ (BB) \\\\\n\\hline\n";
        for c in cover {
            s += &format!(
                "{} & {} & {} & {} \\\\\n",
                latex_escape(&c.series),
                c.tau,
                latex_escape(&c.cells[0].text()),
                latex_escape(&c.cells[1].text())
            );
        }
        s += "\\hline\n\\end{tabular}\n";
    }
    s
}

/// A CSV field per RFC 4180: quoted, its quotes doubled, when it holds a comma, a double quote,
/// CR or LF; as it is otherwise.
pub fn csv_field(s: &str) -> Cow<'_, str> {
    if s.contains([',', '"', '\r', '\n']) {
        Cow::Owned(format!("\"{}\"", s.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(s)
    }
}

/// The table as CSV, full precision (the interval in two columns).
pub fn csv(rows: &[Row]) -> String {
    let mut s = String::from(
        "series,k,combinatorial,naive,bb,zoibb,linmix,extrapolated,interval_lo,interval_hi,pass_hat_k,pass_hat_k_bb,auto\n",
    );
    for r in rows {
        let mut cells: Vec<String> = r.cells.iter().map(Cell::csv).collect();
        // An undefined interval still takes two columns.
        if matches!(r.cells[6], Cell::Undefined(_)) {
            cells[6] = ",".to_string();
        }
        s += &format!("{},{},{}\n", csv_field(&r.series), r.k, cells.join(","));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::report::build::build_report;
    use crate::core::settings::Options;
    use crate::io::read::{assemble, read_text};

    fn report() -> Report {
        let (ds, rej) = assemble(vec![read_text("a.txt", "a_b", "10 3\n10 0\n20 20\n", None)]);
        let opts = Options {
            ks: vec![1, 10, 100],
            ..Options::default()
        };
        build_report(&ds, rej, &opts)
    }

    #[test]
    fn cells_say_why_they_are_empty() {
        let r = report();
        let rows = rows(&r);
        assert_eq!(rows.len(), 3);
        assert_eq!(
            rows[0].cells[0],
            Cell::Value(r.models[0].pass_at_k[0].combinatorial.unwrap())
        );
        assert_eq!(
            rows[2].cells[0],
            Cell::Undefined("k = 100 > n for 3 tasks".into())
        );
        assert_eq!(rows[2].cells[0].text(), "—");
        let cover = cover_rows(&r);
        assert_eq!(cover.len(), 2);
    }

    #[test]
    fn csv_fields_are_quoted_per_rfc_4180() {
        assert_eq!(csv_field("a_b"), "a_b");
        assert!(matches!(csv_field("plain"), Cow::Borrowed(_)));
        assert_eq!(csv_field("b,c"), "\"b,c\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("cr\rlf"), "\"cr\rlf\"");
        assert_eq!(csv_field(""), "");
    }

    #[test]
    fn exports() {
        let r = report();
        let (rows, cover) = (rows(&r), cover_rows(&r));
        let md = markdown(&rows, &cover);
        assert!(md.starts_with("| series | k | combinatorial |"));
        assert!(md.contains("| a_b | 100 | — |"));
        let tex = latex(&rows, &cover);
        assert!(tex.contains("a\\_b & 1 & "));
        assert!(tex.contains("\\%"));
        let csv = csv(&rows);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 4);
        // Every line has the same number of columns.
        assert!(lines.iter().all(|l| l.split(',').count() == 13), "{csv}");
        assert!(lines[3].starts_with("a_b,100,,"));
    }
}
