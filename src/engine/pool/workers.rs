//! The other workers themselves: starting one and posting to it.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::engine::client::WORKER_URL;
use passk_protocol::codec::{from_js, to_js};
use passk_protocol::{Reply, Request};

/// Posts `req` to a worker (its task lists handed over); false if it could not be sent.
pub(super) fn post(worker: &Worker, req: &Request) -> bool {
    to_js(req).is_ok_and(|p| {
        worker
            .post_message_with_transfer(&p.value, &p.transfer)
            .is_ok()
    })
}

/// Starts the worker doing parts `index` (None if it cannot start): what it answers goes to
/// `on_reply`; its failure, or an answer not understood, to `failed`.
pub(super) fn start(index: u32, on_reply: fn(u32, Reply), failed: fn(u32)) -> Option<Worker> {
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
    Some(worker)
}
