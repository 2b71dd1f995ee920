//! The engine's jobs natively (a host whose pause never waits): each request's reply equals
//! the direct computation, a superseded or cancelled job never replies, a request for series
//! that are no longer held fails, refits keep the fits of unchanged series; and every message
//! survives the worker boundary's encoding (`codec`; as the browser posts it in tests/web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

use passk_core::analysis::backtest::BacktestRun;
use passk_core::analysis::compare::{compare_all, Pairs};
use passk_core::analysis::diagnose;
use passk_core::analysis::forecast::SeriesForecast;
use passk_core::analysis::paired_outcome;
use passk_core::analysis::plan;
use passk_core::analysis::Part;
use passk_core::analysis::{cover_curves, series_curves, SeriesCurves};
use passk_core::data::Counts;
use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_core::estimators::Estimator;
use passk_core::estimators::Tau;
use passk_core::eval::SeriesFit;
use passk_core::report::Report;
use passk_core::report::{attach_backtests, SeriesBacktest};
use passk_core::report::{build_report, build_report_fitted};
use passk_core::settings::{BandKind, Options, Settings};
use passk_protocol::{
    Answer, Ask, CurvesAsk, InRows, JobKind, Pooled, ReadFile, Reply, Request, Rows, SeriesOutlook,
    Work,
};

use passk_core::analysis::BandRows;
use passk_engine::runner::Engine;
use passk_protocol::ReportWire;

use passk_engine::job::Host;
use passk_io::read::{read_bytes, Format};
use passk_protocol::source::Source;
use passk_protocol::{codec, samples, FirstReply, FirstRequest};

/// A host with a clock that moves 40 ms per reading (every tick pauses); `on_pause` runs at
/// each pause (a request arriving meanwhile); with `yields`, a pause gives other jobs a turn
/// (it is pending once), as the worker's event loop does.
struct Test {
    clock: Cell<f64>,
    replies: RefCell<Vec<Reply>>,
    on_pause: RefCell<Option<Box<dyn FnMut()>>>,
    yields: Cell<bool>,
}

/// A future pending once (waking itself), then ready.
struct YieldOnce(bool);

impl Future for YieldOnce {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            return Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

impl Host for Test {
    fn pause(&self) -> Pin<Box<dyn Future<Output = ()>>> {
        if let Some(f) = self.on_pause.borrow_mut().as_mut() {
            f();
        }
        if self.yields.get() {
            return Box::pin(YieldOnce(false));
        }
        Box::pin(std::future::ready(()))
    }
    fn now_ms(&self) -> f64 {
        self.clock.set(self.clock.get() + 40.0);
        self.clock.get()
    }
    fn send(&self, reply: Reply) {
        self.replies.borrow_mut().push(reply);
    }
}

fn host() -> Rc<Test> {
    Rc::new(Test {
        clock: Cell::new(0.0),
        replies: RefCell::new(Vec::new()),
        on_pause: RefCell::new(None),
        yields: Cell::new(false),
    })
}

/// Runs a future whose pauses are all ready.
fn block_on<F: Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
}

/// Accepts and runs one request; the replies other than progress.
fn run(engine: &Rc<Engine>, h: &Rc<Test>, req: Request) -> Vec<Reply> {
    engine.accept(&req);
    h.replies.borrow_mut().clear();
    block_on(engine.clone().run(req, h.clone() as Rc<dyn Host>));
    h.replies
        .borrow()
        .iter()
        .filter(|r| !r.is_progress())
        .cloned()
        .collect()
}

/// The one answer of `got` (a panic with them all if there is not exactly one).
fn one_answer(got: &[Reply]) -> &Answer {
    match got {
        [r] => &r.answer,
        _ => panic!("{got:?}"),
    }
}

fn examples() -> Vec<Dataset> {
    passk_fixtures::load(&[
        passk_fixtures::real("deepscaler_base.jsonl"),
        passk_fixtures::real("deepscaler_rl.jsonl"),
    ])
}

/// An engine holding the examples' fits as fit job 1, and its host.
fn fitted() -> (Vec<Dataset>, Rc<Engine>, Rc<Test>) {
    let ds = examples();
    let (engine, h) = (Engine::new(), host());
    let fit = Request {
        job: 1,
        ask: Ask::Fit {
            datasets: ds.clone(),
        },
    };
    run(&engine, &h, fit);
    (ds, engine, h)
}

fn curves_request(job: u64, data: u64, band: BandKind) -> Request {
    Request {
        job,
        ask: Ask::Curves(CurvesAsk {
            data,
            k_max: 1000,
            band,
            settings: Settings::default(),
            taus: vec![Tau::parse("0.5").unwrap()],
            scaled: false,
            pool: 0,
        }),
    }
}

#[test]
fn each_reply_is_the_direct_computation() {
    let ds = examples();
    let (engine, h) = (Engine::new(), host());
    let fits: Vec<SeriesFit> = ds.iter().map(SeriesFit::new).collect();
    let got = run(
        &engine,
        &h,
        Request {
            job: 1,
            ask: Ask::Fit {
                datasets: ds.clone(),
            },
        },
    );
    assert_eq!(
        got,
        vec![Reply {
            job: 1,
            answer: Answer::Fits { fits: fits.clone() }
        }]
    );

    let got = run(&engine, &h, curves_request(2, 1, BandKind::Credible));
    let [Reply {
        job: 2,
        answer: Answer::Curves { curves, cover },
    }] = &got[..]
    else {
        panic!("{got:?}")
    };
    assert_eq!(curves.len(), 2);
    assert_eq!(curves[0].ks.first(), Some(&1));
    assert_eq!(curves[0].ks.last(), Some(&1000));
    // Drawn in slices of the grid, equal to the whole grid at once.
    let whole = series_curves(
        &ds[0],
        &fits[0],
        &curves[0].ks,
        &Settings::default(),
        BandKind::Credible,
    );
    assert_eq!(curves[0], whole);
    assert_eq!(
        cover[1],
        cover_curves(&fits[1], &[Tau::parse("0.5").unwrap()], 50)
    );
    assert!(curves[0]
        .curve(Estimator::ScaledBeta)
        .iter()
        .all(Option::is_none));
    // With the scaled fits: fitted once, and their curves those of the series with them.
    let mut req = curves_request(2, 1, BandKind::Credible);
    if let Ask::Curves(CurvesAsk { scaled, .. }) = &mut req.ask {
        *scaled = true;
    }
    let got = run(&engine, &h, req);
    let [Reply {
        answer: Answer::Curves { curves, .. },
        ..
    }] = &got[..]
    else {
        panic!("{got:?}")
    };
    let with = fits[0].clone().with_scaled();
    let whole = series_curves(
        &ds[0],
        &with,
        &curves[0].ks,
        &Settings::default(),
        BandKind::Credible,
    );
    assert_eq!(curves[0], whole);
    assert!(whole
        .curve(Estimator::Kumaraswamy)
        .iter()
        .all(Option::is_some));

    let got = run(
        &engine,
        &h,
        Request {
            job: 3,
            ask: Ask::Backtest {
                data: 1,
                settings: Settings::default(),
                ks: vec![1, 256],
                repeats: 3,
                pool: 0,
            },
        },
    );
    let direct: Vec<SeriesBacktest> = ds
        .iter()
        .zip(&fits)
        .map(|(d, f)| {
            let r = BacktestRun::new(d, &f.fits.unwrap(), &Settings::default(), 3).map(|mut r| {
                while r.step() {}
                r.finish()
            });
            SeriesBacktest::new(&d.name, f.groups.n_min(), &[1, 256], 3, r)
        })
        .collect();
    // Compared as printed: the scaled fits' errors where a subsample has two samples per
    // task are NaN, which `==` never equals.
    let want = vec![Reply {
        job: 3,
        answer: Answer::Backtests { backtests: direct },
    }];
    assert_eq!(format!("{got:?}"), format!("{want:?}"));
    let Answer::Backtests { backtests } = &got[0].answer else {
        panic!()
    };
    assert!(backtests[0]
        .backtest
        .candidates()
        .contains(&Estimator::Kumaraswamy));

    let got = run(
        &engine,
        &h,
        Request {
            job: 4,
            ask: Ask::Diagnose {
                data: 1,
                series: Some("deepscaler_rl".into()),
                folds: 3,
            },
        },
    );
    let want = diagnose(&ds[1], &fits[1], 3);
    assert_eq!(
        got,
        vec![Reply {
            job: 4,
            answer: Answer::Diagnostics {
                diagnostics: Some(Box::new(want)),
            }
        }]
    );

    // The paired difference, one resample per slice, equals the whole computation.
    let boot = Settings {
        bootstrap: 60,
        ..Settings::default()
    };
    let got = run(&engine, &h, paired_request(5, 1, &boot));
    let want = paired_outcome(&ds[1], &ds[0], &boot);
    assert!(want.as_ref().is_ok_and(|o| o.pairs > 0));
    assert_eq!(
        got,
        vec![Reply {
            job: 5,
            answer: Answer::Paired {
                outcome: Some(want),
            }
        }]
    );
    // A series not among those fitted: no outcome (not an error).
    let got = run(
        &engine,
        &h,
        Request {
            job: 6,
            ask: Ask::Paired {
                data: 1,
                a: "gone".into(),
                b: "deepscaler_base".into(),
                settings: boot,
            },
        },
    );
    assert_eq!(
        got,
        vec![Reply {
            job: 6,
            answer: Answer::Paired { outcome: None }
        }]
    );

    let got = run(&engine, &h, plan_request(7, 1));
    let g = &fits[0].groups;
    let want = plan(g, 8, 0.01, 0.95).map(|p| (p, (g.n_min(), g.n_max())));
    assert!(want.is_ok());
    assert_eq!(
        got,
        vec![Reply {
            job: 7,
            answer: Answer::Plan {
                plan: Some(want.map_err(|e| e.to_string())),
            }
        }]
    );
    // A refused plan says why.
    let got = run(
        &engine,
        &h,
        Request {
            job: 8,
            ask: Ask::Plan {
                data: 1,
                series: "deepscaler_base".into(),
                k: 0,
                half_width: 0.01,
                confidence: 0.95,
            },
        },
    );
    assert_eq!(
        got,
        vec![Reply {
            job: 8,
            answer: Answer::Plan {
                plan: Some(Err("k must be at least 1".into())),
            }
        }]
    );
}

/// Every pair of the examples at k = 1, 8, 64 (fit job `data`), with `resamples`.
fn compare_request(job: u64, data: u64, resamples: u64) -> Request {
    Request {
        job,
        ask: Ask::Compare {
            data,
            ks: vec![1, 8, 64],
            settings: Settings {
                bootstrap: resamples,
                ..Settings::default()
            },
        },
    }
}

#[test]
fn the_comparison_reply_is_passk_compare() {
    let (ds, engine, h) = fitted();
    let got = run(&engine, &h, compare_request(5, 1, 50));
    let settings = Settings {
        bootstrap: 50,
        ..Settings::default()
    };
    let want = compare_all(&ds, &[1, 8, 64], Pairs::All, &settings);
    assert_eq!(
        got,
        vec![Reply {
            job: 5,
            answer: Answer::Comparison { comparison: want }
        }]
    );
}

#[test]
fn the_ranking_reply_is_passk_rank() {
    use passk_core::analysis::rank::{rank_all, Outcomes, RankOptions, METHODS};
    let (ds, engine, h) = fitted();
    let options = RankOptions {
        resamples: 10,
        k: 4,
        ..RankOptions::default()
    };
    let got = run(
        &engine,
        &h,
        Request {
            job: 6,
            ask: Ask::Rank { data: 1, options },
        },
    );
    let refs: Vec<&passk_core::data::Dataset> = ds.iter().filter(|d| !d.tasks.is_empty()).collect();
    let keys: Vec<&str> = METHODS.iter().map(|m| m.key).collect();
    let want = rank_all(&Outcomes::of(&refs), &keys, &options).unwrap();
    assert_eq!(
        got,
        vec![Reply {
            job: 6,
            answer: Answer::Ranking {
                ranking: Box::new(want),
                names: refs.iter().map(|d| d.name.clone()).collect(),
            }
        }]
    );
}

/// The forecasts of the examples (fit job `data`) with one reach target.
fn forecast_request(job: u64, data: u64, target: f64) -> Request {
    Request {
        job,
        ask: Ask::Forecast {
            data,
            options: Options {
                forecast: true,
                reach: vec![target],
                ..Options::default()
            },
            pool: 1,
        },
    }
}

#[test]
fn the_forecasts_reply_is_the_reports_forecasts() {
    let (ds, engine, h) = fitted();
    let request = forecast_request(6, 1, 0.9);
    let Ask::Forecast { options, .. } = request.ask.clone() else {
        unreachable!()
    };
    let got = run(&engine, &h, request);
    let report = build_report(&ds, vec![Vec::new(); ds.len()], &options);
    let want: Vec<_> = report
        .models
        .into_iter()
        .map(|m| (m.name, m.forecast.expect("forecasts")))
        .collect();
    assert_eq!(want.len(), 2);
    assert_eq!(
        got,
        vec![Reply {
            job: 6,
            answer: Answer::Forecasts {
                forecasts: want,
                skipped: Vec::new()
            }
        }]
    );
}

/// The report's forecasts of `ds` with one reach target.
fn report_forecasts(ds: &[Dataset], target: f64) -> Vec<(String, SeriesForecast)> {
    let Ask::Forecast { options, .. } = forecast_request(0, 0, target).ask else {
        unreachable!()
    };
    build_report(ds, vec![Vec::new(); ds.len()], &options)
        .models
        .into_iter()
        .map(|m| (m.name, m.forecast.expect("forecasts")))
        .collect()
}

#[test]
fn a_new_reach_target_is_the_reports_and_a_changed_count_is_refitted() {
    let (mut ds, engine, h) = fitted();
    let forecasts = |got: Vec<Reply>| match &got[..] {
        [Reply {
            answer: Answer::Forecasts { forecasts, .. },
            ..
        }] => forecasts.clone(),
        _ => panic!("{got:?}"),
    };
    // The same fit, one target then another (the second from the kept intervals and curves).
    let first = forecasts(run(&engine, &h, forecast_request(6, 1, 0.9)));
    assert_eq!(first, report_forecasts(&ds, 0.9));
    let second = forecasts(run(&engine, &h, forecast_request(7, 1, 0.5)));
    assert_eq!(second, report_forecasts(&ds, 0.5));
    assert_ne!(first, second);
    // One count changed: fit job 2, whose forecasts are the changed data's.
    let mut tasks = ds[0].tasks.clone().into_vec();
    let t = tasks[0].counts;
    tasks[0].counts = Counts::new(t.n(), if t.c() == 0 { 1 } else { t.c() - 1 }).unwrap();
    ds[0].tasks = tasks.into();
    run(
        &engine,
        &h,
        Request {
            job: 8,
            ask: Ask::Fit {
                datasets: ds.clone(),
            },
        },
    );
    let third = forecasts(run(&engine, &h, forecast_request(9, 8, 0.5)));
    assert_eq!(third, report_forecasts(&ds, 0.5));
    assert_ne!(third[0].1.scaled_beta, second[0].1.scaled_beta);
    assert_eq!(third[1], second[1]);
}

/// The paired difference RL − base of the examples (fit job `data`).
fn paired_request(job: u64, data: u64, settings: &Settings) -> Request {
    Request {
        job,
        ask: Ask::Paired {
            data,
            a: "deepscaler_rl".into(),
            b: "deepscaler_base".into(),
            settings: settings.clone(),
        },
    }
}

/// The plan of the base example at k = 8 for ±1 point at 95 %.
fn plan_request(job: u64, data: u64) -> Request {
    Request {
        job,
        ask: Ask::Plan {
            data,
            series: "deepscaler_base".into(),
            k: 8,
            half_width: 0.01,
            confidence: 0.95,
        },
    }
}

/// A file read by the engine in slices (progress after each) is the file read at once.
#[test]
fn a_file_read_in_slices_is_the_file_read_at_once() {
    let mut text = String::from("task_id,n,c\n");
    for i in 0..250_000u32 {
        text.push_str(&format!("t{i},{},{}\n", 10 + i % 7, i % 11));
    }
    text.push_str("bad,5,9\n");
    let bytes = text.into_bytes();
    assert!(bytes.len() > 2 << 20, "several slices");
    let (engine, h) = (Engine::new(), host());
    let req = |job, format| Request {
        job,
        ask: Ask::Read(ReadFile {
            source: Source(bytes.clone()),
            name: "runs.csv".into(),
            format,
            options: Default::default(),
        }),
    };
    let got = run(&engine, &h, req(1, None));
    let want = read_bytes("runs.csv", "runs", &bytes, None);
    assert_eq!(want.rejected.len(), 1);
    assert_eq!(
        got,
        vec![Reply {
            job: 1,
            answer: Answer::Read {
                read: Box::new(want),
            }
        }]
    );
    let done: Vec<(u64, u64)> = h
        .replies
        .borrow()
        .iter()
        .filter_map(|r| match r {
            Reply {
                answer: Answer::Progress { done, .. },
                ..
            } => *done,
            _ => None,
        })
        .collect();
    let total = bytes.len() as u64;
    assert_eq!(done.len() as u64, total.div_ceil(1 << 20));
    assert_eq!(done.last(), Some(&(total, total)));
    assert!(done.windows(2).all(|w| w[0].0 < w[1].0));
    // A chosen format is the reader's too.
    let got = run(&engine, &h, req(2, Some(Format::CountsText)));
    let want = read_bytes("runs.csv", "runs", &bytes, Some(Format::CountsText));
    assert_eq!(
        got,
        vec![Reply {
            job: 2,
            answer: Answer::Read {
                read: Box::new(want),
            }
        }]
    );
}

/// Each series' rejected rows for the report requests.
fn rejected() -> Vec<Vec<Rejected>> {
    vec![
        vec![Rejected {
            file: "deepscaler_base.jsonl".into(),
            line: 7,
            reason: "c > n".into(),
        }],
        vec![],
    ]
}

/// The table's report and the download's (CV-ELPD, bootstrap bands) are, unpacked, the
/// report `passk report` builds from the same fits — `short` (why a value is null, which the
/// file leaves out) included.
#[test]
fn the_report_reply_is_the_direct_report() {
    let (ds, engine, h) = fitted();
    let fits: Vec<SeriesFit> = ds.iter().map(SeriesFit::new).collect();
    let table = Options {
        cv: false,
        ks: vec![1, 8, 64, 1000],
        ..Options::default()
    };
    let mut full = Options {
        ks: vec![1, 10, 100],
        ..Options::default()
    };
    full.settings.bootstrap = 30;
    full.settings.folds = 3;
    for (job, options, is_full) in [(2, table, false), (3, full, true)] {
        let got = run(
            &engine,
            &h,
            Request {
                job,
                ask: Ask::Report {
                    data: 1,
                    rejected: rejected(),
                    options: options.clone(),
                    full: is_full,
                },
            },
        );
        let want = build_report_fitted(&ds, &fits, rejected(), &options);
        // The table's report comes first without the count scores, then whole, from the same
        // job; the download's whole at once.
        let (first, last) = match &got[..] {
            [one] if is_full => (None, one),
            [first, last] if !is_full => (Some(first), last),
            _ => panic!("{got:?}"),
        };
        if let Some(first) = first {
            let Reply {
                job: j,
                answer:
                    Answer::Report {
                        full: false,
                        report,
                        counts_pending: true,
                    },
            } = first
            else {
                panic!("{first:?}")
            };
            assert_eq!(*j, job);
            let mut without = want.clone();
            for m in &mut without.models {
                assert!(!m.g_pass_at_k.is_empty() && !m.tailpass.is_empty());
                m.g_pass_at_k.clear();
                m.mg_pass_at_k.clear();
                m.maj_strict_at_k.clear();
                m.auc_at_k.clear();
                m.geom_at_k.clear();
                m.geom_ds_at_k.clear();
                m.geo_spectrum_at_k.clear();
                m.tailpass.clear();
            }
            assert_eq!((**report).clone().unpack(), without);
        }
        let Reply {
            job: j,
            answer:
                Answer::Report {
                    full: f,
                    report,
                    counts_pending: false,
                },
        } = last
        else {
            panic!("{last:?}")
        };
        assert_eq!((*j, *f), (job, is_full));
        let report = (**report).clone().unpack();
        assert_eq!(report, want);
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            serde_json::to_string(&want).unwrap()
        );
        if !is_full {
            // k = 1000 > n: the unbiased value is null and `short` says why.
            let short = report.models[0].pass_at_k[3].short;
            assert!(
                short.is_some_and(|s| s.k == 1000 && s.tasks > 0),
                "{short:?}"
            );
        } else {
            assert!(report.models[0].cv_elpd.is_some());
            assert!(report.models[0].pass_at_k[0].bootstrap.is_some());
        }
    }
    // A report for series no longer held fails.
    let got = run(
        &engine,
        &h,
        Request {
            job: 4,
            ask: Ask::Report {
                data: 99,
                rejected: vec![],
                options: Options::default(),
                full: false,
            },
        },
    );
    assert!(
        matches!(
            &got[..],
            [Reply {
                job: 4,
                answer: Answer::Failed {
                    job_kind: JobKind::TableReport,
                    ..
                }
            }]
        ),
        "{got:?}"
    );
}

/// A report is run part by part: a newer report request (another k list) arriving while a
/// series is being reported stops it before its next part, with no reply (the report once
/// paused only between series, so a series of 10⁶ tasks ran to its end).
#[test]
fn a_new_k_list_supersedes_the_report_it_replaces_within_a_series() {
    let (_, engine, h) = fitted();
    let report = |job: u64, ks: Vec<u64>| Request {
        job,
        ask: Ask::Report {
            data: 1,
            rejected: rejected(),
            options: Options {
                ks,
                ..Options::default()
            },
            full: false,
        },
    };
    let pauses = Rc::new(Cell::new(0u32));
    let (e, p, newer) = (engine.clone(), pauses.clone(), report(9, vec![1, 2]));
    *h.on_pause.borrow_mut() = Some(Box::new(move || {
        p.set(p.get() + 1);
        // The third pause is inside the first series (two pauses were all a report of two
        // series had).
        if p.get() == 3 {
            e.accept(&newer);
        }
    }));
    let got = run(&engine, &h, report(8, vec![1, 5, 10, 50, 100, 128]));
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(pauses.get(), 3);
    // The newer one runs to its reply.
    *h.on_pause.borrow_mut() = None;
    let got = run(&engine, &h, report(9, vec![1, 2]));
    let pending: Vec<bool> = got
        .iter()
        .filter_map(|r| match r.answer {
            Answer::Report { counts_pending, .. } => Some(counts_pending),
            _ => None,
        })
        .collect();
    assert_eq!(pending, [true, false], "{got:?}");
}

/// The report reads back as the document written (through serde's data model, as across the
/// worker boundary; serde_json's text parser may round the last bit of a float): every field
/// but `short`, which the file leaves out; a present-but-null `auto` stays present; another
/// schema is refused.
#[test]
fn a_report_file_reads_back_as_written() {
    let (ds, _, _) = fitted();
    let fits: Vec<SeriesFit> = ds.iter().map(SeriesFit::new).collect();
    let options = Options {
        cv: false,
        ks: vec![1, 16, 5000],
        ..Options::default()
    };
    let mut report = build_report_fitted(&ds, &fits, rejected(), &options);
    let bt: Vec<SeriesBacktest> = run_backtests(&ds, &fits, &[1, 16, 5000]);
    attach_backtests(&mut report, &bt);
    let value = serde_json::to_value(&report).unwrap();
    let back: Report = serde_json::from_value(value.clone()).unwrap();
    let mut want = report.clone();
    for m in &mut want.models {
        for r in &mut m.pass_at_k {
            r.short = None;
        }
    }
    assert_eq!(back, want);
    assert_eq!(serde_json::to_value(&back).unwrap(), value);
    assert!(want.models[0].pass_at_k.iter().any(|r| r.auto.is_some()));
    // A report of the first version (`extrapolated` before it was named `logit_line`) reads
    // back the same; another schema is refused.
    let mut first = value.clone();
    first["schema"] = "passk-report/1".into();
    for m in first["models"].as_array_mut().unwrap() {
        for r in m["pass_at_k"].as_array_mut().unwrap() {
            let o = r.as_object_mut().unwrap();
            let line = o.remove("logit_line").unwrap();
            o.insert("extrapolated".into(), line);
        }
    }
    assert_eq!(serde_json::from_value::<Report>(first).unwrap(), want);
    let mut other = value;
    other["schema"] = "passk-report/3".into();
    let err = serde_json::from_value::<Report>(other)
        .unwrap_err()
        .to_string();
    assert!(err.contains("passk-report/3"), "{err}");
    // Packed for the worker boundary, `short` survives too.
    assert_eq!(ReportWire::pack(report.clone()).unpack(), report);
}

/// The backtests the page would attach.
fn run_backtests(ds: &[Dataset], fits: &[SeriesFit], ks: &[u64]) -> Vec<SeriesBacktest> {
    ds.iter()
        .zip(fits)
        .map(|(d, f)| {
            let full = f.fits.unwrap();
            let run = BacktestRun::new(d, &full, &Settings::default(), 2).map(|mut r| {
                while r.step() {}
                r.finish()
            });
            SeriesBacktest::new(&d.name, f.groups.n_min(), ks, 2, run)
        })
        .collect()
}

/// The bootstrap band, drawn one resample at a time between pauses, equals the band drawn in
/// one go by `series_curves`.
#[test]
fn the_bootstrap_band_in_slices_equals_the_whole() {
    let (ds, engine, h) = fitted();
    let settings = Settings {
        bootstrap: 120,
        seed: 5,
        ..Settings::default()
    };
    let req = Request {
        job: 2,
        ask: Ask::Curves(CurvesAsk {
            data: 1,
            k_max: 300,
            band: BandKind::Bootstrap,
            settings: settings.clone(),
            taus: vec![],
            scaled: false,
            pool: 1,
        }),
    };
    let got = run(&engine, &h, req);
    let [Reply {
        answer: Answer::Curves { curves, .. },
        ..
    }] = &got[..]
    else {
        panic!("{got:?}")
    };
    let fit = SeriesFit::new(&ds[1]);
    let whole = series_curves(&ds[1], &fit, &curves[1].ks, &settings, BandKind::Bootstrap);
    assert_eq!(curves[1], whole);
    assert!(whole.band.iter().all(Option::is_some), "{:?}", whole.band);
}

/// The bootstrap band spread over a pool of 2 or 3 workers (each its own engine, the rows
/// handed from the others to the first as the page does, through the wire) is the band one
/// worker draws, bit for bit; the part of a worker that failed is fitted by the first.
#[test]
fn the_bootstrap_band_over_a_pool_is_the_band_of_one_worker() {
    let settings = Settings {
        bootstrap: 45,
        seed: 9,
        ..Settings::default()
    };
    let curves = |pool: u32| Request {
        job: 2,
        ask: Ask::Curves(CurvesAsk {
            data: 1,
            k_max: 5000,
            band: BandKind::Bootstrap,
            settings: settings.clone(),
            taus: vec![],
            scaled: false,
            pool,
        }),
    };
    // Debug prints every f64 so that it reads back to the same bits.
    let shown = |r: Vec<Reply>| format!("{r:?}");
    let (_, alone, h) = fitted();
    let want = shown(run(&alone, &h, curves(1)));
    assert!(want.contains("band: [Some("), "no band drawn");
    let other_seed = Request {
        job: 2,
        ask: match curves(1).ask {
            Ask::Curves(CurvesAsk { settings, .. }) => Ask::Curves(CurvesAsk {
                data: 1,
                k_max: 5000,
                band: BandKind::Bootstrap,
                settings: Settings {
                    seed: 10,
                    ..settings
                },
                taus: vec![],
                scaled: false,
                pool: 1,
            }),
            _ => unreachable!(),
        },
    };
    assert_ne!(
        shown(run(&alone, &h, other_seed)),
        want,
        "the seed changes the band"
    );
    for of in 2..=3 {
        let (_, first, h0) = fitted();
        for index in (1..of).rev() {
            let (_, helper, hh) = fitted();
            let part = Part { index, of };
            let ask = Ask::Part {
                work: Work::Band {
                    data: 1,
                    k_max: 5000,
                    settings: settings.clone(),
                },
                part,
            };
            let got = run(&helper, &hh, Request { job: 2, ask });
            let [Reply {
                answer: Answer::Rows { part: p, rows },
                ..
            }] = &got[..]
            else {
                panic!("{got:?}")
            };
            let rows = BandRows::from_rows(rows.clone()).expect("band rows");
            assert_eq!(*p, part);
            let handed = Request {
                job: 2,
                ask: Ask::Rows {
                    kind: Pooled::Band,
                    part,
                    rows: Some(Rows::band(rows.clone())),
                },
            };
            let wire: Request = codec::decode(&codec::encode(&handed).unwrap()).unwrap();
            assert!(run(&first, &h0, wire).is_empty());
        }
        assert_eq!(shown(run(&first, &h0, curves(of))), want, "{of} workers");
    }
    // The rows arriving while the first waits (at its pauses), after rows of an older curves
    // job (which its job must not take): the same band.
    let (_, helper, hh) = fitted();
    let part = Part { index: 1, of: 2 };
    let ask = Ask::Part {
        work: Work::Band {
            data: 1,
            k_max: 5000,
            settings: settings.clone(),
        },
        part,
    };
    let [Reply {
        answer: Answer::Rows { rows, .. },
        ..
    }] = &run(&helper, &hh, Request { job: 2, ask })[..]
    else {
        panic!("no rows")
    };
    let rows = BandRows::from_rows(rows.clone()).expect("band rows");
    let (_, first, h0) = fitted();
    let stale = move |job: u64, rows: Vec<passk_core::analysis::BandRows>| Request {
        job,
        ask: Ask::Rows {
            kind: Pooled::Band,
            part,
            rows: Some(Rows::band(rows)),
        },
    };
    // An older job's rows: other (all zero) values of the same shape.
    let zeros: Vec<_> = rows
        .iter()
        .map(|r| r.iter().map(|k| vec![[0.0; 5]; k.len()]).collect())
        .collect();
    assert!(run(&first, &h0, stale(1, zeros)).is_empty());
    let (e, late, pauses) = (first.clone(), rows.clone(), Rc::new(Cell::new(0)));
    let seen = pauses.clone();
    *h0.on_pause.borrow_mut() = Some(Box::new(move || {
        seen.set(seen.get() + 1);
        if seen.get() == 40 {
            let req = stale(2, late.clone());
            e.accept(&req);
            block_on(e.clone().run(req, host() as Rc<dyn Host>));
        }
    }));
    assert_eq!(
        shown(run(&first, &h0, curves(2))),
        want,
        "rows arriving late"
    );
    assert!(pauses.get() > 40, "the rows came before the first waited");
    // A newer curves request while the first waits for rows that never come: it stops, with
    // no reply.
    let e = first.clone();
    *h0.on_pause.borrow_mut() = Some(Box::new(move || {
        e.accept(&curves_request(9, 1, BandKind::None))
    }));
    let waiting = Request {
        job: 8,
        ..curves(2)
    };
    assert_eq!(run(&first, &h0, waiting), vec![]);
    *h0.on_pause.borrow_mut() = None;
    // A worker that failed: the first fits its part.
    let (_, first, h0) = fitted();
    let failed = Request {
        job: 2,
        ask: Ask::Rows {
            kind: Pooled::Band,
            part: Part { index: 1, of: 2 },
            rows: None,
        },
    };
    run(&first, &h0, failed);
    assert_eq!(shown(run(&first, &h0, curves(2))), want);
}

/// How a job done series by series is asked and answered (the backtest, the forecasts): the
/// whole job of `job` over `pool` workers, a helper's part of it, that part's results in a
/// helper's reply, and the results handed to the home worker.
struct BySeries {
    all: Box<dyn Fn(u64, u32) -> Request>,
    /// What a part computes (of job 2).
    work: Work,
}

/// A helper's rows of kind `T` in its reply.
fn results<T: InRows>(r: &Reply) -> Option<Vec<T>> {
    match &r.answer {
        Answer::Rows { rows, .. } => T::from_rows(rows.clone()),
        _ => None,
    }
}

/// The rows handed to the home worker (None: the helper failed).
fn hand<T: InRows>(part: Part, rows: Option<Vec<T>>) -> Ask {
    Ask::Rows {
        kind: T::KIND,
        part,
        rows: rows.map(T::into_rows),
    }
}

/// A job done series by series spread over a pool of 2 or 3 workers (each its own engine,
/// the parts handed from the others to the first as the page does, through the wire) is
/// the job of one worker, bit for bit; the part of a worker that failed, or that sent other
/// series, is done by the first; a worker with no series of its own sends none; an older
/// job's part is not taken.
fn pooled_is_one_worker<T: InRows + Clone + std::fmt::Debug + serde::Serialize>(
    w: &BySeries,
    what: &str,
) {
    // Debug prints every f64 so that it reads back to the same bits (and NaN as NaN).
    let shown = |r: Vec<Reply>| format!("{r:?}");
    let (_, alone, h) = fitted();
    let want = shown(run(&alone, &h, (w.all)(2, 1)));
    assert!(
        want.contains(what) && want.contains("\"deepscaler_rl\""),
        "{want}"
    );
    let helper_part = |part: Part| {
        let (_, helper, hh) = fitted();
        let ask = Ask::Part {
            work: w.work.clone(),
            part,
        };
        let got = run(&helper, &hh, Request { job: 2, ask });
        let [reply] = &got[..] else { panic!("{got:?}") };
        results::<T>(reply).unwrap_or_else(|| panic!("{reply:?}"))
    };
    let hand = |first: &Rc<Engine>, h0: &Rc<Test>, job: u64, part: Part, sent: Option<Vec<T>>| {
        let handed = Request {
            job,
            ask: hand::<T>(part, sent),
        };
        // Through the worker boundary's encoding (every float kept to the bit).
        let wire: Request = codec::decode(&codec::encode(&handed).unwrap()).unwrap();
        assert!(run(first, h0, wire).is_empty());
    };
    for of in 2..=3 {
        let (_, first, h0) = fitted();
        for index in (1..of).rev() {
            let part = Part { index, of };
            let sent = helper_part(part);
            // Two series: of two workers, the second has the first series (the home worker,
            // which also draws the curves, has the fewest); of three, each helper one.
            assert_eq!(sent.len(), 1, "part {index} of {of}");
            hand(&first, &h0, 2, part, Some(sent));
        }
        assert_eq!(
            shown(run(&first, &h0, (w.all)(2, of))),
            want,
            "{of} workers"
        );
    }
    // More workers than series (two): the first waits only for the parts with series.
    let (_, first, h0) = fitted();
    for index in [2, 3] {
        let part = Part { index, of: 4 };
        hand(&first, &h0, 2, part, Some(helper_part(part)));
    }
    assert_eq!(shown(run(&first, &h0, (w.all)(2, 4))), want, "4 workers");
    // A worker that failed, or sent the other part's series: the first does its part.
    let (_, first, h0) = fitted();
    hand(&first, &h0, 2, Part { index: 1, of: 2 }, None);
    assert_eq!(
        shown(run(&first, &h0, (w.all)(2, 2))),
        want,
        "a failed worker"
    );
    let other = helper_part(Part { index: 0, of: 2 });
    let mut two = other.clone();
    two.extend(other.clone());
    for sent in [two, other.clone()] {
        let (_, first, h0) = fitted();
        hand(&first, &h0, 2, Part { index: 1, of: 2 }, Some(sent));
        assert_eq!(shown(run(&first, &h0, (w.all)(2, 2))), want, "other series");
    }
    // An older job's part is not taken: the first waits, and a newer request stops it with
    // no reply.
    let (_, first, h0) = fitted();
    hand(&first, &h0, 1, Part { index: 1, of: 2 }, Some(other));
    let (e, seen, newer) = (first.clone(), h0.clone(), (w.all)(9, 1));
    *h0.on_pause.borrow_mut() = Some(Box::new(move || {
        let waiting = seen.replies.borrow().iter().any(
            |r| matches!(&r.answer, Answer::Progress { text, .. } if text.starts_with("waiting")),
        );
        if waiting {
            e.accept(&newer);
        }
    }));
    assert_eq!(run(&first, &h0, (w.all)(2, 2)), vec![]);
    assert!(
        h0.replies
            .borrow()
            .iter()
            .any(|r| format!("{r:?}").contains("waiting for the other")),
        "the first never waited"
    );
    *h0.on_pause.borrow_mut() = None;
}

#[test]
fn a_backtest_over_a_pool_is_the_backtest_of_one_worker() {
    let settings = Settings {
        seed: 3,
        ..Settings::default()
    };
    let s = settings.clone();
    pooled_is_one_worker::<SeriesBacktest>(
        &BySeries {
            all: Box::new(move |job, pool| Request {
                job,
                ask: Ask::Backtest {
                    data: 1,
                    settings: s.clone(),
                    ks: vec![1, 16, 4096],
                    repeats: 2,
                    pool,
                },
            }),
            work: Work::Backtest {
                data: 1,
                settings,
                ks: vec![1, 16, 4096],
                repeats: 2,
            },
        },
        "Backtests",
    );
}

/// The forecasts over a pool (with bootstrap intervals) are those of one worker, bit for bit.
#[test]
fn the_forecasts_over_a_pool_are_those_of_one_worker() {
    let options = Options {
        forecast: true,
        reach: vec![0.9],
        settings: Settings {
            bootstrap: 4,
            seed: 3,
            ..Settings::default()
        },
        ..Options::default()
    };
    let p = options.clone();
    pooled_is_one_worker::<SeriesOutlook>(
        &BySeries {
            all: Box::new(move |job, pool| Request {
                job,
                ask: Ask::Forecast {
                    data: 1,
                    options: options.clone(),
                    pool,
                },
            }),
            work: Work::Forecast {
                data: 1,
                options: p,
            },
        },
        "Forecasts",
    );
}

/// The files the page keeps, written by the engine (`Ask::Store`, across the wire in
/// columns), are the JSON the page would write itself: every task's id, group and samples
/// kept; rejected rows and notes too.
#[test]
fn stored_files_are_the_pages_own_json() {
    let mut files = vec![
        read_bytes(
            "g.jsonl",
            "g",
            "{\"task_id\": \"a\\\"1\", \"group\": \"x\", \"n\": 4, \"c\": 1}\n{\"task_id\": \"b\", \"n\": 3, \"c\": 3}\nnot json\n"
                .as_bytes(),
            None,
        ),
        read_bytes(
            "s.jsonl",
            "s",
            b"{\"task_id\": \"t1\", \"passed\": true}\n{\"task_id\": \"t1\", \"passed\": false}\n",
            None,
        ),
    ];
    files[1].id = 7;
    assert!(!files[0].rejected.is_empty(), "{:?}", files[0]);
    let (engine, h) = (Engine::new(), host());
    let store = Request {
        job: 3,
        ask: Ask::Store {
            files: files.clone(),
        },
    };
    // Through the worker boundary's encoding (the task lists in columns).
    let wire: Request = codec::decode(&codec::encode(&store).unwrap()).unwrap();
    let got = run(&engine, &h, wire);
    let want = serde_json::to_string(&files).unwrap();
    assert!(want.contains("\"x\"") && want.contains("t1"), "{want}");
    assert_eq!(
        got,
        vec![Reply {
            job: 3,
            answer: Answer::Stored { json: want }
        }]
    );
}

#[test]
fn a_newer_request_or_a_cancel_ends_the_running_job_without_a_reply() {
    let (_, engine, h) = fitted();
    // A newer curve request arrives while the first one pauses.
    let e = engine.clone();
    *h.on_pause.borrow_mut() = Some(Box::new(move || {
        e.accept(&curves_request(9, 1, BandKind::None))
    }));
    let got = run(&engine, &h, curves_request(2, 1, BandKind::Credible));
    assert_eq!(got, vec![]);
    // A cancel of another job kind leaves it alone; of its own stops it.
    let e = engine.clone();
    *h.on_pause.borrow_mut() = Some(Box::new(move || {
        e.accept(&Request {
            job: 11,
            ask: Ask::Cancel {
                job_kind: JobKind::Backtest,
            },
        })
    }));
    let got = run(&engine, &h, curves_request(10, 1, BandKind::None));
    assert!(
        matches!(
            &got[..],
            [Reply {
                job: 10,
                answer: Answer::Curves { .. }
            }]
        ),
        "{got:?}"
    );
    let e = engine.clone();
    *h.on_pause.borrow_mut() = Some(Box::new(move || {
        e.accept(&Request {
            job: 13,
            ask: Ask::Cancel {
                job_kind: JobKind::Curves,
            },
        })
    }));
    assert_eq!(
        run(&engine, &h, curves_request(12, 1, BandKind::None)),
        vec![]
    );
    // Progress was said meanwhile, for the job that was running.
    assert!(h.replies.borrow().iter().any(|r| matches!(
        r,
        Reply {
            job: 12,
            answer: Answer::Progress {
                job_kind: JobKind::Curves,
                ..
            }
        }
    )));
}

#[test]
fn requests_for_series_no_longer_held_fail_and_refits_keep_unchanged_series() {
    let mut ds = examples();
    let (engine, h) = (Engine::new(), host());
    let got = run(&engine, &h, curves_request(1, 7, BandKind::None));
    assert!(
        matches!(
            &got[..],
            [Reply {
                job: 1,
                answer: Answer::Failed {
                    job_kind: JobKind::Curves,
                    ..
                }
            }]
        ),
        "{got:?}"
    );
    run(
        &engine,
        &h,
        Request {
            job: 2,
            ask: Ask::Fit {
                datasets: ds.clone(),
            },
        },
    );
    ds[1].tasks.truncate(100);
    let got = run(
        &engine,
        &h,
        Request {
            job: 3,
            ask: Ask::Fit {
                datasets: ds.clone(),
            },
        },
    );
    let [Reply {
        answer: Answer::Fits { fits, .. },
        ..
    }] = &got[..]
    else {
        panic!("{got:?}")
    };
    assert_eq!(fits[0], SeriesFit::new(&ds[0]));
    assert_eq!(fits[1], SeriesFit::new(&ds[1]));
    assert_eq!(fits[1].groups.tasks(), 100);
    // The old series' job number is gone.
    let got = run(&engine, &h, curves_request(4, 2, BandKind::None));
    assert!(matches!(one_answer(&got), Answer::Failed { .. }), "{got:?}");
}

#[test]
fn a_request_naming_the_fit_under_way_starts_once_that_fit_is_done() {
    // The answer when the fit is done first.
    let (ds, done, h0) = fitted();
    let want = run(&done, &h0, curves_request(2, 1, BandKind::Credible));
    assert!(
        matches!(one_answer(&want), Answer::Curves { .. }),
        "{want:?}"
    );
    // Asked for together, the curves first in line: they wait for fit 1 while it runs, each
    // job pausing in turn.
    let (engine, h) = (Engine::new(), host());
    h.yields.set(true);
    let fit = Request {
        job: 1,
        ask: Ask::Fit {
            datasets: ds.clone(),
        },
    };
    let curves = curves_request(2, 1, BandKind::Credible);
    engine.accept(&fit);
    engine.accept(&curves);
    let worker = h.clone() as Rc<dyn Host>;
    let mut jobs = [
        Box::pin(engine.clone().run(curves, worker.clone())),
        Box::pin(engine.clone().run(fit, worker)),
    ];
    let mut done_jobs = [false; 2];
    let mut cx = Context::from_waker(Waker::noop());
    let mut turns = 0;
    while done_jobs != [true; 2] {
        for (j, d) in jobs.iter_mut().zip(done_jobs.iter_mut()) {
            *d = *d || j.as_mut().poll(&mut cx).is_ready();
        }
        turns += 1;
    }
    assert!(turns > 2, "the curves waited ({turns} turns)");
    let got: Vec<Reply> = h
        .replies
        .borrow()
        .iter()
        .filter(|r| !r.is_progress())
        .cloned()
        .collect();
    assert!(
        matches!(
            &got[0],
            Reply {
                job: 1,
                answer: Answer::Fits { .. }
            }
        ),
        "{got:?}"
    );
    assert_eq!(got[1..], want[..]);

    // A fit superseded before it ran: what named it fails at once (the page asks again).
    let (engine, h) = (Engine::new(), host());
    engine.accept(&Request {
        job: 1,
        ask: Ask::Fit {
            datasets: ds.clone(),
        },
    });
    engine.accept(&Request {
        job: 3,
        ask: Ask::Fit { datasets: ds },
    });
    let got = run(&engine, &h, curves_request(2, 1, BandKind::None));
    assert!(
        matches!(
            &got[..],
            [Reply {
                job: 2,
                answer: Answer::Failed {
                    job_kind: JobKind::Curves,
                    ..
                }
            }]
        ),
        "{got:?}"
    );
}

/// One of every message (`passk_protocol::samples`, the list the page's wasm test uses
/// too), the replies this engine's.
fn every_message() -> (Vec<Request>, Vec<Reply>) {
    let (engine, h) = (Engine::new(), host());
    samples::every_message(|b| Source(b.to_vec()), |r| run(&engine, &h, r))
}

#[test]
fn every_message_round_trips() {
    let (requests, replies) = every_message();
    // Every kind of request and answer, and every job kind.
    assert_eq!(samples::ask_kinds(&requests), samples::sorted(Ask::KINDS));
    let all_answers = samples::sorted(Answer::KINDS);
    assert_eq!(samples::answer_kinds(&replies), all_answers, "{replies:?}");
    assert_eq!(samples::families_missing(&requests, &replies), []);
    // Through the worker boundary's own encoding (the page's, tests/web.rs, adds the files
    // beside the bytes). Compared as printed, which shows every float to the bit it needs (a
    // backtest's absent errors are NaN, which `==` never equals), and bit for bit where it
    // matters: every f64 of the curves.
    for r in &requests {
        let back: Request = codec::decode(&codec::encode(r).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
    }
    for r in &replies {
        let back: Reply = codec::decode(&codec::encode(r).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
        if let (Answer::Curves { curves: a, .. }, Answer::Curves { curves: b, .. }) =
            (&r.answer, &back.answer)
        {
            let bits = |c: &[SeriesCurves]| -> Vec<Option<u64>> {
                c.iter()
                    .flat_map(|c| c.values.iter().flatten().map(|v| v.map(f64::to_bits)))
                    .collect()
            };
            assert_eq!(bits(a), bits(b));
        }
    }
    // A message cut short, or of another type, is refused with the reason.
    let bytes = codec::encode(&replies[0]).unwrap();
    assert!(matches!(
        codec::decode::<Reply>(&bytes[..bytes.len() - 1]),
        Err(codec::Error::Decode(_))
    ));
    assert!(codec::decode::<Request>(&codec::encode(&replies[0]).unwrap()).is_err());
    // An unknown estimator or band key is refused, not defaulted.
    assert!(serde_json::from_str::<BandKind>("\"wide\"").is_err());
    // A curve with no value anywhere survives too.
    let empty = SeriesCurves {
        name: String::new(),
        n_min: 0,
        n_max: 0,
        ks: vec![],
        values: vec![vec![None]],
        band: vec![None],
        warnings: vec![],
    };
    let back: SeriesCurves = codec::decode(&codec::encode(&empty).unwrap()).unwrap();
    assert_eq!(back, empty);
}

/// Issue 16: the default band is drawn around the curve — on both real files it contains the
/// drawn (unbiased) estimate at every budget where it is shown, and it is shown at every
/// budget k ≤ n; the credible band, offered under its own name, need not.
#[test]
fn the_default_band_contains_the_curve_it_surrounds() {
    let mut ds = examples();
    ds.extend(passk_fixtures::load(&[passk_fixtures::real(
        "pythia_math_n10000.csv",
    )]));
    for d in &ds {
        let fit = SeriesFit::new(d);
        let ks = passk_core::analysis::k_grid(100_000, 60, &[1, 10, 100, 1000]);
        let c = series_curves(d, &fit, &ks, &Settings::default(), BandKind::DEFAULT);
        let drawn = c.curve(passk_core::estimators::Estimator::Combinatorial);
        for ((k, band), v) in c.ks.iter().zip(&c.band).zip(drawn) {
            match (band, v) {
                (Some((lo, hi)), Some(v)) => assert!(
                    lo <= v && v <= hi,
                    "{} k = {k}: {v} outside {lo} – {hi}",
                    d.name
                ),
                (None, Some(v)) => {
                    assert!(*v == 0.0 || *v == 1.0, "{} k = {k}: no band at {v}", d.name)
                }
                (Some(b), None) => panic!("{} k = {k}: a band {b:?} without a curve", d.name),
                (None, None) => assert!(*k > fit.groups.n_min(), "{} k = {k}", d.name),
            }
        }
    }
}

// The first engine (`Engine::run_first`, `passk_protocol::first`): it does the fits and the
// curves exactly as the whole engine does, fails anything else by name, and its messages are
// the protocol's own, byte for byte.

/// Every reply (progress too) of each request, run in order on a fresh engine, by the whole
/// engine or the first.
fn replies_of(requests: &[Request], first: bool) -> Vec<Vec<Reply>> {
    let (engine, host) = (Engine::new(), host());
    requests
        .iter()
        .map(|req| {
            engine.accept(req);
            host.replies.borrow_mut().clear();
            let h = host.clone() as Rc<dyn Host>;
            if first {
                block_on(engine.clone().run_first(req.clone(), h));
            } else {
                block_on(engine.clone().run(req.clone(), h));
            }
            host.replies.borrow().clone()
        })
        .collect()
}

#[test]
fn the_first_engine_does_its_jobs_as_the_whole_engine_and_fails_the_rest_by_name() {
    let requests = samples::requests(|b| Source(b.to_vec()));
    let (whole, first) = (replies_of(&requests, false), replies_of(&requests, true));
    let mut own = 0;
    for ((req, w), f) in requests.iter().zip(&whole).zip(&first) {
        if req.is_rows() {
            continue;
        }
        if req.for_first() {
            own += 1;
            let answers = |r: &[Reply]| -> Vec<String> {
                r.iter()
                    .filter(|r| !r.is_progress())
                    .map(|r| format!("{r:?}"))
                    .collect()
            };
            assert_eq!(answers(f), answers(w), "{}", req.ask.kind());
        } else {
            let [Reply {
                job,
                answer: Answer::Failed { job_kind, message },
            }] = f.as_slice()
            else {
                panic!("{}: {f:?}", req.ask.kind());
            };
            assert_eq!((*job, *job_kind), (req.job, req.job_kind()));
            assert!(message.contains(req.ask.kind()), "{message}");
        }
    }
    // The fit, the curves, and the samples' cancel at least.
    assert!(own >= 2, "{own}");
}

#[test]
fn the_first_engines_messages_are_the_protocols_own_byte_for_byte() {
    let requests = samples::requests(|b| Source(b.to_vec()));
    let mut taken = 0;
    for req in &requests {
        let bytes = codec::encode(req).unwrap();
        match codec::decode::<FirstRequest>(&bytes) {
            Ok(first) => {
                assert!(["Fit", "Curves", "Cancel"].contains(&req.ask.kind()));
                assert_eq!(codec::encode(&first).unwrap(), bytes);
                assert_eq!(Request::from(first), *req);
                taken += 1;
            }
            // What the first engine cannot read it is never sent.
            Err(_) => assert!(!req.for_first(), "{}", req.ask.kind()),
        }
    }
    assert!(taken >= 2);
    // Its replies: those its jobs give, and the ones no request draws out.
    let mut replies: Vec<Reply> = replies_of(&requests, true).concat();
    replies.extend(samples::made_replies());
    let mut kinds = Vec::new();
    for r in replies {
        let bytes = codec::encode(&FirstReply::from(r.clone())).unwrap();
        let back: Reply = codec::decode(&bytes).unwrap();
        if matches!(
            r.answer,
            Answer::Ready
                | Answer::Progress { .. }
                | Answer::Fits { .. }
                | Answer::Curves { .. }
                | Answer::Failed { .. }
        ) {
            assert_eq!(bytes, codec::encode(&r).unwrap(), "{}", r.answer.kind());
            kinds.push(r.answer.kind());
        } else {
            // Any other becomes the failure of its job, named.
            let Answer::Failed { message, .. } = &back.answer else {
                panic!("{back:?}");
            };
            assert!(message.contains(r.answer.kind()));
            assert_eq!((back.job, back.job_kind()), (r.job, r.job_kind()));
        }
    }
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds, ["Curves", "Failed", "Fits", "Progress", "Ready"]);
}
