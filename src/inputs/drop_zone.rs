//! Dropping files anywhere on the page: an overlay while something is dragged over it, and
//! the dropped files loaded as series.

use leptos::ev;
use leptos::prelude::*;

use crate::inputs::dataset_state::Inputs;
use crate::inputs::load_files::{file_list, load_files};

/// The page-wide drop target (renders only the overlay).
#[component]
pub fn DropZone(
    /// Where dropped files go.
    inputs: Inputs,
) -> impl IntoView {
    let over = RwSignal::new(false);
    let has_files = |e: &web_sys::DragEvent| {
        e.data_transfer()
            .map(|d| {
                d.types()
                    .iter()
                    .any(|t| t.as_string().as_deref() == Some("Files"))
            })
            .unwrap_or(false)
    };
    let h1 = window_event_listener(ev::dragover, move |e: web_sys::DragEvent| {
        if has_files(&e) {
            e.prevent_default();
            over.set(true);
        }
    });
    let h2 = window_event_listener(ev::dragleave, move |e: web_sys::DragEvent| {
        // Leaving the window (no related target), not moving between elements.
        if e.related_target().is_none() {
            over.set(false);
        }
    });
    let h3 = window_event_listener(ev::drop, move |e: web_sys::DragEvent| {
        over.set(false);
        if has_files(&e) {
            e.prevent_default();
            let files = file_list(e.data_transfer().and_then(|d| d.files()));
            load_files(inputs, files);
        }
    });
    on_cleanup(move || {
        h1.remove();
        h2.remove();
        h3.remove();
    });
    view! {
        <div class="drop-overlay" class:active=move || over.get() aria-hidden="true">
            <p>"Drop counts or results files to load them as series"</p>
        </div>
    }
}
