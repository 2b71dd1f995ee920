//! The analysis settings: the k list and τ list of the results table, the chart's k_max, and
//! the estimators' parameters.

use leptos::prelude::*;

use crate::analysis::setting_field::SettingField;
use crate::analysis::state::Analysis;
use crate::engine::pool::{self, MAX_WORKERS};
use passk_core::settings::DEFAULT_KS_REACH;
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
    // The engine's workers a bootstrap band is spread over (kept on this device, not in links).
    let text = RwSignal::new(pool::size().get_untracked().to_string());
    let error = Signal::derive(move || {
        let ok = text.with(|t| {
            t.trim()
                .parse::<u32>()
                .is_ok_and(|n| (1..=MAX_WORKERS).contains(&n))
        });
        (!ok).then(|| format!("a whole number of workers from 1 to {MAX_WORKERS}"))
    });
    let workers = view! {
        <SettingField
            id="workers"
            label="workers (band, backtest)"
            value=text
            on_input=move |v: String| {
                if let Ok(n) = v.trim().parse::<u32>() {
                    if (1..=MAX_WORKERS).contains(&n) {
                        pool::set_size(n);
                    }
                }
                text.set(v);
            }
            error=error
        />
    };
    // The default k list cut to what the data carries: said, with why and how to see more.
    let cut = move || {
        let ks = a.settings.with(|p| {
            a.fields
                .with(|t| p.cut_default(t))
                .then(|| p.opts.ks.clone())
        })?;
        let top = ks.last().copied().unwrap_or(1);
        Some(view! {
            <p class="note small" data-testid="k-list-cut">
                {format!("The default k list stops at {top}: at most {DEFAULT_KS_REACH} × the largest n here, as far as the backtest can check an extrapolation. Type larger budgets in the k list to see them (extrapolated by the fits).")}
            </p>
        })
    };
    view! {
        <div class="settings">{fields(false)}</div>
        {cut}
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
            <div class="settings">{fields(true)} {workers}</div>
        </details>
    }
}
