//! Work put off until part of the page comes near the screen: the forecasts' fits, the code
//! of the panels below the results.

use leptos::prelude::*;

/// Sets `seen` once `el` comes within 600 px of the viewport (an `IntersectionObserver`,
/// disconnected then); at once where the browser has none.
pub fn watch_once(el: &web_sys::Element, seen: RwSignal<bool>) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let callback = Closure::<dyn FnMut(js_sys::Array, web_sys::IntersectionObserver)>::new(
        move |entries: js_sys::Array, observer: web_sys::IntersectionObserver| {
            let near = entries.iter().any(|e| {
                e.dyn_into::<web_sys::IntersectionObserverEntry>()
                    .is_ok_and(|e| e.is_intersecting())
            });
            if near {
                seen.set(true);
                observer.disconnect();
            }
        },
    );
    let init = web_sys::IntersectionObserverInit::new();
    init.set_root_margin("600px");
    match web_sys::IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &init)
    {
        Ok(observer) => {
            observer.observe(el);
            callback.forget();
        }
        Err(_) => seen.set(true),
    }
}
