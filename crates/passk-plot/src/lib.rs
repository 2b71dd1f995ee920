//! Charts: functions generic over plotters' `DrawingBackend`, so that the same code draws on
//! a canvas in the page and into an SVG string in native tests and exports. One chart per
//! file; each returns the coordinate mapping the page needs for hover.

#![warn(missing_docs)]

pub mod backtest;
#[cfg(feature = "canvas")]
pub mod canvas_text;
mod chart;
pub mod cover;
pub mod difficulty;
pub mod fit;
pub mod forecast;
mod frame;
mod mapping;
pub mod pass_at_k;
pub mod planner;
pub mod ranks;
pub mod record;
pub mod series_charts;
pub mod slots;
pub mod steps;
mod style;
pub mod svg;
pub mod zoom;

pub use chart::Chart;
pub use mapping::{k_label, Mapping};
pub use style::{slot, Style, BACKGROUNDS, PALETTE};

#[cfg(test)]
mod tests;
