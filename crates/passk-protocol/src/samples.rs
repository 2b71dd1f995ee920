//! One of every message (feature `samples`), built once for the tests that check the
//! encoding: the engine's native round trip through the codec and the page's through the
//! browser's `postMessage` (files beside the bytes). The requests are made here; the replies are what an engine
//! answers them (the caller runs its engine: `run`), with the few no request can draw out
//! (a worker's failure, a reply to a request it could not read) made here too. Values test
//! the encoding: a seed beyond 2^53, budgets beyond it, a part's rows at the edges of f64,
//! empty and missing rows.

use passk_core::analysis::PairError;
use passk_core::analysis::Part;
use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_core::estimators::Tau;
use passk_core::settings::{BandKind, Options, Settings};
use passk_io::read::{assemble, read_bytes, FileRead};

use crate::source::Source;
use crate::{
    Answer, Ask, CurvesAsk, JobKind, Pooled, ReadFile, Reply, Request, Rows, SeriesOutlook, Work,
};

/// Two series of six tasks with ids (so that they pair): the data of every sample.
pub const SERIES: &str = "task,model,n,c\n\
    t1,a,10,3\nt2,a,10,0\nt3,a,10,10\nt4,a,10,6\nt5,a,10,9\nt6,a,12,5\n\
    t1,b,10,4\nt2,b,10,1\nt3,b,10,10\nt4,b,10,2\nt5,b,10,9\nt6,b,12,8\n";

/// The samples' series, as a file read gives them.
pub fn series() -> (FileRead, Vec<Dataset>) {
    let read = read_bytes("s.csv", "s", SERIES.as_bytes(), None);
    let (ds, _) = assemble(vec![read.clone()]);
    (read, ds)
}

/// The source of a file to read: its bytes natively; in the browser a `File` (the page's
/// own, which the caller makes).
pub type MakeSource = fn(&[u8]) -> Source;

/// One of every request, and every reply: those `run` gives for the requests, run in order
/// (the fit first, job 1, which the others read), and [`made_replies`].
pub fn every_message(
    source: MakeSource,
    mut run: impl FnMut(Request) -> Vec<Reply>,
) -> (Vec<Request>, Vec<Reply>) {
    let requests = requests(source);
    let mut replies = made_replies();
    for r in &requests {
        replies.extend(run(r.clone()));
    }
    (requests, replies)
}

/// One of every request (to be run in order: the fit first, job 1, which the others read;
/// then the rows handed to the jobs that ran, and a cancel).
pub fn requests(source: MakeSource) -> Vec<Request> {
    let (read, ds) = series();
    let settings = Settings {
        seed: u64::MAX - 1,
        bootstrap: 100,
        ..Settings::default()
    };
    let options = Options {
        forecast: true,
        reach: vec![0.5],
        ks: vec![1, 5, 1 << 60],
        ..Options::default()
    };
    let part = Part { index: 1, of: 2 };
    let asked = |job, ask| Request { job, ask };
    let requests = vec![
        asked(1, Ask::Fit { datasets: ds }),
        asked(
            2,
            Ask::Curves(CurvesAsk {
                data: 1,
                k_max: 1000,
                band: BandKind::Bootstrap,
                settings: settings.clone(),
                taus: Tau::parse("0.15").into_iter().collect(),
                scaled: true,
                pool: 0,
            }),
        ),
        asked(
            3,
            Ask::Backtest {
                data: 1,
                settings: settings.clone(),
                ks: vec![1, 20, 1 << 60],
                repeats: 2,
                pool: 0,
            },
        ),
        asked(
            4,
            Ask::Diagnose {
                data: 1,
                series: None,
                folds: 2,
            },
        ),
        asked(
            5,
            Ask::Report {
                data: 1,
                rejected: vec![
                    vec![Rejected {
                        file: "s.csv".into(),
                        line: 3,
                        reason: "c > n".into(),
                    }],
                    Vec::new(),
                ],
                options: options.clone(),
                full: true,
            },
        ),
        asked(
            21,
            Ask::Report {
                data: 1,
                rejected: vec![Vec::new(); 2],
                options: Options::default(),
                full: false,
            },
        ),
        asked(
            7,
            Ask::Paired {
                data: 1,
                a: "a".into(),
                b: "b".into(),
                settings: settings.clone(),
            },
        ),
        asked(
            8,
            Ask::Plan {
                data: 1,
                series: "a".into(),
                k: 4,
                half_width: 0.05,
                confidence: 0.9,
            },
        ),
        asked(
            9,
            Ask::Compare {
                data: 1,
                ks: vec![1, 5],
                settings: settings.clone(),
            },
        ),
        asked(
            22,
            Ask::Rank {
                data: 1,
                options: passk_core::analysis::rank::RankOptions {
                    k: 2,
                    resamples: 5,
                    ..Default::default()
                },
            },
        ),
        asked(
            10,
            Ask::Forecast {
                data: 1,
                options: options.clone(),
                pool: 0,
            },
        ),
        asked(
            11,
            Ask::Part {
                work: Work::Band {
                    data: 1,
                    k_max: 100,
                    settings: settings.clone(),
                },
                part,
            },
        ),
        asked(
            12,
            Ask::Part {
                work: Work::Backtest {
                    data: 1,
                    settings: settings.clone(),
                    ks: vec![1, 20],
                    repeats: 2,
                },
                part,
            },
        ),
        asked(
            13,
            Ask::Part {
                work: Work::Forecast {
                    data: 1,
                    options: options.clone(),
                },
                part,
            },
        ),
        asked(
            14,
            Ask::Store {
                files: vec![read.clone()],
            },
        ),
        asked(
            15,
            Ask::Read(ReadFile {
                source: source(SERIES.as_bytes()),
                name: "s.csv".into(),
                format: None,
                options: Default::default(),
            }),
        ),
    ];
    // Rows handed to a running job (with every bit of an f64 at the edges, none, and a
    // failed worker's), and a cancel.
    let edges = vec![vec![[0.1, f64::MIN_POSITIVE, 1.0 / 3.0, -0.0, f64::MAX]; 2]; 3];
    let handed = |job, kind, rows| asked(job, Ask::Rows { kind, part, rows });
    let mut requests = requests;
    requests.extend([
        handed(2, Pooled::Band, Some(Rows::band(vec![edges]))),
        handed(3, Pooled::Backtest, Some(Rows::backtest(Vec::new()))),
        handed(10, Pooled::Forecast, None),
        handed(
            10,
            Pooled::Forecast,
            Some(Rows::forecast(vec![SeriesOutlook {
                name: "x".into(),
                forecast: Err("too many".into()),
            }])),
        ),
        asked(
            16,
            Ask::Cancel {
                job_kind: JobKind::Part(Pooled::Band),
            },
        ),
    ]);
    requests
}

/// The replies no request draws out: `Ready`, a progress count, a failure, a reply to a
/// request that could not be read, a series not fitted.
pub fn made_replies() -> Vec<Reply> {
    vec![
        Reply::ready(),
        Reply {
            job: 1,
            answer: Answer::Progress {
                job_kind: JobKind::Part(Pooled::Backtest),
                text: "x".into(),
                done: Some((1, u64::MAX)),
            },
        },
        Reply {
            job: 17,
            answer: Answer::Failed {
                job_kind: JobKind::Fit,
                message: "why".into(),
            },
        },
        Reply {
            job: 18,
            answer: Answer::Paired {
                outcome: Some(Err(PairError::Duplicate("t1".into()))),
            },
        },
        Reply {
            job: 19,
            answer: Answer::Plan { plan: None },
        },
    ]
}

/// The job kinds that `requests` ask for and `replies` answer, and those neither does (which
/// a complete sample leaves empty).
pub fn families_missing(requests: &[Request], replies: &[Reply]) -> Vec<JobKind> {
    (JobKind::ALL.into_iter())
        .filter(|f| {
            !requests.iter().any(|r| r.job_kind() == *f)
                && !replies.iter().any(|r| r.job_kind() == Some(*f))
        })
        .collect()
}

/// The kinds of request among `requests` (their variant names), sorted, each once.
pub fn ask_kinds(requests: &[Request]) -> Vec<&'static str> {
    sorted(requests.iter().map(|r| r.ask.kind()))
}

/// The kinds of answer among `replies` (their variant names), sorted, each once.
pub fn answer_kinds(replies: &[Reply]) -> Vec<&'static str> {
    sorted(replies.iter().map(|r| r.answer.kind()))
}

/// Kinds sorted, each once (to compare with `Ask::KINDS` or `Answer::KINDS`).
pub fn sorted(kinds: impl IntoIterator<Item = &'static str>) -> Vec<&'static str> {
    let mut kinds: Vec<&'static str> = kinds.into_iter().collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}
