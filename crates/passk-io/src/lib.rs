//! Text in: every reader of what users type, paste or drop, the settings text, and numbers
//! as typed and as shown. Pure and natively tested. (What the page makes of what was read —
//! the loaded series, their edits, the view and the share link — is `passk-app`'s.)

#![warn(missing_docs)]

pub mod counts_doc;
pub mod display;
pub mod number;
pub mod read;
pub mod settings;
