//! The results table: every estimator at each budget of the k list, for each series, from the
//! `passk-report/2` document; and its exports as Markdown, LaTeX and CSV.

use passk_core::estimators::Interval;
use passk_core::estimators::SeKind;
use passk_core::report::metrics::{voted_shown, METRICS, VOTED};
use passk_core::report::{KValue, ModelReport, Report, StdErrors};

/// The fixed columns of the pass@k table, after series and k; [`header`] inserts the chosen
/// standard error after the first and the G-Pass columns before the last.
pub const COLUMNS: [&str; 10] = [
    "pass@k (unbiased)",
    "naive",
    "BB",
    "ZOIBB",
    "LinMix",
    "logit line",
    "credible interval",
    "pass^k",
    "pass^k (BB)",
    "auto (backtested)",
];

/// The SE column's label: "SE (over tasks)" or "SE (over samples)", in points.
pub fn se_label(se: SeKind) -> String {
    match se {
        SeKind::Tasks => "SE (over tasks)".to_string(),
        SeKind::Sampling => "SE (over samples)".to_string(),
    }
}

/// The header of the pass@k table after series and k: [`COLUMNS`] with "SE (over tasks)" (or
/// "over samples", as `se`: a standard error, not an interval's half-width, so without ±)
/// after the combinatorial value, and G-Pass@k at each τ of the report's G-Pass list,
/// and the registry's [`METRICS`] (each with its interval) before the backtested value.
pub fn header(report: &Report, se: SeKind) -> Vec<String> {
    let mut h: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    // The Bayesian interval names its centre and its prior.
    let [a, b] = report.settings.prior;
    h[6] = format!("Beta-posterior μ [credible interval], prior Beta({a}, {b})");
    h.insert(1, se_label(se));
    let last = h.len() - 1;
    let g = report.g_tau.iter().map(|t| format!("G-Pass@k τ={t}"));
    let voted = voted_shown(voting(report)).map(|m| m.label.to_string());
    let more = METRICS.iter().map(|m| m.label.to_string());
    h.splice(last..last, g.chain(more).chain(voted));
    h
}

/// Why a count score's cell is empty while the count scores are computed after the table.
pub const COUNTING: &str = "being computed (the count scores follow the rest of the table)";
/// Why it is empty when the job that was computing them stopped before they came.
pub const NOT_COUNTED: &str =
    "not computed: the job stopped before the count scores came (change a setting to ask again)";

/// Whether the report shown holds its count scores (strict maj@k, AUC@k, TailPass, G-Pass and
/// their intervals), which the table's report may bring in a second answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CountScores {
    /// In the report (its empty cells say why they are empty).
    #[default]
    Here,
    /// Still being computed.
    Coming,
    /// Not in the report, and no job computing them any more.
    Stopped,
}

impl CountScores {
    /// The state of a report that lacks them (`lacking`) or not, while a job for the table's
    /// report is `running` or not.
    pub fn of(lacking: bool, running: bool) -> Self {
        match (lacking, running) {
            (false, _) => Self::Here,
            (true, true) => Self::Coming,
            (true, false) => Self::Stopped,
        }
    }

    /// Why their cells are empty whatever the report would say, when they are not here.
    pub fn missing(self) -> Option<&'static str> {
        match self {
            Self::Here => None,
            Self::Coming => Some(COUNTING),
            Self::Stopped => Some(NOT_COUNTED),
        }
    }
}

/// Which of the registry's [`VOTED`] metrics the report has: maj@k when some series' samples gave answers, BoN@k
/// when some series' samples were scored, max@k when they also had graded rewards.
pub fn voting(report: &Report) -> [bool; VOTED.len()] {
    let mut on = [false; VOTED.len()];
    for m in &report.models {
        for (o, v) in on.iter_mut().zip(VOTED) {
            *o |= !(v.values)(m).is_empty();
        }
    }
    on
}

/// The one-line difference between the two standard errors, under the table's choice.
pub fn se_note(kind: SeKind) -> &'static str {
    match kind {
        SeKind::Tasks => {
            "Over tasks: the tasks are a sample of possible tasks — sd over tasks / √T, what \
             lm-evaluation-harness and lighteval print (cluster-robust over groups in the report \
             when the input names them)."
        }
        SeKind::Sampling => {
            "Over samples: these tasks are fixed and only the n samples drawn per task vary — \
             √(Σ V̂ᵢ)/T, smaller; it needs n ≥ 2k."
        }
    }
}

/// The standard error of `kind` as a cell, or why it is empty.
fn se_cell(se: &StdErrors, kind: SeKind) -> Cell {
    let v = match kind {
        SeKind::Tasks => se.tasks,
        SeKind::Sampling => se.sampling,
    };
    match v {
        Some(x) => Cell::Se(x),
        None => Cell::Undefined(se.why_null.get(kind.key()).cloned().unwrap_or_default()),
    }
}

/// G-Pass@k at each τ of the G-Pass list, then the registry's [`METRICS`], each with its
/// Bayesian interval, for one budget of a series (TailPass m²@k: the posterior mean, any
/// k ≤ 100).
/// With `pending` (the count scores still to come) an empty cell says so, not why it would be.
fn g_pass_cells(
    m: &ModelReport,
    taus: &[f64],
    k: u64,
    why: &str,
    counts: CountScores,
) -> Vec<Cell> {
    let why = counts.missing().unwrap_or(why);
    let ranged = |v: Option<(f64, Option<Interval>)>| match v {
        Some((x, iv)) => Cell::Ranged(Some(x), iv.map(|i| (i.lo, i.hi)), String::new()),
        None => Cell::Ranged(None, None, why.to_string()),
    };
    let mut out: Vec<Cell> = taus
        .iter()
        .map(|&tau| {
            let v = m.g_pass_at_k.iter().find(|g| g.k == k && g.tau == tau);
            ranged(v.map(|g| (g.value, g.interval)))
        })
        .collect();
    for metric in METRICS {
        out.push(match (metric.value)(m, k) {
            Some(v) => ranged(Some(v)),
            None => {
                let why = counts.missing().or(metric.why_empty).unwrap_or(why);
                Cell::Ranged(None, None, why.to_string())
            }
        });
    }
    out
}

/// The auto (backtested) value of a row: the unbiased estimate where it is defined (at once,
/// backtest or not), else the chosen estimator's with its expected error (the backtest's at
/// ρ = k/n, grown with the distance beyond the largest ratio it measured:
/// `PassAtKRow::auto_error`), or [`Cell::Waiting`] before the backtest.
fn auto_cell(m: &ModelReport, r: &passk_core::report::PassAtKRow) -> Cell {
    if let Some(u) = r.combinatorial {
        return Cell::Unbiased(u);
    }
    let Some(bt) = &m.backtest else {
        return Cell::Waiting;
    };
    let Some(v) = r.auto.flatten() else {
        return Cell::Undefined("no value".into());
    };
    let n = m.n_min.unwrap_or(1).max(1);
    let tested = bt.auto.tested_up_to.unwrap_or(0);
    let beyond = (r.k > n.saturating_mul(tested)).then_some(tested);
    Cell::Backed(v, r.auto_error, beyond)
}

/// The auto cell of series `series` at the largest budget of the report's k list, with that
/// budget: what the results table shows there (the backtest panel's lead sentence quotes it).
pub fn auto_at_largest_k(report: &Report, series: &str) -> Option<(u64, Cell)> {
    let m = report.models.iter().find(|m| m.name == series)?;
    let r = m.pass_at_k.iter().max_by_key(|r| r.k)?;
    Some((r.k, auto_cell(m, r)))
}

/// The pass@k rows of a report, with the standard error of `se`.
pub fn rows(report: &Report, se: SeKind) -> Vec<Row> {
    rows_while(report, se, CountScores::Here)
}

/// [`rows`] of a report that may lack its count scores (their empty cells then say why).
pub fn rows_while(report: &Report, se: SeKind, counts: CountScores) -> Vec<Row> {
    let voted = voting(report);
    let mut out = Vec::new();
    for m in &report.models {
        let no_fit = if m.tasks == 0 { "no tasks" } else { "no fit" };
        for (r, h) in m.pass_at_k.iter().zip(&m.pass_hat_k) {
            let why = r
                .short
                .map_or_else(|| "no tasks".to_string(), |s| s.to_string());
            let interval = match r.interval {
                Some(i) if i.lo.is_finite() && i.hi.is_finite() => {
                    let excluded = r.combinatorial.filter(|u| *u < i.lo || *u > i.hi);
                    Cell::Interval(i.mean, i.lo, i.hi, excluded)
                }
                _ => Cell::Undefined("no tasks".into()),
            };
            let mut cells = vec![
                Cell::of(r.combinatorial, &why),
                se_cell(&r.se, se),
                Cell::of(r.naive, no_fit),
                Cell::of(r.bb, no_fit),
                Cell::of(r.zoibb, no_fit),
                Cell::of(r.linmix, no_fit),
                Cell::of(
                    r.logit_line,
                    "fewer than 3 usable points at k = 1, 2, 4, … ≤ n",
                ),
                interval,
                Cell::of(h.combinatorial, &why),
                Cell::of(h.bb, no_fit),
            ];
            cells.extend(g_pass_cells(m, &report.g_tau, r.k, &why, counts));
            let at = |values: &[KValue]| values.iter().find(|v| v.k == r.k).map(|v| v.value);
            for metric in voted_shown(voted) {
                cells.push(Cell::of(at((metric.values)(m)), metric.why_empty));
            }
            cells.push(auto_cell(m, r));
            out.push(Row {
                series: m.name.clone(),
                k: r.k,
                cells,
                se: r.se.clone(),
            });
        }
    }
    out
}

/// The Cover@τ rows of a report.
pub fn cover_rows(report: &Report) -> Vec<CoverCells> {
    report
        .models
        .iter()
        .flat_map(|m| {
            m.cover.iter().map(move |c| CoverCells {
                series: m.name.clone(),
                tau: c.tau,
                cells: [Cell::of(c.plugin, "no tasks"), Cell::of(c.bb, "no fit")],
            })
        })
        .collect()
}

mod cell;
pub mod columns;
mod export;
pub use cell::{Cell, CoverCells, Row, WAITING};
pub use export::{csv, csv_field, latex, markdown};

/// The auto column's cell of the row at budget k (the tests read it as a user reads the
/// table).
#[cfg(test)]
pub(crate) fn auto_at(rows: &[Row], k: u64) -> Cell {
    let row = rows.iter().find(|row| row.k == k).expect("a row at k");
    row.cells.last().expect("an auto cell").clone()
}

#[cfg(test)]
mod tests;
