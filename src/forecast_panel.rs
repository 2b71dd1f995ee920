//! "What would more samples buy?": the forecasts beyond the samples drawn — the power-law
//! exponent of −log pass@k per series with its interval, the smallest k that reaches a
//! target under each forecast, and the log-log forecast chart. Every figure is the report's
//! (`scaling`, `reach`, `forecast_curves`), so the page and `passk report` agree.

use leptos::prelude::*;

use super::analysis_state::Analysis;
use super::chart_canvas::ChartCanvas;
use super::job_progress::{is_stale, JobProgress};
use passk_core::analysis::forecast::{ForecastFit, ReachRow, Reached, SeriesForecast};
use passk_core::report::schema::ModelReport;
use passk_engine::protocol::Family;
use passk_io::display::{full, percent, thousands};
use passk_io::page_view::{View, DEFAULT_REACH};
use passk_plot::forecast::{ForecastChart, ForecastLine};
use passk_plot::Chart;
use passk_view::chart_data::Table;

/// An exponent with its interval: "0.285 (0.258–0.314)".
fn exponent(b: f64, lo: Option<f64>, hi: Option<f64>) -> String {
    let end = |v: Option<f64>| v.map_or("open".to_string(), |v| format!("{v:.3}"));
    format!("{b:.3} ({}–{})", end(lo), end(hi))
}

/// A reach as a cell: "k = 162 (93–301)", "beyond 10¹²", "never (ceiling 93.8%)".
fn reach_cell(r: &ReachRow) -> String {
    match r.reached {
        Reached::At(k) => {
            let iv = match (r.lo, r.hi) {
                (Some(lo), Some(hi)) => format!(" ({}–{})", thousands(lo), thousands(hi)),
                (Some(lo), None) => format!(" ({}–beyond 10¹²)", thousands(lo)),
                _ => String::new(),
            };
            format!("{}{iv}", thousands(k))
        }
        Reached::Beyond => "beyond 10¹²".to_string(),
        Reached::Never => format!("never (ceiling {})", percent(r.ceiling)),
    }
}

/// The series with forecasts, as the report has them.
fn forecasts(models: &[ModelReport]) -> Vec<(String, SeriesForecast)> {
    models
        .iter()
        .filter_map(|m| Some((m.name.clone(), m.forecast.clone()?)))
        .collect()
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
    let all = Memo::new(move |_| a.report.with(|r| forecasts(&r.models)));
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
                let by = |fit: ForecastFit| {
                    s.fits
                        .iter()
                        .find(|e| e.fit == fit)
                        .map(|e| exponent(e.exponent, e.lo, e.hi))
                        .unwrap_or_default()
                };
                let law = s.power_law.map_or("—".to_string(), |p| {
                    format!(
                        "{:.3} (k {}–{})",
                        p.b,
                        thousands(p.k_from),
                        thousands(p.k_to)
                    )
                });
                view! {
                    <tr>
                        <th scope="row" class="left">{name}</th>
                        <td>{by(ForecastFit::ScaledBeta)}</td>
                        <td>{format!("{:.3}", f.scaled_beta.scale)}</td>
                        <td>{by(ForecastFit::Kumaraswamy)}</td>
                        <td>{by(ForecastFit::Bb)}</td>
                        <td>{law}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    let reach_rows = move || {
        shown.get().0.into_iter().map(|(name, f)| {
            let cell = |fit: ForecastFit| f.reach.iter().find(|r| r.fit == fit).map(reach_cell).unwrap_or_else(|| "—".into());
            view! {
                <tr>
                    <th scope="row" class="left">{name}</th>
                    {ForecastFit::ALL.map(|fit| view! { <td data-fit=fit.key()>{cell(fit)}</td> }).collect_view()}
                </tr>
            }
        }).collect_view()
    };
    let target = move || {
        a.view
            .with(View::reach_target)
            .map(percent)
            .unwrap_or_else(|_| "—".into())
    };
    let stale = is_stale(a.pending, Family::Report);
    view! {
        <section class="card wide" class:stale=move || stale.get() aria-busy=move || stale.get().to_string() aria-labelledby="forecast-title" data-testid="forecast-panel">
            <h2 id="forecast-title">"Forecast: what more samples would buy"</h2>
            <JobProgress pending=a.pending family=Family::Report />
            <p class="note small">"Fits of p = s·X by maximum marginal likelihood, X ~ Beta(a, b) (scaled Beta) or Kumaraswamy(a, b); s is the ceiling of every task's success rate. At large k, −ln pass@k falls as A·k"<sup>"−b"</sup>" with b = a, the exponent of the rates' left tail (Schaeffer et al., 2025). Intervals are 95 %: profile likelihood (scaled Beta, BB) or observed information (Kumaraswamy)."</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Scaling exponents">
                <table class="results" data-testid="forecast-table">
                    <caption>"Exponent b of −ln pass@k ≈ A·k"<sup>"−b"</sup>" per series"</caption>
                    <thead><tr>
                        <th scope="col">"series"</th><th scope="col">"scaled Beta b"</th><th scope="col">"scale s"</th>
                        <th scope="col">"Kumaraswamy b"</th><th scope="col">"BB b"</th><th scope="col">"least squares b"</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <label class="inline">
                "Samples to reach pass@k = "
                <input type="text" inputmode="decimal" size="6" data-testid="forecast-reach" prop:value=move || a.view.with(|v| v.reach.clone()).unwrap_or_else(|| DEFAULT_REACH.into())
                    on:change=move |ev| a.view.update(|v| v.reach = Some(event_target_value(&ev))) aria-describedby="forecast-reach-error" />
            </label>
            {move || a.view.with(View::reach_target).err().map(|e| view! { <p class="error small" id="forecast-reach-error" data-testid="forecast-reach-error">{e}</p> })}
            <div class="table-wrap" tabindex="0" role="region" aria-label="Samples to reach the target">
                <table class="results" data-testid="forecast-reach-table">
                    <caption>{move || format!("Smallest k with forecast pass@k ≥ {} (scaled Beta: bootstrap interval with resamples set)", target())}</caption>
                    <thead><tr>
                        <th scope="col">"series"</th>
                        {ForecastFit::ALL.map(|f| view! { <th scope="col">{f.label()}</th> }).collect_view()}
                    </tr></thead>
                    <tbody>{reach_rows}</tbody>
                </table>
            </div>
            <label class="inline">
                "Forecast drawn bold "
                <select data-testid="forecast-fit" on:change=move |ev| {
                    let key = event_target_value(&ev);
                    a.view.update(|v| v.forecast_fit = ForecastFit::from_key(&key).map(|f| f.key().to_string()));
                }>
                    {ForecastFit::ALL.map(|f| view! { <option value=f.key() selected=move || chosen.get() == f>{f.label()}</option> }).collect_view()}
                </select>
            </label>
            <ChartCanvas
                testid="chart-forecast"
                label="−ln pass@k against k, both on log axes: dots are the observed unbiased values, the bold line the chosen forecast to k = 1,000,000 (with its bootstrap band when resamples are set), thin lines the other fits and the least-squares power law; the data table below lists the values."
                file="passk-forecast"
                chart=chart
                dark=dark
                table=table
            />
        </section>
    }
}
