//! One series prepared for every estimator: its grouped counts, the BB and ZOIBB fits and the
//! log-logit line, computed once and shared by the report, the charts and the bootstrap.

use crate::data::dataset::Dataset;

use crate::data::groups::Groups;
use crate::estimators::beta_binomial::{fit_bb_data, moments_start, Search};
use crate::estimators::extrapolate::{doubling_budgets, LogitLine};
use crate::estimators::interval::Prior;
use crate::estimators::likelihood::BbData;
use crate::estimators::scaled::{fit_scaled, ScaledFit};
use crate::estimators::zoibb::fit_zoibb_data;
use crate::eval::estimates::Config;
use crate::eval::limit::too_many_groups;

use crate::eval::fits::Fits;
use crate::eval::kernels::unbiased_pass_at_k;
use crate::par::join;
use crate::settings::Settings;

/// The fits of a series (None when it has no tasks): [`fit_bb`](crate::estimators::beta_binomial::fit_bb)
/// and [`fit_zoibb`](crate::estimators::zoibb::fit_zoibb) on one
/// preparation of the statistics they share.
pub fn fit_series(g: &Groups) -> Option<Fits> {
    (!g.is_empty()).then(|| {
        let data = BbData::new(g);
        let bb = fit_bb_data(&data, &[moments_start(g)], Search::GLOBAL);
        let zoibb = fit_zoibb_data(&data, &bb, &[bb.start()], Search::GLOBAL_ZOIBB);
        Fits { bb, zoibb }
    })
}

/// [`fit_series`] on data close to already fitted data (a task-bootstrap resample of it).
/// BB: Newton runs from `near`'s optimum and the data's method-of-moments point only, without
/// the grid search, as the cross-validation folds and the backtest's subsamples do. ZOIBB,
/// whose likelihood can have several maxima on small inflated data, keeps its global search
/// and adds `near`'s optimum to its starts, so it never ends below what [`fit_series`] finds
/// from the same BB fit. On the real files a resample costs 0.6 of [`fit_series`]'s time;
/// the optima agree within the optimiser's tolerance (tests/fits.rs).
pub fn fit_series_near(g: &Groups, near: &Fits) -> Option<Fits> {
    fit_near(g, near, Search::GLOBAL_ZOIBB)
}

/// The cheaper fits of the backtest's subsamples (each task thinned to a fraction of its
/// samples, hundreds per series). BB as in [`fit_series_near`]; ZOIBB: Newton runs from
/// `near`'s optimum and the subsample's own BB optimum, no grid. On inflated synthetic
/// series (tests/fits.rs), from `near`'s optimum alone ZOIBB fell short of its global search
/// on 104 of 1080 subsamples, by up to 2.4 nats; from both starts on 2, by under 0.05. The
/// global search would cost the backtest seven times as much.
pub fn fit_subsample(g: &Groups, near: &Fits) -> Option<Fits> {
    fit_near(g, near, Search::LOCAL)
}

/// BB from `near`'s optimum and the moments point (Newton runs only); ZOIBB from `near`'s
/// optimum and that BB optimum, searching as `zoibb_search` says.
fn fit_near(g: &Groups, near: &Fits, zoibb_search: Search) -> Option<Fits> {
    (!g.is_empty()).then(|| {
        let data = BbData::new(g);
        let bb = fit_bb_data(&data, &[near.bb.start(), moments_start(g)], Search::LOCAL);
        let zoibb = fit_zoibb_data(&data, &bb, &[near.zoibb.start(), bb.start()], zoibb_search);
        Fits { bb, zoibb }
    })
}

/// The estimates' settings from the report's.
pub fn config(s: &Settings) -> Config {
    Config {
        linmix: s.linmix,
        prior: Prior {
            alpha: s.prior[0],
            beta: s.prior[1],
        },
        confidence: s.confidence,
    }
}

/// The logit-linear line through the combinatorial values at k = 1, 2, 4, … ≤ n_min.
pub fn extrapolation_line(g: &Groups) -> Option<LogitLine> {
    let pts: Vec<(u64, f64)> = doubling_budgets(g.n_min())
        .into_iter()
        .filter_map(|k| unbiased_pass_at_k(g, k).ok().map(|p| (k, p)))
        .collect();
    LogitLine::fit(&pts)
}

/// The scaled Beta and the Kumaraswamy of grouped counts whose BB and ZOIBB fits are `fits`
/// (None without fits, or with more distinct counts than are fitted unasked:
/// [`too_many_groups`]).
pub fn scaled_fits(g: &Groups, fits: Option<&Fits>) -> Option<[ScaledFit; 2]> {
    fits.filter(|_| too_many_groups(g).is_none())
        .map(|f| fit_scaled(g, &f.bb))
}

/// A series' grouped counts and fits: what every value of its report and charts is computed
/// from.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SeriesFit {
    /// The series name.
    pub name: String,
    /// The grouped counts.
    pub groups: Groups,
    /// The fits (None without tasks).
    pub fits: Option<Fits>,
    /// The log-logit line through the combinatorial values, if it can be fitted.
    pub line: Option<LogitLine>,
    /// The scaled Beta and the Kumaraswamy, once asked for ([`SeriesFit::with_scaled`]).
    #[serde(default)]
    pub scaled: Option<[ScaledFit; 2]>,
}

impl SeriesFit {
    /// Groups and fits one series.
    pub fn new(ds: &Dataset) -> SeriesFit {
        let groups = ds.groups();
        // Each on its own, side by side where there are threads.
        let (fits, line) = join(|| fit_series(&groups), || extrapolation_line(&groups));
        SeriesFit {
            name: ds.name.clone(),
            groups,
            fits,
            line,
            scaled: None,
        }
    }

    /// With the scaled Beta and the Kumaraswamy fitted, unless they already are, the series
    /// has no fits, or it has too many distinct counts to fit them unasked
    /// ([`too_many_groups`]).
    pub fn with_scaled(mut self) -> SeriesFit {
        if self.scaled.is_none() {
            self.scaled = scaled_fits(&self.groups, self.fits.as_ref());
        }
        self
    }

    /// Smallest and largest n.
    pub fn n_range(&self) -> (u64, u64) {
        (self.groups.n_min(), self.groups.n_max())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::counts::Counts;
    use crate::estimators::beta_binomial::fit_bb;
    use crate::estimators::zoibb::fit_zoibb;

    #[test]
    fn the_series_fits_are_the_fits_each_on_its_own() {
        let g = Groups::new((0..300u64).map(|i| {
            let n = 5 + i % 11;
            Counts::new(n, [0, n, (i * 7) % (n + 1)][(i % 3) as usize]).unwrap()
        }));
        let bb = fit_bb(&g);
        let want = Fits {
            zoibb: fit_zoibb(&g, &bb),
            bb,
        };
        assert_eq!(fit_series(&g), Some(want));
        assert_eq!(fit_series(&Groups::default()), None);
    }
}
