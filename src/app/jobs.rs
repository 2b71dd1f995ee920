//! Scheduling on the page's one thread: give the browser a turn (the engine worker does the
//! heavy work; this is for the little the page still does in steps).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Resolves after the browser has had a turn (a zero-delay timeout).
pub async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = leptos::prelude::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 0);
    });
    let _ = JsFuture::from(promise).await;
}
