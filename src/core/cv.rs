//! K-fold cross-validated expected log predictive density (CV-ELPD) of BB and ZOIBB: which
//! prior predicts held-out tasks better.

use serde::Serialize;

use super::beta_binomial::{fit_bb_data, moments_start, BbFit};
use super::dataset::{Dataset, Groups};
use super::likelihood::{ln_choose, BbData};
use super::pass_at_k::Counts;
use super::special::{ln_beta, ln_gamma_ratio};
use super::zoibb::{fit_zoibb_data, ZoibbFit};

/// CV-ELPD of both fits (sums of held-out log marginal likelihoods).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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
    let lb = s.ln() + bb_log_marginal(z.a, z.b, t);
    let atom = if t.c() == 0 {
        z.pi0
    } else if t.c() == t.n() {
        z.pi1
    } else {
        0.0
    };
    if atom > 0.0 {
        let m = lb.max(atom.ln());
        m + ((lb - m).exp() + (atom.ln() - m).exp()).ln()
    } else {
        lb
    }
}

/// K-fold CV-ELPD: task i goes to fold i mod K in input order; K = N when N < K; None when
/// N < 2.
pub fn cv_elpd(ds: &Dataset, folds: u64, full_bb: &BbFit) -> Option<CvElpd> {
    let n = ds.tasks.len() as u64;
    if n < 2 {
        return None;
    }
    let k = folds.min(n).max(2);
    let (mut bb, mut zo) = (0.0, 0.0);
    for f in 0..k {
        let train = Groups::new(
            ds.tasks
                .iter()
                .enumerate()
                .filter(|(i, _)| *i as u64 % k != f)
                .map(|(_, t)| t.counts),
        );
        let data = BbData::new(&train);
        let start = [full_bb.a.ln(), full_bb.b.ln()];
        let mut fb = fit_bb_data(&data, moments_start(&train));
        let warm = fit_bb_data(&data, start);
        if warm.log_likelihood > fb.log_likelihood {
            fb = warm;
        }
        let fz = fit_zoibb_data(&data, &fb);
        for (_, t) in ds
            .tasks
            .iter()
            .enumerate()
            .filter(|(i, _)| *i as u64 % k == f)
        {
            bb += bb_log_marginal(fb.a, fb.b, t.counts);
            zo += zoibb_log_marginal(&fz, t.counts);
        }
    }
    Some(CvElpd {
        bb,
        zoibb: zo,
        folds: k,
    })
}
