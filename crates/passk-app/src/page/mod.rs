//! What the page makes of what it read: the series loaded and their keys ([`loaded`]), which
//! inputs are let in ([`admit`]), the built-in examples ([`examples`]), the user's edits of the series ([`series_edits`]) and what
//! the page shows of them ([`state`]).

pub mod admit;
pub mod examples;
pub mod loaded;
pub mod series_edits;
pub mod state;
