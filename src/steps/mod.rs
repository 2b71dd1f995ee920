//! Every figure worked step by step.

pub mod panel;
