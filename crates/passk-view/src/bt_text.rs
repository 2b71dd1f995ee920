//! The Bradley–Terry table of the comparison panel: each series' strength with its interval,
//! strongest first, and how far its order agrees with pass@k's (Kendall's τ-b).

use passk_core::analysis::{kendall_tau_b, BtFit};
use passk_core::report::Report;

/// One row.
#[derive(Debug, Clone, PartialEq)]
pub struct BtRow {
    /// The series.
    pub name: String,
    /// Its rank, 1 the strongest.
    pub rank: usize,
    /// Its strength π (geometric mean 1 over the series).
    pub strength: f64,
    /// π's interval.
    pub interval: (f64, f64),
}

/// The rows, strongest first; `names` in the fit's order.
pub fn bt_rows(names: &[String], fit: &BtFit) -> Vec<BtRow> {
    let mut order: Vec<usize> = (0..fit.strengths.len().min(names.len())).collect();
    order.sort_by(|&a, &b| fit.strengths[b].total_cmp(&fit.strengths[a]));
    order
        .into_iter()
        .enumerate()
        .map(|(r, i)| BtRow {
            name: names[i].clone(),
            rank: r + 1,
            strength: fit.strengths[i],
            interval: fit.intervals[i],
        })
        .collect()
}

/// Kendall's τ-b between the Bradley–Terry strengths and the unbiased pass@k at budget `k`
/// of the same series (by name), with a sentence; None when k has no value for some series.
pub fn agreement(names: &[String], fit: &BtFit, report: &Report, k: u64) -> Option<(f64, String)> {
    let pass: Vec<f64> = names
        .iter()
        .map(|n| {
            let m = report.models.iter().find(|m| &m.name == n)?;
            m.pass_at_k.iter().find(|r| r.k == k)?.combinatorial
        })
        .collect::<Option<_>>()?;
    let tau = kendall_tau_b(&fit.strengths, &pass);
    let what = if tau == 1.0 {
        "the same order"
    } else if tau == -1.0 {
        "the reverse order"
    } else {
        "the orders differ"
    };
    Some((
        tau,
        format!("Kendall's τ-b between the Bradley–Terry order and pass@{k}'s: {tau:.2} ({what})."),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::{bradley_terry, wins};
    use passk_core::report::build_report;
    use passk_core::settings::Options;
    use passk_io::read::{assemble, read_text};

    #[test]
    fn deepscaler_rl_is_stronger_and_agrees_with_pass_at_1_not_pass_at_100() {
        let base = include_str!("../../../assets/examples/deepscaler_base.jsonl");
        let rl = include_str!("../../../assets/examples/deepscaler_rl.jsonl");
        let (ds, rej) = assemble(vec![
            read_text("b.jsonl", "base", base, None),
            read_text("r.jsonl", "rl", rl, None),
        ]);
        let refs: Vec<_> = ds.iter().collect();
        let (w, left) = wins(&refs);
        let fit = bradley_terry(w, left, 0.95).unwrap();
        let names: Vec<String> = ds.iter().map(|d| d.name.clone()).collect();
        let rows = bt_rows(&names, &fit);
        assert_eq!(
            (rows[0].name.as_str(), rows[0].rank, rows[1].rank),
            ("rl", 1, 2)
        );
        assert!(rows[0].interval.0 < rows[0].strength && rows[0].strength < rows[0].interval.1);
        let report = build_report(
            &ds,
            rej,
            &Options {
                ks: vec![1, 100],
                ..Options::default()
            },
        );
        let (t1, s1) = agreement(&names, &fit, &report, 1).unwrap();
        assert_eq!((t1, s1.as_str()), (1.0, "Kendall's τ-b between the Bradley–Terry order and pass@1's: 1.00 (the same order)."));
        // At k = 100 the base model leads pass@k (the crossover is at 22).
        assert_eq!(agreement(&names, &fit, &report, 100).unwrap().0, -1.0);
        assert!(agreement(&names, &fit, &report, 5).is_none());
    }
}
