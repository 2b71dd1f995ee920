//! Every figure worked step by step.

pub mod steps_panel;
