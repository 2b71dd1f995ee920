//! The analysis of the loaded series: its settings, the jobs it asks the engine for, and its panels.

pub mod compare_job;
pub mod compared;
pub mod cover_panel;
pub mod fit_panel;
pub mod graded_notes;
pub mod job_progress;
pub mod jobs;
pub mod lower_panels;
pub mod method_notes;
pub mod pair_select;
pub mod pass_at_k_panel;
pub mod rank_job;
pub mod ranking_panel;
pub mod report_export;
pub mod report_job;
pub mod results_table;
pub mod series_charts;
pub mod series_key;
pub mod setting_field;
pub mod settings;
pub mod stages;
pub mod state;
pub mod summary_view;
pub mod view;
