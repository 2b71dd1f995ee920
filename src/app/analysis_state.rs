//! The analysis' state: the settings' fields and the chart toggles (kept in local storage),
//! and the one-way chain inputs → fits → curves, Cover curves and report, each a `Memo` so
//! that a change recomputes only what depends on it (k_max and the band never refit).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::file_loader::{after_paint, yield_to_browser, TimeSlice};
use super::state::Inputs;
use super::storage;
use crate::core::analysis::backtest::candidate::Candidate;
use crate::core::analysis::backtest::choose::{choose, Auto};
use crate::core::analysis::backtest::run::{Backtest, BacktestRun};
use crate::core::analysis::curves::{
    cover_curves, k_grid, round_budgets, series_curves, CoverCurves, SeriesCurves,
};
use crate::core::data::dataset::Dataset;
use crate::core::data::rejected::Rejected;
use crate::core::estimators::kind::{Estimator, DEFAULT_ENABLED};
use crate::core::eval::fit::SeriesFit;
use crate::core::report::build::{attach_backtest, build_report_fitted};
use crate::core::report::schema::Report;
use crate::core::settings::BandKind;
use crate::core::settings::Options;
use crate::io::settings::{auto_k_max, parse_all, Parsed, SettingsText};
use crate::io::share::View;

/// Where the settings and the view are kept across reloads.
pub const KEY: &str = "passk.analysis.v1";

/// Points of the k grid the Pass@k curves are drawn on.
pub const GRID_POINTS: usize = 60;
/// Inputs with more tasks than this are analysed step by step, the browser getting a turn
/// between series (a progress line says what is being computed).
pub const LARGE: usize = 5_000;

/// Points of τ the posterior Cover curve is drawn on.
pub const COVER_POINTS: usize = 50;

/// Backtest repeats per shrink factor (as `passk report --backtest`).
pub const BACKTEST_REPEATS: u64 = 20;

/// One series' backtest.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesBacktest {
    /// The series name.
    pub name: String,
    /// Its smallest n (ratios are k over it).
    pub n_min: u64,
    /// The backtest and the choice, or why there is none (then BB is used).
    pub result: Result<(Backtest, Auto), String>,
}

/// Adds the backtests the page has run to a report, as `passk report --backtest` writes
/// them (the block per series and the auto value per row).
pub fn attach_backtests(report: &mut Report, backtests: &[SeriesBacktest]) {
    for m in &mut report.models {
        if let Some(Ok((bt, auto))) = backtests
            .iter()
            .find(|b| b.name == m.name)
            .map(|b| &b.result)
        {
            attach_backtest(m, bt, auto.clone());
        }
    }
}

impl SeriesBacktest {
    /// The chosen estimator (BB when the backtest could not run).
    pub fn chosen(&self) -> Candidate {
        match &self.result {
            Ok((_, a)) => a.candidate.unwrap_or(Candidate::Bb),
            Err(_) => Candidate::Bb,
        }
    }
}

/// What is saved across reloads.
#[derive(Serialize, Deserialize)]
struct Saved {
    fields: SettingsText,
    enabled: Vec<String>,
    band: String,
    #[serde(default)]
    view: View,
}

/// The analysis state.
#[derive(Clone, Copy)]
pub struct Analysis {
    /// The settings' fields.
    pub fields: RwSignal<SettingsText>,
    /// The estimators drawn.
    pub enabled: RwSignal<Vec<Estimator>>,
    /// The band shaded.
    pub band: RwSignal<BandKind>,
    /// Which series, budget and threshold the panels show.
    pub view: RwSignal<View>,
    /// The fields read (errors by field).
    pub parsed: Memo<Result<Parsed, Vec<(&'static str, String)>>>,
    /// The last valid settings (the charts keep them while a field is being fixed).
    pub settings: Memo<Parsed>,
    /// Every series read (with or without tasks), for the report.
    pub datasets: Memo<Vec<Dataset>>,
    /// Their rejected rows.
    pub rejected: Memo<Vec<Vec<Rejected>>>,
    /// Each series' fits (filled by a job when the series change).
    pub fits: RwSignal<Vec<SeriesFit>>,
    /// The chart's k_max.
    pub k_max: Memo<u64>,
    /// The Pass@k curves of the series with tasks.
    pub curves: RwSignal<Vec<SeriesCurves>>,
    /// Their Cover@τ curves.
    pub cover: RwSignal<Vec<CoverCurves>>,
    /// What is being computed, while a large input is analysed.
    pub busy: RwSignal<Option<String>>,
    /// Each series' backtest and the estimator it chose (filled by a job after the fits).
    pub backtests: RwSignal<Vec<SeriesBacktest>>,
    /// The `passk-report/1` document of every series, without CV-ELPD (see
    /// [`Analysis::full_report`]).
    pub report: Memo<Report>,
}

impl Analysis {
    /// Sets one field.
    pub fn set_field(&self, f: impl FnOnce(&mut SettingsText)) {
        self.fields.update(f);
    }

    /// The whole `passk-report/1` document, CV-ELPD included (computed when asked for).
    pub fn full_report(&self) -> Report {
        let rejected = self.rejected.with_untracked(|r| r.clone());
        let opts = self.settings.with_untracked(|s| s.opts.clone());
        let mut report = self.datasets.with_untracked(|ds| {
            self.fits
                .with_untracked(|f| build_report_fitted(ds, f, rejected, &opts))
        });
        self.backtests
            .with_untracked(|bts| attach_backtests(&mut report, bts));
        report
    }

    /// Offers the whole report as `passk-report.json`.
    pub fn download_report(&self) {
        let json = serde_json::to_string_pretty(&self.full_report()).unwrap_or_default();
        let _ = super::download::save_text("passk-report.json", "application/json", &json);
    }

    /// The message for a field, if it is not valid.
    pub fn error(&self, field: &'static str) -> Signal<Option<String>> {
        let parsed = self.parsed;
        Signal::derive(move || {
            parsed.with(|p| match p {
                Err(errors) => errors.iter().find(|e| e.0 == field).map(|e| e.1.clone()),
                Ok(_) => None,
            })
        })
    }
}

/// Creates the analysis of the inputs' series.
pub fn provide_analysis(inputs: Inputs) -> Analysis {
    let saved: Option<Saved> = storage::load(KEY).and_then(|s| serde_json::from_str(&s).ok());
    let (fields, enabled, band, view) = match saved {
        Some(s) => (
            s.fields,
            s.enabled
                .iter()
                .filter_map(|k| Estimator::from_key(k))
                .collect(),
            BandKind::from_key(&s.band).unwrap_or(BandKind::Credible),
            s.view,
        ),
        None => (
            SettingsText::default(),
            DEFAULT_ENABLED.to_vec(),
            BandKind::Credible,
            View::default(),
        ),
    };
    let view = RwSignal::new(view);
    let fields = RwSignal::new(fields);
    let enabled = RwSignal::new(enabled);
    let band = RwSignal::new(band);
    let parsed = Memo::new(move |_| fields.with(parse_all));
    let settings = Memo::new(move |prev: Option<&Parsed>| match parsed.get() {
        Ok(p) => p,
        Err(_) => prev.cloned().unwrap_or_default(),
    });
    let datasets = Memo::new(move |_| inputs.workspace.with(|w| w.datasets.clone()));
    let fits = RwSignal::new(Vec::<SeriesFit>::new());
    let curves = RwSignal::new(Vec::<SeriesCurves>::new());
    let cover = RwSignal::new(Vec::<CoverCurves>::new());
    let busy = RwSignal::new(None::<String>);
    let k_max = Memo::new(move |_| {
        let n_max = fits.with(|f| f.iter().map(|s| s.groups.n_max()).max().unwrap_or(0));
        settings
            .with(|s| s.k_max)
            .unwrap_or_else(|| auto_k_max(n_max))
    });
    // The fits, refreshed when the series change: a job that gives the browser a turn
    // between series when the input is large, so the page never freezes.
    let fit_job = StoredValue::new(0u64);
    Effect::new(move |_| {
        let ds = datasets.get();
        let run = fit_job.get_value() + 1;
        fit_job.set_value(run);
        let large = ds.iter().map(|d| d.tasks.len()).sum::<usize>() > LARGE;
        leptos::task::spawn_local(async move {
            let mut out = Vec::with_capacity(ds.len());
            for (i, d) in ds.iter().enumerate() {
                if large {
                    busy.set(Some(format!("fitting series {} of {}…", i + 1, ds.len())));
                    yield_to_browser().await;
                    if fit_job.get_value() != run {
                        return;
                    }
                }
                out.push(SeriesFit::new(d));
            }
            fits.set(out);
            busy.set(None);
        });
    });
    // The curves, refreshed when the fits, k_max, the band or the settings change.
    let curve_job = StoredValue::new(0u64);
    Effect::new(move |_| {
        let (k_max, band) = (k_max.get(), band.get());
        let (settings_, taus) = settings.with(|s| (s.opts.settings.clone(), s.opts.taus.clone()));
        let fitted = fits.get();
        let ds = datasets.get_untracked();
        let run = curve_job.get_value() + 1;
        curve_job.set_value(run);
        let large = fitted
            .iter()
            .map(|f| f.groups.tasks() as usize)
            .sum::<usize>()
            > LARGE;
        leptos::task::spawn_local(async move {
            let mut new_curves = Vec::new();
            let mut new_cover = Vec::new();
            let with_tasks: Vec<(&Dataset, &SeriesFit)> = ds
                .iter()
                .zip(&fitted)
                .filter(|(d, f)| !d.tasks.is_empty() && d.name == f.name)
                .collect();
            for (i, (d, f)) in with_tasks.iter().enumerate() {
                if large {
                    busy.set(Some(format!(
                        "drawing series {} of {}…",
                        i + 1,
                        with_tasks.len()
                    )));
                    yield_to_browser().await;
                    if curve_job.get_value() != run {
                        return;
                    }
                }
                let (lo, hi) = f.n_range();
                let mut marks = round_budgets(k_max);
                marks.extend([lo, hi]);
                let ks = k_grid(k_max, GRID_POINTS, &marks);
                // A large series in parts of the grid (the bootstrap band needs it whole).
                let part = if large && band != BandKind::Bootstrap {
                    8
                } else {
                    ks.len()
                };
                let mut parts = Vec::new();
                for (j, chunk) in ks.chunks(part.max(1)).enumerate() {
                    if large && j > 0 {
                        yield_to_browser().await;
                        if curve_job.get_value() != run {
                            return;
                        }
                    }
                    parts.push(series_curves(d, f, chunk, &settings_, band));
                }
                new_curves.extend(SeriesCurves::concat(parts));
                if large {
                    yield_to_browser().await;
                    if curve_job.get_value() != run {
                        return;
                    }
                }
                new_cover.push(cover_curves(f, &taus, COVER_POINTS));
            }
            curves.set(new_curves);
            cover.set(new_cover);
            busy.set(None);
        });
    });
    // The backtests, after the fits: one shrink factor at a time, the browser getting a turn
    // in between.
    let backtests = RwSignal::new(Vec::<SeriesBacktest>::new());
    let backtest_job = StoredValue::new(0u64);
    Effect::new(move |_| {
        let fitted = fits.get();
        let k_max = k_max.get();
        let (settings_, ks) = settings.with(|s| (s.opts.settings.clone(), s.opts.ks.clone()));
        let ds = datasets.get_untracked();
        let run = backtest_job.get_value() + 1;
        backtest_job.set_value(run);
        leptos::task::spawn_local(async move {
            // After the first frame: the results and charts come first.
            after_paint().await;
            if backtest_job.get_value() != run {
                return;
            }
            let mut out = Vec::new();
            let series: Vec<(&Dataset, &SeriesFit)> = ds
                .iter()
                .zip(&fitted)
                .filter(|(d, f)| !d.tasks.is_empty() && d.name == f.name)
                .collect();
            for (i, (d, f)) in series.iter().enumerate() {
                let Some(full) = f.fits else { continue };
                let n_min = f.groups.n_min();
                let targets: Vec<f64> = ks
                    .iter()
                    .copied()
                    .chain([k_max])
                    .filter(|&k| k > n_min)
                    .map(|k| k as f64 / n_min.max(1) as f64)
                    .collect();
                let result = match BacktestRun::new(d, &full, &settings_, BACKTEST_REPEATS) {
                    Err(e) => Err(e.to_string()),
                    Ok(mut bt) => {
                        let mut slice = TimeSlice::new();
                        yield_to_browser().await;
                        loop {
                            if slice.pause().await {
                                if backtest_job.get_value() != run {
                                    return;
                                }
                                let (done, total) = bt.progress();
                                busy.set(Some(format!(
                                    "backtesting series {} of {} ({done} of {total} subsamples)…",
                                    i + 1,
                                    series.len()
                                )));
                            }
                            if !bt.step() {
                                break;
                            }
                        }
                        let bt = bt.finish();
                        let auto = choose(&bt, &targets);
                        Ok((bt, auto))
                    }
                };
                out.push(SeriesBacktest {
                    name: d.name.clone(),
                    n_min,
                    result,
                });
            }
            backtests.set(out);
            busy.set(None);
        });
    });
    let report = Memo::new(move |prev: Option<&Report>| {
        let rejected = inputs.workspace.with(|w| w.rejected.clone());
        let opts = settings.with(|s| Options {
            cv: false,
            ..s.opts.clone()
        });
        datasets.with(|ds| {
            fits.with(|f| {
                // Until the fits of new series are in, the report keeps showing the last ones.
                let current =
                    ds.len() == f.len() && ds.iter().zip(f).all(|(d, f)| d.name == f.name);
                match (current, prev) {
                    (false, Some(p)) => p.clone(),
                    _ => build_report_fitted(ds, f, rejected, &opts),
                }
            })
        })
    });
    // The outside world: keep the settings across reloads.
    Effect::new(move |_| {
        let saved = Saved {
            fields: fields.get(),
            enabled: enabled.get().iter().map(|e| e.key().to_string()).collect(),
            band: band.get().key().to_string(),
            view: view.get(),
        };
        if let Ok(json) = serde_json::to_string(&saved) {
            let _ = storage::save(KEY, &json);
        }
    });
    Analysis {
        fields,
        enabled,
        band,
        view,
        parsed,
        settings,
        datasets,
        rejected: Memo::new(move |_| inputs.workspace.with(|w| w.rejected.clone())),
        fits,
        k_max,
        curves,
        cover,
        busy,
        backtests,
        report,
    }
}
