//! The bench worker's messages: `{ job, ask: { Bench: { file, text, runs } } }` in, and
//! `{ job, answer: "Ready" | { Bench: { result } } | { Failed: { message } } }` out.

use serde::{Deserialize, Serialize};

use crate::timings::FileBench;

/// A request to the bench worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchRequest {
    /// The job number, answered back.
    pub job: u64,
    /// What to time.
    pub ask: BenchAsk,
}

/// What the bench worker is asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BenchAsk {
    /// Time the benchmark's steps on one input.
    Bench {
        /// The input's name.
        file: String,
        /// Its text.
        text: String,
        /// Runs per step (the median is reported).
        runs: u32,
    },
}

/// A reply of the bench worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchReply {
    /// The job it answers (0 for `Ready`).
    pub job: u64,
    /// The answer.
    pub answer: BenchAnswer,
}

/// What the bench worker answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BenchAnswer {
    /// The worker listens.
    Ready,
    /// The timings of one input.
    Bench {
        /// The timings.
        result: FileBench,
    },
    /// A request it could not read.
    Failed {
        /// Why.
        message: String,
    },
}
