//! The browser's local storage, so that what users type survives a reload.
//!
//! Every call fails soft: storage can be disabled, full or private, and the page must work on.

/// Reads a stored string.
pub fn load(key: &str) -> Option<String> {
    let storage = leptos::prelude::window().local_storage().ok()??;
    storage.get_item(key).ok()?
}

/// Stores a string; a failure (quota, privacy mode) is ignored.
pub fn save(key: &str, value: &str) {
    if let Ok(Some(storage)) = leptos::prelude::window().local_storage() {
        let _ = storage.set_item(key, value);
    }
}
