//! The forecasts of every series last fitted (`Ask::Forecast`: the scaled fits, exponents,
//! reach and the forecast chart's curves, the report's), series by series, spread over the
//! page's pool of workers as [`series_pool`](crate::series_pool) says (`Ask::Part`,
//! `Ask::Rows`).

use crate::job::{with_tasks, Data, Job};
use crate::series_pool::{PerSeries, Slot};
use passk_core::analysis::forecast::{ForecastOptions, Prepared};
use passk_core::eval::too_many_groups;
use passk_core::report::forecast_options;
use passk_core::settings::Options;
use passk_protocol::{Answer, SeriesOutlook};

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
    /// ([`forecast_series`](passk_core::report::forecast_series)).
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
        // The intervals, curves and resamples once per options; the reach rows each time
        // (a new target costs the searches alone).
        let preds = prepared.predictors();
        let outlook = d.outlook(slot.i, &self.options, || {
            prepared.outlook(&self.options, &preds)
        });
        Some(SeriesOutlook {
            name,
            forecast: Ok(outlook.with_reach(&prepared, &self.options.reach, &preds)),
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
}

#[cfg(test)]
mod tests {
    use crate::job::Data;
    use passk_core::analysis::forecast::{ForecastOptions, Prepared};
    use passk_core::data::Counts;
    use passk_core::data::Groups;
    use passk_core::eval::fit_series;
    use std::cell::Cell;
    use std::rc::Rc;

    #[test]
    fn a_new_reach_target_keeps_the_outlook_other_options_make_it_anew() {
        let g = Groups::new((0..40u64).map(|i| Counts::new(16, (i * 7) % 17).unwrap()));
        let fits = fit_series(&g).unwrap();
        let prepared = Prepared::new(&g, &fits);
        let preds = prepared.predictors();
        let data = Data::new(1, Vec::new(), Vec::new(), Vec::new());
        // No series held: nothing kept, made each time.
        let made = Cell::new(0);
        let options = ForecastOptions {
            reach: vec![0.9],
            bootstrap: 0,
            seed: 0,
            level: 0.95,
            power_range: (None, None),
            backtest: None,
        };
        let make = || {
            made.set(made.get() + 1);
            prepared.outlook(&options, &preds)
        };
        data.outlook(0, &options, make);
        assert_eq!(made.get(), 1);
        // One series held: the second ask with another target reuses the first's.
        let mut data = data;
        data.outlooks = Rc::new(vec![Default::default()]);
        let first = data.outlook(0, &options, make);
        let other_reach = ForecastOptions {
            reach: vec![0.5],
            ..options.clone()
        };
        let second = data.outlook(0, &other_reach, make);
        assert_eq!(made.get(), 2);
        assert!(Rc::ptr_eq(&first, &second));
        // Its rows are the full forecast's with that target.
        assert_eq!(
            second.with_reach(&prepared, &other_reach.reach, &preds),
            prepared.forecast(&other_reach)
        );
        // Another level (the intervals change) makes it anew.
        let other_level = ForecastOptions {
            level: 0.9,
            ..options.clone()
        };
        let third = data.outlook(0, &other_level, make);
        assert_eq!(made.get(), 3);
        assert!(!Rc::ptr_eq(&first, &third));
    }
}
