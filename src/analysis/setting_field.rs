//! One labelled text field of the analysis settings, with its inline error message.

use leptos::prelude::*;

/// A settings field.
#[component]
pub fn SettingField(
    /// The `data-testid` and element id.
    id: &'static str,
    /// The visible label.
    label: &'static str,
    /// The field's text.
    #[prop(into)]
    value: Signal<String>,
    /// Called with the new text as the user types.
    #[prop(into)]
    on_input: Callback<String>,
    /// The message when the text is not valid.
    error: Signal<Option<String>>,
    /// Placeholder text.
    #[prop(optional, into)]
    placeholder: Signal<String>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    view! {
        <div class="setting" class:invalid=move || error.get().is_some()>
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                type="text"
                autocomplete="off"
                spellcheck="false"
                placeholder=move || placeholder.get()
                aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                aria-describedby=error_id.clone()
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
            <p class="field-error" id=error_id data-testid=format!("{id}-error") role="alert">
                {move || error.get().unwrap_or_default()}
            </p>
        </div>
    }
}
