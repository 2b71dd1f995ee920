//! The table's report (`Ask::Report`, as `passk report` without CV-ELPD and the per-row
//! bootstrap bands), asked for with each fit and when what it depends on changes; it may come
//! in two answers, the first without the count scores.

use leptos::prelude::*;

use crate::analysis::jobs::{ask, handle, PendingJobs};
use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_core::report::Report;
use passk_core::report::SeriesBacktest;
use passk_core::settings::Options;
use passk_io::settings::Parsed;
use passk_protocol::{Answer, Ask, JobKind, Reply, Request};

/// What the table's report is asked from: the fit job, its series, the settings and the
/// rejected rows.
pub type ReportInputs = (
    RwSignal<u64>,
    Memo<Vec<Dataset>>,
    Memo<Parsed>,
    Memo<Vec<Vec<Rejected>>>,
);

/// Where the table's report goes: the report, whether it lacks its count scores (a first
/// answer of two), and the backtests it follows.
pub type ReportOutputs = (
    RwSignal<Report>,
    RwSignal<bool>,
    RwSignal<Vec<SeriesBacktest>>,
);

/// Asks for the table's report (without CV-ELPD and the per-row bootstrap bands, which
/// nothing on the page shows) with each fit, and when the report's settings or the rejected
/// rows change, or a backtest of one of the series shown chose a scaled fit (whose columns
/// the auto column then reads: asked for only then, so that the first table does not wait
/// for those fits); until it arrives the last one stays.
pub fn report_pipeline(
    (data, datasets, settings, rejected): ReportInputs,
    (report, lacking, backtests): ReportOutputs,
    pending: PendingJobs,
) {
    handle(pending, JobKind::TableReport, move |reply| {
        if let Reply {
            answer:
                Answer::Report {
                    report: r,
                    counts_pending,
                    ..
                },
            ..
        } = reply
        {
            lacking.set(counts_pending);
            report.set(r.unpack());
        }
    });
    let options = Memo::new(move |_| {
        settings.with(|s| {
            // A backtest of a series of the fit shown (by name and smallest n; the backtests
            // of the last fit stay until this fit's arrive).
            let current = |b: &SeriesBacktest| {
                datasets.with(|d| {
                    d.iter().any(|s| {
                        s.name == b.name
                            && s.tasks.iter().map(|t| t.counts.n()).min() == Some(b.n_min)
                    })
                })
            };
            let mut o = Options {
                cv: false,
                scaled_columns: backtests
                    .with(|b| b.iter().any(|b| b.chosen().scaled() && current(b))),
                ..s.opts.clone()
            };
            o.settings.bootstrap = 0;
            o.settings.folds = 0;
            o
        })
    });
    Effect::new(move |_| {
        let options = options.get();
        let rejected = rejected.get();
        let data = data.get();
        ask(pending, "tabulating…", |job| Request {
            job,
            ask: Ask::Report {
                data,
                rejected,
                options,
                full: false,
            },
        });
    });
}
