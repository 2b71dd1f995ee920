//! The `passk` command line ([`cli`]: every command, also run captured for the Python package
//! and the JavaScript module) and what the doors share: a setting checked and applied
//! ([`apply`]), the closed forms over columns of counts ([`closed`]), a file read as a
//! document ([`read_doc`]), and the command line's allocator.

#![warn(missing_docs)]

pub mod apply;
pub mod args;
mod capture;
pub mod cli;
pub mod closed;
#[cfg(target_os = "linux")]
pub mod huge_pages;
mod next;
mod output;
// The command line's text: native only (its parser, lexopt, is never built for wasm32).
#[cfg(not(target_arch = "wasm32"))]
pub mod parse;
mod rank;
mod read;
pub mod read_doc;
#[cfg(not(target_arch = "wasm32"))]
mod usage;

pub use capture::Held;
