//! Saving text the page made as a file on the user's machine (a blob URL, never a request).

use wasm_bindgen::JsCast;

/// Offers a `data:` URL (a canvas' PNG) as a download named `filename`.
///
/// # Errors
/// A message when the browser refuses (the page works on).
pub fn save_data_url(filename: &str, url: &str) -> Result<(), String> {
    let a: web_sys::HtmlAnchorElement = leptos::prelude::document()
        .create_element("a")
        .map_err(|_| "the browser could not make the link".to_string())?
        .unchecked_into();
    a.set_href(url);
    a.set_download(filename);
    a.click();
    Ok(())
}

/// Offers `text` as a download named `filename`.
///
/// # Errors
/// A message when the browser refuses (the page works on).
pub fn save_text(filename: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not make the file".to_string())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "the browser could not make the file".to_string())?;
    let document = leptos::prelude::document();
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "the browser could not make the link".to_string())?
        .unchecked_into();
    a.set_href(&url);
    a.set_download(filename);
    a.click();
    // Revoked later: some browsers start the download only after the click returns.
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(60),
    );
    Ok(())
}
