//! The data behind the charts: every estimator of one series along a grid of budgets, with
//! its credible or bootstrap band, and the Cover@τ curves.
//!
//! The fits are computed once per series ([`SeriesFit`]); changing k_max or the band only
//! re-evaluates the curves.

use crate::analysis::bands::bootstrap_bands;
use crate::analysis::warnings::{data_warnings, render_all, Context};
use crate::data::dataset::Dataset;

use crate::analysis::grids::cover_grid;
use crate::data::task::Task;
use crate::estimators::best_of::mean_best_of_k;
use crate::estimators::cover::{cover_posterior, CoverSteps};
use crate::estimators::kind::{unbiased_else, Estimator};
use crate::estimators::majority::mean_maj_at_k;
use crate::estimators::scaled::{Predictor, ScaledData};
use crate::estimators::stderr::SeKind;
use crate::eval::estimates::Estimates;
use crate::eval::fit::config;
use crate::eval::fit::SeriesFit;
use crate::eval::std_errors::swept_std_errors;
use crate::num::libm_math::LibmMath;
use crate::settings::BandKind;
use crate::settings::Settings;

/// One series' curves along a grid of budgets.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SeriesCurves {
    /// The series name.
    pub name: String,
    /// Smallest n (the combinatorial estimator ends there).
    pub n_min: u64,
    /// Largest n (beyond it the fitted curves extrapolate).
    pub n_max: u64,
    /// The budgets.
    pub ks: Vec<u64>,
    /// Per estimator (in [`Estimator::ALL`] order), the value at each budget (None where
    /// undefined).
    pub values: Vec<Vec<Option<f64>>>,
    /// The band at each budget (lo, hi), if one was asked for and is defined there.
    pub band: Vec<Option<(f64, f64)>>,
    /// Warnings about the fits that concern the extrapolated values.
    pub warnings: Vec<String>,
}

impl SeriesCurves {
    /// The curve of one estimator.
    pub fn curve(&self, e: Estimator) -> &[Option<f64>] {
        self.values.get(e.index()).map_or(&[], Vec::as_slice)
    }

    /// The value of an estimator at the grid budget nearest to k (in ln k).
    pub fn at(&self, e: Estimator, k: f64) -> Option<(u64, f64)> {
        let i = nearest(&self.ks, k)?;
        self.curve(e)[i].map(|v| (self.ks[i], v))
    }
}

impl SeriesCurves {
    /// Fills the auto curve: the unbiased estimate where it is defined, beyond it the value of
    /// the estimator the backtest chose.
    pub fn set_auto(&mut self, chosen: Estimator) {
        let auto: Vec<Option<f64>> = (0..self.ks.len())
            .map(|i| {
                let v = |e: Estimator| self.values[e.index()][i];
                let beyond = || chosen.value_with(v).filter(|x| x.is_finite());
                unbiased_else(v(Estimator::Combinatorial), chosen, beyond).map(|x| x.0)
            })
            .collect();
        self.values[Estimator::Auto.index()] = auto;
    }

    /// Joins curves computed on consecutive parts of a grid (the page computes a large
    /// series part by part, giving the browser a turn in between).
    pub fn concat(parts: Vec<SeriesCurves>) -> Option<SeriesCurves> {
        let mut it = parts.into_iter();
        let mut first = it.next()?;
        for p in it {
            first.ks.extend(p.ks);
            for (v, pv) in first.values.iter_mut().zip(p.values) {
                v.extend(pv);
            }
            first.band.extend(p.band);
        }
        Some(first)
    }
}

/// The index of the budget nearest to k in ln k.
pub fn nearest(ks: &[u64], k: f64) -> Option<usize> {
    let lk = k.max(1.0).libm_ln();
    (0..ks.len()).min_by(|&a, &b| {
        let da = ((ks[a] as f64).libm_ln() - lk).abs();
        let db = ((ks[b] as f64).libm_ln() - lk).abs();
        da.total_cmp(&db)
    })
}

/// The curves of one series along `ks`, with the band of `band` (the bootstrap uses the
/// settings' resamples and seed, at least 100 resamples).
pub fn series_curves(
    ds: &Dataset,
    fit: &SeriesFit,
    ks: &[u64],
    settings: &Settings,
    band: BandKind,
) -> SeriesCurves {
    let est = Estimates::new(&fit.groups, fit.fits, config(settings));
    let rows = est.pass_at_ks(ks);
    let fin = |v: Option<f64>| v.filter(|x| x.is_finite());
    // The scaled fits' predictions, when the series carries them.
    let data = fit.scaled.map(|_| ScaledData::new(&fit.groups));
    let preds = fit
        .scaled
        .zip(data.as_ref())
        .map(|(s, d)| s.map(|f| Predictor::new(f, d, &fit.groups)));
    let scaled = |i: usize, k: u64| {
        preds
            .as_ref()
            .and_then(|p| fin(Some(p[i].pass_at_k(k as f64))))
    };
    let mut values = vec![Vec::with_capacity(ks.len()); Estimator::ALL.len()];
    for r in &rows {
        values[Estimator::Combinatorial.index()].push(r.combinatorial.ok());
        values[Estimator::Bb.index()].push(fin(r.bb));
        values[Estimator::Zoibb.index()].push(fin(r.zoibb));
        values[Estimator::LinMix.index()].push(fin(r.linmix));
        values[Estimator::ScaledBeta.index()].push(scaled(0, r.k));
        values[Estimator::Kumaraswamy.index()].push(scaled(1, r.k));
        values[Estimator::Naive.index()].push(fin(Some(r.naive)));
        values[Estimator::Extrapolated.index()].push(fit.line.map(|l| l.predict(r.k as f64)));
        values[Estimator::Auto.index()].push(None);
        let beside = |f: fn(&[Task], u64) -> Option<f64>| {
            (r.k <= fit.groups.n_min())
                .then(|| f(&ds.tasks, r.k))
                .flatten()
        };
        values[Estimator::Majority.index()].push(beside(mean_maj_at_k));
        values[Estimator::BestOf.index()].push(beside(mean_best_of_k));
    }
    let band_values = match band {
        BandKind::None => vec![None; ks.len()],
        BandKind::Credible => rows
            .iter()
            .map(|r| {
                Some((r.interval.lo, r.interval.hi)).filter(|b| b.0.is_finite() && b.1.is_finite())
            })
            .collect(),
        BandKind::Se(kind) => se_band(&fit.groups, &rows, kind, settings.confidence),
        BandKind::Bootstrap => {
            let s = bootstrap_settings(settings);
            drawn_bands(&rows, &bootstrap_bands(ds, fit.fits.as_ref(), ks, &s))
        }
    };
    // Under the chart, the fits' warnings name the first budget beyond n.
    let first_beyond: Vec<u64> = ks
        .iter()
        .copied()
        .filter(|&k| k > fit.groups.n_max())
        .take(1)
        .collect();
    // The input's shape (n = 1, unequal n) is said beside the data, not under the chart.
    let mut fits_said = data_warnings(&fit.groups, fit.fits.as_ref(), &first_beyond);
    fits_said.retain(|w| !w.about_input());
    let warnings = render_all(&fits_said, Context::Chart);
    let (n_min, n_max) = fit.n_range();
    SeriesCurves {
        name: fit.name.clone(),
        n_min,
        n_max,
        ks: ks.to_vec(),
        values,
        band: band_values,
        warnings,
    }
}

/// The settings of the chart's bootstrap band: at least 100 resamples.
pub fn bootstrap_settings(settings: &Settings) -> Settings {
    Settings {
        bootstrap: settings.bootstrap.max(100),
        ..settings.clone()
    }
}

/// The band of the estimator drawn at each budget (the unbiased one where defined, else BB).
fn drawn_bands(
    rows: &[crate::eval::estimates::AtK],
    bands: &[std::collections::BTreeMap<String, crate::analysis::bands::Band>],
) -> Vec<Option<(f64, f64)>> {
    bands
        .iter()
        .zip(rows)
        .map(|(b, r)| {
            let drawn = r.ranked().map_or(Estimator::Bb, |v| v.1);
            b.get(&drawn.key()).map(|band| (band.lo, band.hi))
        })
        .collect()
}

/// Puts the bootstrap band of `bands` (drawn at the budgets of `curves`) on the curves.
pub fn with_bootstrap_band(
    curves: &mut SeriesCurves,
    fit: &SeriesFit,
    settings: &Settings,
    bands: &[std::collections::BTreeMap<String, crate::analysis::bands::Band>],
) {
    let est = Estimates::new(&fit.groups, fit.fits, config(settings));
    curves.band = drawn_bands(&est.pass_at_ks(&curves.ks), bands);
}

/// The unbiased value ± z·SE of `kind` at each budget (z of the level), clipped to [0, 1];
/// None where either is undefined.
fn se_band(
    g: &crate::data::groups::Groups,
    rows: &[crate::eval::estimates::AtK],
    kind: SeKind,
    confidence: f64,
) -> Vec<Option<(f64, f64)>> {
    let ks: Vec<u64> = rows.iter().map(|r| r.k).collect();
    let z = crate::num::normal::two_sided_z(confidence);
    swept_std_errors(g, &ks)
        .iter()
        .zip(rows)
        .map(|(s, r)| {
            let se = match kind {
                SeKind::Tasks => s.tasks,
                SeKind::Sampling => s.sampling,
            };
            let (v, se) = (r.combinatorial.ok()?, se.ok()?);
            Some(((v - z * se).clamp(0.0, 1.0), (v + z * se).clamp(0.0, 1.0)))
        })
        .collect()
}

/// One series' Cover@τ curves.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CoverCurves {
    /// The series name.
    pub name: String,
    /// The plug-in step function as its corners: G(τ) = share on (previous τ, τ].
    pub steps: Vec<(f64, f64)>,
    /// The BB posterior Cover@τ on a grid of τ (empty without a fit).
    pub posterior: Vec<(f64, f64)>,
    /// At each chosen τ: (τ, plug-in, posterior).
    pub marks: Vec<(f64, f64, Option<f64>)>,
    /// ∫G = mean c/n (pass@1).
    pub area: f64,
}

impl CoverCurves {
    /// The plug-in G(τ) read off [`CoverCurves::steps`]: 1 at τ ≤ 0, 0 beyond the last step.
    pub fn plugin_at(&self, tau: f64) -> f64 {
        if tau <= 0.0 {
            return 1.0;
        }
        self.steps.iter().find(|s| tau <= s.0).map_or(0.0, |s| s.1)
    }
}

/// The Cover@τ curves of one series, the posterior on the τ of [`cover_grid`].
pub fn cover_curves(
    fit: &SeriesFit,
    taus: &[crate::estimators::cover::Tau],
    points: usize,
) -> CoverCurves {
    let steps = CoverSteps::new(&fit.groups);
    let corners = steps
        .rates
        .iter()
        .map(|r| r.rate())
        .zip(steps.fraction.iter().copied())
        .collect();
    let posterior = match &fit.fits {
        Some(f) if !fit.groups.is_empty() => cover_grid(points)
            .into_iter()
            .map(|tau| (tau, cover_posterior(&fit.groups, f.bb.a, f.bb.b, tau)))
            .collect(),
        _ => Vec::new(),
    };
    let marks = taus
        .iter()
        .map(|t| {
            let plug = crate::estimators::cover::cover_plugin(&fit.groups, *t);
            let post = fit
                .fits
                .map(|f| cover_posterior(&fit.groups, f.bb.a, f.bb.b, t.value()));
            (t.value(), plug, post)
        })
        .collect();
    CoverCurves {
        name: fit.name.clone(),
        steps: corners,
        posterior,
        marks,
        area: steps.area(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::grids::{k_grid, COVER_LOW_POINTS};
    use crate::data::counts::Counts;
    use crate::data::task::Task;

    #[test]
    fn curves_are_defined_where_they_should_be() {
        let ds = Dataset {
            name: "s".into(),
            tasks: [(10, 3), (20, 0), (20, 20), (15, 7)]
                .iter()
                .map(|&(n, c)| Task::new(None, Counts::new(n, c).unwrap()))
                .collect(),
            meta: Default::default(),
        };
        let fit = SeriesFit::new(&ds);
        let ks = k_grid(200, 20, &[10, 20]);
        let c = series_curves(&ds, &fit, &ks, &Settings::default(), BandKind::Credible);
        for (i, &k) in c.ks.iter().enumerate() {
            assert_eq!(
                c.curve(Estimator::Combinatorial)[i].is_some(),
                k <= 10,
                "k = {k}"
            );
            assert!(c.curve(Estimator::Bb)[i].is_some());
            assert!(c.band[i].is_some());
        }
        assert_eq!(c.at(Estimator::Bb, 9.6).map(|x| x.0), Some(10));
        let cover = cover_curves(
            &fit,
            &[crate::estimators::cover::Tau::parse("0.5").unwrap()],
            20,
        );
        assert_eq!(cover.posterior.len(), 21 + COVER_LOW_POINTS);
        assert_eq!(cover.marks[0].1, 0.25); // only 20/20 reaches 0.5
    }
}
