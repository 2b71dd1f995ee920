//! Building the `passk-report/2` document: one function for the page's download and the
//! `passk report` command line. Every value not computed is `null`, never invented.

use super::count_rows::{
    count_budgets, count_limits, CountRows, COUNT_K_MAX, COUNT_WORK_BASE, COUNT_WORK_PER_TASK,
};
use super::metrics;
use super::rows::finite;
use super::schema::*;
use super::series_parts::{Done, PartDone, SeriesParts};
use crate::analysis::bands::bootstrap_bands;
use crate::analysis::compare::all::{compare_all, Comparison, Pairs};
use crate::analysis::warnings::{data_warnings, limit_warning, render_all, Context, Warning};
use crate::data::dataset::Dataset;
use crate::par::map;

use crate::data::task::Task;

use crate::analysis::forecast::{ForecastOptions, Prepared, SeriesForecast};
use crate::data::groups::Groups;
use crate::data::rejected::Rejected;
use crate::estimators::avg_at_n::avg_at_n;
use crate::estimators::bayes_at_n::{bayes_of_tasks, rubric_of, BayesAtN, BayesError};
use crate::estimators::best_of::{mean_best_of_k, mean_max_at_k};
use crate::estimators::cover::{auc_plus_matrix, CoverSteps};
use crate::estimators::interval::Interval;
use crate::estimators::majority::mean_maj_at_k;
use crate::eval::estimates::Estimates;
use crate::eval::fit::SeriesFit;
use crate::eval::fits::Fits;
use crate::eval::limit::too_many_groups;
use crate::settings::Options;

/// The report of one series.
pub fn model_report(ds: &Dataset, rejected: Vec<Rejected>, opts: &Options) -> ModelReport {
    model_report_fitted(ds, &SeriesFit::new(ds), rejected, opts)
}

/// The report of one series whose fits are already known: its parts ([`SeriesParts`]) side
/// by side where there are threads (at most `par::threads` at once, the longest first), then
/// put together.
pub fn model_report_fitted(
    ds: &Dataset,
    fit: &SeriesFit,
    rejected: Vec<Rejected>,
    opts: &Options,
) -> ModelReport {
    let parts = SeriesParts::new(ds, fit, opts);
    let indices: Vec<usize> = (0..parts.count()).collect();
    let done = map(&indices, |&i| parts.run(i));
    parts.finish(done, rejected)
}

impl SeriesParts<'_> {
    /// The series' report from its parts computed (in [`SeriesParts::run`]'s order, all of
    /// them) and its rejected rows: the bootstrap band (its resamples spread over the threads
    /// itself), the forecasts and what is cheap are computed here.
    pub fn finish(&self, done: Vec<PartDone>, rejected: Vec<Rejected>) -> ModelReport {
        let SeriesParts {
            ds,
            fit,
            opts,
            scaled,
            ref cv_folds,
            ..
        } = *self;
        let g = &fit.groups;
        let summary = ds.stats();
        let empty = g.is_empty();
        let s = &opts.settings;
        let fits = fit.fits;
        let mut warnings = data_warnings(g, fits.as_ref(), &opts.ks);
        let line = fit.line;
        if !empty && line.is_none() {
            warnings.push(Warning::NoExtrapolation { n_min: g.n_min() });
        }
        let (mut estimates, mut naive, mut folds) = (Vec::new(), Vec::new(), Vec::new());
        let (mut backtested, mut errors, mut counted) = (None, Vec::new(), Vec::new());
        let mut cover = Vec::new();
        for d in done.into_iter().map(|d| d.0) {
            match d {
                Done::Backtest(b) => backtested = b.map(|b| *b),
                Done::Count(k, rows) => counted.push((k, *rows)),
                Done::Run(rows) => estimates.extend(rows),
                Done::Cover(rows) => cover = rows,
                Done::Errors(e) => errors = e,
                Done::Naive(v) => naive = v,
                Done::Fold(v) => folds.push(v),
            }
        }
        Estimates::set_naive(&mut estimates, &naive);
        let CountRows {
            g_pass: g_pass_at_k,
            mg_pass: mg_pass_at_k,
            maj_strict: maj_strict_at_k,
            auc: auc_at_k,
            geom: [geom_at_k, geom_ds_at_k, geo_spectrum_at_k],
            tailpass,
        } = CountRows::from_budgets(
            count_budgets(g, opts)
                .into_iter()
                .filter_map(|k| {
                    let at = counted.iter().position(|(kk, _)| *kk == k)?;
                    Some(counted.swap_remove(at).1)
                })
                .collect(),
        );
        let cv = cv_folds.as_ref().map(|c| c.total(&folds));
        let bands =
            (s.bootstrap > 0 && !empty).then(|| bootstrap_bands(ds, fits.as_ref(), &opts.ks, s));
        let mut pass_at_k = Vec::with_capacity(opts.ks.len());
        let mut pass_hat_k = Vec::with_capacity(opts.ks.len());
        let mut errors = errors.into_iter();
        for (i, e) in estimates.into_iter().enumerate() {
            let k = e.k;
            if let (false, Err(why)) = (empty, e.combinatorial) {
                warnings.push(Warning::Short(why));
            }
            let fin = |v: Option<f64>| v.and_then(finite);
            let interval = |i: Interval| (!empty).then_some(i);
            pass_at_k.push(PassAtKRow {
                k,
                combinatorial: e.combinatorial.ok(),
                naive: finite(e.naive),
                bb: fin(e.bb),
                zoibb: fin(e.zoibb),
                linmix: fin(e.linmix),
                scaled_beta: None,
                kumaraswamy: None,
                logit_line: line.map(|l| l.predict(k as f64)),
                interval: interval(e.interval),
                bootstrap: bands.as_ref().map(|b| b[i].clone()),
                auto: None,
                auto_error: None,
                short: e.combinatorial.err().filter(|_| !empty),
                se: errors.next().unwrap_or_default(),
            });
            pass_hat_k.push(PassHatKRow {
                k,
                combinatorial: e.combinatorial_hat.ok(),
                naive: finite(e.naive_hat),
                bb: fin(e.bb_hat),
                zoibb: fin(e.zoibb_hat),
                scaled_beta: None,
                kumaraswamy: None,
                interval: interval(e.interval_hat),
            });
        }
        let (skipped, beyond) = count_limits(g, opts);
        let cap = COUNT_WORK_BASE.max(COUNT_WORK_PER_TASK.saturating_mul(g.tasks()));
        warnings.extend(limit_warning(
            g,
            &opts.ks,
            &count_budgets(g, opts),
            (skipped, (cap, g.len())),
            (beyond, COUNT_K_MAX),
        ));
        // The scaled fits' two columns in the rows, and the forecasts from the same predictions.
        let skipped = too_many_groups(g).filter(|_| opts.forecast && !opts.forecast_all);
        let forecast = match (&fits, scaled) {
            (Some(f), Some(scaled)) => {
                let prepared = Prepared::with_scaled(g, f, scaled);
                let preds = prepared.predictors();
                for (row, hat) in pass_at_k.iter_mut().zip(pass_hat_k.iter_mut()) {
                    let k = row.k as f64;
                    row.scaled_beta = finite(preds[0].pass_at_k(k));
                    row.kumaraswamy = finite(preds[1].pass_at_k(k));
                    hat.scaled_beta = finite(preds[0].pass_hat_k(k));
                    hat.kumaraswamy = finite(preds[1].pass_hat_k(k));
                }
                opts.forecast
                    .then(|| prepared.forecast_with(&forecast_options(opts), &preds))
            }
            _ => None,
        };
        let bayes = bayes_of(ds, opts);
        let bayes_warning = bayes.as_ref().err().map(|e| format!("Bayes@N: {e}"));
        let mut report = ModelReport {
            name: ds.name.clone(),
            tasks: summary.tasks,
            samples: summary.samples,
            n_min: (!empty).then_some(summary.n_min),
            n_max: (!empty).then_some(summary.n_max),
            bb: fits.map(|f| f.bb),
            zoibb: fits.map(|f| f.zoibb),
            cv_elpd: cv,
            pass_at_k,
            pass_hat_k,
            cover,
            g_pass_at_k,
            mg_pass_at_k,
            maj_strict_at_k,
            auc_at_k,
            geom_at_k,
            geom_ds_at_k,
            geo_spectrum_at_k,
            tailpass,
            avg_at_n: (!empty).then(|| avg_at_n(g, s.confidence)),
            maj_at_k: per_budget(ds, opts, summary.n_min, mean_maj_at_k),
            bon_at_k: per_budget(ds, opts, summary.n_min, mean_best_of_k),
            max_at_k: per_budget(ds, opts, summary.n_min, mean_max_at_k),
            bayes_at_n: bayes.ok().flatten(),
            errors: None,
            step: ds.meta.step,
            rejected,
            warnings: render_all(&warnings, Context::Report)
                .into_iter()
                .chain(skipped)
                .chain(bayes_warning)
                .collect(),
            backtest: None,
            forecast,
            // The registry's computed metrics (Max@k of rewards), filled below.
            ..ModelReport::default()
        };
        if let Some(b) = backtested {
            b.attach(&mut report);
        }
        metrics::compute(&mut report, ds, opts);
        report
    }
}

/// Bayes@N of a series under the report's rubric, else the rubric of its graded rewards
/// (None without either).
fn bayes_of(ds: &Dataset, opts: &Options) -> Result<Option<BayesAtN>, BayesError> {
    let Some(rubric) = opts.rubric.clone().or_else(|| rubric_of(&ds.tasks)) else {
        return Ok(None);
    };
    bayes_of_tasks(&rubric, &ds.tasks, opts.settings.confidence).map(Some)
}

/// The forecasts' backtest repeats per ratio at most (its Kumaraswamy refits cost a tenth of
/// a second each at n = 10^4).
pub const FORECAST_BACKTEST_REPEATS: u64 = 5;

/// A series' forecasts under the report's options (reach targets, bootstrap resamples,
/// seed, confidence).
pub fn forecast_series(g: &Groups, fits: &Fits, opts: &Options) -> SeriesForecast {
    Prepared::new(g, fits).forecast(&forecast_options(opts))
}

/// What the forecasts read from the report's options.
pub fn forecast_options(opts: &Options) -> ForecastOptions {
    let s = &opts.settings;
    ForecastOptions {
        reach: opts.reach.clone(),
        bootstrap: s.bootstrap,
        seed: s.seed,
        level: s.confidence,
        power_range: (
            opts.power_range.map(|r| r[0]),
            opts.power_range.map(|r| r[1]),
        ),
        backtest: opts.backtest.map(|r| r.min(FORECAST_BACKTEST_REPEATS)),
    }
}

/// A value at each budget of the k list up to the smallest n, when `value` has one.
fn per_budget(
    ds: &Dataset,
    opts: &Options,
    n_min: u64,
    value: fn(&[Task], u64) -> Option<f64>,
) -> Vec<KValue> {
    opts.ks
        .iter()
        .filter(|&&k| k <= n_min)
        .map_while(|&k| value(&ds.tasks, k).map(|value| KValue { k, value }))
        .collect()
}

/// The report of several series; `rejected[i]` are the rows rejected for series i.
pub fn build_report(datasets: &[Dataset], rejected: Vec<Vec<Rejected>>, opts: &Options) -> Report {
    let fits: Vec<SeriesFit> = map(datasets, SeriesFit::new);
    build_report_fitted(datasets, &fits, rejected, opts)
}

/// [`build_report`] with each series' fits already known (`fits[i]` of `datasets[i]`).
pub fn build_report_fitted(
    datasets: &[Dataset],
    fits: &[SeriesFit],
    rejected: Vec<Vec<Rejected>>,
    opts: &Options,
) -> Report {
    // The series side by side where there are threads (each on its own: the same document).
    let mut rejected = rejected.into_iter();
    let series: Vec<(&Dataset, &SeriesFit, Vec<Rejected>)> = datasets
        .iter()
        .zip(fits)
        .map(|(ds, fit)| (ds, fit, rejected.next().unwrap_or_default()))
        .collect();
    // The comparison beside the series (natively on a thread of its own: its 2,000 crossover
    // resamples a pair would otherwise come after them).
    let (models, pairwise) = crate::par::join(
        || {
            map(&series, |(ds, fit, rows)| {
                model_report_fitted(ds, fit, rows.clone(), opts)
            })
        },
        || comparison_of(datasets, opts),
    );
    assemble_with(models, pairwise, fits, opts)
}

/// Every pair's paired test, crossover and the ranks ([`compare_all`]) when two or more
/// series share task ids.
fn comparison_of(datasets: &[Dataset], opts: &Options) -> Option<Comparison> {
    (datasets.len() >= 2)
        .then(|| compare_all(datasets, &opts.ks, Pairs::All, &opts.settings))
        .filter(|d| !d.crossovers.is_empty())
}

/// The document of the series' reports (one per fit, in order), with the AUC⁺ comparison
/// when there are two or more series, and every pair's paired test, crossover and the ranks
/// ([`compare_all`]) when two or more share task ids.
pub fn assemble(
    models: Vec<ModelReport>,
    datasets: &[Dataset],
    fits: &[SeriesFit],
    opts: &Options,
) -> Report {
    let pairwise = comparison_of(datasets, opts);
    assemble_with(models, pairwise, fits, opts)
}

/// [`assemble`] with the comparison already made ([`comparison_of`]).
fn assemble_with(
    models: Vec<ModelReport>,
    pairwise: Option<Comparison>,
    fits: &[SeriesFit],
    opts: &Options,
) -> Report {
    let comparison = (fits.len() >= 2).then(|| {
        let steps: Vec<CoverSteps> = fits.iter().map(|f| CoverSteps::new(&f.groups)).collect();
        let (auc_cover_plus, avg_auc_cover_plus) = auc_plus_matrix(&steps);
        AucComparison {
            auc_cover_plus,
            avg_auc_cover_plus,
        }
    });
    Report {
        schema: Schema,
        k: opts.ks.clone(),
        tau: opts.taus.iter().map(|t| t.value()).collect(),
        g_tau: opts.g_taus.iter().map(|t| t.value()).collect(),
        settings: opts.settings.clone(),
        models,
        comparison,
        pairwise,
    }
}
