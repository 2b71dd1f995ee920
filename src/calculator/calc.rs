//! The single-problem calculator: n, c, k in; pass@k, its cross-check and a table out.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::calculator::k_table::KTable;
use crate::calculator::number_field::NumberField;
use crate::inputs::storage;
use passk_io::display::{full, percent, rel};
use passk_view::calculator::{evaluate, undefined_text, CalcResult, FieldErrors};

/// Where the calculator's fields are kept across reloads.
pub const STORAGE_KEY: &str = "passk.calculator.v1";

/// The built-in example: 10 samples, 3 passed, budget 5 (pass@5 = 11/12).
pub const EXAMPLE: [&str; 3] = ["10", "3", "5"];

#[derive(Serialize, Deserialize)]
struct Saved {
    n: String,
    c: String,
    k: String,
}

/// The calculator's fields, as typed.
#[derive(Clone, Copy)]
pub struct CalcState {
    /// Samples drawn.
    pub n: RwSignal<String>,
    /// Samples that passed.
    pub c: RwSignal<String>,
    /// Budget.
    pub k: RwSignal<String>,
}

impl CalcState {
    /// The three fields' text.
    pub fn fields(&self) -> [String; 3] {
        [self.n.get(), self.c.get(), self.k.get()]
    }

    /// The three fields' text, untracked.
    pub fn fields_untracked(&self) -> [String; 3] {
        [
            self.n.get_untracked(),
            self.c.get_untracked(),
            self.k.get_untracked(),
        ]
    }

    /// Sets the three fields.
    pub fn set(&self, [n, c, k]: [String; 3]) {
        self.n.set(n);
        self.c.set(c);
        self.k.set(k);
    }
}

/// Creates the calculator's fields, restoring what was saved (else the example), and keeps
/// them across reloads.
pub fn provide_calc() -> CalcState {
    let saved: Option<Saved> =
        storage::load(STORAGE_KEY).and_then(|s| serde_json::from_str(&s).ok());
    let (n0, c0, k0) = match saved {
        Some(s) => (s.n, s.c, s.k),
        None => (EXAMPLE[0].into(), EXAMPLE[1].into(), EXAMPLE[2].into()),
    };
    let state = CalcState {
        n: RwSignal::new(n0),
        c: RwSignal::new(c0),
        k: RwSignal::new(k0),
    };
    // The outside world: keep the user's text across reloads.
    Effect::new(move |_| {
        let [n, c, k] = state.fields();
        if let Ok(json) = serde_json::to_string(&Saved { n, c, k }) {
            let _ = storage::save(STORAGE_KEY, &json);
        }
    });
    state
}

/// The calculator card.
#[component]
pub fn Calculator(
    /// The fields.
    state: CalcState,
) -> impl IntoView {
    let CalcState { n, c, k } = state;
    // input signals → parsed and evaluated Memo → views.
    let result: Memo<Result<CalcResult, FieldErrors>> =
        Memo::new(move |_| evaluate(&n.get(), &c.get(), &k.get()));

    let err = move |f: fn(&FieldErrors) -> Option<String>| {
        Signal::derive(move || result.with(|r| r.as_ref().err().and_then(f)))
    };
    let rows = Signal::derive(move || {
        result.with(|r| r.as_ref().map(|r| r.table.clone()).unwrap_or_default())
    });
    let main_value = move || result.with(|r| r.as_ref().ok().and_then(|r| r.pass_at_k.ok()));
    let copied = RwSignal::new(None::<&'static str>);

    let copy = move |_| {
        let Some(v) = main_value() else { return };
        let text = full(v);
        let clipboard = window().navigator().clipboard();
        let promise = clipboard.write_text(&text);
        leptos::task::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            copied.set(Some(if ok {
                "copied"
            } else {
                "copy blocked: select the value instead"
            }));
        });
    };

    let reset = move |_| {
        n.set(EXAMPLE[0].into());
        c.set(EXAMPLE[1].into());
        k.set(EXAMPLE[2].into());
    };

    view! {
        <section class="card calculator" id="calculator" tabindex="-1" aria-labelledby="calc-title">
            <div class="card-head">
                <h2 id="calc-title">"Single problem"</h2>
                <button class="link-button" data-testid="calc-example" on:click=reset>
                    "reset to example"
                </button>
            </div>
            <div class="fields">
                <NumberField id="n" label="n" hint="samples drawn" value=n error=err(|e| e.n.clone()) />
                <NumberField id="c" label="c" hint="samples that passed" value=c error=err(|e| e.c.clone()) />
                <NumberField id="k" label="k" hint="budget" value=k error=err(|e| e.k.clone()) />
            </div>
            <div class="result" aria-live="polite">
                {move || result.with(|r| match r {
                    Err(_) => view! {
                        <div class="headline">
                            <span class="metric">"pass@k"</span>
                            <output data-testid="pass-at-k" class="value muted" title="">"—"</output>
                        </div>
                        <p class="note">"Fix the highlighted field to see the result."</p>
                    }.into_any(),
                    Ok(r) => result_view(r, copy, copied).into_any(),
                })}
            </div>
            <KTable rows=rows />
        </section>
    }
}

/// The headline value, the pass@1 identity and the cross-check for valid input.
fn result_view(
    r: &CalcResult,
    copy: impl Fn(leptos::ev::MouseEvent) + Clone + 'static,
    copied: RwSignal<Option<&'static str>>,
) -> impl IntoView {
    let (n, c, k) = (r.counts.n(), r.counts.c(), r.k);
    let headline = match r.pass_at_k {
        Ok(p) => view! {
            <div class="headline">
                <span class="metric">{format!("pass@{k}")}</span>
                <output data-testid="pass-at-k" class="value" title=full(p)>{percent(p)}</output>
                <button class="copy" data-testid="copy-pass-at-k" title="Copy the full-precision value" on:click=copy>
                    "copy"
                </button>
                <span class="copied" data-testid="copy-status">{move || copied.get().unwrap_or_default()}</span>
            </div>
            <p class="full" data-testid="pass-at-k-full">{format!("= {}", full(p))}</p>
        }
        .into_any(),
        Err(e) => view! {
            <div class="headline">
                <span class="metric">{format!("pass@{k}")}</span>
                <output data-testid="pass-at-k" class="value undefined" title=e.to_string()>{undefined_text(&e)}</output>
            </div>
            <p class="reason" data-testid="pass-at-k-reason">
                {e.to_string()} ". "
                <a href="#notes-title">"The Beta-Binomial estimators (BB, ZOIBB, LinMix)"</a>
                " extrapolate beyond n from a dataset's per-task counts: paste or load them below."
            </p>
        }
        .into_any(),
    };
    let check = r.check.as_ref().map(|ch| {
        view! {
            <p class="check" data-testid="pass-at-k-check">
                "Cross-check by the closed form 1 − C(n−c, k)/C(n, k), "
                {ch.method.describe()} ": " <span class="mono">{full(ch.value)}</span>
                " — relative difference " <span class="mono">{rel(ch.rel_diff)}</span>
            </p>
        }
    });
    let p1 = r.counts.rate();
    view! {
        {headline}
        <p class="identity" data-testid="pass-at-1">
            "pass@1 = c/n = " {format!("{c}/{n}")} " = " <span title=full(p1)>{percent(p1)}</span>
        </p>
        {check}
        <p class="secondary">
            "pass^" {k.to_string()} " (all " {k.to_string()} " correct): "
            <span data-testid="pass-hat-k">{match r.pass_hat_k { Ok(v) => percent(v), Err(_) => "undefined".into() }}</span>
            " · naive plug-in 1 − (1 − c/n)^k: "
            <span data-testid="naive">{percent(r.naive)}</span>
        </p>
    }
}
