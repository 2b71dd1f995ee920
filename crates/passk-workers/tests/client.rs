//! The engine client's bookkeeping, natively: numbering, what is kept until answered, and
//! the worker's failure: a restart that is sent everything unanswered, then giving up, then
//! the user's retry. And the first engine and the whole: a first visit talks to the first
//! engine (the fits and curves of the first chart) while everything else waits, kept; the
//! whole engine starts once the chart has its curves, or at once for a file or when nothing
//! of the chart is pending, and is sent the series and everything that waited, in order.

use passk_core::analysis::Part;
use passk_core::settings::{BandKind, Settings};
use passk_protocol::{
    Answer, Ask, CurvesAsk, JobKind, Pooled, Reply, ReportWire, Request, Rows, Work,
};
use passk_workers::client::{Client, Engine, RESTARTS};

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

fn answered(job: u64, job_kind: JobKind) -> Reply {
    Reply {
        job,
        answer: Answer::Failed {
            job_kind,
            message: "done".into(),
        },
    }
}

fn jobs(c: &Client) -> Vec<u64> {
    c.unanswered().iter().map(|r| r.job).collect()
}

#[test]
fn requests_are_numbered_and_the_newest_of_a_job_kind_is_kept_until_answered() {
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
            job_kind: JobKind::Diagnose,
            text: String::new(),
            done: None,
        },
    });
    assert_eq!(jobs(&c), [1, 3]);
    // The table's report before its count scores answers nothing yet either; the whole does.
    let report = c.request(|job| Request {
        job,
        ask: Ask::Report {
            data: 1,
            rejected: Vec::new(),
            options: Default::default(),
            full: false,
        },
    });
    let answer = |pending| Answer::Report {
        full: false,
        report: Box::new(ReportWire::pack(Default::default())),
        counts_pending: pending,
    };
    c.replied(&Reply {
        job: report.job,
        answer: answer(true),
    });
    assert_eq!(jobs(&c), [1, 3, report.job]);
    c.replied(&Reply {
        job: report.job,
        answer: answer(false),
    });
    assert_eq!(jobs(&c), [1, 3]);
    c.replied(&answered(1, JobKind::Fit));
    assert_eq!(jobs(&c), [3]);
    // A cancel drops its job kind's and is not kept itself.
    c.request(|job| Request {
        job,
        ask: Ask::Cancel {
            job_kind: JobKind::Diagnose,
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
    c.replied(&answered(1, JobKind::Fit));
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

fn curves(pool: u32) -> impl FnOnce(u64) -> Request {
    move |job| Request {
        job,
        ask: Ask::Curves(CurvesAsk {
            data: 1,
            k_max: 100,
            band: BandKind::Bootstrap,
            settings: Settings::default(),
            taus: Vec::new(),
            scaled: false,
            pool,
        }),
    }
}

fn backtest(job: u64) -> Request {
    Request {
        job,
        ask: Ask::Backtest {
            data: 1,
            settings: Settings::default(),
            ks: vec![1],
            repeats: 1,
            pool: 2,
        },
    }
}

fn backtest_work() -> Work {
    Work::Backtest {
        data: 1,
        settings: Settings::default(),
        ks: vec![1],
        repeats: 1,
    }
}

fn rows(job: u64) -> Request {
    Request {
        job,
        ask: Ask::Rows {
            kind: Pooled::Backtest,
            part: Part { index: 1, of: 2 },
            rows: Some(Rows::backtest(Vec::new())),
        },
    }
}

fn reply(job: u64, answer: Answer) -> Reply {
    Reply { job, answer }
}

fn curves_answer() -> Answer {
    Answer::Curves {
        curves: Vec::new(),
        cover: Vec::new(),
    }
}

fn numbers(requests: &[Request]) -> Vec<u64> {
    requests.iter().map(|r| r.job).collect()
}

#[test]
fn a_first_visit_asks_the_first_engine_for_its_chart_and_keeps_the_rest_for_the_whole() {
    let mut c = Client::default();
    assert_eq!(c.engine(), Engine::First);
    let f = c.request(fit);
    let k = c.request(curves(1));
    let d = c.request(diagnose);
    // The fit and the curves go now; the diagnostics wait, kept, and do not start the whole
    // engine while the chart is pending.
    assert!(c.goes_now(&f) && c.goes_now(&k) && !c.goes_now(&d));
    assert!(!c.whole_due());
    // The rows of a job spread over the pool, and the spread itself, wait too.
    assert_eq!(c.as_is(rows(3)), None);
    assert!(c.split_later(3, 2, &backtest_work()));
    // The fit answered, then progress of the curves: still the first engine.
    c.replied(&reply(1, Answer::Fits { fits: Vec::new() }));
    let progress = reply(
        2,
        Answer::Progress {
            job_kind: JobKind::Curves,
            text: String::new(),
            done: None,
        },
    );
    c.replied(&progress);
    assert!(!c.whole_due());
    // The curves came: the whole engine starts and is sent the series (answered by the first
    // engine, so sent again), the diagnostics, then the held rows; then the spread.
    let done = reply(2, curves_answer());
    c.replied(&done);
    assert!(c.whole_due());
    let to = c.to_whole();
    assert_eq!(numbers(&to.requests), [1, 3, 3]);
    assert!(matches!(to.requests[2].ask, Ask::Rows { .. }));
    assert_eq!(to.splits.len(), 1);
    assert_eq!(c.engine(), Engine::Whole);
    // The fit is the whole engine's to answer: kept, should it fail and restart.
    assert_eq!(numbers(c.unanswered()), [1, 3]);
    assert_eq!(numbers(&c.worker_failed("gone").unanswered), [1, 3]);
    // Not ready until the whole engine says so; from now every request goes to it.
    assert!(!c.ready());
    let d2 = c.request(diagnose);
    assert!(c.goes_now(&d2) && !c.whole_due());
    assert_eq!(c.as_is(rows(4)).map(|r| r.job), Some(4));
    assert!(!c.split_later(4, 2, &backtest_work()));
}

#[test]
fn a_file_or_a_request_with_no_chart_pending_starts_the_whole_engine_at_once() {
    // Nothing of the chart pending: a request of the whole engine's starts it.
    let mut c = Client::default();
    c.request(diagnose);
    assert!(c.whole_due());
    let to = c.to_whole();
    // No fit was asked: nothing sent before it.
    assert_eq!(numbers(&to.requests), [1]);
    // The chart pending, a file to read still starts it.
    let mut c = Client::default();
    c.request(fit);
    c.request(|job| Request {
        job,
        ask: Ask::Store { files: Vec::new() },
    });
    assert!(c.whole_due());
    // The fit, still unanswered, is sent once, in its place.
    assert_eq!(numbers(&c.to_whole().requests), [1, 2]);
}

#[test]
fn the_first_engine_takes_only_its_own_jobs() {
    let mut c = Client::default();
    // A bootstrap band spread over the pool needs the other workers' rows: the whole engine's.
    let pooled = c.request(curves(2));
    assert!(!c.goes_now(&pooled));
    let own = c.request(curves(0));
    assert!(c.goes_now(&own));
    // Cancels of its job kinds go to it; others wait.
    let cancel = |job_kind| {
        move |job| Request {
            job,
            ask: Ask::Cancel { job_kind },
        }
    };
    assert!(c.goes_now(&c.clone().request(cancel(JobKind::Curves))));
    assert!(!c.goes_now(&c.clone().request(cancel(JobKind::Backtest))));
    // Only the newest spread of a kind is kept (of a job still asked for).
    let first = c.request(backtest).job;
    c.split_later(first, 2, &backtest_work());
    let newer = c.request(backtest).job;
    c.split_later(newer, 2, &backtest_work());
    let split: Vec<u64> = c.to_whole().splits.iter().map(|s| s.0).collect();
    assert_eq!(split, [newer]);
}

#[test]
fn on_the_page_the_whole_engine_runs_at_once() {
    let mut c = Client::default();
    c.on_page();
    assert_eq!(c.engine(), Engine::Whole);
    let d = c.request(diagnose);
    assert!(c.goes_now(&d) && !c.whole_due());
}

#[test]
fn the_whole_engine_starts_once_nothing_of_the_chart_is_pending_however_that_comes() {
    // A band spread over the pool (not the first engine's): due once the fit is answered.
    let mut c = Client::default();
    c.request(fit);
    c.request(curves(2));
    assert!(!c.whole_due());
    c.replied(&reply(1, Answer::Fits { fits: Vec::new() }));
    assert!(c.whole_due());
    assert_eq!(numbers(&c.to_whole().requests), [1, 2]);
    // The curves cancelled while other requests wait: due at once.
    let mut c = Client::default();
    c.request(fit);
    c.request(curves(1));
    c.request(diagnose);
    c.replied(&reply(1, Answer::Fits { fits: Vec::new() }));
    assert!(!c.whole_due());
    c.request(|job| Request {
        job,
        ask: Ask::Cancel {
            job_kind: JobKind::Curves,
        },
    });
    assert!(c.whole_due());
}

#[test]
fn a_cancelled_fit_and_the_spreads_of_jobs_no_longer_asked_for_are_not_sent_to_the_whole() {
    let mut c = Client::default();
    c.request(fit);
    c.request(|job| Request {
        job,
        ask: Ask::Cancel {
            job_kind: JobKind::Fit,
        },
    });
    // A backtest asked (job 3), spread, then cancelled; another (job 5) still asked.
    c.request(backtest);
    c.split_later(3, 2, &backtest_work());
    c.request(|job| Request {
        job,
        ask: Ask::Cancel {
            job_kind: JobKind::Backtest,
        },
    });
    c.request(diagnose);
    let to = c.to_whole();
    assert_eq!(
        numbers(&to.requests),
        [5],
        "neither the cancelled fit nor the backtest"
    );
    assert!(to.splits.is_empty());
}
