//! The analysis' state: the settings' fields and the chart toggles (kept in local storage),
//! and the one-way chain inputs → fits → curves, Cover curves and report, each a `Memo` so
//! that a change recomputes only what depends on it (k_max and the band never refit).

use leptos::prelude::*;

use crate::analysis::compare_job::compare_pipeline;
use crate::analysis::compared::Pairing;
use crate::analysis::job_progress::busy_text;
use crate::analysis::jobs::{
    backtest_pipeline, curve_pipeline, fit_pipeline, scaled_drawn, CurveOutputs, PendingJobs,
};
use crate::analysis::rank_job::{rank_pipeline, Rankings};
use crate::analysis::report_job::report_pipeline;
use crate::inputs::dataset_state::Inputs;
use crate::inputs::storage;
use passk_app::page::loaded::Loaded;
use passk_app::page::state::PageState;
use passk_core::analysis::compare::Comparison;
use passk_core::analysis::{CoverCurves, SeriesCurves};
use passk_core::data::apply_all;
use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_core::estimators::Estimator;
use passk_core::eval::SeriesFit;
use passk_core::report::Report;
use passk_core::report::{attach_backtests, SeriesBacktest};
use passk_core::settings::BandKind;
use passk_io::settings::{parse_all, Field, Parsed, SettingsText};
use passk_page::saved::{Restored, Saved};
use passk_page::series_view;
use passk_plot::slots::SlotBook;
use passk_protocol::JobKind;
use passk_view::table::CountScores;

/// The colour slots by key worth carrying (see [`Analysis::colours`]).
fn colours(slot_keys: Memo<SlotBook>, shown: Memo<Loaded>) -> Vec<Option<String>> {
    slot_keys.with(|b| shown.with(|w| b.carried(&w.keys)))
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
    pub view: RwSignal<PageState>,
    /// The fields read (errors by field).
    pub parsed: Memo<Result<Parsed, Vec<(Field, String)>>>,
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
    /// What is being computed, while a job has run for a while.
    pub busy: Signal<Option<String>>,
    /// The engine's pending job of each job kind.
    pub pending: PendingJobs,
    /// The fit job whose series `fits` holds (the engine's later requests name it).
    pub data: RwSignal<u64>,
    /// Each series' backtest and the estimator it chose (filled by a job after the fits).
    pub backtests: RwSignal<Vec<SeriesBacktest>>,
    /// Each series' colour slot, kept across edits (a renamed series keeps its colour), by
    /// the name shown.
    pub slots: Memo<SlotBook>,
    /// The same slots by series key (what a link and a reload carry, `view.colours`).
    pub slot_keys: Memo<SlotBook>,
    /// The series as read, renamed and reordered as the user set (`view.series`).
    pub shown: Memo<Loaded>,
    /// The `passk-report/2` document of every series, without CV-ELPD and the per-row
    /// bootstrap bands (the download asks the engine for the whole one), filled by a job
    /// after the fits.
    pub report: RwSignal<Report>,
    /// Whether that report holds its count scores (its first answer of two does not).
    pub counts: Memo<CountScores>,
    /// That report with the page's backtests attached (the auto column): what the results
    /// table shows and the backtest panel's lead sentence quotes.
    pub with_backtests: Memo<Report>,
    /// Every pair's paired test, crossover and ranks (None while computed, or one series).
    pub comparison: RwSignal<Option<Comparison>>,
    /// Every ranking method's answer and their agreement (None while computed, or one
    /// series).
    pub rankings: RwSignal<Option<Rankings>>,
    /// The series with tasks and their default pair ([`Pairing::compared`]).
    pub pairing: Pairing,
}

impl Analysis {
    /// Sets one field.
    pub fn set_field(&self, f: impl FnOnce(&mut SettingsText)) {
        self.fields.update(f);
    }

    /// The items of the series the charts show (the legend hides the others), with their
    /// colour slots; `name` names an item's series.
    pub fn visible<T>(&self, items: Vec<T>, name: impl Fn(&T) -> &str) -> (Vec<T>, Vec<usize>) {
        let book = self.slots.get();
        let hidden = self.hidden_names();
        items
            .into_iter()
            .filter(|t| !hidden.iter().any(|h| h == name(t)))
            .map(|t| {
                let slot = book.slot(name(&t));
                (t, slot)
            })
            .unzip()
    }

    /// The names shown of the series hidden from the charts (the view keeps their keys).
    fn hidden_names(&self) -> Vec<String> {
        self.view
            .with(|v| self.shown.with(|w| series_view::hidden_names(v, w)))
    }

    /// The colour slots by key, as a link or a reload carries them: none when a fresh page
    /// showing these series in this order would paint them the same (the link stays short).
    pub fn colours(&self) -> Vec<Option<String>> {
        colours(self.slot_keys, self.shown)
    }

    /// Whether the series shown as `name` is hidden from the charts.
    pub fn is_hidden(&self, name: &str) -> bool {
        self.hidden_names().iter().any(|h| h == name)
    }

    /// Hides the series shown as `name` from the charts, or shows it again.
    pub fn toggle_hidden(&self, name: &str) {
        let shown = self.shown.get_untracked();
        self.view
            .update(|v| series_view::toggle_hidden(v, &shown, name));
    }

    /// The names of the series with tasks, and the one a panel shows: the one `want` reads
    /// from the view (a link's or the user's choice) if it has tasks, else the first.
    pub fn series_choice(
        &self,
        want: fn(&PageState) -> Option<String>,
    ) -> (Memo<Vec<String>>, Memo<Option<String>>) {
        let (fits, view) = (self.fits, self.view);
        let names = Memo::new(move |_| {
            fits.with(|f| {
                f.iter()
                    .filter(|s| !s.groups.is_empty())
                    .map(|s| s.name.clone())
                    .collect::<Vec<_>>()
            })
        });
        let chosen = Memo::new(move |_| {
            let want = view.with(want);
            names.with(|n| series_view::chosen(want, n))
        });
        (names, chosen)
    }

    /// The message for a field, if it is not valid.
    pub fn error(&self, field: Field) -> Signal<Option<String>> {
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
    let Restored {
        fields,
        enabled,
        band,
        view,
    } = Saved::restore(storage::load(passk_page::saved::KEY).as_deref());
    let (view, fields) = (RwSignal::new(view), RwSignal::new(fields));
    let (enabled, band) = (RwSignal::new(enabled), RwSignal::new(band));
    let edits = Memo::new(move |_| view.with(|v| v.series.clone()));
    let by_group = Memo::new(move |_| view.with(|v| v.by_group));
    let shown = Memo::new(move |_| {
        let view = PageState {
            series: edits.get(),
            by_group: by_group.get(),
            ..PageState::default()
        };
        inputs.loaded.with(|w| series_view::shown(w, &view))
    });
    let policy = Memo::new(move |_| view.with(PageState::error_policy)); // errors: failures or out
    let datasets = Memo::new(move |_| shown.with(|w| apply_all(&w.datasets, policy.get())));
    // From the series, not their fits: the curves are asked for with the fit, not after it.
    let n_max = Memo::new(move |_| datasets.with(|d| series_view::n_max(d)));
    let parsed =
        Memo::new(move |_| fields.with(|f| parse_all(f).map(|p| p.for_data(f, n_max.get()))));
    let settings = Memo::new(move |prev: Option<&Parsed>| match parsed.get() {
        Ok(p) => p,
        Err(_) => prev.cloned().unwrap_or_default(),
    });
    let (fits, curves) = (
        RwSignal::new(Vec::<SeriesFit>::new()),
        RwSignal::new(vec![]),
    );
    let (cover, comparison) = (RwSignal::new(vec![]), RwSignal::new(None));
    let (pending, data): (PendingJobs, _) = (RwSignal::new(Default::default()), RwSignal::new(0));
    let busy = busy_text(pending);
    let k_max = Memo::new(move |_| series_view::k_max(settings.with(|s| s.k_max), n_max.get()));
    let backtests = RwSignal::new(Vec::<SeriesBacktest>::new()); // after the fits
    fit_pipeline(datasets, fits, data, pending);
    let out = CurveOutputs {
        curves,
        cover,
        pending,
        scaled: scaled_drawn(enabled, backtests),
    };
    curve_pipeline(data, settings, k_max, band, out);
    let rejected = Memo::new(move |_| shown.with(|w| w.rejected.clone()));
    // Slots are kept by series key, and shown under the names given. Colours a link or a
    // reload brings (`view.colours`, new since last seen) take precedence over the book kept.
    let kept = StoredValue::new((SlotBook::default(), Vec::<Option<String>>::new()));
    let slot_keys = Memo::new(move |_| {
        let wanted = view.with(|v| v.colours.clone());
        shown.with(|w| {
            let book = kept.with_value(|k| series_view::follow_colours(k, &wanted, &w.keys));
            kept.set_value((book.clone(), wanted));
            book
        })
    });
    let slots = Memo::new(move |_| {
        shown.with(|w| {
            let shown: Vec<String> = w.datasets.iter().map(|d| d.name.clone()).collect();
            slot_keys.with(|b| b.relabel(&w.keys, &shown))
        })
    });
    let report = RwSignal::new(Report::default());
    let with_backtests = Memo::new(move |_| {
        let mut r = report.get();
        backtests.with(|bts| attach_backtests(&mut r, bts));
        r
    });
    let lacking = RwSignal::new(false);
    let counts = Memo::new(move |_| {
        let running = pending.with(|p| p[JobKind::TableReport.index()].is_some());
        CountScores::of(lacking.get(), running)
    });
    let table = (data, datasets, settings, rejected);
    report_pipeline(table, (report, lacking, backtests), pending);
    // Sent after the curves and the table's report, which the first screen waits for (the
    // engine starts its jobs in the order they arrive and interleaves their slices).
    backtest_pipeline(data, settings, backtests, pending);
    compare_pipeline(data, settings, datasets, comparison, pending);
    let rankings = RwSignal::new(None);
    rank_pipeline(data, settings, datasets, rankings, pending);
    // The outside world: keep the settings across reloads.
    Effect::new(move |_| {
        let view = PageState {
            colours: colours(slot_keys, shown),
            ..view.get()
        };
        let saved = Saved::of(fields.get(), &enabled.get(), band.get(), view);
        if let Some(json) = saved.to_json() {
            let _ = storage::save(passk_page::saved::KEY, &json);
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
        rejected,
        fits,
        k_max,
        curves,
        cover,
        busy,
        pending,
        data,
        backtests,
        slots,
        slot_keys,
        shown,
        report,
        counts,
        with_backtests,
        comparison,
        rankings,
        pairing: Pairing::new(datasets),
    }
}
