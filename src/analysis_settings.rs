//! The analysis settings: the k list and τ list of the results table, the chart's k_max, and
//! the estimators' parameters.

use leptos::prelude::*;

use super::analysis_state::Analysis;
use super::setting_field::SettingField;
use passk_io::settings::Field;

/// The settings panel.
#[component]
pub fn AnalysisSettings(
    /// The state the fields write to.
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    let field = move |f: Field| {
        view! {
            <SettingField
                id=f.testid()
                label=f.label()
                value=Signal::derive(move || a.fields.with(|t| f.text(t).clone()))
                on_input=move |v: String| a.set_field(|t| *f.text_mut(t) = v)
                error=a.error(f)
                placeholder=Signal::derive(move || if f == Field::KMax { format!("auto: {}", a.k_max.get()) } else { String::new() })
            />
        }
    };
    let fields = move |advanced: bool| {
        Field::ALL
            .into_iter()
            .filter(|f| f.advanced() == advanced)
            .map(field)
            .collect_view()
    };
    view! {
        <div class="settings">{fields(false)}</div>
        <details
            class="advanced"
            data-testid="advanced-settings"
            prop:open=move || a.view.with(|v| v.advanced)
            on:toggle=move |ev| {
                let open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
                if open != a.view.with_untracked(|v| v.advanced) {
                    a.view.update(|v| v.advanced = open);
                }
            }
        >
            <summary>"Estimator settings"</summary>
            <div class="settings">{fields(true)}</div>
        </details>
    }
}
