//! passk's benchmark, kept out of the product: the page's engine and protocol know nothing
//! of it (`cargo tree -p passk-engine` names no passk-bench: `./dev lint` checks).
//!
//! [`steps`] times the work of one input with a clock it is given; [`timings`] is what it
//! answers; [`messages`] are the bench worker's request and reply (encoded by passk-protocol's
//! codec, as the engine's are, so that bench/run.mjs posts them as the page posts its own).
//! The worker (`passk-bench-worker`, wasm32) runs the same [`steps::bench_text`] as
//! `cargo bench -p passk-cli --bench estimators` does natively.

#![warn(missing_docs)]

pub mod messages;
pub mod steps;
pub mod timings;
