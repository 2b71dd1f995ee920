//! The cells of the study's tables: the replicates of a source at one sample size and
//! budget, their mean absolute errors, and the Markdown table of cells.

use std::collections::BTreeMap;

use super::replicate::{run_replicate, Outcome, Source};

/// The estimators of a table row: naive, BB, ZOIBB, LinMix, auto.
pub const COLUMNS: [&str; 5] = ["naive", "BB", "ZOIBB", "LinMix", "auto"];

/// One cell of a table: a source, m, a budget; the mean absolute errors over the replicates.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    /// The source's label.
    pub label: String,
    /// Samples per task.
    pub m: u64,
    /// The budget.
    pub k: u64,
    /// Sums of absolute errors (naive, BB, ZOIBB, LinMix, auto).
    pub sums: [f64; 5],
    /// Replicates.
    pub count: u64,
    /// Auto's choices and how often.
    pub chosen: BTreeMap<String, u64>,
    /// Replicates where auto's stated error covered its actual error.
    pub covered: u64,
    /// Replicates with a stated error.
    pub stated: u64,
    /// Replicates whose choice the carried trends overturned.
    pub trend: u64,
    /// The sum of auto's stated errors.
    pub stated_sum: f64,
    /// Replicates where no level separated the fitted candidates.
    pub uninformed: u64,
}

impl Cell {
    /// The five mean absolute errors (naive, BB, ZOIBB, LinMix, auto) in points, as printed
    /// (two decimals).
    pub fn points(&self) -> [String; 5] {
        self.mae().map(|e| format!("{:.2}", 100.0 * e))
    }

    /// The mean absolute errors (naive, BB, ZOIBB, LinMix, auto).
    pub fn mae(&self) -> [f64; 5] {
        self.sums.map(|s| s / self.count.max(1) as f64)
    }

    /// The best fixed of BB, ZOIBB and LinMix.
    pub fn best_fixed(&self) -> f64 {
        let e = self.mae();
        e[1].min(e[2]).min(e[3])
    }

    /// Auto's error over the best fixed one's.
    pub fn ratio(&self) -> f64 {
        self.mae()[4] / self.best_fixed()
    }

    /// Auto within `rel` (relative) of the best of BB, ZOIBB and LinMix.
    pub fn within(&self, rel: f64) -> bool {
        let b = self.best_fixed();
        self.mae()[4] <= b * (1.0 + rel)
    }

    /// The cell of several cells pooled (their replicates together).
    pub fn pooled(label: &str, cells: &[&Cell]) -> Cell {
        let mut out = Cell {
            label: label.into(),
            m: cells.first().map_or(0, |c| c.m),
            k: cells.first().map_or(0, |c| c.k),
            ..Cell::default()
        };
        for c in cells {
            for (s, v) in out.sums.iter_mut().zip(c.sums) {
                *s += v;
            }
            out.count += c.count;
            out.stated += c.stated;
            out.covered += c.covered;
            out.trend += c.trend;
            out.stated_sum += c.stated_sum;
            out.uninformed += c.uninformed;
            for (k, n) in &c.chosen {
                *out.chosen.entry(k.clone()).or_default() += n;
            }
        }
        out
    }

    fn add(&mut self, o: &Outcome) {
        for (s, v) in self.sums.iter_mut().zip(o.values) {
            *s += (v - o.reference).abs();
        }
        self.count += 1;
        *self.chosen.entry(o.chosen.clone()).or_default() += 1;
        self.trend += u64::from(o.trend);
        self.uninformed += u64::from(o.uninformed);
        if let Some(s) = o.stated {
            self.stated += 1;
            self.stated_sum += s;
            if (o.values[4] - o.reference).abs() <= s {
                self.covered += 1;
            }
        }
    }

    /// Why auto is not within 10 % of the best fixed estimator here, from the replicates:
    /// no informative level, a few false alarms against the best (BB), or a mix where the
    /// best is ZOIBB (empty when it is within).
    pub fn why(&self) -> String {
        if self.within(0.10) {
            return String::new();
        }
        let e = self.mae();
        let best = [(e[1], "BB"), (e[2], "ZOIBB"), (e[3], "LinMix")]
            .into_iter()
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or("", |b| b.1);
        let n = self.count.max(1);
        let bb = self.chosen.get("bb").copied().unwrap_or(0);
        if 2 * self.uninformed >= n {
            format!(
                "no informative level in {} of {n} replicates (the only subsamples have 2 samples per task, where ZOIBB collapses to BB): auto keeps BB; {best} is better here",
                self.uninformed
            )
        } else if best == "BB" {
            format!(
                "BB is best and auto kept it in {bb} of {n}; in the others the nearest informative cells showed another candidate better than BB beyond noise, which at the target it is not, and the cost grows with the ratio"
            )
        } else {
            let mixes: Vec<f64> = self
                .chosen
                .iter()
                .filter_map(|(k, c)| Some((k.strip_prefix("mix_")?.parse::<f64>().ok()?, *c)))
                .flat_map(|(w, c)| std::iter::repeat_n(w, c as usize))
                .collect();
            let mean = mixes.iter().sum::<f64>() / mixes.len().max(1) as f64;
            format!(
                "{best} is best at the target; the nearest informative evidence (ratios ≤ the largest tested, at most m/2 samples per task) favoured mixes (w ≈ {mean:.1} in {} of {n}) or BB ({bb})",
                mixes.len()
            )
        }
    }

    /// The choices as `zoibb×3, mix_0.7×2`.
    pub fn choices(&self) -> String {
        let mut v: Vec<(&String, &u64)> = self.chosen.iter().collect();
        v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        v.iter()
            .map(|(k, n)| format!("{k}×{n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The cells of one source at m samples per task and budgets `ks`, over `seeds`.
pub fn cells(src: &Source, m: u64, ks: &[u64], seeds: &[u64]) -> Vec<Cell> {
    let mut out: Vec<Cell> = ks
        .iter()
        .map(|&k| Cell {
            label: src.label.clone(),
            m,
            k,
            ..Cell::default()
        })
        .collect();
    for &seed in seeds {
        for (i, d) in src.series.iter().enumerate() {
            let s = seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
            for (c, o) in out.iter_mut().zip(run_replicate(d, m, ks, s)) {
                c.add(&o);
            }
        }
    }
    out
}

/// A Markdown table of cells (errors in percentage points).
pub fn table(cells: &[Cell]) -> String {
    let mut s = String::from(
        "| data | m | k (ρ) | naive | BB | ZOIBB | LinMix | auto | auto / best | auto chose | why not within 10 % |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n",
    );
    for c in cells {
        let mark = if c.within(0.10) { "" } else { " ✗" };
        s.push_str(&format!(
            "| {} | {} | {} ({}×) | {} | {:.2}{mark} | {} | {} |\n",
            c.label,
            c.m,
            c.k,
            c.k / c.m,
            c.points().join(" | "),
            c.ratio(),
            c.choices(),
            c.why()
        ));
    }
    s
}
