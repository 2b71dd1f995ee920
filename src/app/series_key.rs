//! The colour of each series, beside a chart (the chart's own legend is left out on narrow
//! screens).

use leptos::prelude::*;

use crate::plot::Style;

/// Swatches with the series' names.
#[component]
pub fn SeriesKey(
    /// The series, in chart order.
    #[prop(into)]
    names: Signal<Vec<String>>,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    view! {
        <ul class="series-key" aria-label="Series colours">
            {move || {
                let style = Style { dark: dark.get(), ..Style::default() };
                names
                    .get()
                    .into_iter()
                    .enumerate()
                    .map(|(i, n)| {
                        view! {
                            <li><span class="swatch" style=format!("background:{}", style.series_css(i))></span>{n}</li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}
