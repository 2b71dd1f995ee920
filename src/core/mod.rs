//! Pure statistics: no web crate, natively tested.
//!
//! One concept per file. Everything the page and the `passk` command line show is computed
//! here.

pub mod exact;
pub mod pass_at_k;
pub mod prec;
pub mod special;
pub mod sum;
