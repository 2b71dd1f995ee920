//! The share link and the share bar.

pub mod share_bar;
pub mod share_state;
