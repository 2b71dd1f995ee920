//! The pool's state machine, natively: who gets which part, what reaches the home worker,
//! and every failure path (a worker that cannot start, cannot be posted to, fails its part,
//! dies before or after handing it over; the home worker restarting).

use passk_core::analysis::{BandRows, Part};
use passk_core::settings::Settings;
use passk_protocol::{Answer, Ask, JobKind, Pooled, Reply, Request, Rows, Work};
use passk_workers::pool::{line, Pool, Workers};

/// A worker of the tests: its index and the how-many-th started.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Fake {
    index: u32,
    born: u32,
}

/// Everything the pool asked of the world.
#[derive(Default)]
struct World {
    started: u32,
    /// Indexes whose worker cannot start.
    cannot_start: Vec<u32>,
    /// Indexes whose worker refuses posts.
    refuses: Vec<u32>,
    posted: Vec<(Fake, Request)>,
    stopped: Vec<Fake>,
    first: Vec<Request>,
    handed: Vec<(Pooled, u32)>,
}

impl Workers for World {
    type Worker = Fake;
    fn start(&mut self, index: u32) -> Option<Fake> {
        if self.cannot_start.contains(&index) {
            return None;
        }
        self.started += 1;
        Some(Fake {
            index,
            born: self.started,
        })
    }
    fn post(&mut self, w: &Fake, req: &Request) -> bool {
        if self.refuses.contains(&w.index) {
            return false;
        }
        self.posted.push((*w, req.clone()));
        true
    }
    fn terminate(&mut self, w: Fake) {
        self.stopped.push(w);
    }
    fn to_home(&mut self, req: Request) {
        self.first.push(req);
    }
    fn handed(&mut self, kind: Pooled, handed: u32) {
        self.handed.push((kind, handed));
    }
}

impl World {
    /// What worker `index` was posted, in order, as (job, what).
    fn asks_of(&self, index: u32) -> Vec<(u64, &Ask)> {
        (self.posted.iter())
            .filter(|(w, _)| w.index == index)
            .map(|(_, r)| (r.job, &r.ask))
            .collect()
    }

    /// The parts handed to the home worker: (job, kind, part index, whether with rows).
    fn to_home(&self) -> Vec<(u64, Pooled, u32, bool)> {
        (self.first.iter())
            .map(|r| match &r.ask {
                Ask::Rows { kind, part, rows } => (r.job, *kind, part.index, rows.is_some()),
                other => panic!("not rows: {other:?}"),
            })
            .collect()
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

fn band(data: u64) -> Work {
    Work::Band {
        data,
        k_max: 1000,
        settings: Settings::default(),
    }
}

fn backtest(data: u64) -> Work {
    Work::Backtest {
        data,
        settings: Settings::default(),
        ks: vec![1, 10],
        repeats: 2,
    }
}

fn rows_reply(job: u64, index: u32, of: u32) -> Reply {
    Reply {
        job,
        answer: Answer::Rows {
            part: Part { index, of },
            rows: Rows::band(vec![BandRows::new()]),
        },
    }
}

#[test]
fn each_other_worker_gets_the_fit_once_and_its_part() {
    let (mut pool, mut w) = (Pool::default(), World::default());
    let f = fit(1);
    pool.assign(&mut w, 2, 3, &band(1), Some(&f));
    assert_eq!(w.started, 2);
    for index in [1, 2] {
        let asks = w.asks_of(index);
        assert!(matches!(asks[0], (1, Ask::Fit { .. })), "{asks:?}");
        assert!(
            matches!(asks[1], (2, Ask::Part { work: Work::Band { data: 1, .. }, part }) if *part == Part { index, of: 3 }),
            "{asks:?}"
        );
        assert_eq!(pool.fit_of(index), Some(1));
    }
    assert!(w.first.is_empty());
    // The next job of the same fit: the series are not sent again.
    pool.assign(&mut w, 3, 3, &backtest(1), Some(&f));
    assert!(matches!(
        w.asks_of(1)[2],
        (
            3,
            Ask::Part {
                work: Work::Backtest { .. },
                ..
            }
        )
    ));
    assert_eq!(w.asks_of(1).len(), 3);
}

#[test]
fn rows_of_the_running_job_go_to_the_home_worker_and_others_do_not() {
    let (mut pool, mut w) = (Pool::default(), World::default());
    pool.assign(&mut w, 2, 3, &band(1), Some(&fit(1)));
    // Another job's rows, and a part that is not this worker's: dropped.
    pool.on_reply(&mut w, 1, rows_reply(9, 1, 3));
    pool.on_reply(&mut w, 1, rows_reply(2, 2, 3));
    assert!(w.first.is_empty());
    pool.on_reply(&mut w, 2, rows_reply(2, 2, 3));
    assert_eq!(w.to_home(), [(2, Pooled::Band, 2, true)]);
    assert_eq!(w.handed, [(Pooled::Band, 1)]);
}

#[test]
fn a_worker_that_dies_gives_its_part_back_unless_it_handed_it_over() {
    let (mut pool, mut w) = (Pool::default(), World::default());
    pool.assign(&mut w, 2, 3, &band(1), Some(&fit(1)));
    pool.on_reply(&mut w, 1, rows_reply(2, 1, 3));
    pool.failed(&mut w, 1);
    pool.failed(&mut w, 2);
    assert_eq!(
        w.to_home(),
        [(2, Pooled::Band, 1, true), (2, Pooled::Band, 2, false)]
    );
    assert_eq!(w.stopped.len(), 2);
    assert_eq!(pool.running(), 0);
    // The next job starts new workers in their place.
    pool.assign(&mut w, 5, 3, &band(1), Some(&fit(1)));
    assert_eq!((w.started, pool.running()), (4, 2));
}

#[test]
fn a_failed_part_and_an_unreadable_request_go_back_to_the_first() {
    let (mut pool, mut w) = (Pool::default(), World::default());
    pool.assign(&mut w, 2, 3, &band(1), Some(&fit(1)));
    pool.assign(&mut w, 3, 2, &backtest(1), Some(&fit(1)));
    let failed = |job, job_kind| Reply {
        job,
        answer: Answer::Failed {
            job_kind,
            message: "why".into(),
        },
    };
    // Worker 2's band part fails: only that part comes back.
    pool.on_reply(&mut w, 2, failed(2, JobKind::Part(Pooled::Band)));
    // Worker 1 cannot read a request (job 0): every part it has comes back.
    pool.on_reply(&mut w, 1, failed(0, JobKind::Read));
    assert_eq!(
        w.to_home(),
        [
            (2, Pooled::Band, 2, false),
            (2, Pooled::Band, 1, false),
            (3, Pooled::Backtest, 1, false)
        ]
    );
}

#[test]
fn a_worker_that_cannot_start_or_be_posted_to_has_its_part_done_by_the_first() {
    let mut w = World {
        cannot_start: vec![1],
        refuses: vec![2],
        ..World::default()
    };
    let mut pool = Pool::default();
    pool.assign(&mut w, 4, 4, &band(1), Some(&fit(1)));
    assert_eq!(
        w.to_home(),
        [(4, Pooled::Band, 1, false), (4, Pooled::Band, 2, false)]
    );
    assert_eq!(w.asks_of(3).len(), 2);
    // A worker that refused the fit does not hold it.
    assert_eq!(pool.fit_of(2), Some(0));
}

#[test]
fn a_restarted_home_worker_is_sent_again_what_it_was_handed_and_a_cancel_forgets_it() {
    let (mut pool, mut w) = (Pool::default(), World::default());
    pool.assign(&mut w, 2, 3, &band(1), Some(&fit(1)));
    pool.on_reply(&mut w, 1, rows_reply(2, 1, 3));
    pool.failed(&mut w, 2);
    w.first.clear();
    pool.resend(&mut w);
    assert_eq!(
        w.to_home(),
        [(2, Pooled::Band, 1, true), (2, Pooled::Band, 2, false)]
    );
    // Cancelled: the others stop their parts (a cancel newer than the parts), nothing is
    // kept to send again.
    pool.cancel(&mut w, JobKind::Curves, 7);
    let cancels: Vec<_> = (w.posted.iter())
        .filter(|(_, r)| {
            matches!(
                r.ask,
                Ask::Cancel {
                    job_kind: JobKind::Part(Pooled::Band)
                }
            )
        })
        .map(|(f, r)| (f.index, r.job))
        .collect();
    assert_eq!(cancels, [(1, 7)]);
    w.first.clear();
    pool.resend(&mut w);
    assert!(w.first.is_empty());
}

#[test]
fn fewer_workers_end_the_parts_beyond_and_give_them_back() {
    let (mut pool, mut w) = (Pool::default(), World::default());
    pool.assign(&mut w, 2, 4, &band(1), Some(&fit(1)));
    // The next backtest needs two: worker 2 and 3 are told to stop their backtest parts.
    pool.assign(&mut w, 3, 2, &backtest(1), Some(&fit(1)));
    for index in [2, 3] {
        let last = *w.asks_of(index).last().unwrap();
        assert!(matches!(
            last,
            (
                3,
                Ask::Cancel {
                    job_kind: JobKind::Part(Pooled::Backtest)
                }
            )
        ));
    }
    // The user chooses two workers in all: 2 and 3 stop, their band parts come back.
    pool.resize(2, &mut w);
    assert_eq!(pool.running(), 1);
    assert_eq!(
        w.to_home(),
        [(2, Pooled::Band, 2, false), (2, Pooled::Band, 3, false)]
    );
}

#[test]
fn progress_across_the_workers_counts_every_part() {
    let (mut pool, mut w) = (Pool::default(), World::default());
    pool.assign(&mut w, 2, 3, &band(1), Some(&fit(1)));
    let (text, done) = pool.across(JobKind::Curves, 2, "x".into(), Some((10, 100)));
    // The others have not counted: as many steps as the first.
    assert_eq!(done, Some((10, 300)));
    assert_eq!(text, line(Pooled::Band, 3, 10, 300));
    let progress = Reply {
        job: 2,
        answer: Answer::Progress {
            job_kind: JobKind::Part(Pooled::Band),
            text: String::new(),
            done: Some((50, 100)),
        },
    };
    pool.on_reply(&mut w, 2, progress);
    // The first says nothing while it waits: its last count stands.
    assert_eq!(
        pool.across(JobKind::Curves, 2, "x".into(), None).1,
        Some((60, 300))
    );
    // Not spread, or another job: as it is.
    assert_eq!(
        pool.across(JobKind::Fit, 2, "y".into(), Some((1, 2))),
        ("y".into(), Some((1, 2)))
    );
    assert_eq!(
        pool.across(JobKind::Curves, 9, "z".into(), None),
        ("z".into(), None)
    );
    // A part handed back is the first's now: its worker's count goes.
    pool.failed(&mut w, 2);
    assert_eq!(
        pool.across(JobKind::Curves, 2, "x".into(), None).1,
        Some((10, 300))
    );
}
