//! The engine client's bookkeeping, natively: numbering, what is kept until answered, and
//! the worker's failure: a restart that is sent everything unanswered, then giving up, then
//! the user's retry.

use passk_app::client::{Client, RESTARTS};
use passk_protocol::{Answer, Ask, Family, Reply, Request};

fn diagnose(job: u64) -> Request {
    Request {
        job,
        ask: Ask::Diagnose {
            data: 1,
            series: None,
            folds: 10,
        },
    }
}

fn fit(job: u64) -> Request {
    Request {
        job,
        ask: Ask::Fit {
            datasets: Vec::new(),
        },
    }
}

fn answered(job: u64, family: Family) -> Reply {
    Reply {
        job,
        answer: Answer::Failed {
            family,
            message: "done".into(),
        },
    }
}

fn jobs(c: &Client) -> Vec<u64> {
    c.unanswered().iter().map(|r| r.job).collect()
}

#[test]
fn requests_are_numbered_and_the_newest_of_a_family_is_kept_until_answered() {
    let mut c = Client::default();
    assert_eq!(c.request(fit).job, 1);
    assert_eq!(c.request(diagnose).job, 2);
    assert_eq!(c.request(diagnose).job, 3);
    assert_eq!((jobs(&c), c.last_job()), (vec![1, 3], 3));
    assert_eq!(c.last_fit().map(|f| f.job), Some(1));
    // Progress answers nothing; a reply does.
    c.replied(&Reply {
        job: 3,
        answer: Answer::Progress {
            family: Family::Diagnose,
            text: String::new(),
            done: None,
        },
    });
    assert_eq!(jobs(&c), [1, 3]);
    c.replied(&answered(1, Family::Fit));
    assert_eq!(jobs(&c), [3]);
    // A cancel drops its family's and is not kept itself.
    c.request(|job| Request {
        job,
        ask: Ask::Cancel {
            family: Family::Diagnose,
        },
    });
    assert!(c.unanswered().is_empty());
    assert_eq!(c.last_fit().map(|f| f.job), Some(1));
}

#[test]
fn a_failed_worker_restarts_once_with_everything_unanswered_then_the_page_gives_up() {
    let mut c = Client::default();
    c.replied(&Reply::ready());
    assert!(c.ready());
    c.request(fit);
    c.request(diagnose);
    for _ in 0..RESTARTS {
        let f = c.worker_failed("gone");
        assert!(f.restart);
        assert_eq!(
            f.unanswered.iter().map(|r| r.job).collect::<Vec<_>>(),
            [1, 2]
        );
        // Not ready until the new worker says so.
        assert!(!c.ready() && c.gave_up().is_none());
    }
    c.replied(&Reply::ready());
    c.replied(&answered(1, Family::Fit));
    let f = c.worker_failed("gone again");
    assert!(!f.restart);
    assert_eq!(f.unanswered.iter().map(|r| r.job).collect::<Vec<_>>(), [2]);
    // Given up: requests are answered (with the failure) at once.
    assert_eq!(c.gave_up(), Some("gone again"));
    assert!(c.ready());
    // The user retries: a fresh start, a restart allowed again.
    c.retry();
    assert!(c.gave_up().is_none() && c.unanswered().is_empty() && !c.ready());
    assert!(c.worker_failed("once more").restart);
}
