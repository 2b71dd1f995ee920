//! Judging the fits (estimators.md §7): the histogram and ECDF of c/n beside the fitted
//! Beta and ZOIB distributions, how far the observed c/n lie from what each fit predicts, and
//! CV-ELPD, summed up in one plain sentence.

use super::cv::{cv_elpd, CvElpd};
use super::dataset::{Dataset, Groups};
use super::estimates::Fits;
use super::fit::SeriesFit;
use super::likelihood::ln_choose;
use super::math::Det;
use super::special::ln_beta;
use super::zoibb::ZoibbFit;

/// Bins of the histogram of c/n.
pub const BINS: usize = 20;

/// What the fit diagnostics show for one series.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Diagnostics {
    /// The series name.
    pub name: String,
    /// Share of tasks per bin of c/n on [0, 1] (the last bin includes 1).
    pub histogram: Vec<f64>,
    /// Share of tasks with c = 0 and with c = n.
    pub atoms_observed: (f64, f64),
    /// The fitted Beta(a, b) density of BB and the ZOIBB Beta part (weighted by 1 − π0 − π1),
    /// on a grid of p.
    pub densities: Vec<(f64, f64, f64)>,
    /// ZOIBB's atoms (π0, π1).
    pub atoms_fitted: (f64, f64),
    /// The ECDF of c/n and the fitted predictive CDFs of c/n (BB, ZOIBB), on a grid.
    pub cdfs: Vec<(f64, f64, f64, f64)>,
    /// Largest gap between the ECDF and each predictive CDF (BB, ZOIBB).
    pub ks_distance: (f64, f64),
    /// CV-ELPD of both fits (None with fewer than 2 tasks).
    pub cv: Option<CvElpd>,
    /// The verdict in one sentence.
    pub verdict: String,
}

/// The Beta(a, b) density at p (0 outside (0, 1); capped for plotting near 0 and 1).
pub fn beta_density(a: f64, b: f64, p: f64) -> f64 {
    if p <= 0.0 || p >= 1.0 {
        return 0.0;
    }
    ((a - 1.0) * p.dln() + (b - 1.0) * (-p).dln_1p() - ln_beta(a, b))
        .dexp()
        .min(1e6)
}

/// P(c/n ≤ x) for one task under Beta-Binomial(n, a, b): the sum of P(c) for c ≤ ⌊x·n⌋.
fn bb_cdf(n: u64, a: f64, b: f64, x: f64) -> f64 {
    let top = ((x * n as f64) + 1e-9).floor().clamp(0.0, n as f64) as u64;
    let lb = ln_beta(a, b);
    let mut s = 0.0;
    for c in 0..=top {
        let (cf, nf) = (c as f64, n as f64);
        s += (ln_choose(n, c) + ln_beta(a + cf, b + nf - cf) - lb).dexp();
    }
    s.min(1.0)
}

/// The predictive CDF of c/n under ZOIBB for one task (the atoms put mass at 0 and 1).
fn zoibb_cdf(n: u64, z: &ZoibbFit, x: f64) -> f64 {
    let s = 1.0 - z.pi0 - z.pi1;
    let atom1 = if x >= 1.0 { z.pi1 } else { 0.0 };
    (z.pi0 + s * bb_cdf(n, z.a, z.b, x) + atom1).min(1.0)
}

/// Tasks above this many distinct n, or n above this, get the predictive CDF on a sample of
/// groups (the CDF sums up to n terms per task).
const CDF_WORK: u64 = 2_000_000;

/// The diagnostics of one series; CV-ELPD with `folds` folds.
pub fn diagnose(ds: &Dataset, fit: &SeriesFit, folds: u64) -> Diagnostics {
    let g = &fit.groups;
    let n_tasks = g.tasks().max(1) as f64;
    let mut histogram = vec![0.0; BINS];
    let (mut none, mut all) = (0.0, 0.0);
    for (t, w) in g.iter() {
        let r = t.rate();
        let bin = ((r * BINS as f64).floor() as usize).min(BINS - 1);
        histogram[bin] += w as f64 / n_tasks;
        if t.c() == 0 {
            none += w as f64 / n_tasks;
        }
        if t.c() == t.n() {
            all += w as f64 / n_tasks;
        }
    }
    let grid: Vec<f64> = (1..200).map(|i| i as f64 / 200.0).collect();
    let (densities, atoms_fitted) = match &fit.fits {
        Some(Fits { bb, zoibb }) => {
            let s = 1.0 - zoibb.pi0 - zoibb.pi1;
            (
                grid.iter()
                    .map(|&p| {
                        (
                            p,
                            beta_density(bb.a, bb.b, p),
                            s * beta_density(zoibb.a, zoibb.b, p),
                        )
                    })
                    .collect(),
                (zoibb.pi0, zoibb.pi1),
            )
        }
        None => (Vec::new(), (0.0, 0.0)),
    };
    let cdfs = predictive_cdfs(g, fit.fits.as_ref());
    let ks_distance = cdfs.iter().fold((0.0f64, 0.0f64), |acc, &(_, e, b, z)| {
        (acc.0.max((e - b).abs()), acc.1.max((e - z).abs()))
    });
    let cv = fit.fits.as_ref().and_then(|f| cv_elpd(ds, folds, f));
    let verdict = verdict(g, ks_distance, cv.as_ref(), fit.fits.is_some());
    Diagnostics {
        name: fit.name.clone(),
        histogram,
        atoms_observed: (none, all),
        densities,
        atoms_fitted,
        cdfs,
        ks_distance,
        cv,
        verdict,
    }
}

/// The ECDF of c/n and both predictive CDFs at x = 0, 1/100, …, 1.
fn predictive_cdfs(g: &Groups, fits: Option<&Fits>) -> Vec<(f64, f64, f64, f64)> {
    let xs: Vec<f64> = (0..=100).map(|i| i as f64 / 100.0).collect();
    let n_tasks = g.tasks().max(1) as f64;
    let groups: Vec<_> = g.iter().collect();
    // The predictive CDF costs Σ n per x: thin out the groups when that is too much.
    let work: u64 = groups.iter().map(|(t, _)| t.n() + 1).sum::<u64>() * xs.len() as u64;
    let step = ((work / CDF_WORK) as usize).max(1);
    let sample: Vec<_> = groups.iter().step_by(step).collect();
    let sample_w: f64 = sample.iter().map(|(_, w)| *w as f64).sum::<f64>().max(1.0);
    xs.iter()
        .map(|&x| {
            let ecdf = groups
                .iter()
                .filter(|(t, _)| t.rate() <= x + 1e-12)
                .map(|(_, w)| *w as f64)
                .sum::<f64>()
                / n_tasks;
            let (bb, zo) = match fits {
                Some(f) => sample.iter().fold((0.0, 0.0), |acc, (t, w)| {
                    let w = *w as f64 / sample_w;
                    (
                        acc.0 + w * bb_cdf(t.n(), f.bb.a, f.bb.b, x),
                        acc.1 + w * zoibb_cdf(t.n(), &f.zoibb, x),
                    )
                }),
                None => (f64::NAN, f64::NAN),
            };
            (x, ecdf, bb, zo)
        })
        .collect()
}

/// The largest ECDF gap still compatible with a good fit: the 5 % Kolmogorov–Smirnov
/// critical value 1.36/√N, and never below 5 points (the fits' parameters were estimated on
/// the same data, which makes the test lenient; the floor keeps it from flagging trivia).
fn ks_limit(tasks: u64) -> f64 {
    (1.36 / (tasks.max(1) as f64).sqrt()).max(0.05)
}

fn verdict(g: &Groups, ks: (f64, f64), cv: Option<&CvElpd>, fitted: bool) -> String {
    if !fitted {
        return "No tasks, nothing to fit.".to_string();
    }
    let limit = ks_limit(g.tasks());
    let pts = |d: f64| format!("{:.1}", 100.0 * d);
    let better = match cv {
        Some(cv) => {
            let (name, diff) = if cv.zoibb > cv.bb {
                ("ZOIBB", cv.zoibb - cv.bb)
            } else {
                ("BB", cv.bb - cv.zoibb)
            };
            if diff < 1.0 {
                format!("BB and ZOIBB predict held-out tasks about equally well (CV-ELPD {:.1} vs {:.1}).", cv.bb, cv.zoibb)
            } else {
                format!(
                    "{name} predicts held-out tasks better (CV-ELPD BB {:.1}, ZOIBB {:.1}; difference {diff:.1}).",
                    cv.bb, cv.zoibb
                )
            }
        }
        None => "Too few tasks for cross-validation.".to_string(),
    };
    if ks.0 > limit && ks.1 > limit {
        format!(
            "{better} Neither fits well: the observed c/n lie up to {} (BB) and {} (ZOIBB) percentage points from \
             what the fits predict, more than {} — the benchmark may mix kinds of tasks; consider stratifying it \
             (for example by source) and fitting each part.",
            pts(ks.0),
            pts(ks.1),
            pts(limit)
        )
    } else {
        format!(
            "{better} The observed c/n lie within {} (BB) and {} (ZOIBB) percentage points of what the fits predict.",
            pts(ks.0),
            pts(ks.1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dataset::Task;
    use crate::core::pass_at_k::Counts;
    use crate::core::sample::{synthetic, InflatedBeta};

    #[test]
    fn a_good_fit_and_a_mixed_benchmark() {
        let prior = InflatedBeta {
            pi0: 0.0,
            pi1: 0.0,
            a: 2.0,
            b: 3.0,
        };
        let ds = synthetic("beta", 400, 20, 20, prior, 1);
        let d = diagnose(&ds, &SeriesFit::new(&ds), 10);
        assert!((d.histogram.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(d.ks_distance.0 < 0.07, "{:?}", d.ks_distance);
        assert!(!d.verdict.contains("Neither"), "{}", d.verdict);
        // Half the tasks at 0.1, half at 0.9, n = 500: no single Beta, and not ZOIBB's atoms
        // either, describes two tight clusters.
        let tasks = (0..200)
            .map(|i| Task {
                id: None,
                counts: Counts::new(500, if i % 2 == 0 { 50 } else { 450 }).unwrap(),
            })
            .collect();
        let ds = Dataset {
            name: "mixed".into(),
            tasks,
            meta: Default::default(),
        };
        let d = diagnose(&ds, &SeriesFit::new(&ds), 10);
        assert!(d.cdfs.iter().all(|c| c.1 >= 0.0 && c.1 <= 1.0));
        assert!(
            d.verdict.contains("Neither fits well"),
            "{} {:?}",
            d.verdict,
            d.ks_distance
        );
        assert!((beta_density(1.0, 1.0, 0.3) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn predictive_cdf_of_one_task() {
        // Beta(1, 1) with n = 2: c is uniform on {0, 1, 2}.
        assert!((bb_cdf(2, 1.0, 1.0, 0.0) - 1.0 / 3.0).abs() < 1e-12);
        assert!((bb_cdf(2, 1.0, 1.0, 0.5) - 2.0 / 3.0).abs() < 1e-12);
        assert!((bb_cdf(2, 1.0, 1.0, 1.0) - 1.0).abs() < 1e-12);
    }
}
