//! The one request a reading worker (the Parquet worker) understands, and its reply: the
//! protocol's own `Ask::Read` and `Answer::Read`, in types of their own so that such a worker
//! links the encoding of those two alone. Encoded, a [`ReadRequest`] is a `Request` and a
//! [`ReadReply`] a `Reply` (`tests/reading.rs` checks both ways).

use serde::{Deserialize, Serialize};

use crate::source::Source;
use passk_io::read::{FileRead, Format, ReadOptions};

/// `Request { job, ask: Ask::Read(..) }`, as a reading worker reads it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReadRequest {
    /// The job number.
    pub job: u64,
    /// The read asked.
    pub ask: ReadAsk,
}

/// `Ask::Read`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ReadAsk {
    /// Read a file as its format or the one detected.
    Read(ReadFile),
}

/// A file to read, and how (`Ask::Read`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReadFile {
    /// The file.
    pub source: Source,
    /// Its name.
    pub name: String,
    /// The format chosen (None: detect).
    pub format: Option<Format>,
    /// How to read it beyond its format.
    #[serde(default)]
    pub options: ReadOptions,
}

/// `Reply { job, answer: Answer::Read { read } }`, as a reading worker writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReadReply {
    /// The job it answers.
    pub job: u64,
    /// What the file held.
    pub answer: ReadAnswer,
}

/// `Answer::Read`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ReadAnswer {
    /// What a file held.
    Read {
        /// The series, rejected rows and what was left unused.
        read: Box<FileRead>,
    },
}
