//! Every pair's paired test, crossover and ranks (`Ask::Compare`, as `passk compare`), asked
//! for whenever the series or what the comparison depends on change: the summary at the top
//! quotes its sentence at once, and the comparison panel below shows the rest.

use leptos::prelude::*;

use crate::analysis::jobs::{ask, cancel, handle, PendingJobs};
use passk_core::analysis::compare::Comparison;
use passk_core::data::Dataset;
use passk_core::settings::Settings;
use passk_io::settings::Parsed;
use passk_protocol::{Answer, Ask, JobKind, Reply, Request};

/// Resamples of the paired band and of the comparison when the settings ask for none.
pub const PAIRED_RESAMPLES: u64 = 200;

/// The settings the comparison uses: the k list and the paired band's resamples and seed
/// (so that editing any other setting asks nothing again).
fn compare_settings(s: &Parsed) -> (Vec<u64>, Settings) {
    (
        s.opts.ks.clone(),
        Settings {
            bootstrap: s.opts.settings.bootstrap.max(PAIRED_RESAMPLES),
            seed: s.opts.settings.seed,
            ..Settings::default()
        },
    )
}

/// Asks for the comparison of the series of fit job `data` (with two `datasets` or more) and keeps
/// its answer in `comparison` (None while the series have changed and it is being computed).
pub fn compare_pipeline(
    data: RwSignal<u64>,
    settings: Memo<Parsed>,
    datasets: Memo<Vec<Dataset>>,
    comparison: RwSignal<Option<Comparison>>,
    pending: PendingJobs,
) {
    handle(pending, JobKind::Compare, move |reply| {
        if let Reply {
            answer: Answer::Comparison { comparison: d },
            ..
        } = reply
        {
            comparison.set(Some(d));
        }
    });
    let inputs = Memo::new(move |_| settings.with(compare_settings));
    let series =
        Memo::new(move |_| datasets.with(|d| d.iter().filter(|d| !d.tasks.is_empty()).count()));
    Effect::new(move |_| {
        let (ks, settings) = inputs.get();
        let data = data.get();
        // (Not the last series' sentence while the new one is computed.)
        comparison.set(None);
        if series.get() < 2 {
            if pending.with_untracked(|p| p[JobKind::Compare.index()].is_some()) {
                cancel(pending, JobKind::Compare);
            }
            return;
        }
        ask(pending, "comparing every pair…", |job| Request {
            job,
            ask: Ask::Compare { data, ks, settings },
        });
    });
}
