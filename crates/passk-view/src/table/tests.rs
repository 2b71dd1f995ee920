//! The results table's rows, headers and exports.

use super::*;
use passk_core::report::build_report;
use passk_core::settings::Options;
use passk_io::display::percent;
use passk_io::read::{assemble, read_text};
use std::borrow::Cow;

fn report() -> Report {
    let (ds, rej) = assemble(vec![read_text("a.txt", "a_b", "10 3\n10 0\n20 20\n", None)]);
    let opts = Options {
        ks: vec![1, 10, 100],
        ..Options::default()
    };
    build_report(&ds, rej, &opts)
}

#[test]
fn an_interval_that_excludes_the_unbiased_value_is_marked_with_the_reason() {
    let text = include_str!("../../../../assets/examples/pythia_math_n10000.csv");
    let (ds, rej) = assemble(vec![read_text("p.csv", "p", text, None)]);
    let opts = Options {
        ks: vec![1, 1000],
        ..Options::default()
    };
    let i = ds.iter().position(|d| d.name == "Pythia 70M").unwrap();
    let r = build_report(&ds[i..=i], vec![rej[i].clone()], &opts);
    let rows = rows(&r, SeKind::Tasks);
    let at = |k: u64| rows.iter().find(|r| r.k == k).unwrap();
    let col = header(&r, SeKind::Tasks)
        .iter()
        .position(|h| h.starts_with("Beta-posterior μ"))
        .unwrap();
    // k = 1000: the unbiased 12.41 % lies below the interval [18.38 % – 21.44 %].
    let cell = &at(1000).cells[col];
    assert!(cell.excludes_unbiased(), "{cell:?}");
    assert!(
        cell.title().contains("excludes the unbiased value 0.124"),
        "{}",
        cell.title()
    );
    // k = 1 too: the prior Beta(1, 1) adds about one success in 10,002 samples to every
    // task, which moves μ (0.0747 %) and its narrow interval above c/n (0.0647 %).
    assert!(at(1).cells[col].excludes_unbiased());
    // A series whose interval holds its unbiased value is not marked.
    let (ds, rej) = assemble(vec![read_text(
        "a.txt",
        "a",
        "10 3\n10 5\n10 0\n10 9\n",
        None,
    )]);
    let r = build_report(&ds, rej, &opts);
    let rows = super::rows(&r, SeKind::Tasks);
    assert!(
        !rows[0].cells[col].excludes_unbiased(),
        "{:?}",
        rows[0].cells[col]
    );
}

#[test]
fn cells_say_why_they_are_empty() {
    let r = report();
    let rows = rows(&r, SeKind::Tasks);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].cells.len(), header(&r, SeKind::Tasks).len());
    assert!(matches!(rows[0].cells[1], Cell::Se(_)));
    // n = 10 < 2k = 20: no sampling standard error, and the cell says why.
    let sampling = super::rows(&r, SeKind::Sampling);
    assert!(matches!(&sampling[1].cells[1], Cell::Undefined(why) if why.contains("n ≥ 2k = 20")));
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
    let (rows, cover) = (rows(&r, SeKind::Tasks), cover_rows(&r));
    let head = header(&r, SeKind::Tasks);
    assert_eq!(head[1], "SE (over tasks)");
    assert_eq!(
        head[head.len() - 9..head.len() - 1],
        [
            "mG-Pass@k",
            "maj@k (strict)",
            "AUC@k",
            "Geom@k",
            "Geom_ds@k",
            "GeoSpectrum*@k",
            "TailPass m²@k",
            "Max@k (reward)"
        ]
    );
    assert_eq!(head[head.len() - 12], "G-Pass@k τ=0.5");
    // Each with its Bayesian interval, the report's, where k ≤ n; a dash beyond.
    let at = head.len() - 12;
    let g = r.models[0]
        .g_pass_at_k
        .iter()
        .find(|g| g.k == 1 && g.tau == 0.5)
        .unwrap();
    let iv = g.interval.unwrap();
    assert_eq!(
        rows[0].cells[at],
        Cell::Ranged(Some(g.value), Some((iv.lo, iv.hi)), String::new())
    );
    assert!(
        rows[0].cells[at].text().contains(" – "),
        "{}",
        rows[0].cells[at].text()
    );
    assert_eq!(rows[2].cells[at + 5].text(), "—");
    // Geom@k as the report has it; TailPass (posterior only) also at k = 100 > n.
    let geom = &r.models[0].geom_at_k[0];
    let giv = geom.interval.unwrap();
    assert_eq!(
        rows[0].cells[at + 6],
        Cell::Ranged(Some(geom.value), Some((giv.lo, giv.hi)), String::new())
    );
    assert_eq!(rows[2].cells[at + 6].text(), "—");
    let tp = r.models[0].tailpass.iter().find(|t| t.k == 100).unwrap();
    assert_eq!(
        rows[2].cells[at + 9],
        Cell::Ranged(
            Some(tp.moment2.mean),
            Some((tp.moment2.lo, tp.moment2.hi)),
            String::new()
        )
    );
    let md = markdown(&head, &rows, &cover);
    assert!(md.starts_with("| series | k | pass@k (unbiased) | SE (over tasks) |"));
    assert!(md.contains("| a_b | 100 | — |"));
    let tex = latex(&head, &rows, &cover);
    assert!(tex.contains("a\\_b & 1 & "));
    assert!(tex.contains("\\%"));
    // ASCII and known macros only: μ, τ and ± spelled as LaTeX.
    assert!(tex.is_ascii(), "{tex}");
    assert!(
        tex.contains("SE (over tasks)") && tex.contains("G-Pass@k $\\tau$=0.5"),
        "{tex}"
    );
    let csv = csv(&rows, &r.g_tau, voting(&r));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 4);
    // Every line has the same number of columns (a quoted field is one).
    let fields = |l: &str| {
        let mut quoted = false;
        1 + l
            .chars()
            .filter(|&ch| {
                quoted ^= ch == '"';
                ch == ',' && !quoted
            })
            .count()
    };
    assert!(lines.iter().all(|l| fields(l) == 50), "{csv}");
    assert!(lines[3].starts_with("a_b,100,,"));
    // Its empty fields say why, last.
    assert!(lines[0].ends_with(",auto,why_null"), "{}", lines[0]);
    assert!(lines[3].contains("k = 100 > n"), "{}", lines[3]);
}

#[test]
fn before_the_backtest_the_auto_column_has_the_unbiased_value_within_n_and_waits_beyond() {
    let r = report();
    assert!(r.models[0].backtest.is_none());
    let rows = rows(&r, SeKind::Tasks);
    let auto = |k: u64| auto_at(&rows, k);
    // k = 1 ≤ n for every task: the unbiased value, marked as such.
    let u = r.models[0].pass_at_k[0].combinatorial.unwrap();
    assert_eq!(auto(1), Cell::Unbiased(u));
    assert_eq!(auto(1).text(), format!("{} (unbiased)", percent(u)));
    // k = 100 > n: waiting for the backtest, in words, never a bare dash.
    assert_eq!(auto(100), Cell::Waiting);
    assert_eq!(auto(100).text(), WAITING);
    assert!(auto(100).title().contains("backtest"));
}

/// While the count scores are still to come (the table's report answered without them), their
/// empty cells say they are being computed, not why they would be empty; when the job stopped
/// before they came, they say that; once they are there, the cells hold them.
#[test]
fn count_cells_say_they_are_being_computed_while_they_are() {
    let whole = report();
    let mut first = whole.clone();
    for m in &mut first.models {
        m.g_pass_at_k.clear();
        m.mg_pass_at_k.clear();
        m.maj_strict_at_k.clear();
        m.auc_at_k.clear();
        m.geom_at_k.clear();
        m.geom_ds_at_k.clear();
        m.geo_spectrum_at_k.clear();
        m.tailpass.clear();
    }
    let head = header(&whole, SeKind::Tasks);
    let at = |name: &str| head.iter().position(|h| h.starts_with(name)).unwrap();
    for col in [at("G-Pass"), at("TailPass")] {
        let cell = |r: &[Row]| r[0].cells[col].clone();
        let empty = |why: &str| Cell::Ranged(None, None, why.to_string());
        let lacking = |state| cell(&rows_while(&first, SeKind::Tasks, state));
        assert_eq!(lacking(CountScores::of(true, true)), empty(COUNTING));
        assert_eq!(lacking(CountScores::of(true, false)), empty(NOT_COUNTED));
        assert_ne!(lacking(CountScores::Here), empty(COUNTING));
        assert_ne!(lacking(CountScores::Here), empty(NOT_COUNTED));
        for running in [true, false] {
            let state = CountScores::of(false, running);
            assert_eq!(state, CountScores::Here);
            assert!(matches!(
                cell(&rows_while(&whole, SeKind::Tasks, state)),
                Cell::Ranged(Some(_), _, _)
            ));
        }
    }
}
