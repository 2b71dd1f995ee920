//! The download of the whole `passk-report/2` document.

use leptos::prelude::*;

use crate::analysis::jobs::{ask, handle, PendingJobs};
use crate::analysis::state::Analysis;
use passk_core::data::summarise_all;
use passk_core::data::ErrorCounts;
use passk_core::data::Rejected;
use passk_core::report::{attach_backtests, SeriesBacktest};
use passk_core::settings::Options;
use passk_page::jobs::with_forecast;
use passk_protocol::{Answer, Ask, JobKind, Reply, Request};

/// Asks the engine for the whole `passk-report/2` document of the series of `a` last fitted,
/// CV-ELPD, bootstrap bands and the forecasts (to the panel's reach target) included, with
/// the error policy's summary of each series, and offers it as `passk-report.json` when it
/// arrives.
pub fn download(a: &Analysis) {
    let (reach, policy) = a
        .view
        .with_untracked(|v| (v.reach_target(), v.error_policy()));
    let options = a
        .settings
        .with_untracked(|s| with_forecast(s.opts.clone(), reach));
    // From the series as read: the policy's summary (the engine has them as it left them).
    let errors = a
        .shown
        .with_untracked(|w| summarise_all(&w.datasets, policy));
    let job = (a.data.get_untracked(), a.rejected.get_untracked(), errors);
    request_export(a.pending, job, options, a.backtests);
}

/// Asks for the whole report of the series last fitted, with the page's backtests and what
/// the error policy did to each series (`errors`, as `passk report` writes it) attached,
/// and offers it as `passk-report.json` when it arrives (a newer download supersedes it).
pub fn request_export(
    pending: PendingJobs,
    (data, rejected, errors): (u64, Vec<Vec<Rejected>>, Vec<Option<ErrorCounts>>),
    options: Options,
    backtests: RwSignal<Vec<SeriesBacktest>>,
) {
    handle(pending, JobKind::FullReport, move |reply| {
        if let Reply {
            answer: Answer::Report { report, .. },
            ..
        } = reply
        {
            let mut r = report.unpack();
            backtests.with_untracked(|bts| attach_backtests(&mut r, bts));
            for (m, e) in r.models.iter_mut().zip(&errors) {
                m.errors.clone_from(e);
            }
            let json = serde_json::to_string_pretty(&r).unwrap_or_default();
            let _ =
                crate::widgets::download::save_text("passk-report.json", "application/json", &json);
        }
    });
    ask(pending, "writing the report…", |job| Request {
        job,
        ask: Ask::Report {
            data,
            rejected,
            options,
            full: true,
        },
    });
}
