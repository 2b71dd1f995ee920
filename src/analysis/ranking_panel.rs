//! The ranking of the series at a chosen k and τ, and the AvgAUC⁺ table with the pairwise
//! AUC⁺ matrix — all read from the report, so they agree with `passk report`.

use leptos::prelude::*;

use crate::widgets::fold::{is_folded, FoldHead};

use crate::analysis::state::Analysis;
use crate::widgets::series_name::SeriesName;
use crate::widgets::term::Term;
use passk_core::report::ranking;
use passk_io::display::percent;

/// The ranking and AUC⁺ tables.
#[component]
pub fn RankingPanel(
    /// The analysis state.
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    let ks = Memo::new(move |_| a.settings.with(|s| s.opts.ks.clone()));
    let taus = Memo::new(move |_| {
        a.settings
            .with(|s| s.opts.taus.iter().map(|t| t.value()).collect::<Vec<_>>())
    });
    let k = Memo::new(move |_| {
        let ks = ks.get();
        a.view
            .with(|v| v.rank_k)
            .filter(|k| ks.contains(k))
            .or_else(|| ks.iter().copied().find(|&k| k >= 10).or(ks.last().copied()))
            .unwrap_or(1)
    });
    let tau_i = Memo::new(move |_| {
        a.view
            .with(|v| v.rank_tau)
            .filter(|&i| i < taus.with(|t| t.len()))
            .unwrap_or(0)
    });
    let rows = Memo::new(move |_| a.report.with(|r| ranking(r, k.get(), tau_i.get())));
    let auc = move || {
        a.report.with(|r| {
            let c = r.comparison.as_ref()?;
            let names: Vec<String> = r.models.iter().map(|m| m.name.clone()).collect();
            let head = names.iter().map(|n| view! { <th scope="col">{format!("over {n}")}</th> }).collect_view();
            let body = c
                .auc_cover_plus
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    let cells = row
                        .iter()
                        .enumerate()
                        .map(|(j, v)| view! { <td title=v.to_string()>{if i == j { "—".to_string() } else { format!("{v:.4}") }}</td> })
                        .collect_view();
                    let avg = c.avg_auc_cover_plus[i];
                    view! { <tr><th scope="row" class="left"><SeriesName name=names[i].clone() /></th>{cells}<td title=avg.to_string()><strong>{format!("{avg:.4}")}</strong></td></tr> }
                })
                .collect_view();
            Some(view! {
                <table class="results" data-testid="auc-table">
                    <caption>"AUC⁺ of Cover@τ (row over column) and AvgAUC⁺: the area by which one series' Cover curve lies above another's"</caption>
                    <thead><tr><th scope="col" class="left">"series"</th>{head}<th scope="col"><Term term="AvgAUC⁺" /></th></tr></thead>
                    <tbody>{body}</tbody>
                </table>
            })
        })
    };
    view! {
        <section class="card" class:folded=move || is_folded("ranking") aria-labelledby="rank-title">
            <FoldHead key="ranking" title_id="rank-title">"Ranking"</FoldHead>
            <p class="answer" data-testid="ranking-lead">{move || rows.with(|r| passk_view::leads::ranking(r, k.get(), 3))}</p>
            <div class="input-row">
                <label>
                    "at k = "
                    <select data-testid="rank-k" on:change=move |ev| a.view.update(|v| v.rank_k = event_target_value(&ev).parse().ok())>
                        {move || ks.get().into_iter().map(|v| view! { <option value=v.to_string() selected=move || k.get() == v>{v.to_string()}</option> }).collect_view()}
                    </select>
                </label>
                <label>
                    "and τ = "
                    <select data-testid="rank-tau" on:change=move |ev| a.view.update(|v| v.rank_tau = event_target_value(&ev).parse().ok())>
                        {move || taus.get().into_iter().enumerate().map(|(i, t)| view! { <option value=i.to_string() selected=move || tau_i.get() == i>{t.to_string()}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Ranking of the series">
                <table class="results" data-testid="ranking-table">
                    <thead>
                        <tr>
                            <th scope="col">"rank"</th>
                            <th scope="col" class="left">"series"</th>
                            <th scope="col">{move || format!("pass@{}", k.get())}</th>
                            <th scope="col">"estimator"</th>
                            <th scope="col">{move || format!("Cover@{}", taus.with(|t| t.get(tau_i.get()).copied().unwrap_or(0.0)))}</th>
                            <th scope="col"><Term term="AvgAUC⁺" /></th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || rows.get().into_iter().enumerate().map(|(i, row)| {
                            let (name, v, cover, avg) = (row.series, row.value, row.cover, row.avg_auc_plus);
                            let key = name.clone();
                            view! {
                                <tr data-series=key>
                                    <td>{(i + 1).to_string()}</td>
                                    <th scope="row" class="left"><SeriesName name=name /></th>
                                    <td data-col="value" title=v.map(|v| v.0.to_string()).unwrap_or_default()>{v.map(|v| percent(v.0)).unwrap_or_else(|| "—".into())}</td>
                                    <td>{v.map(|v| v.1.label()).unwrap_or_default()}</td>
                                    <td data-col="cover">{cover.map(percent).unwrap_or_else(|| "—".into())}</td>
                                    <td data-col="avg-auc">{avg.map(|v| format!("{v:.4}")).unwrap_or_else(|| "—".into())}</td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <p class="note small">"Ranked by the unbiased estimate where every task has n ≥ k, else by the BB extrapolation."</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="AUC⁺ comparison">{auc}</div>
        </section>
    }
}
