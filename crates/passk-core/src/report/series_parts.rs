//! A series' report in parts, each computed on its own: side by side on threads natively
//! (by the report's builder), one after the other in the page's engine, which asks between two whether a newer request has superseded the job.

use super::count_rows::{count_budgets, count_rows_at, BudgetRows};
use super::rows::{cover_rows, std_errors};
use super::schema::{CoverRow, StdErrors};
use super::series_backtest::SeriesBacktest;
use crate::analysis::backtest::run::BacktestRun;
use crate::analysis::cv::CvFolds;
use crate::data::dataset::Dataset;
use crate::estimators::scaled::{fit_scaled, ScaledFit};
use crate::eval::estimates::{AtK, Estimates};
use crate::eval::fit::{config, SeriesFit};
use crate::eval::limit::too_many_groups;
use crate::settings::Options;

/// A part of a series' report.
#[derive(Debug, Clone, Copy)]
enum Part {
    /// The backtest, and its choice for the budgets beyond the smallest n.
    Backtest,
    /// The count scores and TailPass@k's profile at one budget ([`count_rows_at`]).
    Count(u64),
    /// The estimates of one run of budgets ([`Estimates::at_ks_run`]).
    Run(usize),
    /// Cover@τ.
    Cover,
    /// The standard errors.
    Errors,
    /// The naive plug-ins.
    Naive,
    /// One CV-ELPD fold.
    Fold(usize),
}

/// A part computed.
#[derive(Clone)]
pub(crate) enum Done {
    Backtest(Option<Box<SeriesBacktest>>),
    Count(u64, Box<BudgetRows>),
    Run(Vec<AtK>),
    Cover(Vec<CoverRow>),
    Errors(Vec<StdErrors>),
    Naive(Vec<(f64, f64)>),
    Fold((f64, f64)),
}

/// A part of a series' report, computed ([`SeriesParts::run`]).
#[derive(Clone)]
pub struct PartDone(pub(crate) Done);

/// A series' report, prepared to be computed part by part.
pub struct SeriesParts<'a> {
    pub(crate) ds: &'a Dataset,
    pub(crate) fit: &'a SeriesFit,
    pub(crate) opts: &'a Options,
    /// The scaled fits, where the forecasts, the backtest (a candidate each) or the columns
    /// need them (computed once here unless the series carries them).
    pub(crate) scaled: Option<[ScaledFit; 2]>,
    pub(crate) cv_folds: Option<CvFolds<'a>>,
    estimator: Estimates<'a>,
    parts: Vec<Part>,
}

impl<'a> SeriesParts<'a> {
    /// The parts of the report of `ds` (its fits `fit`) under `opts`, the longest first: the
    /// backtest, each budget's count rows (the largest budget first), each run of budgets'
    /// estimates, Cover@τ, the standard errors, the naive plug-ins, each CV fold.
    pub fn new(ds: &'a Dataset, fit: &'a SeriesFit, opts: &'a Options) -> SeriesParts<'a> {
        let g = &fit.groups;
        let s = &opts.settings;
        let fits = fit.fits;
        let allowed = opts.forecast_all || too_many_groups(g).is_none();
        let scaled = if allowed && opts.wants_scaled() {
            fit.scaled.or_else(|| fits.map(|f| fit_scaled(g, &f.bb)))
        } else {
            None
        };
        let cv_folds = fits
            .filter(|_| opts.cv)
            .and_then(|f| CvFolds::new(ds, g, s.folds, &f));
        let estimator = Estimates::new(g, fits, config(s));
        let mut parts = vec![Part::Backtest];
        let mut count_ks = count_budgets(g, opts);
        count_ks.sort_unstable_by(|a, b| b.cmp(a));
        parts.extend(count_ks.iter().map(|&k| Part::Count(k)));
        parts.extend((0..Estimates::runs(&opts.ks)).map(Part::Run));
        parts.extend([Part::Cover, Part::Errors, Part::Naive]);
        parts.extend((0..cv_folds.as_ref().map_or(0, CvFolds::count)).map(Part::Fold));
        SeriesParts {
            ds,
            fit,
            opts,
            scaled,
            cv_folds,
            estimator,
            parts,
        }
    }

    /// How many parts there are.
    pub fn count(&self) -> usize {
        self.parts.len()
    }

    /// Whether part `i` is a budget's count scores (the long parts a first table can do
    /// without: [`SeriesParts::finish`] leaves out the budgets whose part is not given).
    pub fn is_count(&self, i: usize) -> bool {
        matches!(self.parts.get(i), Some(Part::Count(_)))
    }

    /// Part `i` (of [`count`](Self::count)), computed.
    pub fn run(&self, i: usize) -> PartDone {
        let (ds, opts) = (self.ds, self.opts);
        let g = &self.fit.groups;
        let fits = self.fit.fits;
        let s = &opts.settings;
        PartDone(match self.parts.get(i).copied().unwrap_or(Part::Naive) {
            Part::Backtest => Done::Backtest(match (opts.backtest, fits) {
                (Some(repeats), Some(f)) => Some(Box::new(SeriesBacktest::new(
                    &ds.name,
                    g.n_min(),
                    &opts.ks,
                    repeats,
                    BacktestRun::with_scaled(ds, &f, self.scaled, s, repeats).map(|mut run| {
                        while run.step() {}
                        run.finish()
                    }),
                ))),
                _ => None,
            }),
            Part::Count(k) => Done::Count(k, Box::new(count_rows_at(g, opts, k))),
            Part::Run(i) => Done::Run(self.estimator.at_ks_run(&opts.ks, i)),
            Part::Cover => Done::Cover(cover_rows(g, fits.as_ref(), opts)),
            Part::Errors => Done::Errors(std_errors(g, ds.clusters().as_deref(), &opts.ks)),
            Part::Naive => Done::Naive(self.estimator.at_ks_naive(&opts.ks)),
            Part::Fold(f) => Done::Fold(self.cv_folds.as_ref().map_or((0.0, 0.0), |cv| cv.fold(f))),
        })
    }
}
