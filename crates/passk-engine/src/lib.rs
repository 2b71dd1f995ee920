//! The engine: every heavy computation of the page (reading files, fits, curves and bands,
//! Cover curves, backtests, fit diagnostics with CV-ELPD, the paired difference, the planner,
//! the report), run in a Web Worker of its own (the
//! `passk-engine` binary) so that the page never freezes.
//!
//! The page and the engine talk in the typed messages of `passk-protocol`; [`runner`]
//! answers them and is pure (natively tested: the same jobs
//! with a pause that never waits). Only `worker` (wasm32) touches the worker's global scope.

#![warn(missing_docs)]

mod analyses;
mod backtest_job;
mod band_pool;
mod forecast_job;
pub mod job;
mod mailbox;
mod report_job;
pub mod runner;
mod series_pool;

#[cfg(target_arch = "wasm32")]
pub mod worker;
