//! Pure statistics: no web crate, natively tested.
//!
//! Layered upward only, one concept per file: [`num`] (special functions, sums, tolerances,
//! random draws, the optimiser) and [`par`] (threads, where there are some) ← [`data`]
//! (counts, datasets, rejected rows) ← [`estimators`] (unbiased, interval, BB, ZOIBB, LinMix, extrapolation, Cover) ←
//! [`settings`] ← [`eval`] (sweeps, estimate kernels, fits) ← [`analysis`] (bands, CV,
//! diagnostics, comparison, warnings, curves, backtest) ← [`report`]. A file imports only
//! from its own layer or the layers before it; `./dev lint` checks that no import cycle
//! exists and that the order holds:
//!
//! Layers (checked by tools/layout.py): num par < data < estimators < settings < eval < analysis < report
//!
//! Each layer's folder is a face: its public items are re-exported there (a crate outside
//! names `passk_core::estimators::Estimator`, not the file it is in), and its files are
//! `pub(crate)` below it. Three files stay modules, read as namespaces: `num::prec` (the
//! tolerances), `num::sample` (random draws) and `report::metrics` (the metric registry):
//!
//! Faces (checked by tools/layout.py): num::prec num::sample report::metrics
//!
//! Everything the page and the `passk` command line show is computed here.

#![warn(missing_docs)]

pub mod analysis;
pub mod data;
pub mod estimators;
pub mod eval;
pub mod num;
pub mod par;
pub mod report;
pub mod settings;
