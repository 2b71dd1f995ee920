//! The table's report of the series last fitted (`Ask::Report`), part by part, so that a
//! newer request stops it between two: answered first without the count scores (the long
//! parts of a big input), then whole; the download's at once.

use std::borrow::Cow;

use crate::job::Job;
use crate::runner::Engine;
use passk_core::data::Rejected;
use passk_core::eval::SeriesFit;
use passk_core::report::assemble;
use passk_core::report::{PartDone, SeriesParts};
use passk_core::settings::Options;
use passk_protocol::{Answer, Reply, ReportWire};

impl Engine {
    /// The report of the series of fit job `data`, one series per slice.
    pub(crate) async fn report(
        &self,
        job: &mut Job<'_>,
        data: u64,
        rejected: Vec<Vec<Rejected>>,
        options: Options,
        full: bool,
    ) {
        let Some(d) = self.fitted(job, data).await else {
            return;
        };
        let n = d.datasets.len();
        // The scaled fits kept for this fit where the report needs them (the report fits
        // them itself past the distinct-count limit when the forecasts are forced).
        let fits: Vec<Cow<SeriesFit>> = d
            .fits
            .iter()
            .map(|f| {
                if options.wants_scaled() && f.fits.is_some() {
                    Cow::Owned(d.with_scaled(f))
                } else {
                    Cow::Borrowed(f)
                }
            })
            .collect();
        let series: Vec<SeriesParts> = d
            .datasets
            .iter()
            .zip(&fits)
            .map(|(ds, f)| SeriesParts::new(ds, f.as_ref(), &options))
            .collect();
        let mut rejected: Vec<Vec<Rejected>> = rejected.into_iter().collect();
        rejected.resize(n, Vec::new());
        // The table's report is answered first without the count scores (the long parts of a
        // big input), then again with them; the download's at once.
        let stages: &[bool] = if full { &[true] } else { &[false, true] };
        let mut done: Vec<Vec<(usize, PartDone)>> = vec![Vec::new(); n];
        for &counts in stages {
            for (i, parts) in series.iter().enumerate() {
                // Part by part, so that a newer request (another k list) stops it between two.
                for p in (0..parts.count()).filter(|&p| parts.is_count(p) == counts || full) {
                    let text = || {
                        let what = if counts && !full {
                            "count scores"
                        } else {
                            "report"
                        };
                        (
                            format!("{what} of series {} of {n}…", i + 1),
                            Some((i as u64, n as u64)),
                        )
                    };
                    if !job.tick(text).await {
                        return;
                    }
                    done[i].push((p, parts.run(p)));
                }
            }
            let has_counts = series
                .iter()
                .any(|parts| (0..parts.count()).any(|p| parts.is_count(p)));
            let pending = !counts && has_counts;
            if !counts && !pending && !full {
                // Nothing left for a second answer: the first is the whole one.
                continue;
            }
            // (The last stage's parts are moved, the first's kept for the second.)
            let models = series
                .iter()
                .zip(&mut done)
                .zip(&rejected)
                .map(|((parts, done), rows)| {
                    let mut done = if counts {
                        std::mem::take(done)
                    } else {
                        done.clone()
                    };
                    done.sort_by_key(|d| d.0);
                    parts.finish(done.into_iter().map(|d| d.1).collect(), rows.clone())
                })
                .collect();
            let report = ReportWire::pack(assemble(models, &d.datasets, &d.fits, &options));
            job.finish(Reply {
                job: job.job,
                answer: Answer::Report {
                    full,
                    report: Box::new(report),
                    counts_pending: pending,
                },
            });
        }
    }
}
