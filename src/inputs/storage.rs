//! The browser's local storage, so that what users type or load survives a reload.
//!
//! Every call fails soft: storage can be disabled, full or private, and the page must work on.

/// Reads a stored string.
pub fn load(key: &str) -> Option<String> {
    let storage = leptos::prelude::window().local_storage().ok()??;
    storage.get_item(key).ok()?
}

/// The characters a page may keep in local storage in every browser the page supports (5 M;
/// more fails at `setItem`).
pub const LIMIT: usize = 5_000_000;

/// Stores a string.
///
/// # Errors
/// A message when storage is unavailable or full (the page works on without it).
pub fn save(key: &str, value: &str) -> Result<(), String> {
    let storage = leptos::prelude::window()
        .local_storage()
        .ok()
        .flatten()
        .ok_or("this browser keeps no local storage for the page")?;
    storage.set_item(key, value).map_err(|_| {
        format!(
            "{:.1} MB is more than this browser keeps for a page",
            value.len() as f64 / 1e6
        )
    })
}

/// Removes a stored string.
pub fn remove(key: &str) {
    if let Ok(Some(storage)) = leptos::prelude::window().local_storage() {
        let _ = storage.remove_item(key);
    }
}
