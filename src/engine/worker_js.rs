//! The engine worker's JavaScript plumbing: the worker `index.html` started before the page's
//! wasm loaded, listening to a worker (with what it said before the page listened, in order),
//! and letting the service worker install.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

/// Where `index.html`'s first script leaves the worker it started before the page's wasm
/// loaded, with the events the worker sent meanwhile (`{ worker, early }`).
const EARLY_WORKER: &str = "__passkEngine";

/// The worker `index.html` started (the first engine), and the events it sent before the page
/// listened; taken once.
pub fn early_worker() -> Option<(Worker, js_sys::Array)> {
    let window = leptos::prelude::window();
    let key = JsValue::from_str(EARLY_WORKER);
    let started = js_sys::Reflect::get(&window, &key).ok()?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    let worker = js_sys::Reflect::get(&started, &"worker".into())
        .ok()?
        .dyn_into::<Worker>()
        .ok()?;
    let early = js_sys::Reflect::get(&started, &"early".into())
        .ok()?
        .dyn_into::<js_sys::Array>()
        .ok()?;
    Some((worker, early))
}

/// Listens to `worker`: its messages to `on_message`, its failure (its script or wasm could
/// not load, or it died) to `on_error`; what it said `early`, before the page listened, is
/// replayed first, in order, a task later (once the caller is done).
pub fn listen(
    worker: &Worker,
    early: js_sys::Array,
    on_message: impl Fn(MessageEvent) + 'static,
    on_error: impl Fn() + 'static,
) {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(on_message);
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| on_error());
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    if early.length() == 0 {
        on_message.forget();
        on_error.forget();
        return;
    }
    let replay = Closure::once_into_js(move || {
        let call = |f: &JsValue, ev: &JsValue| {
            let _ = f
                .unchecked_ref::<js_sys::Function>()
                .call1(&JsValue::NULL, ev);
        };
        for ev in early.iter() {
            // A message, or an error event (the worker's script failed).
            if ev.is_instance_of::<MessageEvent>() {
                call(on_message.as_ref(), &ev);
            } else {
                call(on_error.as_ref(), &ev);
            }
        }
        on_message.forget();
        on_error.forget();
    });
    let _ = leptos::prelude::window()
        .set_timeout_with_callback_and_timeout_and_arguments_0(replay.unchecked_ref(), 0);
}

/// Lets the service worker install (`index.html`'s `__passkInstall`: installing fetches every
/// file of the build, so the page calls it once the whole engine has loaded).
pub fn install_offline() {
    let window = leptos::prelude::window();
    if let Ok(f) = js_sys::Reflect::get(&window, &"__passkInstall".into()) {
        if let Some(f) = f.dyn_ref::<js_sys::Function>() {
            let _ = f.call0(&JsValue::NULL);
        }
    }
}
