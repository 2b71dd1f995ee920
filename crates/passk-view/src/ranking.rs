//! One line of ranking for three series or more (issue 68): the series in order of pass@1,
//! each neighbour marked as separable or not by the rule of [`claims`](crate::claims) — the
//! summary's, `passk compare`'s and `passk report --format md`'s line.

use passk_core::analysis::compare::Comparison;
use passk_core::data::Dataset;

use crate::claims::detectable;

/// The ranking of `series` (those with tasks) at pass@1 from the comparison `d`, or None with
/// fewer than three series.
///
/// # Formula
/// The series by their unbiased pass@1 (the mean of c/n, highest first; ties keep the list's
/// order); between neighbours "&gt;" when their paired difference at k = 1 is detectable
/// ([`detectable`]: Holm's p over every test below 5 %), "≈" when it is not, "?" when the
/// two were not compared task by task.
pub fn ranking_line(series: &[&Dataset], d: &Comparison) -> Option<String> {
    if series.len() < 3 {
        return None;
    }
    let pass1 = |s: &Dataset| {
        s.tasks.iter().map(|t| t.counts.rate()).sum::<f64>() / s.tasks.len().max(1) as f64
    };
    let mut order: Vec<(usize, f64)> = series.iter().map(|s| pass1(s)).enumerate().collect();
    order.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    let mut line = series[order[0].0].name.clone();
    let mut marks = (false, false, false);
    for w in order.windows(2) {
        let (x, y) = (&series[w[0].0].name, &series[w[1].0].name);
        let row = d
            .comparisons
            .iter()
            .find(|c| c.test.k == 1 && ((&c.a == x && &c.b == y) || (&c.a == y && &c.b == x)));
        let mark = match row {
            Some(r) if detectable(r) => {
                marks.0 = true;
                ">"
            }
            Some(_) => {
                marks.1 = true;
                "≈"
            }
            None => {
                marks.2 = true;
                "?"
            }
        };
        line.push_str(&format!(" {mark} {y}"));
    }
    let mut key = Vec::new();
    if marks.0 {
        key.push("“>”: the neighbours differ detectably (Holm p < 5 % over every test)");
    }
    if marks.1 {
        key.push("“≈”: no detectable difference");
    }
    if marks.2 {
        key.push("“?”: not compared task by task");
    }
    Some(format!("Ranking at pass@1: {line}. {}.", key.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::compare::{compare_all, Pairs};
    use passk_core::settings::Settings;
    use passk_io::read::{assemble, read_text};

    /// Pythia at n = 10,000 on 128 tasks: the three largest models are not separable at
    /// pass@1 (12B − 2.8B: Holm p = 1), the smallest is.
    #[test]
    fn pythia_in_one_line_with_what_is_and_is_not_separable() {
        let text = include_str!("../../../assets/examples/pythia_math_n10000.csv");
        let (ds, _) = assemble(vec![read_text("p.csv", "p", text, None)]);
        let d = compare_all(&ds, &[1], Pairs::All, &Settings::default());
        let refs: Vec<&Dataset> = ds.iter().collect();
        let line = ranking_line(&refs, &d).unwrap();
        assert_eq!(
            line,
            "Ranking at pass@1: Pythia 12B ≈ Pythia 2.8B ≈ Pythia 6.9B > Pythia 1B ≈ Pythia 410M > Pythia 160M > Pythia 70M. “>”: the neighbours differ detectably (Holm p < 5 % over every test); “≈”: no detectable difference."
        );
        // Each mark is its pair's row at k = 1.
        let row = |x: &str, y: &str| {
            d.comparisons
                .iter()
                .find(|c| c.test.k == 1 && ((c.a == x && c.b == y) || (c.a == y && c.b == x)))
                .unwrap()
        };
        assert!(!detectable(row("Pythia 12B", "Pythia 2.8B")));
        assert!(detectable(row("Pythia 6.9B", "Pythia 1B")));
        assert_eq!(ranking_line(&refs[..2], &d), None);
        // Without the comparison's rows: every neighbour unknown, never a claim.
        let none = Comparison {
            comparisons: Vec::new(),
            ..d.clone()
        };
        let line = ranking_line(&refs, &none).unwrap();
        assert!(
            !line.contains(" > ") && line.ends_with(". “?”: not compared task by task."),
            "{line}"
        );
    }
}
