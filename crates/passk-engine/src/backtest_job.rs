//! The backtest of every series last fitted (`Ask::Backtest`), series by series, spread over
//! the page's pool of workers as [`series_pool`](crate::series_pool) says (`Ask::Part`,
//! `Ask::Rows`).

use crate::job::{with_tasks, Data, Job};
use crate::series_pool::{PerSeries, Slot};
use passk_core::analysis::backtest::BacktestRun;
use passk_core::report::SeriesBacktest;
use passk_core::settings::Settings;
use passk_protocol::Answer;

/// What a backtest is of: the settings, the k list and the subsamples per shrink factor.
pub(crate) struct BacktestAsk<'a> {
    pub(crate) settings: &'a Settings,
    pub(crate) ks: &'a [u64],
    pub(crate) repeats: u64,
}

impl PerSeries for BacktestAsk<'_> {
    type Out = SeriesBacktest;

    /// The backtest of one series, one subsample at a time.
    async fn one(&self, job: &mut Job<'_>, d: &Data, slot: &Slot) -> Option<SeriesBacktest> {
        let (i, total) = (slot.i, slot.total);
        let (ds, f) = *with_tasks(&d.datasets, &d.fits).get(i)?;
        let full = f.fits?;
        let scaled = d.scaled_in_slice(job, f, (i, total)).await?;
        let run = match BacktestRun::with_scaled(ds, &full, scaled, self.settings, self.repeats) {
            Err(e) => Err(e),
            Ok(mut bt) => {
                loop {
                    let (done, all) = bt.progress();
                    let text = || {
                        let line = format!(
                            "backtesting series {} of {total}{} ({done} of {all} subsamples)…",
                            i + 1,
                            slot.whose()
                        );
                        (line, Some(slot.count(done, all)))
                    };
                    if !job.tick(text).await {
                        return None;
                    }
                    if !bt.step() {
                        break;
                    }
                }
                Ok(bt.finish())
            }
        };
        Some(SeriesBacktest::new(
            &ds.name,
            f.groups.n_min(),
            self.ks,
            self.repeats,
            run,
        ))
    }

    fn name(out: &SeriesBacktest) -> &str {
        &out.name
    }

    const WAITING: &'static str = "waiting for the other workers' backtests…";

    fn answer(backtests: Vec<SeriesBacktest>) -> Answer {
        Answer::Backtests { backtests }
    }
}
