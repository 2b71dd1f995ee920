//! What the reading of the inputs left out, said where the eye is: the last load's refusals
//! (a file with nothing to add) and each input read in part, with its rejected rows one click
//! away. The summary at the top and the file chooser both say it.

use leptos::prelude::*;

use crate::inputs::dataset_state::Inputs;
use crate::widgets::section_nav::section_link;
use passk_view::read_notes::partial_reads;

/// Each input read in part, a line each with a link to its rejected rows (`place` names the
/// testids: `{place}-partial`, `{place}-show-rejected`).
pub fn partial_notes(inputs: Inputs, place: &'static str) -> impl IntoView {
    let mut lines = inputs.files.with(|f| partial_reads(f));
    inputs.pasted.with(|p| {
        lines.extend(
            p.iter()
                .flat_map(|p| partial_reads(std::slice::from_ref(p))),
        )
    });
    lines
        .into_iter()
        .map(|line| {
            view! {
                <p class="note partial" data-testid=format!("{place}-partial")>
                    {line}" — "{section_link("rejected-rows", "show them", format!("{place}-show-rejected"))}
                </p>
            }
        })
        .collect_view()
}

/// The last load's refusals, then [`partial_notes`]; nothing when every input was read whole.
pub fn input_notes(inputs: Inputs, place: &'static str) -> impl IntoView {
    let refused = inputs.load_message.get();
    let partial = partial_notes(inputs, place);
    view! {
        <div class="input-notes" data-testid=format!("{place}-input-notes") role="status">
            {refused.map(|m| view! { <p class="note refusal" data-testid=format!("{place}-refused")>{m}</p> })}
            {partial}
        </div>
    }
}
