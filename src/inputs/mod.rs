//! The inputs: what is typed, pasted, picked or dropped, read and listed, kept across reloads.

pub mod column_picker;
pub mod dataset_input;
pub mod dataset_state;
pub mod dataset_view;
pub mod drop_zone;
pub mod examples;
pub mod files_store;
pub mod input_notes;
pub mod load_files;
pub mod load_progress;
pub mod parquet_reader;
pub mod rejected_list;
pub mod series_summary;
pub mod storage;
pub mod threshold_watch;
