//! A rejected input row, with where it was and why.

use serde::{Deserialize, Serialize};

/// A rejected input row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    /// The file (or `stdin`, or `pasted text`).
    pub file: String,
    /// 1-based line number.
    pub line: u64,
    /// Why it was rejected.
    pub reason: String,
}

impl Rejected {
    /// `file:line: reason`, or `file: reason` for a whole document (line 0).
    pub fn located(&self) -> String {
        if self.line == 0 {
            format!("{}: {}", self.file, self.reason)
        } else {
            format!("{}:{}: {}", self.file, self.line, self.reason)
        }
    }
}
