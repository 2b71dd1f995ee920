//! The comparison of two series, task by task.

pub mod compare_panel;
