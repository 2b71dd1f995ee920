//! View models: what the page and the command line print, built from the statistics of
//! `passk-core` as plain data (natively tested): the calculator, the results table and its
//! exports, the series summaries, the hover read-outs, the chart data, the planner's text and
//! the glossary.

#![warn(missing_docs)]

pub mod calculator;
pub mod chart_data;
pub mod glossary;
pub mod plan_text;
pub mod readout;
pub mod summaries;
pub mod table;
