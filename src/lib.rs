//! passk: the Pass@k calculator that runs entirely in the browser.
//!
//! Arrows point one way: `app` → `plot`/`io` → `core`. `core` is pure mathematics with no web
//! crate; `io` holds parsers and formatting; `app` (wasm32 only) wires Leptos signals to them.

#![warn(missing_docs)]

pub mod bench;
pub mod core;
pub mod engine;
pub mod fuzz;
#[cfg(target_os = "linux")]
pub mod huge_pages;
pub mod io;
pub mod plot;

#[cfg(target_arch = "wasm32")]
pub mod app;
