//! Pure statistics: no web crate, natively tested.
//!
//! One concept per file. Everything the page and the `passk` command line show is computed
//! here.

pub mod backtest;
pub mod bands;
pub mod beta_binomial;
pub mod bootstrap;
pub mod compare;
pub mod cover;
pub mod curves;
pub mod cv;
pub mod dataset;
pub mod diagnose;
pub mod estimates;
pub mod exact;
pub mod extrapolate;
pub mod fit;
pub mod interval;
pub mod likelihood;
pub mod math;
pub mod optimize;
pub mod pass_at_k;
pub mod prec;
pub mod report;
pub mod sample;
pub mod special;
pub mod sum;
pub mod sweep;
pub mod warnings;
pub mod zoibb;
