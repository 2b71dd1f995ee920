//! The engine worker's runtime: reads each request from the page, lets it supersede the
//! running job of its family, runs it as a task, and posts the replies.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::runner::Engine;
use passk_protocol::codec::{from_js, to_js};
use passk_protocol::{Answer, Family, Reply, Request};

use super::job::Host;

/// The worker's global scope as the host of the jobs.
struct Worker {
    scope: DedicatedWorkerGlobalScope,
}

impl Host for Worker {
    fn pause(&self) -> Pin<Box<dyn Future<Output = ()>>> {
        let scope = self.scope.clone();
        Box::pin(async move {
            let promise = js_sys::Promise::new(&mut |resolve, _| {
                let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(
                    resolve.unchecked_ref(),
                    0,
                );
            });
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        })
    }

    fn now_ms(&self) -> f64 {
        self.scope
            .performance()
            .map_or_else(js_sys::Date::now, |p| p.now())
    }

    fn send(&self, reply: Reply) {
        match to_js(&reply) {
            Ok(p) => {
                let _ = self.scope.post_message_with_transfer(&p.value, &p.transfer);
            }
            Err(e) => {
                let failed = Reply {
                    job: reply.job().unwrap_or(0),
                    answer: Answer::Failed {
                        family: reply.family().unwrap_or(Family::Fit),
                        message: format!("the engine could not send its reply: {e}"),
                    },
                };
                if let Ok(p) = to_js(&failed) {
                    let _ = self.scope.post_message_with_transfer(&p.value, &p.transfer);
                }
            }
        }
    }
}

/// Where the worker's script keeps the messages that arrive before the engine listens.
const EARLY: &str = "__passkEarly";

/// Starts the engine in this worker: it answers every request posted to it, those posted
/// while it loaded first.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let engine = Engine::new();
    let host: Rc<dyn Host> = Rc::new(Worker {
        scope: scope.clone(),
    });
    let reply_to = host.clone();
    let on_message =
        Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            match from_js::<Request>(ev.data()) {
                Ok(req) => {
                    engine.accept(&req);
                    wasm_bindgen_futures::spawn_local(engine.clone().run(req, reply_to.clone()));
                }
                Err(e) => reply_to.send(Reply {
                    job: 0,
                    answer: Answer::Failed {
                        family: Family::Fit,
                        message: format!("the engine could not read a request: {e}"),
                    },
                }),
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // What the page posted while the engine loaded (the loader kept it), in order.
    let early = js_sys::Reflect::get(&scope, &EARLY.into()).ok();
    let _ = js_sys::Reflect::delete_property(&scope, &EARLY.into());
    if let Some(early) = early.and_then(|e| e.dyn_into::<js_sys::Array>().ok()) {
        let handle: &js_sys::Function = on_message.as_ref().unchecked_ref();
        for ev in early.iter() {
            let _ = handle.call1(&JsValue::NULL, &ev);
        }
    }
    on_message.forget();
    host.send(Reply::ready());
}
