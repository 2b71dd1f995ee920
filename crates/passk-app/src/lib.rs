//! The page's logic without the browser, so that `cargo test` reaches it: the engine
//! client's bookkeeping ([`client`]: job numbers, the requests still unanswered, what a
//! failed worker is sent again) and the pool of workers' state ([`pool`]: who does which
//! part of a job spread over them, what goes to the first worker, what a failure gives
//! back) and the order of the engine's requests and replies across the page's tasks
//! ([`queue`]). The page (`src/`) holds one of each and does what they say with real workers.

#![warn(missing_docs)]

pub mod client;
pub mod pool;
pub mod queue;
