//! The results table's exports: Markdown and LaTeX as people read them, CSV at full
//! precision.

use std::borrow::Cow;

use super::cell::{Cell, CoverCells, Row};
use passk_core::report::metrics::{voted_shown, METRICS, VOTED};
use passk_io::display::full;

/// The table as Markdown, under `header` (from `header`).
pub fn markdown(header: &[String], rows: &[Row], cover: &[CoverCells]) -> String {
    let mut s = format!(
        "| series | k | {} |\n|---|---:|{}\n",
        header.join(" | "),
        "---:|".repeat(header.len())
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

/// The LaTeX of a symbol the table's headers and cells use (μ, τ, ±, dashes, …), so that the
/// export compiles without a Unicode engine or `inputenc`. Other characters (a series named
/// in another script) are left as they are.
fn latex_symbol(ch: char) -> Option<&'static str> {
    Some(match ch {
        'μ' => "$\\mu$",
        'τ' => "$\\tau$",
        'ρ' => "$\\rho$",
        'σ' => "$\\sigma$",
        'Σ' => "$\\Sigma$",
        '±' => "$\\pm$",
        '×' => "$\\times$",
        '≤' => "$\\leq$",
        '≥' => "$\\geq$",
        '−' => "$-$",
        '→' => "$\\to$",
        '√' => "$\\surd$",
        '²' => "$^2$",
        '·' => "$\\cdot$",
        '–' => "--",
        '—' => "---",
        '…' => "\\ldots{}",
        '\u{a0}' | '\u{202f}' => "~",
        _ => return None,
    })
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
            _ if !ch.is_ascii() => match latex_symbol(ch) {
                Some(m) => out.push_str(m),
                None => out.push(ch),
            },
            _ => out.push(ch),
        }
    }
    out
}

/// The table as a LaTeX `tabular`, under `header` (from `header`).
pub fn latex(header: &[String], rows: &[Row], cover: &[CoverCells]) -> String {
    let head: Vec<String> = header.iter().map(|c| latex_escape(c)).collect();
    let mut s = format!(
        "\\begin{{tabular}}{{lr{}}}\n\\hline\nseries & $k$ & {} \\\\\n\\hline\n",
        "r".repeat(header.len()),
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

/// The table as CSV, full precision: the interval in two columns, every standard error in
/// its own column, three columns (value, lo, hi) per τ of `taus` (the report's G-Pass list)
/// and for each metric of the registry ([`METRICS`]: mG-Pass@k … TailPass m²@k), then maj@k,
/// BoN@k and max@k where `voting` (the report's `voting`) says the table has them; last,
/// `why_null`: why the row's empty fields are empty, each reason once.
pub fn csv(rows: &[Row], taus: &[f64], voting: [bool; VOTED.len()]) -> String {
    let ranged = |c: &str| format!("{c},{c}_lo,{c}_hi,");
    let g: String = taus
        .iter()
        .map(|t| ranged(&format!("g_pass_tau_{t}")))
        .collect();
    let more: String = METRICS.iter().map(|m| ranged(m.key)).collect();
    let v: String = voted_shown(voting)
        .map(|m| format!("{},", m.report_key))
        .collect();
    let mut s = format!(
        "series,k,combinatorial,se_tasks,se_sampling,se_clustered,naive,bb,zoibb,linmix,logit_line,interval_lo,interval_hi,pass_hat_k,pass_hat_k_bb,{g}{more}{v}auto,why_null\n"
    );
    let opt = |v: Option<f64>| v.map(full).unwrap_or_default();
    for r in rows {
        let mut cells: Vec<String> = r.cells.iter().map(Cell::csv).collect();
        // An undefined interval still takes two columns.
        if matches!(r.cells[7], Cell::Undefined(_)) {
            cells[7] = ",".to_string();
        }
        cells[1] = [r.se.tasks, r.se.sampling, r.se.clustered]
            .map(opt)
            .join(",");
        // Why each empty field of the row is empty, each reason once.
        let mut why: Vec<String> = Vec::new();
        for w in r.cells.iter().filter_map(Cell::why_empty) {
            if !w.is_empty() && !why.contains(&w) {
                why.push(w);
            }
        }
        s += &format!(
            "{},{},{},{}\n",
            csv_field(&r.series),
            r.k,
            cells.join(","),
            csv_field(&why.join("; "))
        );
    }
    s
}
