//! The comparison panel's words and tables from a [`Comparison`]: the pair the user chose turned
//! the way they chose it (A − B), the sentence that answers first — who is ahead at k = 1, by
//! how much and how sure, where the other overtakes, and who is ahead at the chosen k — and p
//! values as people read them.

use crate::claims::{self, LEVEL};
use crate::table::csv_field;
use passk_core::analysis::compare::Solved;
use passk_core::analysis::compare::{Comparison, PairCrossover, PairRow};
use passk_core::num::two_sided_z;
use passk_io::display::{full, points2 as points, thousands};

/// The rows of pair (a, b) at each k, as A − B (a pair the comparison holds as (b, a) is turned
/// around: the difference negated, the solved sets swapped, P(A better) complemented).
pub fn pair_rows(d: &Comparison, a: &str, b: &str) -> Vec<PairRow> {
    d.comparisons
        .iter()
        .filter_map(|c| {
            if c.a == a && c.b == b {
                Some(c.clone())
            } else if c.a == b && c.b == a {
                let mut t = c.clone();
                t.a = a.to_string();
                t.b = b.to_string();
                t.test.diff = -t.test.diff;
                t.test.z = t.test.z.map(|z| -z);
                t.test.prob_a_better = t.test.prob_a_better.map(|p| 1.0 - p);
                let s = t.test.solved;
                t.test.solved = Solved {
                    a_only: s.b_only,
                    b_only: s.a_only,
                    ..s
                };
                Some(t)
            } else {
                None
            }
        })
        .collect()
}

/// The crossover of pair (a, b), whichever way the comparison holds it (the budget does not
/// depend on the order).
pub fn pair_crossover<'a>(d: &'a Comparison, a: &str, b: &str) -> Option<&'a PairCrossover> {
    d.crossovers
        .iter()
        .find(|c| (c.a == a && c.b == b) || (c.a == b && c.b == a))
}

/// The budget the sentence and tables read for pair (a, b): `want` (the view's) where the
/// pair was tested at it, else the largest budget it was tested at.
pub fn chosen_k(d: &Comparison, a: &str, b: &str, want: Option<u64>) -> Option<u64> {
    let ks: Vec<u64> = pair_rows(d, a, b).iter().map(|c| c.test.k).collect();
    want.filter(|k| ks.contains(k))
        .or_else(|| ks.last().copied())
}

/// A p value as people read it: "p = 0.008", "p = 6.2 × 10⁻⁵", "p < 10⁻¹⁵".
pub fn p_text(p: f64) -> String {
    if p >= 0.001 {
        format!("p = {}", trim(format!("{p:.3}")))
    } else if p >= 1e-15 {
        let e = p.log10().floor();
        let m = p / 10f64.powf(e);
        format!("p = {m:.1} × 10{}", superscript(e as i64))
    } else {
        "p < 10⁻¹⁵".to_string()
    }
}

fn trim(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

fn superscript(e: i64) -> String {
    e.to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}

/// The bracket of a row: its 95 % interval (a half-width after a detectable difference, the
/// ends otherwise),
/// p, Holm's p over the comparison's tests where it reads differently, and with `with_tasks`
/// the tasks paired.
fn bracket(c: &PairRow, ahead: bool, with_tasks: bool) -> String {
    let z = two_sided_z(LEVEL);
    let interval = c.test.se.map(|se| {
        if ahead {
            format!("95 %: ± {}", points(z * se))
        } else {
            let (lo, hi) = (c.test.diff - z * se, c.test.diff + z * se);
            format!("95 %: {} to {}", points(lo), points(hi))
        }
    });
    let p = c.test.p.map(p_text);
    let holm = c
        .p_holm_all
        .map(p_text)
        .filter(|h| Some(h) != p.as_ref())
        .map(|h| format!("Holm {h}"));
    let tasks = with_tasks.then(|| format!("{} paired problems", thousands(c.test.tasks)));
    let inside: Vec<String> = [interval, p, holm, tasks].into_iter().flatten().collect();
    inside.join("; ")
}

/// One row in words (A − B at its k): "X is ahead at k = K by … points (…)" when the lead is
/// detectable ([`claims::detectable`]), else "No detectable difference at k = K: A − B = …
/// points (95 %: lo to hi; …)"; `at_front`: within a sentence, the budget said first ("at
/// k = K X is ahead", "at k = K no detectable difference: …").
fn difference(c: &PairRow, with_tasks: bool, at_front: bool) -> String {
    let k = thousands(c.test.k);
    if claims::detectable(c) {
        let who = if c.test.diff >= 0.0 { &c.a } else { &c.b };
        let by = points(c.test.diff.abs());
        let inside = bracket(c, true, with_tasks);
        if at_front {
            format!("at k = {k} {who} is ahead by {by} points ({inside})")
        } else {
            format!("{who} is ahead at k = {k} by {by} points ({inside})")
        }
    } else {
        // (The budget first inside a sentence; at its start, after the words.)
        let what = if at_front {
            format!("at k = {k} no detectable difference")
        } else {
            format!("No detectable difference at k = {k}")
        };
        let inside = bracket(c, false, with_tasks);
        format!(
            "{what}: {} − {} = {} points ({inside})",
            c.a,
            c.b,
            points(c.test.diff)
        )
    }
}

/// The sentence for pair (a, b) at budget `k` (the chosen one), held to the rules of
/// [`claims`]: who is ahead at k = 1 (or that no difference is detectable there), where the
/// other overtakes — only when the lead at k = 1 is detectable and the other leads detectably
/// at some k tested, with the crossover's interval and the share of resamples that cross —
/// or that the estimates merely cross (and why that is no overtaking), and the difference at
/// k. None when the pair has no row at k = 1.
pub fn pair_sentence(d: &Comparison, a: &str, b: &str, k: u64) -> Option<String> {
    let rows = pair_rows(d, a, b);
    let first = rows.iter().find(|c| c.test.k == 1)?;
    let mut s = difference(first, true, false);
    let led = claims::ahead(first) != 0;
    if let Some(x) = pair_crossover(d, a, b) {
        let behind = if first.test.diff >= 0.0 { b } else { a };
        match x.crossover.k {
            Some(kx) if led && claims::reversal(&rows) => {
                let resamples = x.crossover.resamples;
                let interval = x.crossover.interval.map(|(lo, hi)| {
                    let share = x.crossover.no_crossover_share.map(|none| {
                        format!(
                            "; {} % of {} resamples cross",
                            (100.0 * (1.0 - none)).round(),
                            thousands(resamples)
                        )
                    });
                    format!(
                        " (95 %: {}–{}{})",
                        thousands(lo),
                        thousands(hi),
                        share.unwrap_or_default()
                    )
                });
                s.push_str(&format!(
                    "; {behind} overtakes at k = {}{}",
                    thousands(kx),
                    interval.unwrap_or_default()
                ));
            }
            // Not an overtaking: said why.
            Some(kx) => s.push_str(&format!(
                "; the estimates cross at k = {}, not a detectable overtaking: {}",
                thousands(kx),
                if led {
                    format!("{behind} leads detectably at no k tested")
                } else {
                    "no lead is detectable at k = 1".to_string()
                }
            )),
            None if led => s.push_str(&format!(
                "; {behind} does not overtake up to k = {}",
                thousands(x.crossover.k_max)
            )),
            None => {}
        }
    }
    if let Some(at) = rows.iter().find(|c| c.test.k == k && k != 1) {
        s.push_str("; ");
        s.push_str(&difference(at, false, true));
    }
    s.push('.');
    Some(s)
}

/// Every comparison (every pair, every k) as CSV, full precision, empty where null.
pub fn comparisons_csv(d: &Comparison) -> String {
    let mut out = String::from(
        "a,b,k,tasks,diff,se,z,p,log10_p,prob_a_better,mcnemar_p,p_holm,p_holm_all,q_bh,a_only,b_only,both,neither\n",
    );
    let num = |x: Option<f64>| x.map(full).unwrap_or_default();
    for c in &d.comparisons {
        let t = &c.test;
        let cells = [
            csv_field(&c.a).into_owned(),
            csv_field(&c.b).into_owned(),
            t.k.to_string(),
            t.tasks.to_string(),
            full(t.diff),
            num(t.se),
            num(t.z),
            num(t.p),
            num(t.log10_p),
            num(t.prob_a_better),
            num(t.mcnemar_p),
            num(c.p_holm),
            num(c.p_holm_all),
            num(c.q_bh),
            full(t.solved.a_only),
            full(t.solved.b_only),
            full(t.solved.both),
            full(t.solved.neither),
        ];
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::compare::{compare_all, Pairs};
    use passk_core::settings::Settings;
    use passk_io::read::{assemble, read_text};

    fn deepscaler() -> Comparison {
        let base = include_str!("../../../assets/examples/deepscaler_base.jsonl");
        let rl = include_str!("../../../assets/examples/deepscaler_rl.jsonl");
        let (ds, _) = assemble(vec![
            read_text("deepscaler_base.jsonl", "deepscaler_base", base, None),
            read_text("deepscaler_rl.jsonl", "deepscaler_rl", rl, None),
        ]);
        let s = Settings {
            bootstrap: 200,
            ..Settings::default()
        };
        compare_all(&ds, &[1, 8, 64], Pairs::All, &s)
    }

    #[test]
    fn the_sentence_says_who_leads_where_they_cross_and_how_sure() {
        let d = deepscaler();
        let s = pair_sentence(&d, "deepscaler_rl", "deepscaler_base", 64).unwrap();
        assert!(
            s.starts_with("deepscaler_rl is ahead at k = 1 by 7.60 points (95 %: ± 0.80; p < 10⁻¹⁵; 1,060 paired problems); deepscaler_base overtakes at k = 22 (95 %: "),
            "{s}"
        );
        assert!(
            s.ends_with(
                "; at k = 64 deepscaler_base is ahead by 1.30 points (95 %: ± 0.96; p = 0.008)."
            ),
            "{s}"
        );
        // The crossover's interval is over the resamples that cross (at least 2,000 of
        // them, integer ends): their share is said.
        assert!(
            s.contains(
                "overtakes at k = 22 (95 %: 13–46; 100 % of 2,000 resamples cross); at k = 64"
            ),
            "{s}"
        );
        // Either order names the same facts.
        let t = pair_sentence(&d, "deepscaler_base", "deepscaler_rl", 64).unwrap();
        assert!(
            t.starts_with("deepscaler_rl is ahead at k = 1 by 7.60 points"),
            "{t}"
        );
    }

    #[test]
    fn a_pair_turned_around_negates_and_swaps() {
        let d = deepscaler();
        let ab = pair_rows(&d, "deepscaler_base", "deepscaler_rl");
        let ba = pair_rows(&d, "deepscaler_rl", "deepscaler_base");
        assert_eq!(ab.len(), 3);
        for (x, y) in ab.iter().zip(&ba) {
            assert_eq!(x.test.diff, -y.test.diff);
            assert_eq!(x.test.p, y.test.p);
            assert_eq!(x.test.solved.a_only, y.test.solved.b_only);
            assert_eq!(x.test.solved.both, y.test.solved.both);
            assert!(
                (x.test.prob_a_better.unwrap() + y.test.prob_a_better.unwrap() - 1.0).abs() < 1e-15
            );
        }
    }

    #[test]
    fn the_csv_has_a_row_per_pair_and_k_at_full_precision() {
        let d = deepscaler();
        let csv = comparisons_csv(&d);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 1 + d.comparisons.len());
        assert!(lines[0].starts_with("a,b,k,tasks,diff,se,z,p,"));
        let first: Vec<&str> = lines[1].split(',').collect();
        assert_eq!(
            &first[..4],
            ["deepscaler_base", "deepscaler_rl", "1", "1060"]
        );
        assert_eq!(first[4].parse::<f64>().unwrap(), d.comparisons[0].test.diff);
        assert_eq!(first[10], "", "no McNemar with n = 128");
    }

    #[test]
    fn p_values_read_as_people_write_them() {
        assert_eq!(p_text(0.00796), "p = 0.008");
        assert_eq!(p_text(0.5), "p = 0.5");
        assert_eq!(p_text(6.18e-5), "p = 6.2 × 10⁻⁵");
        assert_eq!(p_text(1.7e-76), "p < 10⁻¹⁵");
        assert_eq!(p_text(1.0), "p = 1");
    }
}
