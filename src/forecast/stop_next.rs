//! "Can I stop sampling?" under the planner: how settled the ranking of the series is at the
//! planner's budget, in one sentence, and the tasks of the pair to separate that the next
//! samples should go to (`passk_view::stop_text`, as `passk plan --next`).

use leptos::prelude::*;

use crate::analysis::state::Analysis;
use passk_app::page::state::PageState;
use passk_view::stop_text::stop_view;

/// The answer and its table.
#[component]
pub fn StopNext(
    /// The analysis state.
    analysis: Analysis,
    /// The planner's budget.
    k: Memo<Result<u64, String>>,
) -> impl IntoView {
    let a = analysis;
    let view = Memo::new(move |_| {
        let k = k.get().ok()?;
        let (prior, confidence) = a
            .settings
            .with(|s| (s.opts.settings.prior, s.opts.settings.confidence));
        // The summary's intervals (the results table's SE), as the view says.
        let se = a.view.with(PageState::se_kind);
        a.datasets.with(|ds| {
            let with_tasks: Vec<_> = ds.iter().filter(|d| !d.tasks.is_empty()).cloned().collect();
            (!with_tasks.is_empty()).then(|| {
                let v = stop_view(&with_tasks, k, prior, confidence, se);
                let names: Vec<String> = with_tasks.iter().map(|d| d.name.clone()).collect();
                (v, names)
            })
        })
    });
    let rows = move || {
        view.with(|v| {
            let (v, names) = v.as_ref()?;
            (!v.tasks.is_empty()).then(|| {
                let body = v
                    .tasks
                    .iter()
                    .map(|t| {
                        view! {
                            <tr>
                                <td class="left">{names[t.series].clone()}</td>
                                <td class="left">{t.task.clone()}</td>
                                <td title=t.gain.to_string()>{format!("{:.3e}", t.gain)}</td>
                            </tr>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="table-wrap" tabindex="0" role="region" aria-label="Tasks to sample next">
                        <table class="results" data-testid="stop-tasks">
                            <caption>"The tasks to sample next, most informative first"</caption>
                            <thead><tr>
                                <th scope="col" class="left">"series"</th>
                                <th scope="col" class="left">"task"</th>
                                <th scope="col">"variance of pass@k one more sample removes"</th>
                            </tr></thead>
                            <tbody>{body}</tbody>
                        </table>
                    </div>
                }
            })
        })
    };
    view! {
        <h3>"Can I stop sampling?"</h3>
        <p class="note" data-testid="stop-sentence">
            {move || view.with(|v| v.as_ref().map(|(v, _)| v.sentence.clone()))}
        </p>
        {rows}
    }
}
