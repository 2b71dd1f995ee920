//! The analysis settings: the k list and τ list of the results table, the chart's k_max, and
//! the estimators' parameters.

use leptos::prelude::*;

use super::analysis_state::Analysis;
use super::setting_field::SettingField;
use crate::io::settings::SettingsText;

/// The settings panel.
#[component]
pub fn AnalysisSettings(
    /// The state the fields write to.
    analysis: Analysis,
) -> impl IntoView {
    let a = analysis;
    let field = move |id: &'static str,
                      label: &'static str,
                      get: fn(&SettingsText) -> String,
                      set: fn(&mut SettingsText, String)| {
        view! {
            <SettingField
                id=id
                label=label
                value=Signal::derive(move || a.fields.with(get))
                on_input=move |v: String| a.set_field(|f| set(f, v))
                error=a.error(match id {
                    "k-list" => "k_list",
                    "tau-list" => "tau_list",
                    "k-max" => "k_max",
                    "linmix" => "linmix",
                    "prior" => "prior",
                    "confidence" => "confidence",
                    "folds" => "folds",
                    "bootstrap" => "bootstrap",
                    _ => "seed",
                })
                placeholder=Signal::derive(move || if id == "k-max" { format!("auto: {}", a.k_max.get()) } else { String::new() })
            />
        }
    };
    view! {
        <div class="settings">
            {field("k-list", "k list (table)", |f| f.k_list.clone(), |f, v| f.k_list = v)}
            {field("tau-list", "τ list (Cover@τ)", |f| f.tau_list.clone(), |f, v| f.tau_list = v)}
            {field("k-max", "k_max (chart)", |f| f.k_max.clone(), |f, v| f.k_max = v)}
        </div>
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
            <div class="settings">
                {field("linmix", "LinMix m_low, m_high", |f| f.linmix.clone(), |f, v| f.linmix = v)}
                {field("prior", "credible prior α0, β0", |f| f.prior.clone(), |f, v| f.prior = v)}
                {field("confidence", "confidence", |f| f.confidence.clone(), |f, v| f.confidence = v)}
                {field("folds", "CV folds", |f| f.folds.clone(), |f, v| f.folds = v)}
                {field("bootstrap", "bootstrap resamples", |f| f.bootstrap.clone(), |f, v| f.bootstrap = v)}
                {field("seed", "seed", |f| f.seed.clone(), |f, v| f.seed = v)}
            </div>
        </details>
    }
}
