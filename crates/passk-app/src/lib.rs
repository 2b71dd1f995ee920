//! The model the page, the command line, the engine and the fuzzer share, without the
//! browser so that `cargo test` reaches it: what the page makes of the inputs it read — the
//! loaded series, the user's edits of them, what the page shows ([`page`]) — and the share
//! link that carries it all ([`share`]), which the command line's `passk link` writes as
//! well. The page's own engine workers' bookkeeping is passk-workers'.

#![warn(missing_docs)]

pub mod page;
pub mod share;
