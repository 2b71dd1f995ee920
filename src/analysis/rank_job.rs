//! Every ranking method on the series and their agreement (`Ask::Rank`, as `passk rank`),
//! asked for whenever the series or the settings it reads change; the Rankings panel shows
//! it. The engine runs it, one method at a time: nothing of it on the page's thread.

use leptos::prelude::*;

use crate::analysis::jobs::{ask, cancel, handle, PendingJobs};
use passk_core::analysis::rank::{RankAll, RankOptions};
use passk_core::data::Dataset;
use passk_io::settings::Parsed;
use passk_protocol::{Answer, Ask, JobKind, Reply, Request};

/// The rankings and the series they rank (in the answers' order).
pub type Rankings = (RankAll, Vec<String>);

/// The options the rankings use, as `passk rank`'s defaults: k = min(10, the smallest n)
/// for pass@k and its relatives, the first G-Pass τ, the level, the resamples (at least 200)
/// and the seed.
fn rank_options(s: &Parsed, n_min: u64) -> RankOptions {
    let o = &s.opts;
    RankOptions {
        k: n_min.clamp(1, 10),
        tau: o.g_taus.first().map_or(0.5, |t| t.value()),
        level: o.settings.confidence,
        resamples: u32::try_from(o.settings.bootstrap.max(200)).unwrap_or(u32::MAX),
        seed: o.settings.seed,
    }
}

/// Asks for the rankings of the series of fit job `data` (two or more with tasks) and keeps
/// the answer in `rankings` (None while computed).
pub fn rank_pipeline(
    data: RwSignal<u64>,
    settings: Memo<Parsed>,
    datasets: Memo<Vec<Dataset>>,
    rankings: RwSignal<Option<Rankings>>,
    pending: PendingJobs,
) {
    handle(pending, JobKind::Rank, move |reply| {
        if let Reply {
            answer: Answer::Ranking { ranking, names },
            ..
        } = reply
        {
            rankings.set(Some((*ranking, names)));
        }
    });
    let n_min = Memo::new(move |_| {
        datasets.with(|d| {
            d.iter()
                .flat_map(|d| d.tasks.iter().map(|t| t.counts.n()))
                .min()
                .unwrap_or(1)
        })
    });
    let inputs = Memo::new(move |_| settings.with(|s| rank_options(s, n_min.get())));
    let series =
        Memo::new(move |_| datasets.with(|d| d.iter().filter(|d| !d.tasks.is_empty()).count()));
    Effect::new(move |_| {
        let options = inputs.get();
        let data = data.get();
        rankings.set(None);
        if series.get() < 2 {
            if pending.with_untracked(|p| p[JobKind::Rank.index()].is_some()) {
                cancel(pending, JobKind::Rank);
            }
            return;
        }
        ask(pending, "ranking by every method…", |job| Request {
            job,
            ask: Ask::Rank { data, options },
        });
    });
}
