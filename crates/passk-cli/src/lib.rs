//! The `passk` command line's support that its benchmark shares: the allocator.

#![warn(missing_docs)]

#[cfg(target_os = "linux")]
pub mod huge_pages;
