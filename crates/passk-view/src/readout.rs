//! What a chart reads at the point under the cross-hair: a small table (a caption naming the
//! point, a header, one row per series or line) built from the chart's own data, so the page
//! shows the values of every visible series at the hovered k, τ, m or c/n.

use passk_core::analysis::BestTemperature;

use passk_core::analysis::rank::TaskDifficulty;
use passk_core::analysis::Diagnostics;
use passk_core::analysis::PairedCurve;
use passk_core::analysis::{nearest, CoverCurves, SeriesCurves};
use passk_core::estimators::Estimator;
use passk_io::display::{percent, sig, thousands};

/// The values at one point of a chart.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Readout {
    /// The point, e.g. `k = 64`.
    pub caption: String,
    /// The column names.
    pub head: Vec<String>,
    /// One row per series or line: its name, then its values.
    pub rows: Vec<Vec<String>>,
}

impl Readout {
    fn new<H: Into<String>>(caption: String, head: impl IntoIterator<Item = H>) -> Readout {
        Readout {
            caption,
            head: head.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Without the value columns empty in every row (maj@k of series without answers, …);
    /// None when no series has a value there.
    fn some(mut self) -> Option<Readout> {
        let keep: Vec<bool> = (0..self.head.len())
            .map(|j| j == 0 || self.rows.iter().any(|r| r.get(j).is_some_and(|c| c != "—")))
            .collect();
        let cut = |cells: &mut Vec<String>| {
            let mut j = 0;
            cells.retain(|_| {
                j += 1;
                keep.get(j - 1).copied().unwrap_or(true)
            });
        };
        cut(&mut self.head);
        self.rows.iter_mut().for_each(cut);
        (!self.rows.is_empty() && self.head.len() > 1).then_some(self)
    }
}

/// `x` on a log axis: the nearest of `xs` (by ratio).
fn nearest_log(xs: impl Iterator<Item = u64>, x: f64) -> Option<u64> {
    let xs: Vec<u64> = xs.collect();
    nearest(&xs, x).map(|i| xs[i])
}

/// A difference in percentage points with a sign: `+1.23`, `-0.0456`.
fn points(d: f64) -> String {
    if !d.is_finite() {
        return "—".into();
    }
    let s = sig(100.0 * d, 3);
    if d > 0.0 {
        format!("+{s}")
    } else {
        s
    }
}

/// Pass@k of each series (rows) and estimator drawn (columns) at the grid k nearest `k`.
pub fn pass_at_k(series: &[SeriesCurves], enabled: &[Estimator], k: f64) -> Option<Readout> {
    let at = nearest_log(series.iter().flat_map(|s| s.ks.iter().copied()), k)?;
    let head = std::iter::once("series".to_string()).chain(enabled.iter().map(|e| e.label()));
    let mut r = Readout::new(format!("k = {}", thousands(at)), head);
    for s in series {
        let Some(i) = s.ks.iter().position(|&x| x == at) else {
            continue;
        };
        let mut row = vec![s.name.clone()];
        row.extend(enabled.iter().map(|&e| {
            s.curve(e)
                .get(i)
                .copied()
                .flatten()
                .map_or_else(|| "—".into(), percent)
        }));
        r.rows.push(row);
    }
    r.some()
}

/// Cover@τ of each series at `tau`: the plug-in step curve there and the BB posterior at its
/// nearest grid point.
pub fn cover(series: &[CoverCurves], tau: f64) -> Option<Readout> {
    let tau = tau.clamp(0.0, 1.0);
    let mut r = Readout::new(
        format!("τ = {}", sig(tau, 3)),
        ["series", "plug-in", "BB posterior"],
    );
    for c in series {
        let post = c
            .posterior
            .iter()
            .min_by(|x, y| (x.0 - tau).abs().total_cmp(&(y.0 - tau).abs()))
            .map_or_else(|| "—".into(), |p| percent(p.1));
        r.rows
            .push(vec![c.name.clone(), percent(c.plugin_at(tau)), post]);
    }
    r.some()
}

/// The series whose pass@1 is nearest `p1` (the scatter's points): its pass@1 and ΔPass.
pub fn delta_pass(points: &[(String, f64, f64)], p1: f64) -> Option<Readout> {
    let best = points
        .iter()
        .map(|p| (p.1 - p1).abs())
        .fold(f64::INFINITY, f64::min);
    let mut r = Readout::new(
        format!("pass@1 ≈ {}", percent(p1.clamp(0.0, 1.0))),
        ["series", "pass@1", "ΔPass"],
    );
    for (name, p, d) in points.iter().filter(|p| (p.1 - p1).abs() == best) {
        r.rows.push(vec![name.clone(), percent(*p), sig(*d, 4)]);
    }
    r.some()
}

/// The best temperature of each model at the budget nearest `k`.
pub fn best_temperature(models: &[(String, Vec<(u64, f64)>)], k: f64) -> Option<Readout> {
    let at = nearest_log(models.iter().flat_map(|m| m.1.iter().map(|p| p.0)), k)?;
    let mut r = Readout::new(
        format!("k = {}", thousands(at)),
        ["model", "best temperature"],
    );
    for (m, pts) in models {
        if let Some(p) = pts.iter().find(|p| p.0 == at) {
            r.rows.push(vec![m.clone(), sig(p.1, 3)]);
        }
    }
    r.some()
}

/// The full table's rows ([`BestTemperature`]) as the chart's lines.
pub fn temperature_lines(models: &[BestTemperature]) -> Vec<(String, Vec<(u64, f64)>)> {
    models
        .iter()
        .map(|(m, pts)| (m.clone(), pts.iter().map(|p| (p.0, p.1)).collect()))
        .collect()
}

/// The paired difference at the budget nearest `k`: mean, standard error and both bands, in
/// percentage points.
pub fn paired(label: &str, curve: &PairedCurve, k: f64) -> Option<Readout> {
    let at = nearest_log(curve.rows.iter().map(|r| r.k), k)?;
    let row = curve.rows.iter().find(|r| r.k == at)?;
    let band = |b: (f64, f64)| format!("{} to {}", points(b.0), points(b.1));
    let mut r = Readout::new(
        format!("k = {} (percentage points)", thousands(at)),
        ["difference", "mean", "se", "normal band", "bootstrap band"],
    );
    r.rows.push(vec![
        label.to_string(),
        points(row.mean),
        sig(100.0 * row.se, 3),
        band(row.normal),
        row.bootstrap.map_or_else(|| "—".into(), band),
    ]);
    r.some()
}

/// Each line's value at the x nearest `x` (log axis) in percentage points: the backtest's
/// expected error per estimator against the samples per task m, or the planner's half-width
/// against n.
pub fn lines_at(
    lines: &[(String, Vec<(u64, f64)>)],
    x: f64,
    (x_name, value_name): (&str, &str),
) -> Option<Readout> {
    let at = nearest_log(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)), x)?;
    let mut r = Readout::new(
        format!("{x_name} = {}", thousands(at)),
        ["line", value_name],
    );
    for (name, pts) in lines {
        if let Some(p) = pts.iter().find(|p| p.0 == at) {
            r.rows.push(vec![name.clone(), sig(100.0 * p.1, 3)]);
        }
    }
    r.some()
}

/// Each budget's pass@k (percent) and band at the training step nearest `x` (linear axis).
pub fn steps(lines: &[(u64, crate::steps::StepPoints)], x: f64) -> Option<Readout> {
    let distance = |s: &u64| (*s as f64 - x).abs();
    let at = lines
        .iter()
        .flat_map(|l| l.1.iter().map(|p| p.0))
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))?;
    let mut r = Readout::new(
        format!("step {}", thousands(at)),
        ["budget", "pass@k (%)", "band (%)"],
    );
    for (k, pts) in lines {
        if let Some(&(_, v, (lo, hi))) = pts.iter().find(|p| p.0 == at) {
            let band = format!("{} to {}", sig(100.0 * lo, 3), sig(100.0 * hi, 3));
            r.rows
                .push(vec![format!("pass@{k}"), sig(100.0 * v, 3), band]);
        }
    }
    r.some()
}

/// The observed and predictive CDFs of c/n at the grid point nearest `x` (the right panel).
pub fn fit(d: &Diagnostics, x: f64) -> Option<Readout> {
    let p = d
        .cdfs
        .iter()
        .min_by(|a, b| (a.0 - x).abs().total_cmp(&(b.0 - x).abs()))?;
    let mut r = Readout::new(
        format!("c/n ≤ {}", sig(p.0, 3)),
        [
            "series",
            "observed (ECDF)",
            "BB predictive",
            "ZOIBB predictive",
        ],
    );
    r.rows.push(vec![
        d.name.clone(),
        percent(p.1),
        percent(p.2),
        percent(p.3),
    ]);
    r.some()
}

/// The task at position `x` of the task-difficulty chart (1-based, hardest first; rounded
/// and clamped to the tasks), None without tasks: its id, b and interval, and each series'
/// ability θ and chance σ(θ − b) of passing it.
pub fn difficulty(
    tasks: &[TaskDifficulty],
    abilities: &[(String, f64)],
    x: f64,
) -> Option<Readout> {
    let last = tasks.len().checked_sub(1)?;
    let k = if x.is_nan() {
        0
    } else {
        ((x.round() - 1.0).max(0.0) as usize).min(last)
    };
    let t = tasks.get(k)?;
    let b = t.difficulty;
    let caption = format!(
        "task {} of {}: {} (b = {} [{} – {}])",
        thousands(k as u64 + 1),
        thousands(tasks.len() as u64),
        t.id,
        sig(b, 3),
        sig(t.interval.0, 3),
        sig(t.interval.1, 3)
    );
    let mut r = Readout::new(caption, ["series", "θ", "P(pass)"]);
    for (name, theta) in abilities {
        let p = 1.0 / (1.0 + (b - theta).exp());
        r.rows.push(vec![name.clone(), sig(*theta, 3), percent(p)]);
    }
    Some(r)
}

#[cfg(test)]
mod tests;
