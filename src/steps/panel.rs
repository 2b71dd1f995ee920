//! "pass@k over training": for the series of successive training steps (verl dumps, files
//! named by their step), the unbiased pass@k at a few budgets against the step, each with its
//! band (± z standard errors over the tasks) — so that pass@1 rising while pass@256 falls shows at a glance. Shown only
//! when two or more series carry a step.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::series_key::swatch;
use crate::analysis::setting_field::SettingField;
use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use passk_io::settings::parse_ks;
use passk_plot::steps::{StepLine, StepsChart};
use passk_plot::{Chart, Style};
use passk_view::steps::{steps_data, steps_table};

/// The steps panel.
#[component]
pub fn StepsPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let k_text = Signal::derive(move || a.view.with(|v| v.steps_k.clone()).unwrap_or_default());
    // Empty: the default budgets (1, 8, 64 and the largest k ≤ n).
    let ks = Memo::new(move |_| match k_text.get() {
        t if t.trim().is_empty() => Ok(None),
        t => parse_ks(&t).map(Some),
    });
    let confidence = Memo::new(move |_| a.settings.with(|s| s.opts.settings.confidence));
    let data = Memo::new(move |_| {
        let ks = ks.get().ok().flatten();
        let level = confidence.get();
        a.datasets
            .with(|d| steps_data(d, |s| !a.is_hidden(&s.name), ks.as_deref(), level))
    });
    let chart = Signal::derive(move || {
        let lines = data.with(|d| {
            d.iter()
                .flat_map(|d| d.lines.iter().enumerate())
                .map(|(slot, (k, points))| StepLine {
                    k: *k,
                    slot,
                    points: points.clone(),
                })
                .collect()
        });
        Chart::Steps(StepsChart { lines })
    });
    let table =
        Signal::derive(move || data.with(|d| d.as_ref().map(steps_table).unwrap_or_default()));
    let caption = move || {
        data.with(|d| {
            let d = d.as_ref()?;
            let run = if d.run.is_empty() { String::new() } else { format!(" of {}", d.run) };
            let others = match d.other_runs {
                0 => String::new(),
                n => format!(" {n} other series with steps (another run, or a step given twice) are not drawn: hide this run's series to see the next."),
            };
            Some(format!(
                "{} training steps{run}, {} to {}: the unbiased pass@k at each budget (line) and its {}% band (± z standard errors over the tasks).{others}",
                d.steps.len(),
                d.steps.first()?.0,
                d.steps.last()?.0,
                100.0 * confidence.get()
            ))
        })
    };
    view! {
        <Show when=move || data.with(Option::is_some)>
            <section class="card" class:folded=move || is_folded("steps") aria-labelledby="steps-title" data-testid="steps-panel">
                <FoldHead key="steps" title_id="steps-title">"pass@k over training"</FoldHead>
                <p class="note small answer" data-testid="steps-caption">{caption}</p>
                <div class="settings">
                    <SettingField
                        id="steps-k"
                        label="budgets k"
                        value=k_text
                        placeholder="1, 8, 64, largest n"
                        on_input=move |v: String| a.view.update(|s| s.steps_k = (!v.trim().is_empty()).then_some(v))
                        error=Signal::derive(move || ks.with(|r| r.as_ref().err().cloned()))
                    />
                </div>
                <ul class="series-key" aria-label="Budgets" data-testid="steps-legend">
                    {move || {
                        let style = Style { dark: dark.get(), ..Style::default() };
                        data.with(|d| {
                            d.iter()
                                .flat_map(|d| d.lines.iter().enumerate())
                                .map(|(slot, (k, _))| view! {
                                    <li><span class="key"><span class="swatch" style=swatch(&style, slot)></span>{format!("pass@{k}")}</span></li>
                                })
                                .collect_view()
                        })
                    }}
                </ul>
                <ChartCanvas testid="chart-steps" file="passk-steps" dark=dark chart=chart table=table
                    label="pass@k against the training step, one line per budget k with its band; the data table below lists the values."
                />
            </section>
        </Show>
    }
}
