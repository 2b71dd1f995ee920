//! What the first engine understands, and what it answers: the fits and the curves of the
//! first chart (issue 51). The page starts this small worker first, so that a first visit's
//! chart waits for these two jobs' code alone; everything else waits for the whole engine,
//! which the page starts once that chart has its curves (`passk_workers::client`).
//!
//! These are the protocol's own messages in types of their own, so that the first engine
//! links the encoding of these alone: encoded, a [`FirstRequest`] is a `Request` and a
//! [`FirstReply`] a `Reply`, byte for byte (`passk-engine`'s `tests/engine.rs` checks both
//! ways).

use serde::{Deserialize, Serialize};

use crate::{Answer, Ask, CurvesAsk, JobKind, Reply, Request};
use passk_core::analysis::{CoverCurves, SeriesCurves};
use passk_core::data::Dataset;
use passk_core::eval::SeriesFit;

/// `Request { job, ask }` with an ask the first engine takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FirstRequest {
    /// The job number.
    pub job: u64,
    /// What is asked.
    pub ask: FirstAsk,
}

/// `Ask::Fit`, `Ask::Curves` and `Ask::Cancel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FirstAsk {
    /// New series: group and fit each.
    Fit {
        /// Every series read.
        datasets: Vec<Dataset>,
    },
    /// The Pass@k and Cover@τ curves of the series last fitted.
    Curves(CurvesAsk),
    /// Stop the running job of `job_kind`.
    Cancel {
        /// The job kind whose job stops.
        job_kind: JobKind,
    },
}

impl From<FirstRequest> for Request {
    fn from(r: FirstRequest) -> Request {
        let ask = match r.ask {
            FirstAsk::Fit { datasets } => Ask::Fit { datasets },
            FirstAsk::Curves(c) => Ask::Curves(c),
            FirstAsk::Cancel { job_kind } => Ask::Cancel { job_kind },
        };
        Request { job: r.job, ask }
    }
}

impl Request {
    /// Whether the first engine does it: a fit, curves computed by one worker (a band spread
    /// over the pool needs the other workers' rows, which only the whole engine takes), or
    /// the cancel of either.
    pub fn for_first(&self) -> bool {
        match &self.ask {
            Ask::Fit { .. } => true,
            Ask::Curves(c) => c.pool <= 1,
            Ask::Cancel { job_kind } => job_kind.in_first(),
            _ => false,
        }
    }
}

/// `Reply { job, answer }` with an answer the first engine gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FirstReply {
    /// The job it answers (0 for `Ready`).
    pub job: u64,
    /// The answer.
    pub answer: FirstAnswer,
}

/// `Answer::Ready`, `Progress`, `Fits`, `Curves` and `Failed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FirstAnswer {
    /// The engine has loaded and takes requests.
    Ready,
    /// How far a job is.
    Progress {
        /// Its job kind.
        job_kind: JobKind,
        /// What is being computed.
        text: String,
        /// Steps done and in all, when known.
        done: Option<(u64, u64)>,
    },
    /// The fits, in the order of the series.
    Fits {
        /// One per series.
        fits: Vec<SeriesFit>,
    },
    /// The curves of the series with tasks.
    Curves {
        /// Pass@k curves.
        curves: Vec<SeriesCurves>,
        /// Cover@τ curves.
        cover: Vec<CoverCurves>,
    },
    /// A job could not be done, and why.
    Failed {
        /// Its job kind.
        job_kind: JobKind,
        /// Why.
        message: String,
    },
}

impl From<Reply> for FirstReply {
    /// The reply as the first engine sends it; an answer it never gives (none of its jobs
    /// makes one) becomes the failure of that job, named.
    fn from(reply: Reply) -> FirstReply {
        let job_kind = reply.job_kind().unwrap_or(JobKind::Fit);
        let answer = match reply.answer {
            Answer::Ready => FirstAnswer::Ready,
            Answer::Progress {
                job_kind,
                text,
                done,
            } => FirstAnswer::Progress {
                job_kind,
                text,
                done,
            },
            Answer::Fits { fits } => FirstAnswer::Fits { fits },
            Answer::Curves { curves, cover } => FirstAnswer::Curves { curves, cover },
            Answer::Failed { job_kind, message } => FirstAnswer::Failed { job_kind, message },
            other => FirstAnswer::Failed {
                job_kind,
                message: format!("the first engine does not answer {}", other.kind()),
            },
        };
        FirstReply {
            job: reply.job,
            answer,
        }
    }
}
