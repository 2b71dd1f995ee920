//! View models: what the page prints, built from the statistics of `passk-core` as plain data
//! (natively tested), below the page so that the command line can print them too: the
//! calculator, the results table and its exports, the summary and the panels' notes, the hover read-outs,
//! the chart data, the planner's text, the glossary and where names wrap.

#![warn(missing_docs)]

pub mod backtest_lead;
pub mod bt_text;
pub mod calculator;
pub mod chart_data;
pub mod claims;
pub mod compare_text;
pub mod glossary;
pub mod leads;
pub mod pair;
pub mod panel_notes;
pub mod plan_text;
pub mod rank_text;
pub mod ranking;
pub mod read_notes;
pub mod readout;
pub mod steps;
pub mod stop_text;
pub mod summary;
pub mod table;
pub mod tailpass;
pub mod wrap;

#[cfg(test)]
mod test_counts;
