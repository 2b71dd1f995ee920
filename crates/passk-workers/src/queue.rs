//! Work put off to later tasks of the page's thread, in order, so that one task stays short:
//! the engine's requests (one carrying task lists is encoded a task after it was asked for)
//! and its replies (a large one is handled a task after it was decoded). An item is run at
//! once only when nothing waits and it is light; else it waits, and a drain runs the waiting
//! items a task at a time, each task ending with the first heavy item it ran.
//!
//! The page holds one queue per direction and does the waiting between tasks (a zero-delay
//! timeout); what runs when is decided here.

use std::cell::RefCell;
use std::collections::VecDeque;

/// Items waiting, each with whether it is heavy (one to end its task).
#[derive(Debug)]
pub struct Queue<W> {
    waiting: VecDeque<(bool, W)>,
}

/// What became of an item offered.
#[derive(Debug, PartialEq, Eq)]
pub enum Offer<W> {
    /// Run it now: nothing waits and it is light.
    Now(W),
    /// It waits; `first` when nothing waited before it (the caller starts a drain).
    Queued {
        /// Whether the queue was empty.
        first: bool,
    },
}

impl<W> Default for Queue<W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<W> Queue<W> {
    /// An empty queue.
    pub const fn new() -> Self {
        Queue {
            waiting: VecDeque::new(),
        }
    }

    /// Offers `work`: to be run now, or queued behind what waits.
    pub fn offer(&mut self, heavy: bool, work: W) -> Offer<W> {
        if !heavy && self.waiting.is_empty() {
            return Offer::Now(work);
        }
        self.waiting.push_back((heavy, work));
        Offer::Queued {
            first: self.waiting.len() == 1,
        }
    }

    /// The item next in line, taken out.
    pub fn take(&mut self) -> Option<(bool, W)> {
        self.waiting.pop_front()
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// Drops what waits (a restarted engine is sent every unanswered request anew).
    pub fn clear(&mut self) {
        self.waiting.clear();
    }
}

/// One task of a drain: runs the waiting items in order up to and with the first heavy one,
/// each taken out before it runs (it may queue more, behind). Returns whether items still
/// wait, for a later task.
pub fn one_task<W>(queue: &RefCell<Queue<W>>, mut run: impl FnMut(W)) -> bool {
    loop {
        // Taken in a statement of its own: the queue is not borrowed while the item runs.
        let next = queue.borrow_mut().take();
        let Some((heavy, work)) = next else { break };
        run(work);
        if heavy {
            break;
        }
    }
    !queue.borrow().is_empty()
}
