//! Work put off to a later task, so that one task of the page's thread stays short: a
//! zero-delay wait ([`next_task`]) and two queues run in order, each heavy item in a task of
//! its own: the engine's [`OUTBOX`] (a request carrying task columns is encoded and posted a
//! task after it was asked for) and [`INBOX`] (a large reply is handled a task after it was
//! decoded), everything after a heavy item waiting behind it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::thread::LocalKey;

/// An item waiting in a queue, and whether it is one to give a task of its own.
type Waiting = (bool, Box<dyn FnOnce()>);

/// A queue's items.
type Items = RefCell<VecDeque<Waiting>>;

thread_local! {
    static POSTS: Items = const { RefCell::new(VecDeque::new()) };
    static REPLIES: Items = const { RefCell::new(VecDeque::new()) };
}

/// Work run in the order queued, each heavy item in a task of its own.
#[derive(Clone, Copy)]
pub struct Queue(&'static LocalKey<Items>);

/// The requests to the engine (encoding a picked file's 10⁵ tasks for its fit takes 15 ms on
/// the page: it would lengthen the task in which the file arrived).
pub const OUTBOX: Queue = Queue(&POSTS);

/// The engine's replies (a picked file's 10⁵ tasks take 15 ms to decode, and the views that
/// follow them 35 ms more).
pub const INBOX: Queue = Queue(&REPLIES);

/// Resolves in a task of its own (a zero-delay timeout): the page's thread is let go between.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = leptos::prelude::window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

impl Queue {
    /// Runs `work` now when nothing waits and it is not `heavy`; else queues it, to run in a
    /// later task in the order queued, each heavy item in a task of its own.
    pub fn in_order(self, heavy: bool, work: impl FnOnce() + 'static) {
        if !heavy && self.0.with_borrow(VecDeque::is_empty) {
            return work();
        }
        let first = self.0.with_borrow_mut(|q| {
            q.push_back((heavy, Box::new(work)));
            q.len() == 1
        });
        if first {
            wasm_bindgen_futures::spawn_local(self.drain());
        }
    }

    /// Drops what waits (a restarted engine is sent every unanswered request anew).
    pub fn drop_waiting(self) {
        self.0.with_borrow_mut(VecDeque::clear);
    }

    /// Runs what waits, in order, now (the replies of a worker that just failed).
    pub fn run_now(self) {
        while let Some((_, work)) = self.0.with_borrow_mut(VecDeque::pop_front) {
            work();
        }
    }

    /// Runs the items in order, a task before each heavy one.
    async fn drain(self) {
        loop {
            next_task().await;
            // The light ones up to and with the next heavy one (each taken out before it
            // runs: it may queue more).
            loop {
                let Some((heavy, work)) = self.0.with_borrow_mut(VecDeque::pop_front) else {
                    return;
                };
                work();
                if heavy {
                    break;
                }
            }
            if self.0.with_borrow(VecDeque::is_empty) {
                return;
            }
        }
    }
}
