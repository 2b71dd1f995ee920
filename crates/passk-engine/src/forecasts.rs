//! The forecasts of every series last fitted (`Ask::Forecast`: the scaled fits, exponents,
//! reach and the forecast chart's curves, the report's), series by series, spread over the
//! page's pool of workers as [`series_pool`](crate::series_pool) says (`Ask::ForecastPart`,
//! `Ask::ForecastRows`).

use crate::job::{with_tasks, Data, Job};
use crate::protocol::{Answer, SeriesOutlook};
use crate::series_pool::{PerSeries, Slot};
use passk_core::analysis::bands::Part;
use passk_core::analysis::forecast::{too_many_groups, ForecastOptions, Prepared};
use passk_core::report::build::forecast_options;
use passk_core::settings::Options;

/// What the forecasts are of: the report options they read (reach targets, resamples, seed,
/// level; whether series with many distinct counts are forecast too).
pub(crate) struct ForecastAsk {
    forecast_all: bool,
    options: ForecastOptions,
}

impl ForecastAsk {
    /// The forecasts the report makes with `options`.
    pub(crate) fn new(options: &Options) -> ForecastAsk {
        ForecastAsk {
            forecast_all: options.forecast_all,
            options: forecast_options(options),
        }
    }
}

impl PerSeries for ForecastAsk {
    type Out = SeriesOutlook;

    /// One series' forecasts in two slices (its scaled fits; then the intervals, reaches and
    /// curves), or why they are not computed unasked: the same functions as the report's
    /// ([`forecast_series`](passk_core::report::build::forecast_series)).
    async fn one(&self, job: &mut Job<'_>, d: &Data, slot: &Slot) -> Option<SeriesOutlook> {
        let (_, f) = *with_tasks(&d.datasets, &d.fits).get(slot.i)?;
        let fits = f.fits.as_ref()?;
        let text = |step| {
            let line = format!(
                "forecasting series {} of {}{}…",
                slot.i + 1,
                slot.total,
                slot.whose()
            );
            // One worker: series done of all, as before the pool; in a pool, the part's.
            let count = if slot.pooled() {
                slot.count(step, 2)
            } else {
                (slot.i as u64, slot.total as u64)
            };
            (line, Some(count))
        };
        if !job.tick(|| text(0)).await {
            return None;
        }
        let name = f.name.clone();
        if let Some(why) = too_many_groups(&f.groups).filter(|_| !self.forecast_all) {
            return Some(SeriesOutlook {
                name,
                forecast: Err(why),
            });
        }
        let prepared = match d.scaled(f) {
            Some(scaled) => Prepared::with_scaled(&f.groups, fits, scaled),
            None => Prepared::new(&f.groups, fits),
        };
        if !job.tick(|| text(1)).await {
            return None;
        }
        Some(SeriesOutlook {
            name,
            forecast: Ok(prepared.forecast(&self.options)),
        })
    }

    fn name(out: &SeriesOutlook) -> &str {
        &out.name
    }

    const WAITING: &'static str = "waiting for the other workers' forecasts…";

    fn answer(all: Vec<SeriesOutlook>) -> Answer {
        let (mut forecasts, mut skipped) = (Vec::new(), Vec::new());
        for s in all {
            match s.forecast {
                Ok(f) => forecasts.push((s.name, f)),
                Err(why) => skipped.push((s.name, why)),
            }
        }
        Answer::Forecasts { forecasts, skipped }
    }

    fn part_answer(part: Part, forecasts: Vec<SeriesOutlook>) -> Answer {
        Answer::ForecastRows { part, forecasts }
    }
}
