//! The analysis' state: the settings' fields and the chart toggles (kept in local storage),
//! and the one-way chain inputs → fits → curves, Cover curves and report, each a `Memo` so
//! that a change recomputes only what depends on it (k_max and the band never refit).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::state::Inputs;
use super::storage;
use crate::core::curves::{
    cover_curves, k_grid, round_budgets, series_curves, BandKind, CoverCurves, Estimator, SeriesCurves,
};
use crate::core::dataset::Dataset;
use crate::core::fit::SeriesFit;
use crate::core::report::{build_report_fitted, Report};
use crate::io::settings::{auto_k_max, parse_all, Parsed, SettingsText};

const KEY: &str = "passk.analysis.v1";

/// Points of the k grid the Pass@k curves are drawn on.
pub const GRID_POINTS: usize = 120;
/// Points of τ the posterior Cover curve is drawn on.
pub const COVER_POINTS: usize = 100;

/// What is saved across reloads.
#[derive(Serialize, Deserialize)]
struct Saved {
    fields: SettingsText,
    enabled: Vec<String>,
    band: String,
}

/// The estimators drawn when nothing was chosen yet.
pub const DEFAULT_ENABLED: [Estimator; 3] = [Estimator::Combinatorial, Estimator::Bb, Estimator::LinMix];

/// The analysis state.
#[derive(Clone, Copy)]
pub struct Analysis {
    /// The settings' fields.
    pub fields: RwSignal<SettingsText>,
    /// The estimators drawn.
    pub enabled: RwSignal<Vec<Estimator>>,
    /// The band shaded.
    pub band: RwSignal<BandKind>,
    /// The fields read (errors by field).
    pub parsed: Memo<Result<Parsed, Vec<(&'static str, String)>>>,
    /// The last valid settings (the charts keep them while a field is being fixed).
    pub settings: Memo<Parsed>,
    /// Every series read (with or without tasks), for the report.
    pub datasets: Memo<Vec<Dataset>>,
    /// Each series' fits.
    pub fits: Memo<Vec<SeriesFit>>,
    /// The chart's k_max.
    pub k_max: Memo<u64>,
    /// The Pass@k curves of the series with tasks.
    pub curves: Memo<Vec<SeriesCurves>>,
    /// Their Cover@τ curves.
    pub cover: Memo<Vec<CoverCurves>>,
    /// The `passk-report/1` document of every series.
    pub report: Memo<Report>,
}

impl Analysis {
    /// Sets one field.
    pub fn set_field(&self, f: impl FnOnce(&mut SettingsText)) {
        self.fields.update(f);
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
    let (fields, enabled, band) = match saved {
        Some(s) => (
            s.fields,
            s.enabled.iter().filter_map(|k| Estimator::from_key(k)).collect(),
            BandKind::from_key(&s.band).unwrap_or(BandKind::Credible),
        ),
        None => (SettingsText::default(), DEFAULT_ENABLED.to_vec(), BandKind::Credible),
    };
    let fields = RwSignal::new(fields);
    let enabled = RwSignal::new(enabled);
    let band = RwSignal::new(band);
    let parsed = Memo::new(move |_| fields.with(parse_all));
    let settings = Memo::new(move |prev: Option<&Parsed>| match parsed.get() {
        Ok(p) => p,
        Err(_) => prev.cloned().unwrap_or_default(),
    });
    let datasets = Memo::new(move |_| inputs.workspace.with(|w| w.datasets.clone()));
    let fits = Memo::new(move |_| datasets.with(|ds| ds.iter().map(SeriesFit::new).collect::<Vec<_>>()));
    let k_max = Memo::new(move |_| {
        let n_max = fits.with(|f| f.iter().map(|s| s.groups.n_max()).max().unwrap_or(0));
        settings.with(|s| s.k_max).unwrap_or_else(|| auto_k_max(n_max))
    });
    let curves = Memo::new(move |_| {
        let k_max = k_max.get();
        let band = band.get();
        settings.with(|s| {
            datasets.with(|ds| {
                fits.with(|fits| {
                    ds.iter()
                        .zip(fits)
                        .filter(|(d, _)| !d.tasks.is_empty())
                        .map(|(d, f)| {
                            let (lo, hi) = f.n_range();
                            let mut marks = round_budgets(k_max);
                            marks.extend([lo, hi]);
                            let ks = k_grid(k_max, GRID_POINTS, &marks);
                            series_curves(d, f, &ks, &s.opts.settings, band)
                        })
                        .collect::<Vec<_>>()
                })
            })
        })
    });
    let cover = Memo::new(move |_| {
        settings.with(|s| {
            fits.with(|fits| {
                fits.iter()
                    .filter(|f| !f.groups.is_empty())
                    .map(|f| cover_curves(f, &s.opts.taus, COVER_POINTS))
                    .collect::<Vec<_>>()
            })
        })
    });
    let report = Memo::new(move |_| {
        let rejected = inputs.workspace.with(|w| w.rejected.clone());
        settings.with(|s| datasets.with(|ds| fits.with(|f| build_report_fitted(ds, f, rejected, &s.opts))))
    });
    // The outside world: keep the settings across reloads.
    Effect::new(move |_| {
        let saved = Saved {
            fields: fields.get(),
            enabled: enabled.get().iter().map(|e| e.key().to_string()).collect(),
            band: band.get().key().to_string(),
        };
        if let Ok(json) = serde_json::to_string(&saved) {
            let _ = storage::save(KEY, &json);
        }
    });
    Analysis {
        fields,
        enabled,
        band,
        parsed,
        settings,
        datasets,
        fits,
        k_max,
        curves,
        cover,
        report,
    }
}
