//! The one legend of a chart, above it: each series' colour and name as a button that hides
//! or shows the series in every chart (its state in `aria-pressed`).

use leptos::prelude::*;

use crate::analysis::state::Analysis;
use passk_plot::Style;

/// The CSS of a series' colour swatch: its colour, or a dashed line in it for the slots beyond
/// the palette (whose lines are dashed).
pub fn swatch(style: &Style, slot: usize) -> String {
    let c = style.series_css(slot);
    match style.series_dash(slot) {
        None => format!("background:{c}"),
        Some(_) => format!("background:none;border-top:3px dashed {c}"),
    }
}

/// The legend of the series `names`.
#[component]
pub fn SeriesKey(
    /// The series, in chart order (hidden ones included).
    #[prop(into)]
    names: Signal<Vec<String>>,
    /// Dark colours.
    dark: ReadSignal<bool>,
    /// The analysis state (colour slots and hidden series).
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    view! {
        <ul class="series-key" aria-label="Series: press one to hide or show it in the charts" data-testid="series-legend">
            {move || {
                let style = Style { dark: dark.get(), ..Style::default() };
                let book = a.slots.get();
                names
                    .get()
                    .into_iter()
                    .map(|n| {
                        let swatch = swatch(&style, book.slot(&n));
                        let name = n.clone();
                        let label = n.clone();
                        let shown = Signal::derive({
                            let n = n.clone();
                            move || !a.is_hidden(&n)
                        });
                        view! {
                            <li>
                                <button type="button" class="key" data-series=label
                                    aria-pressed=move || shown.get().to_string()
                                    title=move || if shown.get() { "hide this series" } else { "show this series" }
                                    on:click=move |_| a.toggle_hidden(&name)>
                                    <span class="swatch" style=swatch></span>
                                    {n}
                                </button>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}
