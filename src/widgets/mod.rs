//! What several panels use: the chart canvas and its readout, glossary terms, downloads, what waits until it is near the screen, the theme, the section navigation, series names that wrap at their separators.

pub mod chart_canvas;
pub mod chart_readout;
pub mod chart_size;
pub mod download;
pub mod fold;
pub mod lists;
pub mod near_screen;
pub mod section_nav;
pub mod series_name;
pub mod term;
pub mod theme;
