//! Judging the fits (estimators.md §7): the histogram and ECDF of c/n beside the fitted
//! Beta and ZOIB distributions, how far the observed c/n lie from what each fit predicts, and
//! CV-ELPD, summed up in one plain sentence.

use crate::analysis::cv::{cv_elpd, CvElpd};
use crate::data::dataset::Dataset;

use crate::data::groups::Groups;
use crate::estimators::zoibb::ZoibbFit;
use crate::eval::fit::SeriesFit;
use crate::eval::fits::Fits;
use crate::num::beta::{inc_beta, ln_beta};
use crate::num::libm_math::LibmMath;

/// Bins of the histogram of c/n.
pub const BINS: usize = 20;

/// What the fit diagnostics show for one series.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
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
    ((a - 1.0) * p.libm_ln() + (b - 1.0) * (-p).libm_ln_1p() - ln_beta(a, b))
        .libm_exp()
        .min(1e6)
}

/// P(c/n ≤ x) for one task under Beta-Binomial(n, a, b), at every x of `xs` (ascending).
///
/// # Formula
/// The sum of P(c) for c ≤ ⌊x·n⌋, in one pass over c: ln P(0) = ln B(a, b + n) − ln B(a, b)
/// and P(c+1)/P(c) = (n − c)(a + c) / ((c + 1)(b + n − c − 1)). Above [`EXACT_N`] samples,
/// where a pass over every c costs too much, c/n is Beta(a, b) distributed up to O(1/n): the
/// regularised incomplete Beta I_x(a, b).
fn bb_cdfs(n: u64, a: f64, b: f64, xs: &[f64]) -> Vec<f64> {
    let nf = n as f64;
    let tops: Vec<u64> = xs
        .iter()
        .map(|&x| ((x * nf) + 1e-9).floor().clamp(0.0, nf) as u64)
        .collect();
    if n > EXACT_N {
        // P(c = 0) exactly (it carries the mass near 0 when a is small), the Beta CDF at the
        // midpoint (top + ½)/n otherwise.
        let p0 = (ln_beta(a, b + nf) - ln_beta(a, b)).libm_exp();
        return tops
            .iter()
            .map(|&top| match top {
                0 => p0.min(1.0),
                t if t >= n => 1.0,
                t => inc_beta((t as f64 + 0.5) / nf, a, b).max(p0).min(1.0),
            })
            .collect();
    }
    let mut out = Vec::with_capacity(xs.len());
    let mut lp = ln_beta(a, b + nf) - ln_beta(a, b);
    let mut acc = 0.0;
    for c in 0..=n {
        acc += lp.libm_exp();
        while out.len() < tops.len() && tops[out.len()] == c {
            out.push(f64::min(acc, 1.0));
        }
        if out.len() == tops.len() || c == n {
            break;
        }
        let cf = c as f64;
        lp += ((nf - cf) * (a + cf) / ((cf + 1.0) * (b + nf - cf - 1.0))).libm_ln();
    }
    out
}

/// The predictive CDF of c/n under ZOIBB for one task (the atoms put mass at 0 and 1), at
/// every x of `xs` (ascending).
fn zoibb_cdfs(n: u64, z: &ZoibbFit, xs: &[f64]) -> Vec<f64> {
    let s = 1.0 - z.pi0 - z.pi1;
    bb_cdfs(n, z.a, z.b, xs)
        .into_iter()
        .zip(xs)
        .map(|(f, &x)| {
            let atom1 = if x >= 1.0 { z.pi1 } else { 0.0 };
            (z.pi0 + s * f + atom1).min(1.0)
        })
        .collect()
}

/// Above this many samples per task the predictive CDF of c/n is the Beta limit.
const EXACT_N: u64 = 100_000;

/// Distinct n whose summed sizes exceed this get the predictive CDF on a sample of them.
const CDF_WORK: u64 = 20_000_000;

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
    let cv = fit
        .fits
        .as_ref()
        .and_then(|f| cv_elpd(ds, &fit.groups, folds, f));
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
    // The predictive CDF depends on n alone: one pass per distinct n, thinned out when the
    // passes would cost too much.
    let mut by_n: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
    for (t, w) in &groups {
        *by_n.entry(t.n()).or_default() += w;
    }
    let work: u64 = by_n
        .keys()
        .map(|&n| if n > EXACT_N { 1 } else { n + 1 })
        .sum();
    let step = ((work / CDF_WORK) as usize + 1).max(1);
    let sample: Vec<(u64, u64)> = by_n.into_iter().step_by(step).collect();
    let sample_w: f64 = sample.iter().map(|(_, w)| *w as f64).sum::<f64>().max(1.0);
    let (mut bb, mut zo) = (vec![0.0; xs.len()], vec![0.0; xs.len()]);
    match fits {
        Some(f) => {
            for &(n, w) in &sample {
                let w = w as f64 / sample_w;
                for (acc, v) in bb.iter_mut().zip(bb_cdfs(n, f.bb.a, f.bb.b, &xs)) {
                    *acc += w * v;
                }
                for (acc, v) in zo.iter_mut().zip(zoibb_cdfs(n, &f.zoibb, &xs)) {
                    *acc += w * v;
                }
            }
        }
        None => {
            bb.fill(f64::NAN);
            zo.fill(f64::NAN);
        }
    }
    xs.iter()
        .enumerate()
        .map(|(i, &x)| {
            let ecdf = groups
                .iter()
                .filter(|(t, _)| t.rate() <= x + 1e-12)
                .map(|(_, w)| *w as f64)
                .sum::<f64>()
                / n_tasks;
            (x, ecdf, bb[i], zo[i])
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
    use crate::data::counts::Counts;
    use crate::data::synthetic::{synthetic, InflatedBeta};
    use crate::data::task::Task;
    use crate::num::gamma::ln_choose;
    use crate::num::prec::{close, BETA_LIMIT_ABS, CLOSED_FORM_ABS, POSTERIOR_REL};

    #[test]
    fn a_good_fit_and_a_mixed_benchmark() {
        let prior = InflatedBeta::new(0.0, 0.0, 2.0, 3.0);
        let ds = synthetic("beta", 400, 20, 20, prior, 1);
        let d = diagnose(&ds, &SeriesFit::new(&ds), 10);
        assert!((d.histogram.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(d.ks_distance.0 < 0.07, "{:?}", d.ks_distance);
        assert!(!d.verdict.contains("Neither"), "{}", d.verdict);
        // Half the tasks at 0.1, half at 0.9, n = 500: no single Beta, and not ZOIBB's atoms
        // either, describes two tight clusters.
        let tasks = (0..200)
            .map(|i| {
                Task::new(
                    None,
                    Counts::new(500, if i % 2 == 0 { 50 } else { 450 }).unwrap(),
                )
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
        let f = bb_cdfs(2, 1.0, 1.0, &[0.0, 0.5, 1.0]);
        for (got, want) in f.iter().zip([1.0 / 3.0, 2.0 / 3.0, 1.0]) {
            assert!((got - want).abs() < 1e-12, "{f:?}");
        }
    }

    #[test]
    fn predictive_cdf_recurrence_matches_the_closed_form() {
        // Each P(c) from log-Gamma functions directly, against the one-pass recurrence.
        let xs: Vec<f64> = (0..=100).map(|i| i as f64 / 100.0).collect();
        for &(n, a, b) in &[
            (7u64, 0.3, 0.2),
            (50, 2.0, 5.0),
            (1000, 0.05, 0.02),
            (333, 40.0, 1.5),
        ] {
            let got = bb_cdfs(n, a, b, &xs);
            for (i, &x) in xs.iter().enumerate() {
                let top = ((x * n as f64) + 1e-9).floor() as u64;
                let want: f64 = (0..=top)
                    .map(|c| {
                        let (cf, nf) = (c as f64, n as f64);
                        (ln_choose(n, c) + ln_beta(a + cf, b + nf - cf) - ln_beta(a, b)).libm_exp()
                    })
                    .sum::<f64>()
                    .min(1.0);
                assert!(
                    close(got[i], want, POSTERIOR_REL, CLOSED_FORM_ABS),
                    "n={n} a={a} b={b} x={x}: {} vs {want}",
                    got[i]
                );
            }
        }
        // Large n: the Beta limit with the exact atom at c = 0, close to the exact sum, also
        // for small a where much mass sits near 0.
        for &(a, b) in &[(0.7, 1.3), (0.05, 0.02), (0.3, 0.2), (5.0, 2.0)] {
            let exact = bb_cdfs(EXACT_N, a, b, &xs);
            let limit = bb_cdfs(EXACT_N + 1, a, b, &xs);
            for (e, l) in exact.iter().zip(&limit) {
                assert!((e - l).abs() < BETA_LIMIT_ABS, "a={a} b={b}: {e} vs {l}");
            }
        }
        // n = 10^12 answers at once.
        assert_eq!(bb_cdfs(1_000_000_000_000, 0.7, 1.3, &xs).len(), xs.len());
    }
}
