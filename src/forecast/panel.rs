//! "What would more samples buy?": the forecasts beyond the samples drawn — the power-law
//! exponent of −log pass@k per series with its interval, the smallest k that reaches a
//! target under each forecast, and the log-log forecast chart. The engine computes them with
//! the report's function (`Ask::Forecast`), so the page and `passk report` agree.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::job_progress::{is_stale, JobProgress};
use crate::analysis::jobs::{ask, handle};
use crate::analysis::series_key::SeriesKey;
use crate::analysis::state::Analysis;
use crate::engine::pool;
use crate::widgets::chart_canvas::ChartCanvas;
use crate::widgets::series_name::SeriesName;
use passk_app::page::state::{PageState, DEFAULT_REACH};
use passk_core::analysis::forecast::{ForecastFit, IntervalMethod, SeriesForecast};
use passk_core::estimators::scaled::ScaledFit;
use passk_core::settings::Options;
use passk_io::display::{full, percent, thousands};
use passk_page::jobs::with_forecast;
use passk_plot::forecast::{ForecastChart, ForecastLine};
use passk_plot::Chart;
use passk_protocol::{Answer, Ask, JobKind, Reply, Request, Work};
use passk_view::chart_data::Table;
use passk_view::leads::reach_cell;

/// An exponent with its interval: "0.285 (0.258–0.314)".
fn exponent(b: f64, lo: Option<f64>, hi: Option<f64>) -> String {
    let end = |v: Option<f64>| v.map_or("open".to_string(), |v| format!("{v:.3}"));
    format!("{b:.3} ({}–{})", end(lo), end(hi))
}

/// The forecast panel.
#[component]
pub fn ForecastPanel(
    /// The analysis state.
    analysis: Analysis,
    /// Dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let chosen = Memo::new(move |_| {
        a.view
            .with(|v| v.forecast_fit.as_deref().and_then(ForecastFit::from_key))
            .unwrap_or(ForecastFit::ScaledBeta)
    });
    // The engine's forecasts (`Ask::Forecast`, the report's function), asked again when the
    // series, the target or the resamples, seed and level change.
    let all = RwSignal::new(Vec::<(String, SeriesForecast)>::new());
    let skipped = RwSignal::new(Vec::<(String, String)>::new());
    handle(a.pending, JobKind::Forecast, move |reply| {
        if let Reply {
            answer:
                Answer::Forecasts {
                    forecasts,
                    skipped: s,
                },
            ..
        } = reply
        {
            all.set(forecasts);
            skipped.set(s);
        }
    });
    // Series with many distinct counts are forecast only when asked (they cost seconds each).
    let every_size = RwSignal::new(false);
    let options = Memo::new(move |_| {
        let reach = a.view.with(PageState::reach_target);
        let range = a.view.with(PageState::power_range).ok().flatten();
        a.settings.with(|s| Options {
            power_range: range,
            forecast_all: every_size.get(),
            ..with_forecast(s.opts.clone(), reach)
        })
    });
    // Asked for once the panel comes near the screen: the fits cost about a second per series
    // of n = 10^4 in the engine, which the first screen's curves should not wait behind.
    let section = NodeRef::<leptos::html::Section>::new();
    let seen = RwSignal::new(false);
    Effect::new(move |_| {
        if let Some(el) = section.get() {
            crate::widgets::near_screen::watch_once(&el, seen);
        }
    });
    Effect::new(move |_| {
        let options = options.get();
        let data = a.data.get();
        if !seen.get() {
            return;
        }
        // Its series spread over the pool's workers, when they hold this fit.
        let pool = pool::series_workers(data);
        let spread = options.clone();
        let job = ask(a.pending, "forecasting…", |job| Request {
            job,
            ask: Ask::Forecast {
                data,
                options,
                pool,
            },
        });
        let work = Work::Forecast {
            data,
            options: spread,
        };
        pool::split(job, pool, work);
    });
    let shown = Memo::new(move |_| a.visible(all.get(), |f| f.0.as_str()));
    let chart = Signal::derive(move || {
        let fit = chosen.get();
        let (items, slots) = shown.get();
        Chart::Forecast(ForecastChart {
            lines: items
                .into_iter()
                .zip(slots)
                .map(|((name, f), slot)| {
                    let c = f.forecast_curves;
                    let pick = |x: ForecastFit| match x {
                        ForecastFit::Bb => c.bb.clone(),
                        ForecastFit::Zoibb => c.zoibb.clone(),
                        ForecastFit::ScaledBeta => c.scaled_beta.clone(),
                        ForecastFit::Kumaraswamy => c.kumaraswamy.clone(),
                    };
                    let mut others: Vec<(String, Vec<f64>)> = ForecastFit::ALL
                        .into_iter()
                        .filter(|&x| x != fit)
                        .map(|x| (x.label().to_string(), pick(x)))
                        .collect();
                    others.push((
                        "power law".into(),
                        c.power_law.iter().map(|v| v.unwrap_or(f64::NAN)).collect(),
                    ));
                    ForecastLine {
                        name,
                        slot,
                        observed: c.observed.clone(),
                        chosen: pick(fit),
                        band: c.band.clone().filter(|_| fit == ForecastFit::ScaledBeta),
                        others,
                        ks: c.ks.clone(),
                    }
                })
                .collect(),
        })
    });
    let table = Signal::derive(move || {
        let mut t: Table = vec![vec![
            "series".into(),
            "k".into(),
            "observed pass@k".into(),
            "forecast pass@k".into(),
        ]];
        if let Chart::Forecast(c) = chart.get() {
            for l in c.lines {
                for (i, k) in l.ks.iter().enumerate() {
                    t.push(vec![
                        l.name.clone(),
                        k.to_string(),
                        l.observed[i].map(full).unwrap_or_default(),
                        full(l.chosen[i]),
                    ]);
                }
            }
        }
        t
    });
    let rows = move || {
        shown
            .get()
            .0
            .into_iter()
            .map(|(name, f)| {
                let s = &f.scaling;
                // Each exponent cell carries every digit in its title.
                let by = |fit: ForecastFit| {
                    let e = s.fits.iter().find(|e| e.fit == fit);
                    let text = e
                        .map(|e| {
                            let wald = if e.method == IntervalMethod::Wald {
                                " Wald"
                            } else {
                                ""
                            };
                            format!("{}{wald}", exponent(e.exponent, e.lo, e.hi))
                        })
                        .unwrap_or_default();
                    let title = e.map(|e| full(e.exponent)).unwrap_or_default();
                    view! { <td title=title data-fit=fit.key()>{text}</td> }
                };
                let law = s.power_law.map_or("—".to_string(), |p| {
                    format!(
                        "{:.3} (k {}–{})",
                        p.b,
                        thousands(p.k_from),
                        thousands(p.k_to)
                    )
                });
                let (sv, slo, shi) = s.scale;
                let scale_title = format!(
                    "{}; 95 % profile interval {}–{}",
                    full(sv),
                    slo.map_or("open".into(), full),
                    shi.map_or("1".into(), full)
                );
                let params = |p: &ScaledFit| format!("{:.3}, {:.3}, {:.3}", p.a, p.b, p.scale);
                let ll = |p: &ScaledFit| format!("log-likelihood {}", full(p.log_likelihood));
                view! {
                    <tr>
                        <th scope="row" class="left"><SeriesName name=name /></th>
                        {by(ForecastFit::ScaledBeta)}
                        <td title=scale_title>{format!("{:.3}", f.scaled_beta.scale)}</td>
                        <td class="small" title=ll(&f.scaled_beta)>{params(&f.scaled_beta)}</td>
                        {by(ForecastFit::Kumaraswamy)}
                        <td class="small" title=ll(&f.kumaraswamy)>{params(&f.kumaraswamy)}</td>
                        {by(ForecastFit::Bb)}
                        <td>{law}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    let reach_rows = move || {
        shown.get().0.into_iter().map(|(name, f)| {
            let cell = |fit: ForecastFit| f.reach.iter().find(|r| r.fit == fit).map(reach_cell).unwrap_or_else(|| "—".into());
            // The data's own answer where the target is reached within the samples drawn.
            let measured = f.reach.first().map(|r| r.measured.map_or_else(|| "beyond n".to_string(), thousands)).unwrap_or_else(|| "—".into());
            view! {
                <tr>
                    <th scope="row" class="left"><SeriesName name=name /></th>
                    <td data-fit="measured">{measured}</td>
                    {ForecastFit::ALL.map(|fit| view! { <td data-fit=fit.key()>{cell(fit)}</td> }).collect_view()}
                </tr>
            }
        }).collect_view()
    };
    let target = move || {
        a.view
            .with(PageState::reach_target)
            .map(percent)
            .unwrap_or_else(|_| "—".into())
    };
    let stale = is_stale(a.pending, JobKind::Forecast);
    view! {
        <section node_ref=section class="card wide" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() class:folded=move || is_folded("forecast") aria-labelledby="forecast-title" data-testid="forecast-panel">
            <FoldHead key="forecast" title_id="forecast-title">"Forecast: what more samples would buy"</FoldHead>
            // The target beside the answer, at the top: the data's own k first, then the fits'.
            <p class="reach-target"><label class="inline">
                "Samples to reach pass@k = "
                <input type="text" inputmode="decimal" size="8" data-testid="forecast-reach" prop:value=move || a.view.with(|v| v.reach.clone()).unwrap_or_else(|| DEFAULT_REACH.into())
                    on:change=move |ev| a.view.update(|v| v.reach = Some(event_target_value(&ev))) aria-describedby="forecast-reach-error" />
            </label></p>
            {move || a.view.with(PageState::reach_target).err().map(|e| view! { <p class="error small" id="forecast-reach-error" data-testid="forecast-reach-error">{e}</p> })}
            <p class="answer" data-testid="forecast-lead">{move || shown.with(|(s, _)| {
                let rows: Vec<_> = s.iter().map(|(n, f)| (n.as_str(), f.reach.iter().find(|r| r.fit == ForecastFit::ScaledBeta))).collect();
                passk_view::leads::forecast(&rows, 3)
            })}</p>
            <JobProgress pending=a.pending job_kind=JobKind::Forecast />
            <p class="note small">"Fits of p = s·X by maximum marginal likelihood, X ~ Beta(a, b) (scaled Beta) or Kumaraswamy(a, b); s is the ceiling of every task's success rate. At large k, −ln pass@k falls as A·k"<sup>"−γ"</sup>" with γ = a, the exponent of the rates' left tail (Schaeffer et al., 2025, who call it b; γ here, not to be read as the Beta's b). Intervals are 95 % profile-likelihood intervals."</p>
            {move || {
                let s = skipped.get();
                (!s.is_empty()).then(|| view! {
                    <p class="note" data-testid="forecast-skipped">
                        {s.iter().map(|(name, why)| format!("{name}: {why}. ")).collect::<String>()}
                        <button data-testid="forecast-all" on:click=move |_| every_size.set(true)>"Compute them anyway"</button>
                    </p>
                })
            }}
            <div class="table-wrap" tabindex="0" role="region" aria-label="Scaling exponents">
                <table class="results" data-testid="forecast-table">
                    <caption>"Exponent γ of −ln pass@k ≈ A·k"<sup>"−γ"</sup>" per series"</caption>
                    <thead><tr>
                        <th scope="col">"series"</th><th scope="col">"scaled Beta γ"</th><th scope="col">"scale s"</th>
                        <th scope="col">"scaled Beta a, b, s"</th><th scope="col">"Kumaraswamy γ"</th>
                        <th scope="col">"Kumaraswamy a, b, s"</th><th scope="col">"BB γ"</th><th scope="col">"least squares γ"</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p><label class="inline">
                "Least squares over k "
                <input type="text" size="10" data-testid="forecast-range" placeholder="2–smallest n" prop:value=move || a.view.with(|v| v.power_range.clone()).unwrap_or_default()
                    on:change=move |ev| a.view.update(|v| v.power_range = Some(event_target_value(&ev))) aria-describedby="forecast-range-error" />
            </label></p>
            {move || a.view.with(PageState::power_range).err().map(|e| view! { <p class="error small" id="forecast-range-error" data-testid="forecast-range-error">{e}</p> })}
            <div class="table-wrap" tabindex="0" role="region" aria-label="Samples to reach the target">
                <table class="results" data-testid="forecast-reach-table">
                    <caption>{move || format!("Smallest k with pass@k ≥ {}: measured (unbiased, within the samples drawn), then each forecast (scaled Beta: bootstrap interval with resamples set)", target())}</caption>
                    <thead><tr>
                        <th scope="col">"series"</th>
                        <th scope="col">"measured (unbiased)"</th>
                        {ForecastFit::ALL.map(|f| view! { <th scope="col">{f.label()}</th> }).collect_view()}
                    </tr></thead>
                    <tbody>{reach_rows}</tbody>
                </table>
            </div>
            <p><label class="inline">
                "Forecast drawn bold "
                <select data-testid="forecast-fit" on:change=move |ev| {
                    let key = event_target_value(&ev);
                    a.view.update(|v| v.forecast_fit = ForecastFit::from_key(&key).map(|f| f.key().to_string()));
                }>
                    {ForecastFit::ALL.map(|f| view! { <option value=f.key() selected=move || chosen.get() == f>{f.label()}</option> }).collect_view()}
                </select>
            </label></p>
            <ChartCanvas
                testid="chart-forecast"
                label="−ln pass@k against k, both on log axes: dots are the observed unbiased values, the bold line the chosen forecast to k = 1,000,000 (with its bootstrap band when resamples are set), thin lines the other fits and the least-squares power law; the data table below lists the values."
                file="passk-forecast"
                chart=chart
                dark=dark
                table=table
            />
            <SeriesKey names=Signal::derive(move || all.with(|f| f.iter().map(|s| s.0.clone()).collect::<Vec<_>>())) dark=dark analysis=a />
        </section>
    }
}
