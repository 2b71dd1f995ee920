//! The `passk` command line ([`cli`]: every command, also run captured for the Python package)
//! and what its benchmark shares: the allocator.

#![warn(missing_docs)]

// The command line: native only (its parser, lexopt, is never built for wasm32).
#[cfg(not(target_arch = "wasm32"))]
pub mod apply;
#[cfg(not(target_arch = "wasm32"))]
pub mod args;
#[cfg(not(target_arch = "wasm32"))]
mod capture;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(target_os = "linux")]
pub mod huge_pages;
#[cfg(not(target_arch = "wasm32"))]
mod next;
#[cfg(not(target_arch = "wasm32"))]
mod output;
#[cfg(not(target_arch = "wasm32"))]
pub mod parse;
#[cfg(not(target_arch = "wasm32"))]
mod read;
#[cfg(not(target_arch = "wasm32"))]
mod usage;

#[cfg(not(target_arch = "wasm32"))]
pub use capture::Held;
