//! Whether the system asks for dark colours, as a signal that follows changes (for the
//! canvases; the page's CSS follows the system by itself).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A signal true while `prefers-color-scheme: dark` matches.
pub fn use_dark() -> ReadSignal<bool> {
    let query = window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten();
    let (dark, set_dark) = signal(query.as_ref().map(|q| q.matches()).unwrap_or(false));
    if let Some(q) = query {
        let q2 = q.clone();
        let cb = Closure::<dyn Fn()>::new(move || set_dark.set(q2.matches()));
        let _ = q.add_event_listener_with_callback("change", cb.as_ref().unchecked_ref());
        // The listener lives as long as the page.
        cb.forget();
    }
    dark
}
