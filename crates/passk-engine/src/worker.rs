//! The engine worker's runtime: reads each request from the page, lets it supersede the
//! running job of its job kind, runs it as a task, and posts the replies. The whole engine
//! ([`start`]) and the first engine ([`start_first`]: the fits and curves of the first chart,
//! read and written as `passk_protocol::first`'s messages, so that it links their code alone)
//! are the same runtime.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::runner::Engine;
use passk_protocol::codec::{from_js, to_js, Error, Posted};
use passk_protocol::{Answer, FirstReply, FirstRequest, JobKind, Reply, Request};

use super::job::Host;

/// How a reply becomes the message posted.
type Write = fn(Reply) -> Result<Posted, Error>;

/// The worker's global scope as the host of the jobs.
struct Worker {
    scope: DedicatedWorkerGlobalScope,
    write: Write,
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
        let (job, job_kind) = (reply.job().unwrap_or(0), reply.job_kind());
        match (self.write)(reply) {
            Ok(p) => {
                let _ = self.scope.post_message_with_transfer(&p.value, &p.transfer);
            }
            Err(e) => {
                let failed = Reply {
                    job,
                    answer: Answer::Failed {
                        job_kind: job_kind.unwrap_or(JobKind::Fit),
                        message: format!("the engine could not send its reply: {e}"),
                    },
                };
                if let Ok(p) = (self.write)(failed) {
                    let _ = self.scope.post_message_with_transfer(&p.value, &p.transfer);
                }
            }
        }
    }
}

/// Where the worker's script keeps the messages that arrive before the engine listens.
const EARLY: &str = "__passkEarly";

/// A request as it arrives, read.
type Read = fn(JsValue) -> Result<Request, Error>;

/// How a request runs.
type Run = fn(Rc<Engine>, Request, Rc<dyn Host>) -> Pin<Box<dyn Future<Output = ()>>>;

/// Starts the whole engine in this worker: it answers every request posted to it, those
/// posted while it loaded first.
pub fn start() {
    serve(
        from_js::<Request>,
        |r| to_js(&r),
        |e, r, h| Box::pin(e.run(r, h)),
    );
}

/// Starts the first engine in this worker: the fits and curves of the first chart
/// ([`Engine::run_first`]); any other request fails, named.
pub fn start_first() {
    serve(
        |v| from_js::<FirstRequest>(v).map(Request::from),
        |r| to_js(&FirstReply::from(r)),
        |e, r, h| Box::pin(e.run_first(r, h)),
    );
}

/// Answers every request posted to this worker, those posted while it loaded first.
fn serve(read: Read, write: Write, run: Run) {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let engine = Engine::new();
    let host: Rc<dyn Host> = Rc::new(Worker {
        scope: scope.clone(),
        write,
    });
    let reply_to = host.clone();
    let on_message =
        Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| match read(ev.data()) {
            Ok(req) => {
                engine.accept(&req);
                wasm_bindgen_futures::spawn_local(run(engine.clone(), req, reply_to.clone()));
            }
            Err(e) => reply_to.send(Reply {
                job: 0,
                answer: Answer::Failed {
                    job_kind: JobKind::Fit,
                    message: format!("the engine could not read a request: {e}"),
                },
            }),
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
