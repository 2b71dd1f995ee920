//! A series' count-score rows (issue 54): G-Pass@k_τ and mG-Pass@k with their Bayesian
//! intervals, strict maj@k and AUC@k with theirs, and avg@N — the scorio package's `*_ci`.

use super::schema::{GPassRow, KInterval, MgPassRow, TailPassRow};
use crate::data::groups::Groups;
use crate::estimators::count_posterior::intervals;
use crate::estimators::count_score::{auc_weights, CountScore};
use crate::estimators::g_pass::g_pass;
use crate::estimators::geom::{blends, Blend};
use crate::estimators::interval::{Interval, Prior};
use crate::estimators::tailpass::profile;
use crate::num::libm_math::LibmMath;
use crate::num::sum::Neumaier;
use crate::settings::Options;

/// The rows of one series.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CountRows {
    /// G-Pass@k_τ for each budget and τ of the G-Pass list.
    pub g_pass: Vec<GPassRow>,
    /// mG-Pass@k for each budget.
    pub mg_pass: Vec<MgPassRow>,
    /// Strict maj@k for each budget.
    pub maj_strict: Vec<KInterval>,
    /// AUC@k for each budget.
    pub auc: Vec<KInterval>,
    /// Geom@k, Geom_ds@k and GeoSpectrum*@k for each budget.
    pub geom: [Vec<KInterval>; 3],
    /// TailPass@k profiles for the budgets up to 100.
    pub tailpass: Vec<TailPassRow>,
}

/// The unbiased AUC@k of a dataset: Σ_j w_j·pass@j over j = 1..=k, each pass@j the mean
/// over tasks of 1 − C(n−c, j)/C(n, j), carried from j to j + 1 in logs (−expm1 of a
/// log1p sum, so that small values keep their digits).
///
/// # Formula
/// AUC@k = (1/T)·Σ_i Σ_j w_j·(1 − Π_{l<j} (1 − c_i/(n_i − l))), w from [`auc_weights`].
pub fn auc_value(g: &Groups, k: u64) -> f64 {
    let w = auc_weights(k);
    let mut total = Neumaier::default();
    for (t, mult) in g.iter() {
        let (n, c) = (t.n() as f64, t.c() as f64);
        let mut ln_none = 0.0;
        let mut task = Neumaier::default();
        for (j, wj) in w.iter().enumerate() {
            // ln Π_{l<j+1} (1 − c/(n − l)); once a factor is 0 every pass@ after is 1.
            let l = j as f64;
            ln_none += if c >= n - l {
                f64::NEG_INFINITY
            } else {
                (-c / (n - l)).libm_ln_1p()
            };
            task.add(wj * -ln_none.libm_exp_m1());
        }
        total.add(mult as f64 * task.total());
    }
    total.total() / g.tasks() as f64
}

/// The rows for the k list (k ≤ the smallest n) and the G-Pass τ list, each interval with
/// the prior and level of the settings.
pub fn count_rows(g: &Groups, opts: &Options) -> CountRows {
    let taus: Vec<f64> = opts.g_taus.iter().map(|t| t.value()).collect();
    let s = &opts.settings;
    let prior = Prior {
        alpha: s.prior[0],
        beta: s.prior[1],
    };
    let mut rows = CountRows::default();
    for at in g_pass(g, &opts.ks, &taus) {
        let k = at.k;
        let j0 = k / 2 + 1;
        let maj = g_pass(g, &[k], &[j0 as f64 / k as f64]);
        let maj = maj.first().and_then(|m| m.values.first().copied());
        // Every score of this budget: the G-Pass τs, then mG, maj and AUC.
        let mut scores: Vec<CountScore> = taus
            .iter()
            .filter_map(|&tau| CountScore::g_pass(k, tau).ok())
            .collect();
        scores.extend(
            [
                CountScore::mg_pass(k),
                CountScore::maj_strict(k),
                CountScore::auc(k),
            ]
            .into_iter()
            .flatten(),
        );
        let refs: Vec<&CountScore> = scores.iter().collect();
        let ivs: Vec<Option<Interval>> = match intervals(&refs, g, prior, s.confidence) {
            Some(v) if v.len() == refs.len() => v.into_iter().map(Some).collect(),
            _ => vec![None; refs.len()],
        };
        let n = taus.len();
        rows.g_pass.extend(
            taus.iter()
                .zip(&at.values)
                .zip(&ivs)
                .map(|((&tau, &value), iv)| GPassRow {
                    k,
                    tau,
                    value,
                    interval: *iv,
                }),
        );
        rows.mg_pass.push(MgPassRow {
            k,
            value: at.mg,
            interval: ivs.get(n).copied().flatten(),
        });
        if let Some(value) = maj {
            rows.maj_strict.push(KInterval {
                k,
                value,
                interval: ivs.get(n + 1).copied().flatten(),
            });
        }
        rows.auc.push(KInterval {
            k,
            value: auc_value(g, k),
            interval: ivs.get(n + 2).copied().flatten(),
        });
        if let Some(b) = blends(g, k, at.mg, prior, s.confidence) {
            let row = |b: Blend| KInterval {
                k,
                value: b.value,
                interval: b.interval,
            };
            for (to, b) in rows.geom.iter_mut().zip([b.geom, b.geom_ds, b.spectrum]) {
                to.push(row(b));
            }
        }
    }
    if g.tasks() > 0 {
        rows.tailpass = opts
            .ks
            .iter()
            .filter_map(|&k| profile(g, k, prior, s.confidence))
            .map(|p| TailPassRow {
                k: p.k,
                mean: p.points.iter().map(|i| i.mean).collect(),
                sd: p.points.iter().map(|i| i.sd).collect(),
                lo: p.points.iter().map(|i| i.lo).collect(),
                hi: p.points.iter().map(|i| i.hi).collect(),
                moment2: p.moment2,
            })
            .collect();
    }
    rows
}
