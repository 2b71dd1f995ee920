//! A series' per-budget rows that are computed on their own, side by side with the report's
//! other parts: the standard errors and Cover@τ (G-Pass@k and the other count scores are in
//! `count_rows`).

use super::schema::{CoverRow, StdErrors};
use crate::data::groups::Groups;
use crate::estimators::cover::{cover_plugin, cover_posterior};
use crate::estimators::stderr::{SeError, SeKind};
use crate::eval::fits::Fits;
use crate::eval::std_errors::{clustered, swept_std_errors};
use crate::settings::Options;
use std::collections::BTreeMap;

/// The value if finite, else None (`null` in the report).
pub(super) fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

/// The standard errors of the unbiased pass@k at each budget: tasks and sampling swept, and
/// the cluster-robust one when the series' tasks name groups (`clusters`).
pub fn std_errors(g: &Groups, clusters: Option<&[Groups]>, ks: &[u64]) -> Vec<StdErrors> {
    let clustered = clusters.map(|c| clustered(c, ks));
    swept_std_errors(g, ks)
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let mut why_null = BTreeMap::new();
            let mut keep = |key: &str, r: Result<f64, SeError>| match r {
                Ok(v) if v.is_finite() => Some(v),
                Ok(_) => None,
                Err(e) => {
                    why_null.insert(key.to_string(), e.to_string());
                    None
                }
            };
            let tasks = keep(SeKind::Tasks.key(), s.tasks);
            let sampling = keep(SeKind::Sampling.key(), s.sampling);
            let clustered = match &clustered {
                Some(c) => keep("clustered", c[i]),
                None => {
                    why_null.insert("clustered".into(), "the input names no groups".into());
                    None
                }
            };
            StdErrors {
                tasks,
                sampling,
                clustered,
                why_null,
            }
        })
        .collect()
}

/// Cover@τ at each τ: the plug-in and the BB posterior's.
pub fn cover_rows(g: &Groups, fits: Option<&Fits>, opts: &Options) -> Vec<CoverRow> {
    opts.taus
        .iter()
        .map(|&tau| CoverRow {
            tau: tau.value(),
            plugin: (!g.is_empty()).then(|| cover_plugin(g, tau)),
            bb: fits.and_then(|f| finite(cover_posterior(g, f.bb.a, f.bb.b, tau.value()))),
        })
        .collect()
}
