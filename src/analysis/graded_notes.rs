//! Beside the results, for the series whose samples carry more than pass or fail: Bayes@N of
//! graded rewards (from the report), and the samples the input marked as errors with the
//! error policy that decides what they count as — failures, excluded, or excluded and listed —
//! and what each choice gives for pass@1.

use leptos::prelude::*;

use crate::analysis::state::Analysis;
use passk_core::data::{summarise, ErrorPolicy};
use passk_view::steps::{bayes_line, errors_line};

/// The graded-rewards and errors notes.
#[component]
pub fn GradedNotes(
    /// The analysis state.
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    let policy = Memo::new(move |_| a.view.with(|v| v.error_policy()));
    // From the series as read (before the policy takes errored samples out).
    let errors = Memo::new(move |_| {
        let p = policy.get();
        a.shown.with(|w| {
            w.datasets
                .iter()
                .filter_map(|d| Some((d.name.clone(), summarise(&d.tasks, p)?)))
                .collect::<Vec<_>>()
        })
    });
    let bayes = Memo::new(move |_| {
        a.report.with(|r| {
            r.models
                .iter()
                .filter_map(|m| Some((m.name.clone(), bayes_line(m.bayes_at_n.as_ref()?))))
                .collect::<Vec<_>>()
        })
    });
    let shown = move || !errors.with(Vec::is_empty) || !bayes.with(Vec::is_empty);
    view! {
        <Show when=shown>
            <section class="card" aria-labelledby="graded-title" data-testid="graded-notes">
                <h2 id="graded-title">"Graded rewards and errored samples"</h2>
                <ul class="plain" data-testid="bayes-at-n">
                    {move || bayes.get().into_iter().map(|(name, line)| view! {
                        <li><strong>{name}</strong>": "{line}</li>
                    }).collect_view()}
                </ul>
                <Show when=move || !errors.with(Vec::is_empty)>
                    <label>
                        "Errored samples (timeouts, infrastructure failures) "
                        <select data-testid="error-policy"
                            prop:value=move || policy.get().key()
                            on:change=move |ev| {
                                let p = ErrorPolicy::from_key(&event_target_value(&ev)).unwrap_or_default();
                                a.view.update(|v| v.errors = (p != ErrorPolicy::Failures).then(|| p.key().to_string()));
                            }>
                            <option value="failures">"count as failures"</option>
                            <option value="exclude">"are excluded (n shrinks)"</option>
                            <option value="apart">"are excluded and listed"</option>
                        </select>
                    </label>
                    <ul class="plain" data-testid="errors-readout">
                        {move || errors.get().into_iter().map(|(name, e)| {
                            let listed = e.listed.iter().map(|t| format!("{} ({} of {})", t.id, t.errored, t.n)).collect::<Vec<_>>();
                            view! {
                                <li>
                                    <strong>{name}</strong>": "{errors_line(&e)}
                                    {(!listed.is_empty()).then(|| view! { <span class="small" data-testid="errors-listed">{format!(" Tasks: {}.", listed.join(", "))}</span> })}
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </Show>
            </section>
        </Show>
    }
}
