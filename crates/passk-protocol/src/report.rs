//! A report as it crosses from the engine to the page.

use serde::{Deserialize, Serialize};

use passk_core::estimators::ShortTasks;
use passk_core::report::Report;

/// A report as it crosses to the page: the document, and what its file leaves out (why each
/// unbiased value is null, per series and row).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportWire {
    /// The document (its rows' `short` empty).
    pub report: Report,
    /// `short` of each series' pass@k rows.
    pub short: Vec<Vec<Option<ShortTasks>>>,
}

impl ReportWire {
    /// Packs a report.
    pub fn pack(mut report: Report) -> Self {
        let short = report
            .models
            .iter_mut()
            .map(|m| m.pass_at_k.iter_mut().map(|r| r.short.take()).collect())
            .collect();
        ReportWire { report, short }
    }

    /// The report, whole again.
    pub fn unpack(self) -> Report {
        let mut report = self.report;
        for (m, short) in report.models.iter_mut().zip(self.short) {
            for (r, s) in m.pass_at_k.iter_mut().zip(short) {
                r.short = s;
            }
        }
        report
    }
}
