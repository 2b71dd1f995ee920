//! Work put off to a later task, so that one task of the page's thread stays short: a
//! zero-delay wait ([`yield_to_browser`]) and two queues run in order, each heavy item in a task of
//! its own: the engine's [`OUTBOX`] (a request carrying task lists is encoded and posted a
//! task after it was asked for) and [`INBOX`] (a large reply is handled a task after it was
//! decoded), everything after a heavy item waiting behind it. What runs when is
//! `passk_workers::queue`'s (natively tested); here, the tasks themselves.

use std::cell::RefCell;
use std::thread::LocalKey;

use passk_workers::queue::{one_task, Offer, Queue as Waiting};

/// A queue's items (what runs when: `passk_workers::queue`).
type Items = RefCell<Waiting<Box<dyn FnOnce()>>>;

thread_local! {
    static POSTS: Items = const { RefCell::new(Waiting::new()) };
    static REPLIES: Items = const { RefCell::new(Waiting::new()) };
}

/// Work run in the order queued, each heavy item in a task of its own.
#[derive(Clone, Copy)]
pub struct Queue(&'static LocalKey<Items>);

/// The requests to the engine (encoding a picked file's 10⁵ tasks for its fit would lengthen
/// the task in which the file arrived).
pub const OUTBOX: Queue = Queue(&POSTS);

/// The engine's replies (a picked file's 10⁵ tasks take milliseconds to decode, and the views
/// that follow them tens more).
pub const INBOX: Queue = Queue(&REPLIES);

/// Resolves in a task of its own (a zero-delay timeout): the page's thread is let go between.
pub async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = leptos::prelude::window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

impl Queue {
    /// Runs `work` now when nothing waits and it is not `heavy`; else queues it, to run in a
    /// later task in the order queued, each heavy item in a task of its own.
    pub fn in_order(self, heavy: bool, work: impl FnOnce() + 'static) {
        match self.0.with_borrow_mut(|q| q.offer(heavy, Box::new(work))) {
            Offer::Now(work) => work(),
            Offer::Queued { first: true } => wasm_bindgen_futures::spawn_local(self.drain()),
            Offer::Queued { first: false } => {}
        }
    }

    /// Drops what waits (a restarted engine is sent every unanswered request anew).
    pub fn drop_waiting(self) {
        self.0.with_borrow_mut(Waiting::clear);
    }

    /// Runs what waits, in order, now (the replies of a worker that just failed).
    pub fn run_now(self) {
        while let Some((_, work)) = self.0.with_borrow_mut(Waiting::take) {
            work();
        }
    }

    /// Runs the items in order, a task before each heavy one.
    async fn drain(self) {
        loop {
            yield_to_browser().await;
            if !self.0.with(|q| one_task(q, |work| work())) {
                return;
            }
        }
    }
}
