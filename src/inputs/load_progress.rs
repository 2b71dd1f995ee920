//! How far a load of files has got: what the inputs show while the engine reads.

/// How far a load has got.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The file.
    pub name: String,
    /// Bytes read.
    pub done: f64,
    /// The file's size.
    pub total: f64,
    /// What the engine says it has read ("12,345 tasks").
    pub text: String,
    /// Files still waiting after this one.
    pub queued: usize,
}
