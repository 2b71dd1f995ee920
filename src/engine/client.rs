//! The page's side of the engine worker: starts it (the first engine, then the whole:
//! `passk_workers::client`), numbers each request, posts it as one binary buffer
//! (`passk_protocol::codec`), and routes each reply to the one handler of its job kind. Requests
//! go at once (a worker still loading keeps them), those carrying task lists a task later, and
//! large replies are handled a task after their decoding, all in order (`task_queue`); each
//! job kind's newest is kept until answered. When the worker fails (its script or wasm cannot
//! load, or it dies) the page says so, starts it once more and sends it the requests still
//! unanswered; should it fail again, every request fails with the reason, shown with a retry
//! ([`retry`]); with `in-page-engine` (the wasm-bindgen tests) the engine runs on the page.

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::{MessageEvent, Worker};

use crate::engine::status::{self, failure, retries, RESTARTING};
use crate::engine::task_queue;
use crate::engine::worker_js;
#[cfg(feature = "in-page-engine")]
use passk_engine::{job::Host, runner::Engine};
use passk_protocol::codec::{from_js, to_js};
use passk_protocol::{Answer, Ask, JobKind, Reply, Request, Work};
use passk_workers::client::{Client as AppClient, Engine as Stage};

/// The engine worker's script (crates/passk-engine/passk-engine-loader.js, copied beside the page).
pub const WORKER_URL: &str = "passk-engine-loader.js";

/// The same script starting the first engine (the fits and curves of the first chart), which
/// the page talks to until that chart has its curves (`passk_workers::client`).
pub const FIRST_URL: &str = "passk-engine-loader.js?first";

/// A reply handler.
type Handler = Box<dyn Fn(Reply)>;

#[derive(Default)]
struct Client {
    worker: Option<Worker>,
    #[cfg(feature = "in-page-engine")]
    local: Option<Rc<Engine>>,
    /// Why the worker could not start (then it is not started again until a retry).
    start_error: Option<String>,
    /// Job numbers, the requests unanswered, restarts, the last fit (`passk_workers::client`).
    state: AppClient,
    /// Called when a restarted worker has been sent the requests unanswered.
    after_restart: Option<fn()>,
    /// Spreads a job over the pool (`engine::pool`), for the jobs that waited for the whole
    /// engine.
    split: Option<fn(u64, u32, Work)>,
    /// Which worker started is the current one (counted).
    generation: u32,
    handlers: [Option<Rc<Handler>>; JobKind::COUNT],
}

impl Client {
    /// Why no engine takes requests: the worker could not start, or the page gave up.
    fn failed(&self) -> Option<String> {
        (self.start_error.clone()).or_else(|| self.state.gave_up().map(String::from))
    }
}

thread_local! {
    static CLIENT: RefCell<Client> = RefCell::new(Client::default());
}

/// Whether some engine takes requests (the worker, or the page's own).
fn running(c: &Client) -> bool {
    #[cfg(feature = "in-page-engine")]
    if c.local.is_some() {
        return true;
    }
    c.worker.is_some()
}

/// Starts the worker once (later calls do nothing): takes over the one `index.html` started
/// (its wasm then compiles while the page's loads), else starts it.
fn start(c: &mut Client) {
    if running(c) || c.failed().is_some() {
        return;
    }
    let first = c.state.engine() == Stage::First;
    // (index.html starts the first engine.)
    let early = if first {
        worker_js::early_worker()
    } else {
        None
    };
    let url = if first { FIRST_URL } else { WORKER_URL };
    let (worker, early) = match early {
        Some(started) => started,
        None => match Worker::new(url) {
            Ok(w) => (w, js_sys::Array::new()),
            // (The whole engine does the first one's jobs.)
            Err(_) if first => {
                c.state.to_whole();
                return start(c);
            }
            Err(e) => {
                c.start_error = Some(format!("the engine worker could not start: {e:?}"));
                return;
            }
        },
    };
    // What a worker let go says (its events kept from before the page listened, replayed a
    // task later) is not heard.
    c.generation += 1;
    let current = c.generation;
    let heard = move || CLIENT.with_borrow(|c| c.generation == current);
    let on_message = move |ev| {
        if heard() {
            received(ev)
        }
    };
    let on_error = move || {
        if heard() {
            worker_failed()
        }
    };
    worker_js::listen(&worker, early, on_message, on_error);
    c.worker = Some(worker);
}

/// What the worker said.
fn received(ev: MessageEvent) {
    match from_js::<Reply>(ev.data()) {
        // A large one handled a task after its decoding; the replies after it wait.
        Ok(reply) => task_queue::INBOX.in_order(reply.is_large(), move || deliver(reply)),
        Err(e) => web_sys::console::warn_1(&format!("engine reply unreadable: {e}").into()),
    }
}

/// The page itself as the engine's host (when no worker runs).
#[cfg(feature = "in-page-engine")]
struct Page;

#[cfg(feature = "in-page-engine")]
impl Host for Page {
    fn pause(&self) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> {
        // A zero-delay timeout: the browser gets a turn.
        Box::pin(task_queue::yield_to_browser())
    }

    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    fn send(&self, reply: Reply) {
        deliver(reply);
    }
}

/// The worker could not load: the engine runs on the page from now on.
#[cfg(feature = "in-page-engine")]
fn worker_failed() {
    let unanswered = CLIENT.with_borrow_mut(|c| {
        if c.local.is_some() {
            return Vec::new();
        }
        web_sys::console::info_1(
            &"passk: the engine worker could not load; computing on the page".into(),
        );
        if let Some(w) = c.worker.take() {
            w.terminate();
        }
        c.local = Some(Engine::new());
        let to = c.state.to_whole();
        c.state.on_page();
        task_queue::OUTBOX.drop_waiting();
        to.requests
    });
    for r in unanswered {
        post(r);
    }
}

/// The worker failed (it could not load, or it died): the first time the page starts it again
/// and sends it the requests still unanswered; after that every request unanswered and to
/// come fails, and the page says why and what still works.
#[cfg(not(feature = "in-page-engine"))]
fn worker_failed() {
    use crate::engine::status::GAVE_UP;
    use leptos::prelude::Set;
    // The old worker's replies first (their requests are then answered, not resent).
    task_queue::INBOX.run_now();
    // The first engine failed: the whole engine does its jobs (no restart spent).
    if CLIENT.with_borrow(|c| c.state.engine() == Stage::First) {
        web_sys::console::warn_1(
            &"passk: the first engine failed; starting the whole engine".into(),
        );
        return to_whole();
    }
    let (restart, unanswered) = CLIENT.with_borrow_mut(|c| {
        if let Some(w) = c.worker.take() {
            w.terminate();
        }
        let failure = c.state.worker_failed(GAVE_UP);
        if failure.restart {
            start(c);
        }
        (failure.restart, failure.unanswered)
    });
    task_queue::OUTBOX.drop_waiting(); // (all among the unanswered, sent again below)
    web_sys::console::error_1(
        &format!("passk: the engine worker failed (restarting: {restart})").into(),
    );
    failure().set(Some(if restart {
        (RESTARTING.into(), false)
    } else {
        (GAVE_UP.into(), true)
    }));
    // To the new worker, or (with none) answered with the failure.
    for r in unanswered {
        post(r);
    }
    // What else the old worker was given (the rows the pool's other workers sent it).
    if let Some(f) = CLIENT.with_borrow(|c| c.after_restart) {
        f();
    }
}

/// Starts the engine again after the page gave up; the page then asks for its analysis again
/// ([`retries`]).
pub fn retry() {
    use leptos::prelude::{Set, Update};
    CLIENT.with_borrow_mut(|c| {
        c.start_error = None;
        c.state.retry();
        start(c);
    });
    failure().set(Some((RESTARTING.into(), false)));
    retries().update(|r| *r += 1);
}

/// Hands a reply to its job kind's handler (`Ready`: the worker takes requests, and a line
/// saying it had failed goes).
fn deliver(reply: Reply) {
    let whole = CLIENT.with_borrow_mut(|c| {
        c.state.replied(&reply);
        c.state.whole_due()
    });
    if whole {
        // The first chart has its curves: the whole engine loads while it draws.
        to_whole();
    }
    let Some(job_kind) = reply.job_kind() else {
        // The whole engine has loaded: the service worker may install (index.html).
        let whole = CLIENT.with_borrow(|c| c.state.engine() == Stage::Whole);
        if whole {
            worker_js::install_offline();
        }
        // A (restarted) worker is ready: the line that said it failed goes.
        return status::now_ready(whole);
    };
    let handler = CLIENT.with_borrow(|c| c.handlers[job_kind.index()].clone());
    if let Some(h) = handler {
        h(reply);
    }
}

/// Runs `req` on the page's own engine when there is one (the wasm tests); else gives it
/// back, for the worker.
fn on_page(req: Request) -> Option<Request> {
    #[cfg(feature = "in-page-engine")]
    if let Some(engine) = CLIENT.with_borrow(|c| c.local.clone()) {
        engine.accept(&req);
        wasm_bindgen_futures::spawn_local(engine.run(req, Rc::new(Page)));
        return None;
    }
    Some(req)
}

fn post(req: Request) {
    let Some(req) = on_page(req) else {
        return;
    };
    let failed = CLIENT.with_borrow(|c| match (&c.worker, to_js(&req)) {
        (Some(w), Ok(p)) => w
            .post_message_with_transfer(&p.value, &p.transfer)
            .err()
            .map(|e| format!("{e:?}")),
        (_, Err(e)) => Some(e.to_string()),
        (None, _) => Some(c.failed().unwrap_or_else(|| "no engine".into())),
    });
    // Answered a task later, as a reply is (answered inside `send`, it came before the
    // asker noted its job, which then stayed pending).
    if let Some(message) = failed {
        let (job, job_kind) = (req.job, req.job_kind());
        let answer = Answer::Failed { job_kind, message };
        task_queue::INBOX.in_order(true, move || deliver(Reply { job, answer }));
    }
}

/// Starts the worker now (it loads while the page mounts); later calls do nothing.
pub fn warm_up() {
    CLIENT.with_borrow_mut(start);
}

/// Sets the handler of a job kind's replies (one per job kind; a later call replaces it).
pub fn on_reply(job_kind: JobKind, handler: impl Fn(Reply) + 'static) {
    CLIENT.with_borrow_mut(|c| c.handlers[job_kind.index()] = Some(Rc::new(Box::new(handler))));
}

/// Sends the request `make` builds from a fresh job number; returns that number.
pub fn send(make: impl FnOnce(u64) -> Request) -> u64 {
    let (req, now, whole, no_worker) = CLIENT.with_borrow_mut(|c| {
        start(c);
        // Kept until answered, to be sent again or answered some other way should the worker
        // fail.
        let req = c.state.request(make);
        let whole = c.state.whole_due();
        // The worker keeps what arrives while it loads (its script does): the request goes
        // now, unless it waits for the whole engine.
        let now = (c.state.ready() || c.worker.is_some()) && c.state.goes_now(&req);
        (req, now, whole, !running(c) && !c.state.ready())
    });
    let job = req.job;
    if now {
        // Task columns encoded a task later (10⁵ tasks: 15 ms), what follows behind them.
        task_queue::OUTBOX.in_order(req.is_bulky(), move || post(req));
    }
    if whole {
        to_whole();
    } else if no_worker {
        worker_failed();
    }
    job
}

/// Lets the first engine go and starts the whole engine: it is sent the series and every
/// request that waited (`passk_workers::client::Client::to_whole`), then the jobs to spread over
/// the pool are spread.
fn to_whole() {
    let (to, split) = CLIENT.with_borrow_mut(|c| {
        if let Some(w) = c.worker.take() {
            w.terminate();
        }
        let to = c.state.to_whole();
        start(c);
        (to, c.split)
    });
    // (What waited to be posted to the first engine is among the requests sent below.)
    task_queue::OUTBOX.drop_waiting();
    for r in to.requests {
        post(r);
    }
    if let Some(split) = split {
        for (job, of, work) in to.splits {
            split(job, of, work);
        }
    }
}

/// Whether job `job`, spread over `of` workers, waits for the whole engine (then `split` is
/// called with it once that engine starts).
pub fn split_later(job: u64, of: u32, work: &Work, split: fn(u64, u32, Work)) -> bool {
    CLIENT.with_borrow_mut(|c| {
        c.split = Some(split);
        c.state.split_later(job, of, work)
    })
}

/// Stops the running job of `job_kind` (its reply will not come); returns the cancelling job.
pub fn cancel(job_kind: JobKind) -> u64 {
    send(|job| Request {
        job,
        ask: Ask::Cancel { job_kind },
    })
}

/// `f` of the last fit request sent (the pool's other workers get it), its series uncopied.
pub fn with_last_fit<R>(f: impl FnOnce(&Request) -> R) -> Option<R> {
    CLIENT.with_borrow(|c| c.state.last_fit().map(f))
}

/// Posts `req` to the engine as it is: no job number of its own, not kept to be sent again
/// (the rows the pool's other workers fitted for a curves job: `engine::pool`).
pub fn post_as_is(req: Request) {
    task_queue::OUTBOX.in_order(false, move || {
        let Some(req) = on_page(req) else {
            return;
        };
        // (Held for the whole engine while the first runs.)
        let Some(req) = CLIENT.with_borrow_mut(|c| c.state.as_is(req)) else {
            return;
        };
        CLIENT.with_borrow(|c| {
            if let (Some(w), Ok(p)) = (&c.worker, to_js(&req)) {
                let _ = w.post_message_with_transfer(&p.value, &p.transfer);
            }
        })
    });
}

/// Calls `f` each time a restarted worker has been sent the requests still unanswered.
pub fn after_restart(f: fn()) {
    CLIENT.with_borrow_mut(|c| c.after_restart = Some(f));
}
