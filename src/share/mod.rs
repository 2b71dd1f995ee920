//! The share link and the share bar.

pub mod bar;
pub mod state;
