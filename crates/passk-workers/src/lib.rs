//! The page's engine workers without the browser, so that `cargo test` reaches them: the
//! engine client's bookkeeping ([`client`]: job numbers, the requests still unanswered, what
//! a failed worker is sent again), the pool of workers' state ([`pool`]: who does which part
//! of a job spread over them, what goes to the home worker, what a failure gives back) and
//! the order of the engine's requests and replies across the page's tasks ([`queue`]). The
//! page (`src/`) holds one of each and does what they say with real workers. What the page
//! makes of its inputs (the loaded series, the share link) is passk-app's.

#![warn(missing_docs)]

pub mod client;
pub mod pool;
pub mod queue;
