//! Sweeps along c over the tasks that share one n: the fast path behind every dataset mean.
//!
//! Every per-task estimator of passk is a ratio R(c) of gamma functions whose neighbours in c
//! (at fixed n and k) differ by one rational factor: the unbiased C(n−c, k)/C(n, k), the
//! Beta-Binomial B(a+c, b+n−c+k)/B(a+c, b+n−c) and their pass^k twins. So a dataset value
//! costs one fresh evaluation per run of nearby c and a multiplication per step, instead of a
//! `log1p` sum or a Stirling series per task.
//!
//! Accuracy is kept by construction: a decreasing sequence also carries Q = 1 − R, updated by
//! adding the positive term R·s with s = 1 − f formed directly (never 1 − R, which would
//! lose the digits of a tiny pass@k); an increasing sequence is walked downwards from its
//! largest c, so it only ever shrinks; and every [`REANCHOR`] steps, or across a gap of more
//! than [`MAX_GAP`], the ratio is evaluated afresh. The accumulated rounding is thus at most
//! about 2·[`REANCHOR`] ulps relative.

use crate::data::counts::Counts;
use crate::num::libm_math::LibmMath;

/// Largest gap in c bridged by recurrence steps; wider gaps get a fresh evaluation.
pub const MAX_GAP: u64 = 64;

/// Recurrence steps after which the ratio is evaluated afresh.
pub const REANCHOR: u64 = 1024;

/// One n-block of grouped tasks: (counts, multiplicity), sorted by c.
pub type Block<'a> = &'a [(Counts, u64)];

/// Walks a block upwards in c for `L` decreasing ratios at once.
///
/// # Formula
/// R(c+1) = R(c)·f(c) and Q(c+1) = Q(c) + R(c)·s(c), with f(c) + s(c) = 1 supplied by
/// `step(c)` as the pair (f, s), both formed without cancellation; a fresh anchor gives
/// R = exp(L), Q = −expm1(L) from `anchor(c)` = ln R(c) (−∞ for R = 0).
///
/// `visit(counts, multiplicity, R, Q)` is called once per group, in increasing c.
#[inline(always)]
pub fn sweep_up<const L: usize>(
    block: Block<'_>,
    anchor: impl Fn(u64) -> [f64; L],
    step: impl Fn(u64) -> [(f64, f64); L],
    visit: impl FnMut(Counts, u64, &[f64; L], &[f64; L]),
) {
    walk::<L, false>(block, anchor, step, visit);
}

/// Walks a block downwards in c for `L` ratios that increase with c, carrying Q = 1 − R as
/// [`sweep_up`] does (for a sequence whose complement is small, such as the share of a variance
/// left when a ratio of moments is near 1).
///
/// # Formula
/// R(c−1) = R(c)·f(c) and Q(c−1) = Q(c) + R(c)·s(c), (f, s) = `step(c)` with f + s = 1, both
/// formed without cancellation; a fresh anchor gives R = exp(L), Q = −expm1(L).
///
/// `visit(counts, multiplicity, R, Q)` is called once per group, in decreasing c.
#[inline(always)]
pub fn sweep_down_pair<const L: usize>(
    block: Block<'_>,
    anchor: impl Fn(u64) -> [f64; L],
    step: impl Fn(u64) -> [(f64, f64); L],
    visit: impl FnMut(Counts, u64, &[f64; L], &[f64; L]),
) {
    walk::<L, true>(block, anchor, step, visit);
}

/// The walk behind [`sweep_up`] (`DOWN` false: increasing c, `step(j)` goes from j to j+1)
/// and [`sweep_down_pair`] (decreasing c, `step(j)` goes from j to j−1).
#[inline(always)]
fn walk<const L: usize, const DOWN: bool>(
    block: Block<'_>,
    anchor: impl Fn(u64) -> [f64; L],
    step: impl Fn(u64) -> [(f64, f64); L],
    mut visit: impl FnMut(Counts, u64, &[f64; L], &[f64; L]),
) {
    let mut r = [0.0; L];
    let mut q = [0.0; L];
    let mut last: Option<(u64, u64)> = None; // (c, steps since the anchor)
    let apply = |j: u64, r: &mut [f64; L], q: &mut [f64; L]| {
        let fs = step(j);
        for i in 0..L {
            q[i] += r[i] * fs[i].1;
            r[i] *= fs[i].0.max(0.0);
        }
    };
    let len = block.len();
    for idx in 0..len {
        let (t, w) = block[if DOWN { len - 1 - idx } else { idx }];
        let c = t.c();
        let gap = |c0: u64| if DOWN { c0 - c } else { c - c0 };
        match last {
            Some((c0, since)) if gap(c0) <= MAX_GAP && since + gap(c0) <= REANCHOR => {
                if DOWN {
                    for j in (c + 1..=c0).rev() {
                        apply(j, &mut r, &mut q);
                    }
                } else {
                    for j in c0..c {
                        apply(j, &mut r, &mut q);
                    }
                }
                last = Some((c, since + gap(c0)));
            }
            _ => {
                let l = anchor(c);
                for i in 0..L {
                    r[i] = l[i].libm_exp();
                    q[i] = -l[i].libm_exp_m1();
                }
                last = Some((c, 0));
            }
        }
        visit(t, w, &r, &q);
    }
}

/// Walks a block downwards in c for `L` ratios that increase with c.
///
/// # Formula
/// R(c−1) = R(c)·h(c), with h(c) = `step(c)` ∈ [0, 1]; a fresh anchor gives
/// R = exp(`anchor(c)`).
///
/// `visit(counts, multiplicity, R)` is called once per group, in decreasing c.
#[inline(always)]
pub fn sweep_down<const L: usize>(
    block: Block<'_>,
    anchor: impl Fn(u64) -> [f64; L],
    step: impl Fn(u64) -> [f64; L],
    mut visit: impl FnMut(Counts, u64, &[f64; L]),
) {
    let mut r = [0.0; L];
    let mut last: Option<(u64, u64)> = None;
    for &(t, w) in block.iter().rev() {
        let c = t.c();
        match last {
            Some((c0, since)) if c0 - c <= MAX_GAP && since + (c0 - c) <= REANCHOR => {
                for j in (c + 1..=c0).rev() {
                    let h = step(j);
                    for i in 0..L {
                        r[i] *= h[i].max(0.0);
                    }
                }
                last = Some((c, since + c0 - c));
            }
            _ => {
                let l = anchor(c);
                for i in 0..L {
                    r[i] = l[i].libm_exp();
                }
                last = Some((c, 0));
            }
        }
        visit(t, w, &r);
    }
}

/// The step of a Beta-Binomial all-fail ratio B(a+c, b+n−c+k)/B(a+c, b+n−c) from c to c+1:
/// (f, s) = (x/(x+k), k/(x+k)) with x = b + n − c − 1.
#[inline(always)]
pub fn bb_fail_step(b_plus_n: f64, c: u64, k: f64) -> (f64, f64) {
    let x = b_plus_n - c as f64 - 1.0;
    let inv = 1.0 / (x + k);
    (x * inv, k * inv)
}

/// The step of a Beta-Binomial all-pass ratio B(a+c+k, b+n−c)/B(a+c, b+n−c) from c to c−1:
/// h = x/(x+k) with x = a + c − 1.
#[inline(always)]
pub fn bb_pass_step(a: f64, c: u64, k: f64) -> f64 {
    let x = a + c as f64 - 1.0;
    x / (x + k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::gamma::ln_gamma_ratio;

    #[test]
    fn long_sweeps_stay_within_a_few_ulps() {
        // One n, every c: the swept BB values against a fresh evaluation at each c.
        let (a, b, n, k) = (0.37, 2.9, 5000u64, 777.0);
        let block: Vec<(Counts, u64)> = (0..=n).map(|c| (Counts::new(n, c).unwrap(), 1)).collect();
        let mut worst = 0.0f64;
        sweep_up(
            &block,
            |c| [ln_gamma_ratio(b + (n - c) as f64, a + c as f64, k)],
            |c| [bb_fail_step(b + n as f64, c, k)],
            |t, _, r, q| {
                let l = ln_gamma_ratio(b + (t.n() - t.c()) as f64, a + t.c() as f64, k);
                for (got, want) in [(r[0], l.libm_exp()), (q[0], -l.libm_exp_m1())] {
                    if want > 1e-20 {
                        worst = worst.max(((got - want) / want).abs());
                    }
                }
            },
        );
        assert!(worst < 1e-13, "{worst:e}");
        let mut worst = 0.0f64;
        sweep_down(
            &block,
            |c| [ln_gamma_ratio(a + c as f64, b + (n - c) as f64, k)],
            |c| [bb_pass_step(a, c, k)],
            |t, _, r| {
                let want =
                    ln_gamma_ratio(a + t.c() as f64, b + (t.n() - t.c()) as f64, k).libm_exp();
                // Where ln R is large, the fresh evaluation itself carries |ln R|·ε of
                // relative error: compare where it is itself accurate to 1e-14.
                if want > 1e-20 {
                    worst = worst.max(((r[0] - want) / want).abs());
                }
            },
        );
        assert!(worst < 1e-13, "{worst:e}");
    }
}
