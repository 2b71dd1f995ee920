//! maj@k (also called cons@k): the chance that the most frequent answer among k samples
//! drawn without replacement is correct, exactly, over all k-subsets.

use crate::data::samples::Votes;
use crate::data::task::Task;
use crate::estimators::unbiased::BudgetError;
use crate::num::gamma::ln_choose;
use crate::num::libm_math::LibmMath;
use crate::num::sum::Neumaier;

/// maj@k of one task.
///
/// # Formula
/// With answer groups of a_j samples (correct or not) and abstaining samples that are drawn
/// but do not vote, a draw takes x_j from group j with probability ∏ C(a_j, x_j) / C(n, k).
/// Its plurality is M = max x_j, shared by the t groups with x_j = M; the draw scores the
/// share of those t groups that are correct (ties shared: 1/t each). maj@k sums this over
/// every draw by dynamic programming over the groups for each M, tracking the drawn total
/// and the number of tied groups (and, alongside, the correct ones among them): groups
/// with fewer than M samples and the abstaining ones enter together as one binomial factor.
/// Every C(a, x) is scaled to the binomial pmf C(a, x) pᵡ (1−p)^(a−x) with p = k/n, so the
/// terms stay in range (the scale is the same for every draw and cancels against
/// C(n, k) pᵏ (1−p)^(n−k)). maj@1 = the share of correct votes among all samples.
/// Cost: at most n·k² operations, far less when answers concentrate in a few groups.
///
/// # Errors
/// As [`pass_at_k`](crate::estimators::unbiased::pass_at_k): k = 0 or k > n.
pub fn maj_at_k(votes: &Votes, k: u64) -> Result<f64, BudgetError> {
    let n = votes.n();
    if k == 0 {
        return Err(BudgetError::ZeroBudget);
    }
    if k > n {
        return Err(BudgetError::ExceedsSamples { k, n });
    }
    let groups = votes.groups();
    if k == n {
        return Ok(plurality_fraction(
            groups.iter().map(|g| (g.count, g.correct)),
        ));
    }
    let largest_correct = groups
        .iter()
        .filter(|g| g.correct)
        .map(|g| g.count)
        .max()
        .unwrap_or(0);
    let p = k as f64 / n as f64;
    let ku = k as usize;
    let mut total = 0.0;
    for m in 1..=largest_correct.min(k) {
        let big: Vec<_> = groups.iter().filter(|g| g.count >= m).collect();
        let small: u64 = n - big.iter().map(|g| g.count).sum::<u64>();
        let ties = big.len().min((k / m) as usize);
        let mu = m as usize;
        // w[t][s]: draws of s samples so far with t groups tied at m; d: the same weighted by
        // the correct groups among the tied.
        let mut w = vec![vec![0.0; ku + 1]; ties + 1];
        let mut d = vec![vec![0.0; ku + 1]; ties + 1];
        w[0] = binomial_row(small, p, ku);
        for g in big {
            let row = binomial_row(g.count, p, mu);
            let mut w2 = vec![vec![0.0; ku + 1]; ties + 1];
            let mut d2 = vec![vec![0.0; ku + 1]; ties + 1];
            for t in 0..=ties {
                for s in t * mu..=ku {
                    let (ws, ds) = (w[t][s], d[t][s]);
                    if ws == 0.0 && ds == 0.0 {
                        continue;
                    }
                    for (x, &f) in row.iter().enumerate().take(mu.min(ku - s + 1)) {
                        w2[t][s + x] += ws * f;
                        d2[t][s + x] += ds * f;
                    }
                    if s + mu <= ku && t < ties {
                        let f = row[mu];
                        w2[t + 1][s + mu] += ws * f;
                        d2[t + 1][s + mu] += (ds + if g.correct { ws } else { 0.0 }) * f;
                    }
                }
            }
            (w, d) = (w2, d2);
        }
        total += (1..=ties).map(|t| d[t][ku] / t as f64).sum::<f64>();
    }
    let all = binomial_pmf_ln(n, k, p).libm_exp();
    Ok((total / all).clamp(0.0, 1.0))
}

/// maj@k averaged over tasks; None when some task has no votes or fewer than k samples
/// (or there are no tasks).
pub fn mean_maj_at_k(tasks: &[Task], k: u64) -> Option<f64> {
    mean_over(tasks, |t| maj_at_k(t.votes()?, k).ok())
}

/// The mean of `value` over tasks; None when a task has none (or there are no tasks).
pub fn mean_over(tasks: &[Task], value: impl Fn(&Task) -> Option<f64>) -> Option<f64> {
    let mut sum = Neumaier::default();
    for t in tasks {
        sum.add(value(t)?);
    }
    (!tasks.is_empty()).then(|| sum.total() / tasks.len() as f64)
}

/// The score of one whole draw: the share of correct groups among those with the most votes
/// (0 when nothing voted).
pub fn plurality_fraction(drawn: impl IntoIterator<Item = (u64, bool)>) -> f64 {
    let (mut best, mut tied, mut correct) = (0, 0u64, 0u64);
    for (x, ok) in drawn {
        if x == 0 || x < best {
            continue;
        }
        if x > best {
            (best, tied, correct) = (x, 0, 0);
        }
        tied += 1;
        correct += ok as u64;
    }
    if tied == 0 {
        0.0
    } else {
        correct as f64 / tied as f64
    }
}

/// ln of the binomial pmf C(a, x) pˣ (1−p)^(a−x), for 0 < p < 1.
fn binomial_pmf_ln(a: u64, x: u64, p: f64) -> f64 {
    ln_choose(a, x) + x as f64 * p.libm_ln() + (a - x) as f64 * (-p).libm_ln_1p()
}

/// The binomial pmf of a trials at p for x = 0 ..= min(a, len), zero-padded to len + 1:
/// from its mode outward by the ratio of neighbours, so that no term underflows before it
/// is negligible.
fn binomial_row(a: u64, p: f64, len: usize) -> Vec<f64> {
    let mut row = vec![0.0; len + 1];
    let top = (a as usize).min(len);
    let mode = (((a + 1) as f64 * p).floor() as usize).min(top);
    let odds = p / (1.0 - p);
    row[mode] = binomial_pmf_ln(a, mode as u64, p).libm_exp();
    for x in mode..top {
        row[x + 1] = row[x] * (a - x as u64) as f64 / (x + 1) as f64 * odds;
    }
    for x in (1..=mode).rev() {
        row[x - 1] = row[x] * x as f64 / (a - x as u64 + 1) as f64 / odds;
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::samples::AnswerGroup;

    fn votes(groups: &[(u64, bool)], abstain: u64) -> Votes {
        let g = groups
            .iter()
            .map(|&(count, correct)| AnswerGroup::new(count, correct))
            .collect();
        Votes::new(g, abstain).unwrap()
    }

    #[test]
    fn by_hand() {
        // Answers A A B, A correct. k = 2: draws AA (A wins), AB twice (tie: 1/2) → 2/3.
        let v = votes(&[(2, true), (1, false)], 0);
        assert!((maj_at_k(&v, 1).unwrap() - 2.0 / 3.0).abs() < 1e-15);
        assert!((maj_at_k(&v, 2).unwrap() - 2.0 / 3.0).abs() < 1e-15);
        assert_eq!(maj_at_k(&v, 3).unwrap(), 1.0);
        assert!(maj_at_k(&v, 4).is_err() && maj_at_k(&v, 0).is_err());
        // One correct answer and one abstention: k = 1 → 1/2, k = 2 → 1.
        let v = votes(&[(1, true)], 1);
        assert!((maj_at_k(&v, 1).unwrap() - 0.5).abs() < 1e-15);
        assert_eq!(maj_at_k(&v, 2).unwrap(), 1.0);
        assert_eq!(maj_at_k(&votes(&[], 3), 2).unwrap(), 0.0);
    }
}
