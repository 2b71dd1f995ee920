//! Count scores: a metric that gives credit A_j when exactly j of k samples pass (pass@k,
//! pass^k, G-Pass@k_τ, mG-Pass@k, strict maj@k, AUC@k), and its Bayesian interval as the
//! scorio package computes it (`eval/_count_score.py`, `eval/_posterior.py`, scorio 0.2.3):
//! the exact posterior mean and variance of each task's latent credit under a Beta prior,
//! averaged over tasks, with a normal interval.

use std::fmt;

use crate::estimators::g_pass::{half, threshold};
use crate::num::sum::Neumaier;

/// The largest budget whose general count-score interval is computed (mG-Pass@k, AUC@k and
/// the blends that use them): the variance takes O(k²) work once per budget, O(k) per
/// distinct (n, c). pass@k and pass^k have a closed form at any k, and every threshold score
/// (G-Pass@k_τ, strict maj@k) an O(k) recurrence ([`AtLeast`](crate::estimators::at_least::AtLeast)).
pub const GENERAL_K_MAX: u64 = 1_000;

/// Why a count score could not be built.
#[derive(Debug, Clone, PartialEq)]
pub enum CountScoreError {
    /// k = 0.
    ZeroBudget,
    /// τ outside [0, 1] or not a number.
    Tau(f64),
    /// A credit vector whose length is not k + 1 or with a value that is not finite.
    Credits,
}

impl fmt::Display for CountScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountScoreError::ZeroBudget => write!(f, "the budget k must be at least 1"),
            CountScoreError::Tau(t) => write!(f, "τ = {t} is not between 0 and 1"),
            CountScoreError::Credits => {
                write!(f, "a count score needs k + 1 finite credits")
            }
        }
    }
}

impl std::error::Error for CountScoreError {}

/// The credit of each number of passing samples out of k.
#[derive(Debug, Clone, PartialEq)]
pub struct CountScore {
    k: u64,
    credits: Credits,
}

/// How the credits are held: a threshold without its k + 1 numbers, or each credit.
#[derive(Debug, Clone, PartialEq)]
enum Credits {
    /// A_j = 1{j ≥ r}.
    AtLeast(u64),
    /// A_0, …, A_k.
    Each(Vec<f64>),
}

/// Which closed form a credit vector has, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Shape {
    /// Every credit equal.
    Constant(f64),
    /// 0, then 1 from one pass on: pass@k.
    Pass,
    /// 1 only when all k pass (k ≥ 2): pass^k.
    Unanimous,
    /// 0 below r, then 1 (1 < r < k): a threshold, its moments by an O(k) recurrence.
    AtLeast(u64),
    /// Anything else.
    General,
}

impl CountScore {
    /// A count score of credits A_0, …, A_k.
    ///
    /// # Errors
    /// [`CountScoreError::Credits`] for fewer than two credits or one not finite.
    pub fn new(credits: Vec<f64>) -> Result<CountScore, CountScoreError> {
        if credits.len() < 2 || credits.iter().any(|a| !a.is_finite()) {
            return Err(CountScoreError::Credits);
        }
        Ok(CountScore {
            k: credits.len() as u64 - 1,
            credits: Credits::Each(credits),
        })
    }

    fn each(credits: Vec<f64>) -> CountScore {
        CountScore {
            k: credits.len() as u64 - 1,
            credits: Credits::Each(credits),
        }
    }

    /// The budget k.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The credits A_0, …, A_k (made for a threshold score: O(k)).
    pub fn credits(&self) -> Vec<f64> {
        match &self.credits {
            Credits::AtLeast(r) => (0..=self.k)
                .map(|j| if j >= *r { 1.0 } else { 0.0 })
                .collect(),
            Credits::Each(v) => v.clone(),
        }
    }

    /// The credits when they are held one by one (None for a threshold score).
    pub(crate) fn each_credit(&self) -> Option<&[f64]> {
        match &self.credits {
            Credits::Each(v) => Some(v),
            Credits::AtLeast(_) => None,
        }
    }

    fn budget(k: u64) -> Result<usize, CountScoreError> {
        if k == 0 {
            Err(CountScoreError::ZeroBudget)
        } else {
            Ok(k as usize)
        }
    }

    /// At least `j0` of k pass (TailPass@k's event at the threshold j0/k).
    ///
    /// # Formula
    /// A_j = 1{j ≥ j0}.
    ///
    /// # Errors
    /// [`CountScoreError::ZeroBudget`] for k = 0.
    pub fn at_least(k: u64, j0: u64) -> Result<CountScore, CountScoreError> {
        Self::budget(k)?;
        Ok(CountScore {
            k,
            credits: Credits::AtLeast(j0),
        })
    }

    /// pass@k: at least one of k passes.
    ///
    /// # Formula
    /// A_j = 1{j ≥ 1}.
    ///
    /// # Errors
    /// [`CountScoreError::ZeroBudget`] for k = 0.
    pub fn pass(k: u64) -> Result<CountScore, CountScoreError> {
        Self::at_least(k, 1)
    }

    /// pass^k: all k pass.
    ///
    /// # Formula
    /// A_j = 1{j = k}.
    ///
    /// # Errors
    /// [`CountScoreError::ZeroBudget`] for k = 0.
    pub fn pass_hat(k: u64) -> Result<CountScore, CountScoreError> {
        Self::at_least(k, k)
    }

    /// G-Pass@k_τ: at least a share τ of k pass.
    ///
    /// # Formula
    /// A_j = 1{j ≥ max(1, ⌈τk⌉)} ([`threshold`]).
    ///
    /// # Errors
    /// [`CountScoreError::ZeroBudget`] for k = 0, [`CountScoreError::Tau`] for τ ∉ [0, 1].
    pub fn g_pass(k: u64, tau: f64) -> Result<CountScore, CountScoreError> {
        if !(0.0..=1.0).contains(&tau) {
            return Err(CountScoreError::Tau(tau));
        }
        Self::at_least(k, threshold(tau, k.max(1)))
    }

    /// mG-Pass@k: G-Pass@k averaged over τ in (½, 1].
    ///
    /// # Formula
    /// A_j = (2/k)·(j − ⌈k/2⌉)⁺.
    ///
    /// # Errors
    /// [`CountScoreError::ZeroBudget`] for k = 0.
    pub fn mg_pass(k: u64) -> Result<CountScore, CountScoreError> {
        let kk = Self::budget(k)?;
        let m = half(k) as f64;
        let credits = (0..=kk)
            .map(|j| 2.0 / k as f64 * (j as f64 - m).max(0.0))
            .collect();
        Ok(CountScore::each(credits))
    }

    /// Strict maj@k on pass/fail samples (scorio's `maj_at_k`): more than half of k pass.
    ///
    /// # Formula
    /// A_j = 1{j ≥ ⌊k/2⌋ + 1}.
    ///
    /// # Errors
    /// [`CountScoreError::ZeroBudget`] for k = 0.
    pub fn maj_strict(k: u64) -> Result<CountScore, CountScoreError> {
        Self::at_least(k, k / 2 + 1)
    }

    /// AUC@k: the area under the pass@j curve for j = 1..k by the trapezoid rule, over the
    /// width k − 1 (AUC@1 = pass@1).
    ///
    /// # Formula
    /// AUC@k = Σ_j w_j pass@j with w_1 = w_k = 1/(2(k−1)), w_j = 1/(k−1) between; as a count
    /// score A_s = Σ_j w_j·(1 − C(k−s, j)/C(k, j)) (pass@j of a draw of j among the k).
    ///
    /// # Errors
    /// [`CountScoreError::ZeroBudget`] for k = 0.
    pub fn auc(k: u64) -> Result<CountScore, CountScoreError> {
        let kk = Self::budget(k)?;
        let w = auc_weights(k);
        let credits = (0..=kk)
            .map(|s| {
                let mut a = Neumaier::default();
                // C(k−s, j)/C(k, j) = Π_{i<j} (k−s−i)/(k−i), carried from j to j + 1 (0
                // once j > k − s).
                let mut none = 1.0;
                for (j, wj) in (1..=kk).zip(&w) {
                    none *= if j > kk - s {
                        0.0
                    } else {
                        (kk - s - (j - 1)) as f64 / (kk - (j - 1)) as f64
                    };
                    a.add(wj * (1.0 - none));
                }
                a.total()
            })
            .collect();
        Ok(CountScore::each(credits))
    }

    pub(crate) fn shape(&self) -> Shape {
        let k = self.k;
        let r = match &self.credits {
            Credits::AtLeast(r) => *r,
            Credits::Each(a) => {
                // A step from 0 to 1 is a threshold, however it was built.
                let r = a.iter().take_while(|x| **x == 0.0).count();
                if a.iter().all(|x| *x == a[0]) {
                    return Shape::Constant(a[0]);
                }
                if !a[r..].iter().all(|x| *x == 1.0) {
                    return Shape::General;
                }
                r as u64
            }
        };
        match r {
            0 => Shape::Constant(1.0),
            r if r > k => Shape::Constant(0.0),
            1 => Shape::Pass,
            r if r == k => Shape::Unanimous,
            r => Shape::AtLeast(r),
        }
    }
}

/// The trapezoid weights of AUC@k over pass@1..pass@k.
pub fn auc_weights(k: u64) -> Vec<f64> {
    if k <= 1 {
        return vec![1.0; k as usize];
    }
    let w = 1.0 / (k - 1) as f64;
    (1..=k)
        .map(|j| if j == 1 || j == k { w / 2.0 } else { w })
        .collect()
}
