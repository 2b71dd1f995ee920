//! On a phone (at most 600 CSS px wide) the panels below the summary fold to their heading
//! and their one-line answer (the `.lead` line); a tap on the heading opens one, a section
//! link opens the section it goes to, and "Open every section" opens them all. Wider screens
//! show everything: the fold is a class only the phone's style sheet acts on, and the
//! heading's button is shown only there.

use std::cell::RefCell;
use std::collections::HashMap;

use leptos::prelude::*;

thread_local! {
    /// Each panel's open state by its key (kept while the page lives, through remounts).
    static OPEN: RefCell<HashMap<&'static str, ArcRwSignal<bool>>> = RefCell::new(HashMap::new());
    /// Whether a panel not seen yet starts open ("Open every section" was asked for).
    static ALL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Counts the panels opened: a chart in one measures its width again.
    static REVEALED: ArcRwSignal<u32> = ArcRwSignal::new(0);
}

fn state(key: &'static str) -> ArcRwSignal<bool> {
    OPEN.with(|o| {
        o.borrow_mut()
            .entry(key)
            .or_insert_with(|| ArcRwSignal::new(ALL.with(std::cell::Cell::get)))
            .clone()
    })
}

/// Counts the panels opened (at the frame after each, once its body is laid out).
pub fn revealed() -> ArcRwSignal<u32> {
    REVEALED.with(ArcRwSignal::clone)
}

/// Opens or folds the panel `key`; true when that changed it.
fn set(key: &'static str, open: bool) -> bool {
    let s = state(key);
    let changed = s.get_untracked() != open;
    if changed {
        s.set(open);
        if open {
            request_animation_frame(|| REVEALED.with(|r| r.update(|n| *n += 1)));
        }
    }
    changed
}

/// Opens the panel `key` (a section link does before it scrolls there); true when it was
/// folded (its body is laid out at the next frame).
pub fn open(key: &'static str) -> bool {
    set(key, true)
}

/// Opens every panel, also those not on the page yet.
pub fn open_all() {
    ALL.with(|a| a.set(true));
    let keys: Vec<&'static str> = OPEN.with(|o| o.borrow().keys().copied().collect());
    for k in keys {
        set(k, true);
    }
}

/// Whether the panel `key` is folded, tracked (on a phone; the class does nothing elsewhere).
pub fn is_folded(key: &'static str) -> bool {
    !state(key).get()
}

/// A panel's heading: its title, and on a phone a button over the whole heading that opens
/// or folds the panel (`aria-expanded`; testid `fold-<key>`).
#[component]
pub fn FoldHead(
    /// The panel's key (its section id where it has one).
    key: &'static str,
    /// The heading's element id (the section's `aria-labelledby`).
    title_id: &'static str,
    /// The title.
    children: Children,
) -> impl IntoView {
    let s = state(key);
    let open = Signal::derive(move || s.get());
    view! {
        <h2 id=title_id class="fold-head">
            {children()}
            <button type="button" class="fold-toggle" data-testid=format!("fold-{key}") aria-describedby=title_id
                aria-expanded=move || open.get().to_string()
                on:click=move |_| _ = set(key, !open.get_untracked())>
                {move || if open.get() { "hide" } else { "show" }}
            </button>
        </h2>
    }
}
