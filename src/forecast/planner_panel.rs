//! "How many samples or tasks do I need?": the sample-size planner for one series — a budget
//! and a target half-width in, the samples per task and the tasks that reach it out, with the
//! half-width against the samples per task as a small chart.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};
use crate::analysis::jobs::{ask, handle};
use crate::analysis::setting_field::SettingField;
use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use passk_io::settings::parse_half_width_points;
use passk_plot::planner::PlannerChart;
use passk_plot::Chart;
use passk_protocol::{Answer, Ask, JobKind, PlanResult, Reply, Request};
use passk_view::chart_data;
use passk_view::plan_text::{parse_plan_k, plan_sentences};

/// The budget and target the planner starts with.
const DEFAULT_K: &str = "1";
const DEFAULT_HALF_WIDTH: &str = "1%";

/// The planner panel.
#[component]
pub fn PlannerPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let (names, current) = a.series_choice(|v| v.plan_series.clone());
    let k_text = Signal::derive(move || {
        a.view
            .with(|v| v.plan_k.clone())
            .unwrap_or_else(|| DEFAULT_K.into())
    });
    let h_text = Signal::derive(move || {
        a.view
            .with(|v| v.plan_half_width.clone())
            .unwrap_or_else(|| DEFAULT_HALF_WIDTH.into())
    });
    let k = Memo::new(move |_| parse_plan_k(&k_text.get()));
    let h = Memo::new(move |_| parse_half_width_points(&h_text.get()));
    // The plan: computed by the engine (it walks every task's distribution some sixty times).
    let result = RwSignal::new(None::<PlanResult>);
    handle(a.pending, JobKind::Plan, move |reply| {
        if let Reply {
            answer: Answer::Plan { plan, .. },
            ..
        } = reply
        {
            result.set(plan);
        }
    });
    // Only the level of the settings matters here.
    let confidence = Memo::new(move |_| a.settings.with(|s| s.opts.settings.confidence));
    Effect::new(move |_| {
        let (Ok(k), Ok(half_width), Some(series)) = (k.get(), h.get(), current.get()) else {
            return result.set(None);
        };
        let confidence = confidence.get();
        let data = a.data.get();
        ask(a.pending, "planning…", |job| Request {
            job,
            ask: Ask::Plan {
                data,
                series,
                k,
                half_width,
                confidence,
            },
        });
    });
    let chart = Memo::new(move |_| {
        result.with(|r| match r {
            Some(Ok((p, (_, hi)))) => PlannerChart {
                k: p.k,
                target: p.half_width,
                rows: p.rows.iter().map(|r| (r.n, r.half_width)).collect(),
                drawn: Some(*hi),
            },
            _ => PlannerChart {
                k: k.get().unwrap_or(1),
                target: h.get().unwrap_or(0.01),
                rows: Vec::new(),
                drawn: None,
            },
        })
    });
    let drawn = Signal::derive(move || Chart::Planner(chart.get()));
    let numbers = Signal::derive(move || chart.with(|c| chart_data::planner(c.k, &c.rows)));
    let sentences = move || {
        result.with(|r| match r {
            Some(Ok((p, range))) => {
                let [samples, tasks] = plan_sentences(p, *range);
                view! {
                    <p class="note answer" data-testid="plan-samples">{samples}</p>
                    <p class="note" data-testid="plan-tasks">{tasks}</p>
                }
                .into_any()
            }
            Some(Err(e)) => {
                view! { <p class="note answer" data-testid="plan-samples">{e.clone()}</p> }
                    .into_any()
            }
            None => view! { <p class="note answer" data-testid="plan-samples">"—"</p> }.into_any(),
        })
    };
    let stale = is_stale(a.pending, JobKind::Plan);
    view! {
        <section class="card" class:folded=move || is_folded("planner") aria-labelledby="planner-title" data-testid="planner-panel" class:stale=move || stale.get() aria-busy=move || stale.get().to_string()>
            <FoldHead key="planner" title_id="planner-title">"How many samples or tasks do I need?"</FoldHead>
            <JobProgress pending=a.pending job_kind=JobKind::Plan />
            <p class="note small">
                "For a target half-width of pass@k's interval: the samples per task that reach it with these tasks held fixed (Hoeffding's exact variance of the unbiased estimator at each task's c/n), "
                "and the tasks that reach it at the samples drawn (the spread of the per-task estimates over tasks)."
            </p>
            <div class="settings">
                <div class="setting">
                    <label for="plan-series">"Series"</label>
                    <select id="plan-series" data-testid="plan-series" on:change=move |ev| a.view.update(|v| v.plan_series = Some(event_target_value(&ev)))>
                        {move || names.get().into_iter().map(|n| {
                            let sel = current.with(|c| c.as_ref() == Some(&n));
                            view! { <option value=n.clone() selected=sel>{n.clone()}</option> }
                        }).collect_view()}
                    </select>
                </div>
                <SettingField
                    id="plan-k"
                    label="budget k"
                    value=k_text
                    on_input=move |v: String| a.view.update(|s| s.plan_k = Some(v))
                    error=Signal::derive(move || k.with(|r| r.as_ref().err().cloned()))
                />
                <SettingField
                    id="plan-half-width"
                    label="target half-width (points)"
                    value=h_text
                    on_input=move |v: String| a.view.update(|s| s.plan_half_width = Some(v))
                    error=Signal::derive(move || h.with(|r| r.as_ref().err().cloned()))
                />
            </div>
            {sentences}
            <ChartCanvas testid="chart-planner" file="passk-planner" dark=dark chart=drawn table=numbers
                label="Half-width of pass@k's interval against the samples per task (log scale), with the target as a dashed line and the samples drawn as a dotted one; the data table below lists the values."
            />
            <crate::forecast::stop_next::StopNext analysis=a k=k />
        </section>
    }
}
