//! The Rankings panel's tasks: those that separate two series best (the paired panel's A and
//! B when a reader chose them there, else the most disputed pair or the two closest), each
//! task's Rasch difficulty drawn against the series' abilities, the hardest and the easiest
//! with their 2PL discrimination, and the CSV of every task.

use leptos::prelude::*;

use crate::analysis::state::Analysis;
use crate::widgets::chart_canvas::ChartCanvas;
use crate::widgets::download::save_text;
use passk_core::analysis::rank::Items;
use passk_io::display::{full, percent};
use passk_plot::difficulty::DifficultyChart;
use passk_plot::Chart;
use passk_view::chart_data;
use passk_view::rank_text::{items_csv, separating_line};

/// A 2PL discrimination with its interval, as the table shows it.
fn discrimination(a: Option<f64>, interval: Option<(f64, f64)>) -> String {
    match (a, interval) {
        (Some(a), Some((lo, hi))) => format!("{a:.2} [{lo:.2} – {hi:.2}]"),
        (Some(a), None) => format!("{a:.2}"),
        _ => "—".to_string(),
    }
}

/// The tasks' part of the Rankings panel.
#[component]
pub fn RankTasks(
    /// The analysis state.
    analysis: Analysis,
    /// Whether to draw in dark colours.
    dark: ReadSignal<bool>,
) -> impl IntoView {
    let a = analysis;
    let rankings = a.rankings;
    // The tasks, with the paired panel's A and B as the pair they separate when a reader
    // chose them there.
    let (_, name_a, name_b) = a.pairing.compared(a.view);
    let by_default = a.pairing.default_shown(a.view);
    let items = Memo::new(move |_| {
        rankings.with(|r| {
            let (all, names) = r.as_ref()?;
            let mut items: Items = all.items.clone()?;
            let at = |name: Option<String>| names.iter().position(|n| Some(n) == name.as_ref());
            if !by_default.get() {
                if let (Some(i), Some(j)) = (at(name_a.get()), at(name_b.get())) {
                    items.separate(i, j);
                }
            }
            Some(items)
        })
    });
    let separating = move || {
        rankings.with(|r| {
            let (all, names) = r.as_ref()?;
            let Some(items) = items.get() else {
                return Some(view! { <p class="note" data-testid="rankings-items-error">{all.items_error.clone()}</p> }.into_any());
            };
            let disputed = all.agreement.as_ref().is_some_and(|g| !g.disputed.is_empty());
            let line = separating_line(names, &items, disputed).map(|l| {
                let how = if items.chosen { " A and B are chosen in the paired panel." } else { " Choose A and B in the paired panel to see another pair." };
                format!("{l}{how}")
            });
            let rows = items
                .separating
                .iter()
                .map(|(id, info)| view! { <tr><th scope="row" class="left">{id.clone()}</th><td>{format!("{info:.3}")}</td></tr> })
                .collect_view();
            Some(view! {
                <h3>"Which tasks separate two series"</h3>
                <p class="note small" data-testid="rankings-separating-line">{line}</p>
                <div class="table-wrap" tabindex="0" role="region" aria-label="Separating tasks">
                    <table class="results" data-testid="rankings-separating">
                        <caption>"Tasks by their information about the pair's difference"</caption>
                        <thead><tr><th scope="col" class="left">"task"</th><th scope="col">"information"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            }.into_any())
        })
    };
    // Kept, not derived: the cross-hair's read-out and the data table read it at every
    // pointer move, and building it copies every task.
    let chart = Memo::new(move |_| {
        let slots = a.slots.get();
        let drawn = rankings.with(|r| {
            let (_, names) = r.as_ref()?;
            let s: Vec<usize> = names.iter().map(|n| slots.slot(n)).collect();
            items.with(|i| i.as_ref().map(|i| DifficultyChart::new(i, names, &s)))
        });
        Chart::Difficulty(drawn.unwrap_or_default())
    });
    let table = Signal::derive(move || {
        chart.with(|c| match c {
            Chart::Difficulty(d) => chart_data::difficulty(&d.tasks, &d.marked),
            _ => chart_data::Table::default(),
        })
    });
    let extremes = move || {
        let items = items.get()?;
        // The 8 hardest and the 8 easiest (every task when there are 16 or fewer).
        let k = items.tasks.len();
        let (head, tail) = if k <= 16 { (k, 0) } else { (8, 8) };
        // The 2PL column only when the 2PL fit answered (else the note says why not).
        let two = items.discrimination_error.is_none();
        let rows = items.tasks[..head]
            .iter()
            .chain(&items.tasks[k - tail..])
            .map(|t| {
                view! {
                    <tr>
                        <th scope="row" class="left">{t.id.clone()}</th>
                        <td>{format!("{:.2} [{:.2} – {:.2}]", t.difficulty, t.interval.0, t.interval.1)}</td>
                        <td title=full(t.pass_share)>{percent(t.pass_share)}</td>
                        {two.then(|| view! { <td>{discrimination(t.discrimination, t.discrimination_interval)}</td> })}
                    </tr>
                }
            })
            .collect_view();
        let left = format!(
            "{} tasks fitted; {} solved by every series on every sample and {} failed by all have no finite difficulty.",
            items.tasks.len(),
            items.all_pass.len(),
            items.all_fail.len()
        );
        let no_two = items
            .discrimination_error
            .as_ref()
            .map(|e| format!(" No 2PL discrimination: {e}."));
        Some(view! {
            <p class="note small" data-testid="rankings-items-note">{left}" The hardest and the easiest tasks with their 95 % intervals; the CSV has every task."{no_two}</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Task difficulty">
                <table class="results" data-testid="rankings-items">
                    <caption>"Rasch difficulty b (higher is harder), hardest first, and the 2PL discrimination a (how sharply the task tells abler series from weaker; priors ln a ~ N(0, 1), b ~ N(0, 5²))"</caption>
                    <thead><tr><th scope="col" class="left">"task"</th><th scope="col">"b [interval]"</th><th scope="col">"pass share"</th>{two.then(|| view! { <th scope="col">"a (2PL) [interval]"</th> })}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        })
    };
    let download = move |_| {
        if let Some(text) = items.with(|i| i.as_ref().map(items_csv)) {
            let _ = save_text("passk-task-difficulty.csv", "text/csv", &text);
        }
    };
    view! {
        {separating}
        <Show when=move || items.with(Option::is_some)>
            <h3>"Task difficulty (Rasch)"</h3>
            <p class="note small">"Each task's difficulty b with its 95 % interval, hardest first; the dashed lines are the series' abilities on the same scale (a series passes a task below its line more often than not); the separating tasks are marked."</p>
            <ChartCanvas
                testid="chart-difficulty"
                label="Each task's Rasch difficulty with its 95 % interval, hardest first, the series' abilities as dashed lines and the separating tasks marked; the data table below lists the values."
                file="passk-task-difficulty"
                chart=chart.into()
                dark=dark
                table=table
            />
        </Show>
        {extremes}
        <p class="actions">
            <button class="copy" data-testid="rankings-items-csv" on:click=download>"CSV of every task's difficulty"</button>
        </p>
    }
}
