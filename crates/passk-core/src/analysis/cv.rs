//! K-fold cross-validated expected log predictive density (CV-ELPD) of BB and ZOIBB: which
//! prior predicts held-out tasks better.

use crate::num::libm_math::LibmMath;

use crate::data::counts::Counts;
use crate::data::dataset::Dataset;

use crate::data::groups::Groups;
use crate::estimators::beta_binomial::{fit_bb_data, moments_start, Search};
use crate::estimators::likelihood::BbData;
use crate::estimators::zoibb::{fit_zoibb_data, zoibb_loglik, ZoibbFit};
use crate::eval::fits::Fits;
use crate::num::beta::ln_beta;
use crate::num::gamma::ln_choose;
use crate::num::gamma::ln_gamma_ratio;
use crate::num::sum::Neumaier;
use crate::par::map;

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
    let lb = s.libm_ln() + bb_log_marginal(z.a, z.b, t);
    let atom = if t.c() == 0 {
        z.pi0
    } else if t.c() == t.n() {
        z.pi1
    } else {
        0.0
    };
    if atom > 0.0 {
        let m = lb.max(atom.libm_ln());
        m + ((lb - m).libm_exp() + (atom.libm_ln() - m).libm_exp()).libm_ln()
    } else {
        lb
    }
}

/// K-fold CV-ELPD: task i goes to fold i mod K in input order; K = N when N < K; None when
/// N < 2. `all` are the series' grouped counts ([`Dataset::groups`]).
///
/// # Formula
/// For each fold f: fit BB and ZOIBB on the other folds, add the held-out tasks'
/// ln P(c | n) (with ln C(n, c)). A fold's fits start from the full data's optima (`full`)
/// and the fold's method-of-moments point, a local search: a fold differs from the full
/// data by a tenth of its tasks. Everything after grouping each fold is on grouped counts:
/// the training data are `all` minus the fold.
pub fn cv_elpd(ds: &Dataset, all: &Groups, folds: u64, full: &Fits) -> Option<CvElpd> {
    let cv = CvFolds::new(ds, all, folds, full)?;
    // Each fold on its own (side by side where there are threads), summed in fold order.
    let each: Vec<usize> = (0..cv.count()).collect();
    Some(cv.total(&map(&each, |&f| cv.fold(f))))
}

/// [`cv_elpd`] one fold at a time (the report spreads the folds over its threads with its
/// other parts).
pub struct CvFolds<'a> {
    ds: &'a Dataset,
    all: &'a Groups,
    k: usize,
    whole: BbData,
    full: Fits,
}

impl<'a> CvFolds<'a> {
    /// The folds of [`cv_elpd`]; None when N < 2.
    pub fn new(ds: &'a Dataset, all: &'a Groups, folds: u64, full: &Fits) -> Option<Self> {
        let n = ds.tasks.len();
        (n >= 2).then(|| CvFolds {
            ds,
            all,
            k: folds.min(n as u64).max(2) as usize,
            whole: BbData::new(all),
            full: *full,
        })
    }

    /// How many folds.
    pub fn count(&self) -> usize {
        self.k
    }

    /// Fold `f`'s held-out log likelihoods under BB and ZOIBB fitted to the other folds.
    pub fn fold(&self, f: usize) -> (f64, f64) {
        let (ds, k, whole) = (self.ds, self.k, &self.whole);
        let held = Groups::new(ds.tasks.iter().skip(f).step_by(k).map(|t| t.counts));
        let train = self.all.minus(&held);
        // The held-out tasks' likelihoods by the same tail sums as the fits: O(max n).
        let test = BbData::with_path(&held, whole.by_tails());
        let data = whole
            .minus(&test, train.n_max())
            .unwrap_or_else(|| BbData::new(&train));
        let starts = [self.full.bb.start(), moments_start(&train)];
        let fb = fit_bb_data(&data, &starts, Search::LOCAL);
        let fz = fit_zoibb_data(&data, &fb, &[self.full.zoibb.start()], Search::LOCAL);
        (test.bb_loglik(fb.a, fb.b).v, zoibb_loglik(&test, &fz))
    }

    /// The CV-ELPD of every fold's [`fold`](Self::fold), summed in fold order.
    pub fn total(&self, folds: &[(f64, f64)]) -> CvElpd {
        let (mut bb, mut zo) = (Neumaier::default(), Neumaier::default());
        for (b, z) in folds {
            bb.add(*b);
            zo.add(*z);
        }
        CvElpd {
            bb: bb.total(),
            zoibb: zo.total(),
            folds: self.k as u64,
        }
    }
}
