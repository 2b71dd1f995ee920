//! Text in and out: parsing what users type or load, formatting what they read. Pure and
//! natively tested.

pub mod calculator;
pub mod chart_data;
pub mod counts_doc;
pub mod format;
pub mod glossary;
pub mod number;
pub mod plan_text;
pub mod read;
pub mod readout;
pub mod series_edits;
pub mod settings;
pub mod share;
pub mod summaries;
pub mod table;
pub mod workspace;
