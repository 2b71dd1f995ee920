//! The calculator: n, c and k for one problem, and its table of k.

pub mod calc;
pub mod k_table;
pub mod number_field;
