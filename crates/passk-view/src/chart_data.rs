//! The numbers behind each chart as a table (a header row and data rows): shown as the
//! chart's data table for screen readers and downloaded as CSV.

use crate::table::csv_field;
use passk_core::analysis::BestTemperature;

use passk_core::analysis::rank::TaskDifficulty;
use passk_core::analysis::PairedCurve;
use passk_core::analysis::{CoverCurves, SeriesCurves};
use passk_core::analysis::{Diagnostics, BINS};
use passk_core::estimators::Estimator;
use passk_io::display::full;

/// A table: the header, then the rows.
pub type Table = Vec<Vec<String>>;

fn opt(v: Option<f64>) -> String {
    v.map(full).unwrap_or_default()
}

/// The Pass@k curves: k, then one column per series and enabled estimator, then the band
/// drawn (its low and high edge) of each series that has one.
pub fn pass_at_k(curves: &[SeriesCurves], enabled: &[Estimator]) -> Table {
    let mut head = vec!["k".to_string()];
    for s in curves {
        for e in enabled {
            head.push(format!("{} — {}", s.name, e.label()));
        }
    }
    let banded: Vec<&SeriesCurves> = curves
        .iter()
        .filter(|s| s.band.iter().any(Option::is_some))
        .collect();
    for s in &banded {
        head.push(format!("{} — band low", s.name));
        head.push(format!("{} — band high", s.name));
    }
    let mut ks: Vec<u64> = curves.iter().flat_map(|s| s.ks.iter().copied()).collect();
    ks.sort_unstable();
    ks.dedup();
    let mut rows = vec![head];
    for k in ks {
        let mut row = vec![k.to_string()];
        for s in curves {
            let i = s.ks.iter().position(|&x| x == k);
            for &e in enabled {
                row.push(opt(i.and_then(|i| s.curve(e)[i])));
            }
        }
        for s in &banded {
            let i = s.ks.iter().position(|&x| x == k);
            let band = i.and_then(|i| s.band.get(i).copied().flatten());
            row.push(opt(band.map(|b| b.0)));
            row.push(opt(band.map(|b| b.1)));
        }
        rows.push(row);
    }
    rows
}

/// The Cover@τ curves at the posterior's τ grid (plug-in and BB posterior per series).
pub fn cover(curves: &[CoverCurves]) -> Table {
    let mut head = vec!["tau".to_string()];
    for c in curves {
        head.push(format!("{} — plug-in", c.name));
        head.push(format!("{} — BB posterior", c.name));
    }
    let taus: Vec<f64> = curves
        .first()
        .map(|c| c.posterior.iter().map(|p| p.0).collect())
        .unwrap_or_default();
    let mut rows = vec![head];
    for (j, tau) in taus.iter().enumerate() {
        let mut row = vec![full(*tau)];
        for c in curves {
            row.push(full(c.plugin_at(*tau)));
            row.push(opt(c.posterior.get(j).map(|p| p.1)));
        }
        rows.push(row);
    }
    rows
}

/// The fit diagnostics: per bin of c/n the observed share, then the CDFs.
pub fn fit(d: &Diagnostics) -> Table {
    let mut rows = vec![vec![
        "c/n from".into(),
        "c/n to".into(),
        "observed share".into(),
    ]];
    for (i, s) in d.histogram.iter().enumerate() {
        let (a, b) = (i as f64 / BINS as f64, (i + 1) as f64 / BINS as f64);
        rows.push(vec![full(a), full(b), full(*s)]);
    }
    rows.push(vec![]);
    rows.push(vec![
        "c/n".into(),
        "ECDF".into(),
        "BB predictive CDF".into(),
        "ZOIBB predictive CDF".into(),
    ]);
    for &(x, e, b, z) in &d.cdfs {
        rows.push(vec![full(x), full(e), full(b), full(z)]);
    }
    rows
}

/// Pass@1 and ΔPass per series.
pub fn delta_pass(points: &[(String, f64, f64)]) -> Table {
    let mut rows = vec![vec!["series".into(), "pass@1".into(), "delta_pass".into()]];
    rows.extend(
        points
            .iter()
            .map(|(n, p, d)| vec![n.clone(), full(*p), full(*d)]),
    );
    rows
}

/// T*(k) per model.
pub fn best_temperature(models: &[BestTemperature]) -> Table {
    let mut rows = vec![vec![
        "model".into(),
        "k".into(),
        "best temperature".into(),
        "pass@k there".into(),
    ]];
    for (m, pts) in models {
        rows.extend(
            pts.iter()
                .map(|(k, t, p)| vec![m.clone(), k.to_string(), full(*t), full(*p)]),
        );
    }
    rows
}

/// The paired difference per budget.
pub fn paired(curve: &PairedCurve) -> Table {
    let mut rows = vec![[
        "k",
        "mean",
        "se",
        "normal_lo",
        "normal_hi",
        "bootstrap_lo",
        "bootstrap_hi",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()];
    for r in &curve.rows {
        rows.push(vec![
            r.k.to_string(),
            full(r.mean),
            full(r.se),
            full(r.normal.0),
            full(r.normal.1),
            opt(r.bootstrap.map(|b| b.0)),
            opt(r.bootstrap.map(|b| b.1)),
        ]);
    }
    rows
}

/// The planner's half-width of pass@k against the samples per task.
pub fn planner(k: u64, rows: &[(u64, f64)]) -> Table {
    let mut t = vec![vec![
        "samples per task".to_string(),
        format!("half-width of pass@{k}"),
    ]];
    t.extend(rows.iter().map(|(n, h)| vec![n.to_string(), full(*h)]));
    t
}

/// The task-difficulty chart: per task (hardest first) its position, id, Rasch difficulty b
/// with its interval and standard error, pass share, samples per series and whether it is
/// one of the tasks separating the chosen pair (`marked[k]`; a task beyond its end is not).
pub fn difficulty(tasks: &[TaskDifficulty], marked: &[bool]) -> Table {
    let head = [
        "position",
        "task",
        "b",
        "low",
        "high",
        "SE",
        "pass share",
        "n",
        "separating",
    ];
    let mut rows = vec![head.iter().map(|s| s.to_string()).collect()];
    for (k, t) in tasks.iter().enumerate() {
        let separating = marked.get(k).copied().unwrap_or(false);
        rows.push(vec![
            (k + 1).to_string(),
            t.id.clone(),
            full(t.difficulty),
            full(t.interval.0),
            full(t.interval.1),
            full(t.se),
            full(t.pass_share),
            t.n.to_string(),
            if separating { "yes" } else { "no" }.to_string(),
        ]);
    }
    rows
}

/// A table as CSV.
pub fn csv(table: &Table) -> String {
    table
        .iter()
        .map(|r| r.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(",") + "\n")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_drawn_is_exported_beside_the_curves() {
        let s = SeriesCurves {
            name: "m".into(),
            n_min: 4,
            n_max: 4,
            ks: vec![1, 2],
            values: vec![vec![Some(0.5), Some(0.75)]; Estimator::ALL.len()],
            band: vec![Some((0.25, 0.625)), None],
            warnings: vec![],
        };
        let t = pass_at_k(std::slice::from_ref(&s), &[Estimator::Combinatorial]);
        assert_eq!(t[0][2..], ["m — band low", "m — band high"]);
        assert_eq!(t[1][2..], ["0.25", "0.625"]);
        assert_eq!(t[2][2..], ["", ""]);
        let none = SeriesCurves {
            band: vec![None, None],
            ..s
        };
        assert_eq!(pass_at_k(&[none], &[Estimator::Combinatorial])[0].len(), 2);
    }

    #[test]
    fn the_difficulty_table_has_a_row_per_task_hardest_first() {
        let task = |id: &str, b: f64| TaskDifficulty {
            id: id.into(),
            difficulty: b,
            se: 0.25,
            interval: (b - 0.5, b + 0.5),
            pass_share: 0.125,
            n: 8,
            discrimination: None,
            discrimination_interval: None,
        };
        let t = difficulty(&[task("a/1", 1.5), task("a,2", -0.75)], &[false, true]);
        assert_eq!(t.len(), 3);
        assert_eq!(t[0][0], "position");
        assert_eq!(t[0][8], "separating");
        assert_eq!(
            t[1],
            ["1", "a/1", "1.5", "1", "2", "0.25", "0.125", "8", "no"]
        );
        assert_eq!(
            t[2],
            ["2", "a,2", "-0.75", "-1.25", "-0.25", "0.25", "0.125", "8", "yes"]
        );
        assert!(csv(&t).contains("\n2,\"a,2\",-0.75,"));
        // Fewer marks than tasks: the rest are not separating.
        assert_eq!(difficulty(&[task("x", 0.0)], &[])[1][8], "no");
        assert_eq!(difficulty(&[], &[]).len(), 1);
    }

    #[test]
    fn csv_quotes_what_needs_it() {
        let t: Table = vec![
            vec!["a".into(), "b,c".into()],
            vec!["1".into(), "say \"hi\"".into()],
        ];
        assert_eq!(csv(&t), "a,\"b,c\"\n1,\"say \"\"hi\"\"\"\n");
    }
}
