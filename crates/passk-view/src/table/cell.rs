//! The results table's cells and rows.

use passk_core::report::StdErrors;
use passk_io::display::{full, percent, points_sig};

/// What the auto column says at k > n until the backtest answers (the page adds its
/// progress).
pub const WAITING: &str = "waiting for the backtest";

/// Why a metric's interval is absent (mG-Pass@k, AUC@k, GeoSpectrum*@k past their limit).
pub const NO_INTERVAL: &str = "no interval past k = 1,000 (its variance costs O(k²) per budget)";

/// One cell: its value, or why it has none.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A probability.
    Value(f64),
    /// The Bayesian interval: its centre μ (the posterior mean), low and high ends, and the
    /// unbiased value when the interval excludes it.
    Interval(f64, f64, f64, Option<f64>),
    /// A metric's unbiased value (if defined; else why not) with its Bayesian interval
    /// (lo, hi) where computed: G-Pass@k, mG-Pass@k, strict maj@k, AUC@k.
    Ranged(Option<f64>, Option<(f64, f64)>, String),
    /// No value, and why.
    Undefined(String),
    /// A value extrapolated by the backtested estimator, with its expected error (None:
    /// nothing measured) and, beyond the largest ratio the backtest measured, that ratio.
    Backed(f64, Option<f64>, Option<u64>),
    /// A standard error.
    Se(f64),
    /// The auto column at k ≤ n: the unbiased value, its answer by definition.
    Unbiased(f64),
    /// The auto column at k > n before the backtest has answered.
    Waiting,
}

impl Cell {
    /// Whether it is a Bayesian interval that excludes the unbiased value (the page marks it;
    /// [`title`](Self::title) says why).
    pub fn excludes_unbiased(&self) -> bool {
        matches!(self, Cell::Interval(.., Some(_)))
    }

    pub(super) fn of(v: Option<f64>, why: &str) -> Cell {
        match v {
            Some(x) => Cell::Value(x),
            None => Cell::Undefined(why.to_string()),
        }
    }

    /// As people read it: a percentage with 4 significant digits, or "—".
    pub fn text(&self) -> String {
        match self.parts() {
            (value, Some(note)) => format!("{value} {note}"),
            (value, None) => value,
        }
    }

    /// [`text`](Self::text) as its value and the note after it, if any ("(error 0.30)",
    /// "(unbiased)"), which the page sets on a line of its own.
    pub fn parts(&self) -> (String, Option<String>) {
        let note = match self {
            Cell::Backed(_, Some(e), _) => format!("(error {:.2})", 100.0 * e),
            Cell::Backed(_, None, _) => "(unbacked)".to_string(),
            Cell::Unbiased(_) => "(unbiased)".to_string(),
            _ => return (self.value_text(), None),
        };
        (self.value_text(), Some(note))
    }

    /// The text without its note.
    fn value_text(&self) -> String {
        match self {
            Cell::Value(v) => percent(*v),
            Cell::Interval(mu, lo, hi, _) => {
                format!("μ {} [{} – {}]", percent(*mu), percent(*lo), percent(*hi))
            }
            Cell::Undefined(_) | Cell::Ranged(None, ..) => "—".to_string(),
            Cell::Ranged(Some(v), Some((lo, hi)), _) => {
                format!("{} [{} – {}]", percent(*v), percent(*lo), percent(*hi))
            }
            Cell::Ranged(Some(v), None, _) => percent(*v),
            Cell::Backed(v, ..) | Cell::Unbiased(v) => percent(*v),
            // A standard error in points: no ±, which the page keeps for 95 % half-widths.
            Cell::Se(se) => points_sig(*se),
            Cell::Waiting => WAITING.to_string(),
        }
    }

    /// The full-precision value (or the reason), for a tooltip.
    pub fn title(&self) -> String {
        match self {
            Cell::Value(v) => full(*v),
            Cell::Interval(mu, lo, hi, None) => format!(
                "posterior mean μ = {}, interval {} – {} (centred on μ, not on the unbiased value)",
                full(*mu),
                full(*lo),
                full(*hi)
            ),
            Cell::Interval(mu, lo, hi, Some(u)) => format!(
                "posterior mean μ = {}, interval {} – {}: it excludes the unbiased value {} — \
                 the interval is the Beta posterior's, centred on μ (the prior and the pooling \
                 across tasks pull it), not an interval around the unbiased estimate",
                full(*mu),
                full(*lo),
                full(*hi),
                full(*u)
            ),
            Cell::Undefined(why) | Cell::Ranged(None, _, why) => why.clone(),
            Cell::Ranged(Some(v), Some((lo, hi)), _) => format!(
                "{}; Bayesian interval {} – {} (the Beta posterior's, as scorio's)",
                full(*v),
                full(*lo),
                full(*hi)
            ),
            Cell::Ranged(Some(v), None, _) => format!("{}; {NO_INTERVAL}", full(*v)),
            Cell::Backed(v, Some(e), None) => format!(
                "{} (backtest error {} points at this extrapolation ratio)",
                full(*v),
                full(*e)
            ),
            Cell::Backed(v, Some(e), Some(r)) => format!(
                "{} (extrapolated beyond the backtest, tested up to {r}×: expected error {} points, grown with the distance)",
                full(*v),
                full(*e)
            ),
            Cell::Backed(v, None, _) => {
                format!("{}: unbacked, the backtest measured no ratio", full(*v))
            }
            Cell::Se(se) => format!("standard error {}", full(*se)),
            Cell::Unbiased(v) => format!(
                "{}: every task has k ≤ n, where the unbiased estimate is the answer (no model, \
                 no backtest needed)",
                full(*v)
            ),
            Cell::Waiting => "k > n: the backtest chooses the estimator here; the value comes \
                 when it has run on this series"
                .to_string(),
        }
    }

    /// Why the cell, or part of it, is empty (None when nothing is): the CSV's `why_null`.
    pub fn why_empty(&self) -> Option<String> {
        match self {
            Cell::Undefined(why) | Cell::Ranged(None, _, why) => Some(why.clone()),
            Cell::Ranged(Some(_), None, _) => Some(NO_INTERVAL.to_string()),
            Cell::Waiting => Some(WAITING.to_string()),
            _ => None,
        }
    }

    /// Full precision for CSV, empty when undefined.
    pub(super) fn csv(&self) -> String {
        match self {
            Cell::Value(v) => full(*v),
            Cell::Interval(_, lo, hi, _) => format!("{},{}", full(*lo), full(*hi)),
            Cell::Undefined(_) => String::new(),
            // Three fields, always: the value, then the interval's ends.
            Cell::Ranged(v, iv, _) => {
                let opt = |x: Option<f64>| x.map(full).unwrap_or_default();
                format!(
                    "{},{},{}",
                    opt(*v),
                    opt(iv.map(|i| i.0)),
                    opt(iv.map(|i| i.1))
                )
            }
            Cell::Backed(v, _, _) | Cell::Unbiased(v) => full(*v),
            Cell::Se(se) => full(*se),
            Cell::Waiting => String::new(),
        }
    }
}

/// One row: a series at one budget.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Series name.
    pub series: String,
    /// Budget.
    pub k: u64,
    /// The cells, in `header` order.
    pub cells: Vec<Cell>,
    /// Every standard error (the CSV has them all).
    pub se: StdErrors,
}

/// One Cover@τ row.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverCells {
    /// Series name.
    pub series: String,
    /// τ.
    pub tau: f64,
    /// Plug-in and BB posterior.
    pub cells: [Cell; 2],
}
