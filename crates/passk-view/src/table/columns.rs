//! The results table's columns: a stable key for each (a link and the page's view name the
//! columns shown by it), the header, and what the column is, for the header's definition; and
//! which of them the table shows — by default the answer first: pass@k, its standard error and
//! the recommended estimate (auto).

use super::{header, se_note, voting};
use passk_core::estimators::SeKind;
use passk_core::report::metrics::{voted_shown, METRICS};
use passk_core::report::Report;

/// One column after series and k.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// Its stable key (`pass_at_k`, `se`, `auto`, …; the G-Pass@k columns, one per τ of the
    /// list, share `g_pass`: they come and go together, whatever the list).
    pub key: String,
    /// Its header.
    pub label: String,
    /// What it is, in a sentence or two.
    pub definition: String,
}

/// The key the G-Pass@k columns share.
const G_PASS: &str = "g_pass";

/// The columns shown when the user chose none.
pub const DEFAULT_SHOWN: [&str; 3] = ["pass_at_k", "se", "auto"];

/// The keys of the fixed columns, in [`super::COLUMNS`] order, with their definitions.
const FIXED: [(&str, &str); 10] = [
    (
        "pass_at_k",
        "The unbiased estimator (Chen et al., 2021): the mean over tasks of 1 − C(n − c, k)/C(n, k), \
         the chance that at least one of k samples drawn from a task's n passes. Defined for k ≤ n.",
    ),
    (
        "naive",
        "The plug-in 1 − (1 − c/n)^k per task, averaged: biased low for k > 1, and a task never \
         solved stays at 0 for every k.",
    ),
    (
        "bb",
        "Posterior-predictive pass@k under the Beta-Binomial fitted to all tasks (empirical \
         Bayes): defined for any k, also far beyond n.",
    ),
    (
        "zoibb",
        "Posterior-predictive pass@k under the zero/one-inflated Beta-Binomial: a share of tasks \
         never solved, a share always, the rest Beta-distributed.",
    ),
    (
        "linmix",
        "Per task a mix of ZOIBB and BB, the weight on ZOIBB growing with the samples drawn n.",
    ),
    (
        "logit line",
        "A heuristic: logit(pass@k) fitted as a straight line in ln k through the unbiased values \
         at k = 1, 2, 4, … ≤ n, and extended. No model stands behind it.",
    ),
    (
        "interval",
        "The Bayesian credible interval: each task's rate has the Beta prior shown, the interval \
         is μ ± z·σ of the posterior, centred on its mean μ — not on the unbiased estimate, which \
         it can exclude (such cells are marked).",
    ),
    (
        "pass_hat",
        "pass^k, the chance that all k samples drawn pass: the mean over tasks of C(c, k)/C(n, k).",
    ),
    (
        "pass_hat_bb",
        "pass^k under the fitted Beta-Binomial: defined for any k.",
    ),
    (
        "auto",
        "The recommended estimate: the unbiased value where k ≤ n; beyond, the estimator the \
         backtest chose, with the error (points) it measured at that extrapolation ratio.",
    ),
];

/// Every column of the table for `report`, in [`header`] order.
pub fn columns(report: &Report, se: SeKind) -> Vec<Column> {
    let mut keyed: Vec<(String, String)> = FIXED
        .iter()
        .map(|(k, d)| (k.to_string(), d.to_string()))
        .collect();
    keyed.insert(1, ("se".into(), se_note(se).into()));
    let last = keyed.len() - 1;
    let g = report.g_tau.iter().map(|t| {
        (
            G_PASS.to_string(),
            format!("G-Pass@k at τ = {t}: the chance that at least ⌈τ·k⌉ of k samples drawn pass. In brackets, as for the columns after it, the Bayesian interval (the prior and level of the settings; scorio's *_ci)."),
        )
    });
    let more = METRICS
        .iter()
        .map(|m| (m.key.to_string(), m.definition.to_string()));
    let voted = voted_shown(voting(report)).map(|m| (m.key.to_string(), m.definition.to_string()));
    keyed.splice(last..last, g.chain(more).chain(voted));
    keyed
        .into_iter()
        .zip(header(report, se))
        .map(|((key, definition), label)| Column {
            key,
            label,
            definition,
        })
        .collect()
}

/// The indices of the columns shown, in table order: those `chosen` names (None: the
/// [`DEFAULT_SHOWN`]); keys no column has are passed over, and a choice that names none
/// shows pass@k (a table is never empty).
pub fn shown(columns: &[Column], chosen: Option<&[String]>) -> Vec<usize> {
    let wanted = |key: &str| match chosen {
        Some(keys) => keys.iter().any(|k| k == key),
        None => DEFAULT_SHOWN.contains(&key),
    };
    let idx: Vec<usize> = (0..columns.len())
        .filter(|&i| wanted(&columns[i].key))
        .collect();
    if idx.is_empty() {
        return vec![0];
    }
    idx
}

/// `cells` (a row's, in table order) at `idx`.
pub fn pick<T: Clone>(cells: &[T], idx: &[usize]) -> Vec<T> {
    idx.iter().filter_map(|&i| cells.get(i).cloned()).collect()
}

/// What the picker offers: one choice per key, in table order (the G-Pass@k columns as one).
pub fn choices(columns: &[Column]) -> Vec<Column> {
    let mut out: Vec<Column> = Vec::new();
    for c in columns {
        if out.iter().any(|o| o.key == c.key) {
            continue;
        }
        let mut c = c.clone();
        if c.key == G_PASS {
            c.label = "G-Pass@k at each τ".into();
        }
        out.push(c);
    }
    out
}

/// The choice after the user ticks (`on`) or unticks column `key`, starting from `chosen`
/// (None: the default), in table order.
pub fn toggle(columns: &[Column], chosen: Option<&[String]>, key: &str, on: bool) -> Vec<String> {
    let now = shown(columns, chosen);
    let mut out: Vec<String> = Vec::new();
    for (i, c) in columns.iter().enumerate() {
        let keep = if c.key == key { on } else { now.contains(&i) };
        if keep && !out.contains(&c.key) {
            out.push(c.key.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::rows;
    use passk_core::report::build_report;
    use passk_core::settings::Options;
    use passk_io::read::{assemble, read_text};

    fn report() -> Report {
        let (ds, rej) = assemble(vec![read_text("a.txt", "a", "10 3\n10 0\n20 20\n", None)]);
        let opts = Options {
            ks: vec![1, 10, 100],
            ..Options::default()
        };
        build_report(&ds, rej, &opts)
    }

    #[test]
    fn every_column_has_a_key_a_header_and_a_definition() {
        let r = report();
        let cols = columns(&r, SeKind::Tasks);
        assert_eq!(cols.len(), header(&r, SeKind::Tasks).len());
        assert_eq!(cols.len(), rows(&r, SeKind::Tasks)[0].cells.len());
        let mut keys: Vec<&str> = cols.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(keys[0], "pass_at_k");
        assert_eq!(keys[1], "se");
        assert_eq!(*keys.last().unwrap(), "auto");
        assert!(keys.contains(&"g_pass") && keys.contains(&"mg_pass"));
        assert_eq!(cols[1].label, "SE (over tasks)");
        assert!(cols.iter().all(|c| c.definition.ends_with('.')));
        // One key per column, but the G-Pass@k columns (one per τ) share theirs.
        let taus = r.g_tau.len();
        assert!(taus > 1);
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), cols.len() - (taus - 1));
        let offered = choices(&cols);
        assert_eq!(offered.len(), keys.len());
        assert!(offered.iter().any(|c| c.label == "G-Pass@k at each τ"));
    }

    #[test]
    fn the_answer_shows_first_and_a_choice_is_kept_in_table_order() {
        let r = report();
        let cols = columns(&r, SeKind::Tasks);
        let last = cols.len() - 1;
        assert_eq!(shown(&cols, None), vec![0, 1, last]);
        let chosen = toggle(&cols, None, "bb", true);
        assert_eq!(chosen, ["pass_at_k", "se", "bb", "auto"]);
        assert_eq!(shown(&cols, Some(&chosen)), vec![0, 1, 3, last]);
        let chosen = toggle(&cols, Some(&chosen), "se", false);
        assert_eq!(chosen, ["pass_at_k", "bb", "auto"]);
        // The G-Pass@k columns come together, whatever the τ list.
        let g = toggle(&cols, None, "g_pass", true);
        assert_eq!(g, ["pass_at_k", "se", "g_pass", "auto"]);
        assert_eq!(shown(&cols, Some(&g)).len(), 3 + r.g_tau.len());
        // Unknown keys (an older link's) pass; a choice of nothing shows pass@k.
        assert_eq!(shown(&cols, Some(&["nope".into()])), vec![0]);
        assert_eq!(shown(&cols, Some(&[])), vec![0]);
        let row = &rows(&r, SeKind::Tasks)[0];
        assert_eq!(pick(&row.cells, &[0, last]).len(), 2);
        assert_eq!(pick(&row.cells, &[0, 99]).len(), 1);
    }
}
