//! The page's logic without the browser, so that `cargo test` reaches it: the engine
//! client's bookkeeping ([`client`]: job numbers, the requests still unanswered, what a
//! failed worker is sent again) and the pool of workers' state ([`pool`]: who does which
//! part of a job spread over them, what goes to the first worker, what a failure gives
//! back) and the order of the engine's requests and replies across the page's tasks
//! ([`queue`]). The page (`src/`) holds one of each and does what they say with real workers.
//!
//! What the page makes of the inputs it read is here too: the loaded series, the user's
//! edits of them, what the page shows ([`page`]), and the share link that carries it all
//! ([`share`]), which the command line's `passk link` writes as well.

#![warn(missing_docs)]

pub mod client;
pub mod page;
pub mod pool;
pub mod queue;
pub mod share;
