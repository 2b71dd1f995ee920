//! BoN@k (best of k by a score, such as a verifier's or a reward model's) and max@k (the
//! largest graded reward among k): the expected value of the highest-scored sample among k
//! drawn without replacement, exactly.

use crate::data::counts::Counts;
use crate::data::samples::Scored;
use crate::data::task::Task;
use crate::estimators::majority::mean_over;
use crate::estimators::unbiased::{ln_all_fail, pass_at_k, BudgetError};
use crate::num::libm_math::LibmMath;

/// The expected value of the highest-scored of k samples drawn without replacement.
///
/// # Formula
/// With the samples sorted by score, highest first, and distinct scores,
/// Σᵢ valueᵢ · C(n − i, k − 1) / C(n, k) (i = 1 … n). Samples of equal score form one
/// level L of s_L samples below h_L higher-scored ones; the draw's best level is L with
/// probability [C(n − h_L, k) − C(n − h_L − s_L, k)] / C(n, k), and the sample taken from it
/// is any of its drawn ones with equal chance, so it is worth the level's mean value (ties
/// averaged exactly). That probability is evaluated as
/// [C(n − h_L, k)/C(n, k)] · pass@k(n − h_L, s_L), both in the stable product forms of
/// [`ln_all_fail`] and [`pass_at_k`] — no difference of nearly equal numbers.
/// BoN@k takes value = 1 for a correct sample, 0 otherwise; max@k takes a graded reward as
/// the value, ranked by the same score ([`mean_max_at_k`]).
///
/// # Errors
/// As [`pass_at_k`]: k = 0 or k > n.
pub fn best_of_k(scored: &Scored, k: u64) -> Result<f64, BudgetError> {
    let samples = scored.samples();
    let n = scored.n();
    if k == 0 {
        return Err(BudgetError::ZeroBudget);
    }
    if k > n {
        return Err(BudgetError::ExceedsSamples { k, n });
    }
    let mut total = 0.0;
    let mut higher = 0u64;
    let mut i = 0;
    while i < samples.len() {
        let score = samples[i].0;
        let level = samples[i..].iter().take_while(|s| s.0 == score).count();
        let s = level as u64;
        let mean = samples[i..i + level].iter().map(|s| s.1).sum::<f64>() / s as f64;
        if n - higher < k {
            break;
        }
        let none_higher = match Counts::new(n, higher) {
            Ok(t) => ln_all_fail(t, k)?.libm_exp(),
            Err(_) => 0.0,
        };
        let some_here = match Counts::new(n - higher, s) {
            Ok(t) => pass_at_k(t, k)?,
            Err(_) => 0.0,
        };
        total += mean * none_higher * some_here;
        higher += s;
        i += level;
    }
    Ok(total)
}

/// BoN@k averaged over tasks; None when some task is not scored or has fewer than k
/// samples (or there are no tasks).
pub fn mean_best_of_k(tasks: &[Task], k: u64) -> Option<f64> {
    mean_over(tasks, |t| best_of_k(t.scored()?, k).ok())
}

/// max@k averaged over tasks: the graded reward of the best-scored of k samples; None when
/// some task has no graded rewards or fewer than k samples (or there are no tasks).
pub fn mean_max_at_k(tasks: &[Task], k: u64) -> Option<f64> {
    mean_over(tasks, |t| best_of_k(t.graded()?, k).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // Scores 3, 2, 1 with values 0, 1, 1: k = 2 → pairs {3,2} 0, {3,1} 0, {2,1} 1 → 1/3.
        let s = Scored::new(vec![(2.0, 1.0), (3.0, 0.0), (1.0, 1.0)]).unwrap();
        assert!((best_of_k(&s, 1).unwrap() - 2.0 / 3.0).abs() < 1e-15);
        assert!((best_of_k(&s, 2).unwrap() - 1.0 / 3.0).abs() < 1e-15);
        assert_eq!(best_of_k(&s, 3).unwrap(), 0.0);
        assert!(best_of_k(&s, 4).is_err() && best_of_k(&s, 0).is_err());
        // A tie at the top between a correct and a wrong sample: worth 1/2 when both drawn.
        let s = Scored::new(vec![(1.0, 1.0), (1.0, 0.0)]).unwrap();
        assert!((best_of_k(&s, 2).unwrap() - 0.5).abs() < 1e-15);
    }
}
