//! The dataset section: inputs, the series read, the rejected rows, and the counts download.

use leptos::prelude::*;

use crate::analysis::state::Analysis;
use crate::inputs::dataset_input::DatasetInput;
use crate::inputs::dataset_state::Inputs;
use crate::inputs::rejected_list::RejectedList;
use crate::inputs::series_summary::SeriesSummary;
use crate::widgets::download::save_text;
use passk_io::counts_doc::counts_json;

/// The dataset section.
#[component]
pub fn DatasetView(
    /// The inputs and what they yield.
    inputs: Inputs,
    /// The analysis (each series' colour, and whether the charts show it).
    analysis: Analysis,
) -> impl IntoView {
    let shown = analysis.shown;
    let download_counts = move |_| {
        let json = shown.with(|w| counts_json(&w.datasets));
        let _ = save_text("passk-counts.json", "application/json", &json);
    };
    // Offered when some task names its group (a group, category, subset, difficulty or level).
    let has_groups = Memo::new(move |_| inputs.loaded.with(|w| w.has_groups()));
    let view_state = analysis.view;
    let by_group = move || view_state.with(|v| v.by_group);
    let toggle_groups = move |_| view_state.update(|v| v.by_group = !v.by_group);
    // Answers next to the data, before any number is read: n = 1 everywhere, unequal n, k > n.
    let data_warnings = move || {
        let ks = analysis.settings.with(|s| s.opts.ks.clone());
        shown
            .with(|w| w.input_warnings(&ks))
            .into_iter()
            .map(|w| view! { <li>{w}</li> })
            .collect_view()
    };
    view! {
        <DatasetInput inputs=inputs />
        <section class="card wide" aria-label="Series read">
            <SeriesSummary inputs=inputs analysis=analysis />
            <ul class="warnings" data-testid="data-warnings">{data_warnings}</ul>
            <RejectedList shown=shown />
            <p class="actions">
                <label class="toggle" hidden=move || !has_groups.get()>
                    <input type="checkbox" data-testid="break-down" prop:checked=by_group on:change=toggle_groups />
                    "break down by group (each series, then one per group its tasks name)"
                </label>
                <button class="copy" data-testid="download-counts" on:click=download_counts>
                    "download counts (JSON)"
                </button>
            </p>
        </section>
    }
}
