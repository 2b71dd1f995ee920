//! G-Pass@k_τ and mG-Pass@k (Liu et al., GPassK / LiveMathBench; as lighteval and scorio
//! compute them): how often at least a share τ of k samples drawn without replacement from a
//! task's n pass — a stability-aware pass@k.

use super::unbiased::BudgetError;
use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::num::dd::DD_BELOW;
use crate::num::hypergeom::Hypergeom;
use crate::num::recips::Recips;
use crate::num::sum::Neumaier;

/// The least number of passing samples out of k that G-Pass@k_τ asks for: max(1, ⌈τk⌉), with
/// ⌈τk⌉ computed as ceil(τk − 10⁻¹²) so that τ = 0.7, k = 10 asks for 7 (0.7·10 is
/// 7.000000000000001 in floating point).
pub fn threshold(tau: f64, k: u64) -> u64 {
    let t = (tau * k as f64 - 1e-12).ceil();
    if t.is_nan() || t < 1.0 {
        1
    } else {
        t as u64
    }
}

/// ⌈k/2⌉, the lower end (exclusive) of mG-Pass@k's thresholds.
pub fn half(k: u64) -> u64 {
    k.div_ceil(2)
}

/// One task's G-Pass@k at several thresholds, and its mG-Pass@k.
#[derive(Debug, Clone, PartialEq)]
pub struct GPassTask {
    /// P(X ≥ t) for each threshold t asked for, in the order given.
    pub tails: Vec<f64>,
    /// mG-Pass@k.
    pub mg: f64,
}

/// The thresholds of one budget, prepared once for every task: sorted and distinct, each
/// asked-for threshold's place among them, and the range of the pmf the walk needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Thresholds {
    k: u64,
    half: u64,
    sorted: Vec<u64>,
    place: Vec<usize>,
    lo: u64,
    keep: u64,
}

impl Thresholds {
    /// The thresholds `ts` (from [`threshold`]) at budget k ≥ 1.
    pub fn new(k: u64, ts: &[u64]) -> Thresholds {
        let half = half(k);
        let mut sorted: Vec<u64> = ts.iter().map(|&t| t.clamp(1, k + 1)).collect();
        sorted.sort_unstable();
        sorted.dedup();
        let place = ts
            .iter()
            .map(|&t| sorted.partition_point(|&s| s < t.clamp(1, k + 1)))
            .collect();
        let lo = sorted
            .first()
            .copied()
            .unwrap_or(k)
            .min(half + 1)
            .clamp(1, k);
        let keep = sorted.last().copied().unwrap_or(k).max(half + 1).min(k);
        Thresholds {
            k,
            half,
            sorted,
            place,
            lo,
            keep,
        }
    }

    /// One task: the tails at the sorted thresholds into `tails` (its length is the number of
    /// distinct thresholds), and mG-Pass@k. `inv` holds the reciprocals 1/m; `carried` is the
    /// previous task's walk anchor in the same n-block (c smaller), updated to this task's.
    fn task(
        &self,
        t: Counts,
        inv: &Recips<1>,
        carried: &mut Option<Carried>,
        tails: &mut [f64],
    ) -> Result<f64, BudgetError> {
        let k = self.k;
        let h = Hypergeom::new(t.n(), t.c(), k)
            .map_err(|_| BudgetError::ExceedsSamples { k, n: t.n() })?;
        tails.iter_mut().for_each(|x| *x = 0.0);
        let previous = carried.take();
        if t.c() == 0 {
            return Ok(0.0);
        }
        if t.c() == t.n() {
            for (x, &s) in tails.iter_mut().zip(&self.sorted) {
                *x = if s <= k { 1.0 } else { 0.0 };
            }
            return Ok(2.0 * (k - self.half) as f64 / k as f64);
        }
        if k == 1 {
            // One draw: P(X = 1) = c/n; mG-Pass@1 is an empty sum.
            if let Some(x) = tails.first_mut().filter(|_| self.sorted[0] == 1) {
                *x = t.rate();
            }
            return Ok(0.0);
        }
        // Each term goes to the bucket of the highest threshold ≤ j; the tails are then the
        // bucket sums from the top down.
        let Some(j0) = h.start(self.lo) else {
            return Ok(0.0);
        };
        let (p0, steps) = previous
            .and_then(|a| a.carry(&h, inv, t.c(), j0))
            .unwrap_or_else(|| (h.pmf(j0, inv), 0));
        *carried = Some(Carried {
            at: h,
            j: j0,
            p: p0,
            steps,
        });
        let mut mg = 0.0;
        let sorted = &self.sorted;
        // The walk moves j by one: the bucket follows it, and its running sum stays in a
        // register until the bucket changes.
        let (mut b, mut run) = (sorted.partition_point(|&s| s <= j0), 0.0);
        h.walk_from(inv, (j0, p0), self.lo, self.keep, |j, p| {
            let mut now = b;
            while now < sorted.len() && sorted[now] <= j {
                now += 1;
            }
            while now > 0 && sorted[now - 1] > j {
                now -= 1;
            }
            if now != b {
                if b > 0 {
                    tails[b - 1] += run;
                }
                (b, run) = (now, 0.0);
            }
            run += p;
            let over = j.saturating_sub(self.half) as f64;
            mg += p * over;
            p * (1.0 + over)
        });
        if b > 0 {
            tails[b - 1] += run;
        }
        for i in (0..tails.len().saturating_sub(1)).rev() {
            tails[i] += tails[i + 1];
        }
        Ok(2.0 * mg / k as f64)
    }
}

/// Most steps in c, and in all, an anchor is carried before it is evaluated afresh (the
/// rounding of the carried factors stays below 10⁻¹³ relative).
const CARRY_GAP: u64 = 64;
const CARRY_STEPS: u64 = 1024;

/// A walk's anchor P(X = j) at one task, carried to the next task of its n-block.
#[derive(Debug, Clone, Copy)]
struct Carried {
    at: Hypergeom,
    j: u64,
    p: f64,
    steps: u64,
}

impl Carried {
    /// P(X = j0) for the task with c passing samples (distribution `h`), from this anchor:
    /// along c at fixed j, then along j; with the steps taken since a fresh evaluation. None
    /// when too far, out of the support, or underflowing.
    fn carry(self, h: &Hypergeom, inv: &Recips<1>, c: u64, j0: u64) -> Option<(f64, u64)> {
        let dc = c.checked_sub(self.at.c())?;
        let dj = j0.abs_diff(self.j);
        let steps = self.steps + dc + dj;
        if dc > CARRY_GAP
            || dj > CARRY_GAP
            || steps > CARRY_STEPS
            || self.p.is_nan()
            || self.p < DD_BELOW
        {
            return None;
        }
        let p = self.at.at_more_passing(inv, (self.j, self.p), c)?;
        let (lo, hi) = h.support();
        if self.j < lo || self.j > hi {
            return None;
        }
        Some((h.shift(inv, (self.j, p), j0), steps))
    }
}

/// G-Pass@k at the thresholds `ts` (from [`threshold`]) and mG-Pass@k of one task, in one
/// pass over the hypergeometric pmf.
///
/// # Formula
/// With X ~ Hypergeometric(n, c, k) (passing samples among k drawn without replacement):
/// G-Pass@k_τ = P(X ≥ t) = Σ_{j=t}^{min(c,k)} C(c, j)·C(n−c, k−j)/C(n, k), t = max(1, ⌈τk⌉)
/// (τ = 0 gives pass@k, τ = 1 gives pass^k); mG-Pass@k = (2/k)·Σ_{i=⌈k/2⌉+1}^{k}
/// G-Pass@k_{i/k} = (2/k)·Σ_j P(X = j)·(j − ⌈k/2⌉)⁺. The pmf is walked from its mode outward
/// ([`Hypergeom::walk`]) with each tail summed over its own terms (never 1 minus the rest), so
/// a tail of 10⁻³⁰⁰ keeps its digits; n and k up to 10^12.
///
/// # Errors
/// [`BudgetError`] when k = 0 or k > n.
pub fn g_pass_task(t: Counts, k: u64, ts: &[u64]) -> Result<GPassTask, BudgetError> {
    if k == 0 {
        return Err(BudgetError::ZeroBudget);
    }
    let th = Thresholds::new(k, ts);
    let mut tails = vec![0.0; th.sorted.len()];
    let mg = th.task(t, &Recips::new([0.0], 0), &mut None, &mut tails)?;
    Ok(GPassTask {
        tails: th.place.iter().map(|&i| tails[i]).collect(),
        mg,
    })
}

/// A dataset's G-Pass@k_τ at each τ and its mG-Pass@k, at one budget.
#[derive(Debug, Clone, PartialEq)]
pub struct GPassAtK {
    /// The budget.
    pub k: u64,
    /// G-Pass@k_τ for each τ asked for, in the order given.
    pub values: Vec<f64>,
    /// mG-Pass@k.
    pub mg: f64,
}

/// The mean over tasks of G-Pass@k_τ (each τ of `taus`) and of mG-Pass@k, for each budget of
/// `ks` with k ≤ the smallest n (the others are left out); one walk per distinct (n, c) and k.
///
/// # Formula
/// (1/T)·Σ_groups multiplicity·value, compensated.
pub fn g_pass(g: &Groups, ks: &[u64], taus: &[f64]) -> Vec<GPassAtK> {
    let n_min = g.n_min();
    let mut out = Vec::new();
    if g.is_empty() {
        return out;
    }
    let inv = Recips::new([0.0], g.n_max() + 1);
    for &k in ks.iter().filter(|&&k| k >= 1 && k <= n_min) {
        let ts: Vec<u64> = taus.iter().map(|&tau| threshold(tau, k)).collect();
        let th = Thresholds::new(k, &ts);
        let mut tails = vec![0.0; th.sorted.len()];
        let mut sums = vec![Neumaier::default(); tails.len()];
        let mut mg = Neumaier::default();
        for block in g.blocks() {
            let mut carried = None;
            for &(t, w) in block {
                let Ok(m) = th.task(t, &inv, &mut carried, &mut tails) else {
                    continue;
                };
                let w = w as f64;
                for (s, x) in sums.iter_mut().zip(&tails) {
                    s.add(w * x);
                }
                mg.add(w * m);
            }
        }
        let n = g.tasks() as f64;
        out.push(GPassAtK {
            k,
            values: th.place.iter().map(|&i| sums[i].total() / n).collect(),
            mg: mg.total() / n,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimators::unbiased::{pass_at_k, pass_hat_k};
    use crate::num::prec::{close, CLOSED_FORM_REL};

    #[test]
    fn thresholds_are_exact_ceilings() {
        assert_eq!(threshold(0.7, 10), 7);
        assert_eq!(threshold(0.5, 5), 3);
        assert_eq!(threshold(0.0, 5), 1);
        assert_eq!(threshold(1.0, 64), 64);
        assert_eq!(threshold(0.75, 8), 6);
        assert_eq!(half(1), 1);
        assert_eq!(half(8), 4);
        assert_eq!(half(9), 5);
    }

    #[test]
    fn tau_zero_is_pass_at_k_and_tau_one_is_pass_hat_k() {
        for &(n, c, k) in &[
            (10u64, 3u64, 5u64),
            (200, 17, 64),
            (1000, 999, 10),
            (50, 1, 50),
        ] {
            let t = Counts::new(n, c).unwrap();
            let g = g_pass_task(t, k, &[threshold(0.0, k), threshold(1.0, k)]).unwrap();
            let (at, hat) = (pass_at_k(t, k).unwrap(), pass_hat_k(t, k).unwrap());
            assert!(
                close(g.tails[0], at, CLOSED_FORM_REL, 1e-300),
                "{n} {c} {k}"
            );
            assert!(
                close(g.tails[1], hat, CLOSED_FORM_REL, 1e-300),
                "{n} {c} {k}"
            );
        }
        assert!(g_pass_task(Counts::new(3, 1).unwrap(), 4, &[1]).is_err());
    }
}
