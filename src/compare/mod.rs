//! The comparison of two series, task by task.

pub mod bt_table;
pub mod panel;
pub mod rank_tasks;
pub mod rankings;
