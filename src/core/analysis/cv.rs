//! K-fold cross-validated expected log predictive density (CV-ELPD) of BB and ZOIBB: which
//! prior predicts held-out tasks better.

use crate::core::num::math::Det;

use crate::core::data::counts::Counts;
use crate::core::data::dataset::{Dataset, Groups};
use crate::core::estimators::beta_binomial::{fit_bb_data, moments_start, Search};
use crate::core::estimators::likelihood::{ln_choose, BbData};
use crate::core::estimators::zoibb::{fit_zoibb_data, zoibb_loglik, ZoibbFit};
use crate::core::eval::estimates::Fits;
use crate::core::num::beta::ln_beta;
use crate::core::num::gamma::ln_gamma_ratio;
use crate::core::num::sum::Neumaier;

/// CV-ELPD of both fits (sums of held-out log marginal likelihoods).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CvElpd {
    /// Beta-Binomial.
    pub bb: f64,
    /// ZOIBB.
    pub zoibb: f64,
    /// Folds used (K, or N when N < K).
    pub folds: u64,
}

/// ln P(c | n) under Beta(a, b), including ln C(n, c).
pub fn bb_log_marginal(a: f64, b: f64, t: Counts) -> f64 {
    let (n, c) = (t.n() as f64, t.c() as f64);
    if t.c() == 0 {
        return ln_gamma_ratio(b, a, n);
    }
    if t.c() == t.n() {
        return ln_gamma_ratio(a, b, n);
    }
    ln_choose(t.n(), t.c()) + ln_beta(a + c, b + n - c) - ln_beta(a, b)
}

/// ln P(c | n) under the ZOIBB mixture.
pub fn zoibb_log_marginal(z: &ZoibbFit, t: Counts) -> f64 {
    let s = 1.0 - z.pi0 - z.pi1;
    let lb = s.dln() + bb_log_marginal(z.a, z.b, t);
    let atom = if t.c() == 0 {
        z.pi0
    } else if t.c() == t.n() {
        z.pi1
    } else {
        0.0
    };
    if atom > 0.0 {
        let m = lb.max(atom.dln());
        m + ((lb - m).dexp() + (atom.dln() - m).dexp()).dln()
    } else {
        lb
    }
}

/// K-fold CV-ELPD: task i goes to fold i mod K in input order; K = N when N < K; None when
/// N < 2.
///
/// # Formula
/// For each fold f: fit BB and ZOIBB on the other folds, add the held-out tasks'
/// ln P(c | n) (with ln C(n, c)). A fold's fits start from the full data's optima (`full`)
/// and the fold's method-of-moments point, a local search: a fold differs from the full
/// data by a tenth of its tasks.
pub fn cv_elpd(ds: &Dataset, folds: u64, full: &Fits) -> Option<CvElpd> {
    let n = ds.tasks.len();
    if n < 2 {
        return None;
    }
    let k = folds.min(n as u64).max(2) as usize;
    // Group ids per task, so that a fold's groups are the totals minus the fold's counts.
    let all = Groups::new(ds.tasks.iter().map(|t| t.counts));
    let distinct: Vec<(Counts, u64)> = all.iter().collect();
    let id = |c: Counts| distinct.binary_search_by(|g| g.0.cmp(&c)).unwrap_or(0);
    let ids: Vec<usize> = ds.tasks.iter().map(|t| id(t.counts)).collect();
    let mut held = vec![0u64; distinct.len()];
    let starts_bb = [[full.bb.a.dln(), full.bb.b.dln()]];
    let starts_z = [[full.zoibb.a.dln(), full.zoibb.b.dln()]];
    let (mut bb, mut zo) = (Neumaier::default(), Neumaier::default());
    for f in 0..k {
        held.iter_mut().for_each(|h| *h = 0);
        for i in (f..n).step_by(k) {
            held[ids[i]] += 1;
        }
        let train =
            Groups::from_weighted(distinct.iter().zip(&held).map(|(&(c, w), &h)| (c, w - h)));
        let data = BbData::new(&train);
        let starts = [starts_bb[0], moments_start(&train)];
        let fb = fit_bb_data(&data, &starts, Search::LOCAL);
        let fz = fit_zoibb_data(&data, &fb, &starts_z, Search::LOCAL);
        // The held-out tasks' likelihoods by the same tail sums as the fits: O(max n).
        let test = BbData::new(&Groups::from_weighted(
            distinct.iter().zip(&held).map(|(&(c, _), &h)| (c, h)),
        ));
        bb.add(test.bb_loglik(fb.a, fb.b).v);
        zo.add(zoibb_loglik(&test, &fz));
    }
    Some(CvElpd {
        bb: bb.total(),
        zoibb: zo.total(),
        folds: k as u64,
    })
}
