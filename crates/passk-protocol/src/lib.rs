//! The one protocol between the page and its workers (the engine workers and the Parquet
//! worker): a [`Request`] is a job number and what is asked ([`Ask`]); a [`Reply`] is the job
//! it answers and the [`Answer`]. A newer request of the same [`JobKind`] supersedes a running
//! one, which stops at its next pause (at most a time slice later) and never replies.
//!
//! A job spread over the pool of workers has one shape whatever it computes ([`Pooled`]): the
//! worker running it asks the others for their parts (`Ask::Part` with the [`Work`]), each
//! answers its [`Rows`] (`Answer::Rows`), and the page hands them to the home worker
//! (`Ask::Rows`), which puts the job together.
//!
//! A reading worker (the Parquet worker) understands `Ask::Read` alone, and answers
//! `Answer::Read`: [`ReadRequest`] and [`ReadReply`], the same messages in types of their own.
//!
//! Across the worker boundary ([`codec`]) a message is one binary buffer (MessagePack), handed
//! over rather than copied, with the user's files beside it as themselves.

#![warn(missing_docs)]

mod answer;
mod ask;
mod first;
mod job_kind;
mod outlook;
mod parts;
mod reading;
mod report;
pub mod source;

pub mod codec;
#[cfg(feature = "samples")]
pub mod samples;

pub use answer::{Answer, PlanResult, Reply};
pub use ask::{Ask, CurvesAsk, Request};
pub use first::{FirstAnswer, FirstAsk, FirstReply, FirstRequest};
pub use job_kind::{JobKind, Pooled};
pub use outlook::SeriesOutlook;
pub use parts::{InRows, Rows, Work};
pub use reading::{ReadAnswer, ReadAsk, ReadFile, ReadReply, ReadRequest};
pub use report::ReportWire;
