//! The values a chart reads at its cross-hair: a small table laid over the chart, on the side
//! away from the cross-hair, so that it moves nothing on the page; columns empty in every row
//! are left out ([`passk_view::readout`]).

use leptos::prelude::*;

use crate::widgets::series_name::SeriesName;
use passk_io::display::thousands;
use passk_plot::Chart;
use passk_view::readout::{self, Readout};

/// What `chart` reads at data x (k, τ, m, n, pass@1 or c/n, as its x axis shows).
fn readout_of(chart: &Chart, x: f64) -> Option<Readout> {
    match chart {
        Chart::PassAtK(c) => readout::pass_at_k(&c.series, &c.enabled, x),
        Chart::Cover(c) => readout::cover(&c.series, x),
        Chart::Fit(d) => readout::fit(d, x),
        Chart::DeltaPass(c) => readout::delta_pass(&c.points, x),
        Chart::BestTemperature(c) => readout::best_temperature(&c.models, x),
        Chart::Paired(c) => readout::paired(&c.label, &c.curve, x),
        Chart::MoreSamples(c) => {
            let error = format!("error at k = {} (points)", thousands(c.k));
            readout::lines_at(&c.lines, x, ("samples per task m", &error))
        }
        Chart::Ranks(c) => {
            let lines: Vec<(String, Vec<(u64, f64)>)> = c
                .lines
                .iter()
                .map(|l| {
                    (
                        l.name.clone(),
                        l.points.iter().map(|p| (p.0, p.1)).collect(),
                    )
                })
                .collect();
            readout::lines_at(&lines, x, ("k", "mean rank"))
        }
        Chart::Forecast(c) => {
            let lines: Vec<(String, Vec<(u64, f64)>)> = c
                .lines
                .iter()
                .map(|l| {
                    (
                        l.name.clone(),
                        l.ks.iter().copied().zip(l.chosen.iter().copied()).collect(),
                    )
                })
                .collect();
            readout::lines_at(&lines, x, ("k", "forecast pass@k"))
        }
        Chart::Planner(c) => {
            let line = [(format!("half-width of pass@{}", c.k), c.rows.clone())];
            readout::lines_at(&line, x, ("samples per task n", "points"))
        }
        Chart::Difficulty(c) => {
            let abilities: Vec<(String, f64)> = c
                .abilities
                .iter()
                .map(|a| (a.name.clone(), a.theta))
                .collect();
            readout::difficulty(&c.tasks, &abilities, x)
        }
        Chart::Steps(c) => {
            let lines: Vec<_> = c.lines.iter().map(|l| (l.k, l.points.clone())).collect();
            readout::steps(&lines, x)
        }
    }
}

/// The read-out over a chart.
#[component]
pub fn ChartReadout(
    /// The chart read.
    chart: Signal<Chart>,
    /// The data x at the cross-hair (None: no read-out).
    x: Signal<Option<f64>>,
    /// Whether the cross-hair is in the right half (the read-out then sits on the left).
    left: Signal<bool>,
    /// Its `data-testid`.
    testid: String,
) -> impl IntoView {
    move || {
        let r = chart.with(|c| readout_of(c, x.get()?))?;
        let head = r
            .head
            .into_iter()
            .map(|h| view! { <th scope="col">{h}</th> })
            .collect_view();
        let rows = r
            .rows
            .into_iter()
            .map(|row| {
                let mut cells = row.into_iter();
                let name = cells.next().unwrap_or_default();
                let cells = cells.map(|c| view! { <td>{c}</td> }).collect_view();
                view! { <tr><th scope="row"><SeriesName name=name /></th>{cells}</tr> }
            })
            .collect_view();
        Some(view! {
            <div class="hover" class:left=move || left.get() data-testid=testid.clone() role="status">
                <table>
                    <caption>{r.caption}</caption>
                    <thead><tr>{head}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        })
    }
}
