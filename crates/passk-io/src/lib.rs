//! Text in: every reader of what users type, paste or drop, the share-link codec, the
//! settings text, numbers as typed and as shown, and the dataset model of the loaded inputs.
//! Pure and natively tested.

#![warn(missing_docs)]

pub mod admit;
pub mod counts_doc;
pub mod display;
pub mod loaded;
pub mod number;
pub mod page_view;
pub mod read;
pub mod series_edits;
pub mod settings;
pub mod share;
