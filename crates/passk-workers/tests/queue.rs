//! The page's task queues: what runs now, what waits, and which task runs it.

use std::cell::RefCell;

use passk_workers::queue::{one_task, Offer, Queue};

/// Drains `q` as the page does, a task at a time: the items each task ran.
fn tasks(q: &RefCell<Queue<&'static str>>) -> Vec<Vec<&'static str>> {
    let mut out = Vec::new();
    loop {
        let mut ran = Vec::new();
        let more = one_task(q, |w| ran.push(w));
        out.push(ran);
        if !more {
            return out;
        }
    }
}

#[test]
fn a_light_item_runs_at_once_only_when_nothing_waits() {
    let mut q = Queue::new();
    assert_eq!(q.offer(false, "a"), Offer::Now("a"));
    assert_eq!(q.offer(true, "H"), Offer::Queued { first: true });
    // Behind a heavy one, a light one waits its turn.
    assert_eq!(q.offer(false, "b"), Offer::Queued { first: false });
    assert!(!q.is_empty());
    q.clear();
    assert!(q.is_empty());
    assert_eq!(q.offer(false, "c"), Offer::Now("c"));
}

#[test]
fn each_task_ends_with_its_first_heavy_item_and_order_is_kept() {
    let q = RefCell::new(Queue::new());
    for (heavy, w) in [
        (true, "H1"),
        (false, "a"),
        (false, "b"),
        (true, "H2"),
        (false, "c"),
    ] {
        let _ = q.borrow_mut().offer(heavy, w);
    }
    assert_eq!(tasks(&q), vec![vec!["H1"], vec!["a", "b", "H2"], vec!["c"]]);
    assert!(q.borrow().is_empty());
}

#[test]
fn what_an_item_queues_while_it_runs_goes_behind_what_waits() {
    let q = RefCell::new(Queue::new());
    let _ = q.borrow_mut().offer(true, "H");
    let _ = q.borrow_mut().offer(false, "a");
    let mut ran = Vec::new();
    // The heavy item, running, queues a light and a heavy one (the queue is not borrowed
    // while it runs).
    let more = one_task(&q, |w| {
        ran.push(w);
        if w == "H" {
            assert_eq!(
                q.borrow_mut().offer(false, "later"),
                Offer::Queued { first: false }
            );
            let _ = q.borrow_mut().offer(true, "H-later");
        }
    });
    assert!(more);
    assert_eq!(ran, ["H"]);
    assert_eq!(tasks(&q), vec![vec!["a", "later", "H-later"]]);
}
