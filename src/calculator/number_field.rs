//! One labelled count field with its inline error message.

use leptos::prelude::*;

/// A text field for a whole number, with the message for it shown beside it.
#[component]
pub fn NumberField(
    /// The `data-testid` and element id of the input.
    id: &'static str,
    /// The visible label.
    label: &'static str,
    /// A short hint under the label.
    hint: &'static str,
    /// The field's text.
    value: RwSignal<String>,
    /// The message to show next to the field, if its content is not valid.
    error: Signal<Option<String>>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    view! {
        <div class="field" class:invalid=move || error.get().is_some()>
            <label for=id>
                <span class="label">{label}</span>
                <span class="hint">{hint}</span>
            </label>
            <input
                id=id
                data-testid=id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                spellcheck="false"
                aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                aria-describedby=error_id.clone()
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))
            />
            <p class="field-error" id=error_id data-testid=format!("{id}-error") role="alert">
                {move || error.get().unwrap_or_default()}
            </p>
        </div>
    }
}
