//! Reading the analysis settings from text: the page's fields and the command line's flags
//! share these parsers, so both accept and reject the same things with the same reasons.

mod all;
mod check;
mod field;
mod parse;
mod reach;
mod text;

pub use all::{parse_all, Parsed};
pub use check::{
    check_bootstrap, check_confidence, check_finite, check_folds, check_half_width, check_k_range,
    check_ks, check_linmix, check_prior, check_reach, sort_taus, taus_of,
};
pub use field::Field;
pub use parse::{
    auto_k_max, parse_bootstrap, parse_confidence, parse_folds, parse_half_width,
    parse_half_width_points, parse_k_max, parse_ks, parse_linmix, parse_number, parse_pair,
    parse_prior, parse_seed, parse_taus, parse_whole,
};
pub use reach::{parse_k_range, parse_reach};
pub use text::SettingsText;
