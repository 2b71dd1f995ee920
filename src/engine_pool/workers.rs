//! The other workers themselves: starting one, posting to it, and what it answers.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::MessageEvent;

use super::state::{give_back, hand_over, ours, Helper, Kind, KINDS, POOL};
use crate::engine_client::WORKER_URL;
use passk_core::analysis::bands::Part;
use passk_engine::codec::{from_js, handed_over, to_js};
use passk_engine::protocol::{Answer, Ask, Reply, Request};
use web_sys::Worker;

/// Posts `req` to a helper (its task lists handed over); false if it could not be sent.
pub(super) fn post(h: &Helper, req: &Request) -> bool {
    to_js(req).is_ok_and(|v| {
        h.worker
            .post_message_with_transfer(&v, &handed_over(&v))
            .is_ok()
    })
}

/// Starts the worker doing parts `index` (None if it cannot start).
pub(super) fn start(index: u32) -> Option<Helper> {
    let worker = Worker::new(WORKER_URL).ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        match from_js::<Reply>(ev.data()) {
            Ok(reply) => on_reply(index, reply),
            // Not understood (another build of the engine): as if it had failed.
            Err(_) => failed(index),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        e.prevent_default();
        failed(index);
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(Helper { worker, fit: 0 })
}

/// A helper's part done: its kind, which part, and the request handing it to the first
/// worker; any other answer back.
fn part_done(answer: Answer) -> Result<(Kind, Part, Ask), Answer> {
    Ok(match answer {
        Answer::BandRows { part, rows } => (
            Kind::Band,
            part,
            Ask::BandRows {
                part,
                rows: Some(rows),
            },
        ),
        Answer::BacktestRows { part, backtests } => (
            Kind::Backtest,
            part,
            Ask::BacktestRows {
                part,
                backtests: Some(backtests),
            },
        ),
        Answer::ForecastRows { part, forecasts } => (
            Kind::Forecast,
            part,
            Ask::ForecastRows {
                part,
                forecasts: Some(forecasts),
            },
        ),
        other => return Err(other),
    })
}

/// What a helper answered: its part goes to the first worker; a failure hands it back.
fn on_reply(index: u32, reply: Reply) {
    let job = reply.job;
    match part_done(reply.answer) {
        Ok((kind, part, ask)) => {
            if ours(kind, job, index) == Some(part) && job != 0 {
                hand_over(kind, job, part, Some(ask));
            }
        }
        Err(Answer::Progress {
            family,
            done: Some(done),
            ..
        }) if job != 0 => {
            let kind = KINDS.into_iter().find(|k| k.part_family() == family);
            if let Some(kind) = kind.filter(|&k| ours(k, job, index).is_some()) {
                POOL.with_borrow_mut(|p| {
                    if let Some(slot) = p.spread(kind).others.get_mut(index as usize - 1) {
                        *slot = Some(done);
                    }
                })
            }
        }
        // Its failure (or one it could not tie to a job: a request it could not read).
        Err(Answer::Failed { family, .. }) => {
            for kind in KINDS {
                let whose = family == kind.part_family() || job == 0;
                if let Some(part) = ours(kind, job, index).filter(|_| whose) {
                    let job = POOL.with_borrow_mut(|p| p.spread(kind).job);
                    hand_over(kind, job, part, None);
                }
            }
        }
        Err(_) => {}
    }
}

/// A helper stopped (its wasm failed, or it died): its parts go back to the first worker,
/// and a new one starts for the next job.
pub(super) fn failed(index: u32) {
    POOL.with_borrow_mut(|p| {
        if let Some(h) = p.helpers.get_mut(index as usize - 1).and_then(Option::take) {
            h.worker.terminate();
        }
    });
    give_back(index);
}
