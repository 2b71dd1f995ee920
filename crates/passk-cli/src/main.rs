//! The `passk` command line: see `passk_cli::cli`.
// Native only: for wasm32 (`cargo clippy --target wasm32-unknown-unknown --bins`) the crate is
// empty, so that its native-only parser (lexopt) is never built nor linked there.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use std::process::ExitCode;

/// Large blocks (a million tasks are 40 MB) backed by huge pages: see [`passk_cli::huge_pages`].
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: passk_cli::huge_pages::HugePages = passk_cli::huge_pages::HugePages;

/// The process entry: runs the command line, prints an error as `passk: …` with exit status 2.
fn main() -> ExitCode {
    match passk_cli::cli::run(std::env::args_os().skip(1).collect()) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("passk: {msg}");
            ExitCode::from(2)
        }
    }
}
