//! The adapters of the worker boundary, private to the protocol: serde-wasm-bindgen would make
//! every number of a large message a JavaScript value of its own, so the messages' heavy parts
//! cross in columns. One file per payload: `tasks` (task lists: datasets and file reads),
//! `fits` (the fits' grouped counts), `backtests` (the backtests' signed errors), `band_rows` (a bootstrap band's rows, between
//! the page's workers), `curves` (the Pass@k and Cover@τ curves), `text` (the stored files' JSON) and
//! `report` (a report and what its file leaves out). Every other use of these types (local
//! storage, the report file) keeps their own form.

pub(crate) mod band_rows;
pub(crate) mod curve_bytes;
pub(crate) mod fits;
pub mod report_parts;
pub(crate) mod signed_errors;
pub(crate) mod tasks;
pub(crate) mod text;
