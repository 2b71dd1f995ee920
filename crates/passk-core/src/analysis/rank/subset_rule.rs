//! The rule of `smallest_subset` (subset.rs): the full-data reference (pass@1
//! and the separated pairs), the Rasch difficulty order, the systematic sample of a size,
//! whether a subset keeps the order, the smallest size that does from there up, and the
//! held-out check on halved samples.

use super::irt::irt_fit;
use super::irt_options::IrtOptions;
use super::outcomes::Outcomes;
use crate::num::libm_math::LibmMath;
use crate::num::rng::SplitMix64;
use crate::num::sample::Hypergeometric;

/// The full-data reference: pass@1 per series and the separated pairs.
pub(crate) struct Reference {
    /// Per task and series, c/n: `q[s][t]`.
    pub q: Vec<Vec<f64>>,
    /// Each series' pass@1 over all tasks.
    pub p1: Vec<f64>,
    /// The separated pairs (i < j).
    pub separated: Vec<(usize, usize)>,
}

/// Each series' mean of `q` over `tasks`.
fn pass1(q: &[Vec<f64>], tasks: &[usize]) -> Vec<f64> {
    let m = tasks.len().max(1) as f64;
    q.iter()
        .map(|row| tasks.iter().map(|t| row[*t]).sum::<f64>() / m)
        .collect()
}

/// The reference of `o` (validated: every row as long as `n`, 0 < n, c ≤ n) at quantile `z`.
pub(crate) fn reference(o: &Outcomes, z: f64) -> Reference {
    let q: Vec<Vec<f64>> =
        o.c.iter()
            .map(|row| {
                row.iter()
                    .zip(&o.n)
                    .map(|(c, n)| *c as f64 / *n as f64)
                    .collect()
            })
            .collect();
    let all: Vec<usize> = (0..o.tasks()).collect();
    let p1 = pass1(&q, &all);
    let tf = o.tasks() as f64;
    let mut separated = Vec::new();
    if o.tasks() >= 2 {
        for i in 0..q.len() {
            for j in i + 1..q.len() {
                let d: Vec<f64> = q[i].iter().zip(&q[j]).map(|(a, b)| a - b).collect();
                let mean = d.iter().sum::<f64>() / tf;
                let ss: f64 = d.iter().map(|x| (x - mean) * (x - mean)).sum();
                let se = (ss / (tf - 1.0)).sqrt() / tf.sqrt();
                if mean.abs() > z * se {
                    separated.push((i, j));
                }
            }
        }
    }
    Reference { q, p1, separated }
}

/// Whether `tasks` keep the order of `r`, the largest |Δ pass@1|, and the subset's pass@1.
pub(crate) fn check(r: &Reference, tasks: &[usize], tol: f64) -> (bool, f64, Vec<f64>) {
    let sub = pass1(&r.q, tasks);
    let off = sub
        .iter()
        .zip(&r.p1)
        .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
    let signs = r
        .separated
        .iter()
        .all(|&(i, j)| (sub[i] - sub[j]) * (r.p1[i] - r.p1[j]) > 0.0);
    (signs && off <= tol && !tasks.is_empty(), off, sub)
}

/// The tasks from easy to hard: all-pass tasks, the fitted tasks by Rasch difficulty, then
/// all-fail tasks (ties by index); or, when the fit refuses, by mean c/n over the series,
/// highest first. The flag says whether it fell back.
pub(crate) fn difficulty_order(o: &Outcomes, r: &Reference) -> (Vec<usize>, bool) {
    match irt_fit(o, &IrtOptions::rasch()) {
        Ok(fit) => {
            let it = fit.items;
            // Under Rasch a task's difficulty rests on its n and its passes summed over the
            // series alone: tasks alike in both share the first one's fitted value exactly
            // (the fit's last bits differ with the order of the series, the ties must not).
            let mut first: std::collections::HashMap<(u64, u64), f64> = Default::default();
            let mut fitted: Vec<(f64, usize)> = it
                .difficulty
                .iter()
                .zip(&it.tasks)
                .map(|(b, &t)| {
                    let total = o.c.iter().map(|row| row[t]).sum::<u64>();
                    (*first.entry((o.n[t], total)).or_insert(*b), t)
                })
                .collect();
            fitted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let mut order = it.all_pass;
            order.sort_unstable();
            order.extend(fitted.into_iter().map(|x| x.1));
            let mut fail = it.all_fail;
            fail.sort_unstable();
            order.extend(fail);
            (order, false)
        }
        Err(_) => {
            let mean = |t: usize| r.q.iter().map(|row| row[t]).sum::<f64>();
            let mut order: Vec<usize> = (0..o.tasks()).collect();
            order.sort_by(|a, b| mean(*b).total_cmp(&mean(*a)).then(a.cmp(b)));
            (order, true)
        }
    }
}

/// The systematic sample of `m` of `order` (1 ≤ m ≤ len): positions ⌊(i + ½)·T/m⌋,
/// i = 0..m, as task indices in ascending order.
pub(crate) fn systematic(order: &[usize], m: usize) -> Vec<usize> {
    let (t, m) = (order.len() as u128, m.max(1) as u128);
    let mut out: Vec<usize> = (0..m)
        .filter_map(|i| {
            let pos = ((2 * i + 1) * t) / (2 * m);
            order.get(pos as usize).copied()
        })
        .collect();
    out.sort_unstable();
    out
}

/// Every size up to this one is checked; beyond it, [`SCAN_LOG_SIZES`] sizes spaced evenly
/// in log up to T (a check costs O(m), so checking every size would cost O(T²): minutes at
/// 20,000 tasks, for the full set and each held-out split).
pub(crate) const SCAN_DENSE: usize = 2_000;
/// Sizes checked beyond [`SCAN_DENSE`].
const SCAN_LOG_SIZES: u32 = 40;

/// The sizes [`smallest`] checks, ascending: 1..=min(T, [`SCAN_DENSE`]), then sizes
/// 2,000·(T/2,000)^(k/40), k = 1..=40 (T last).
pub(crate) fn scanned(t: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (1..=t.min(SCAN_DENSE)).collect();
    if t > SCAN_DENSE {
        let ratio = t as f64 / SCAN_DENSE as f64;
        for k in 1..=SCAN_LOG_SIZES {
            let e = f64::from(k) / f64::from(SCAN_LOG_SIZES);
            let m = (SCAN_DENSE as f64 * ratio.libm_pow(e)).round() as usize;
            let m = m.clamp(1, t);
            if out.last().is_some_and(|l| m > *l) {
                out.push(m);
            }
        }
        if out.last() != Some(&t) {
            out.push(t);
        }
    }
    out
}

/// The smallest m such that every size from m to T that [`scanned`] lists keeps the order
/// (scanning down from T; every size when T ≤ 2,000); T itself when even T does not (which
/// rounding alone cannot cause).
pub(crate) fn smallest(r: &Reference, order: &[usize], tol: f64) -> usize {
    let t = order.len();
    let mut size = t;
    for m in scanned(t).into_iter().rev() {
        if !check(r, &systematic(order, m), tol).0 {
            break;
        }
        size = m;
    }
    size
}

/// What the halvings found.
pub(crate) struct HeldOut {
    /// Splits run.
    pub splits: u32,
    /// Splits whose chosen tasks kept the second half's order.
    pub held: u32,
    /// The sum of the sizes chosen on the first halves.
    pub size_sum: u64,
    /// Tasks left out for having fewer than two samples.
    pub skipped: usize,
    /// Splits whose first half fell back to ordering by mean c/n.
    pub fallbacks: u32,
}

/// `splits` halvings of `o` (validated) seeded by `seed`: per task with n ≥ 2 and per
/// series, c_A ~ Hypergeometric(n, c, ⌊n/2⌋) of n_A = ⌊n/2⌋ samples, c_B = c − c_A of
/// n − n_A; the size and tasks chosen on A by the rule (at quantile `z`, tolerance `tol`) are
/// checked against B's separated pairs and pass@1.
pub(crate) fn held_out(o: &Outcomes, splits: u32, seed: u64, tol: f64, z: f64) -> HeldOut {
    let kept: Vec<usize> = (0..o.tasks()).filter(|t| o.n[*t] >= 2).collect();
    let mut out = HeldOut {
        splits: 0,
        held: 0,
        size_sum: 0,
        skipped: o.tasks() - kept.len(),
        fallbacks: 0,
    };
    if kept.is_empty() {
        return out;
    }
    let n_a: Vec<u64> = kept.iter().map(|t| o.n[*t] / 2).collect();
    let n_b: Vec<u64> = kept.iter().zip(&n_a).map(|(t, a)| o.n[*t] - a).collect();
    let dists: Vec<Vec<Hypergeometric>> =
        o.c.iter()
            .map(|row| {
                kept.iter()
                    .zip(&n_a)
                    .map(|(t, a)| Hypergeometric::new(o.n[*t], row[*t], *a))
                    .collect()
            })
            .collect();
    let mut rng = SplitMix64::new(seed);
    for _ in 0..splits {
        let mut c_a = Vec::with_capacity(dists.len());
        let mut c_b = Vec::with_capacity(dists.len());
        for (row, ds) in o.c.iter().zip(&dists) {
            let a: Vec<u64> = ds.iter().map(|d| d.sample(&mut rng)).collect();
            let b = kept.iter().zip(&a).map(|(t, x)| row[*t] - x).collect();
            c_a.push(a);
            c_b.push(b);
        }
        let half_a = Outcomes::from_counts(n_a.clone(), c_a);
        let half_b = Outcomes::from_counts(n_b.clone(), c_b);
        let ra = reference(&half_a, z);
        let (order, fell_back) = difficulty_order(&half_a, &ra);
        let size = smallest(&ra, &order, tol);
        let tasks = systematic(&order, size);
        let rb = reference(&half_b, z);
        out.splits += 1;
        out.size_sum += size as u64;
        out.fallbacks += u32::from(fell_back);
        out.held += u32::from(check(&rb, &tasks, tol).0);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_up_to_two_thousand_then_forty_in_log() {
        assert_eq!(scanned(7), (1..=7).collect::<Vec<_>>());
        assert_eq!(scanned(SCAN_DENSE), (1..=SCAN_DENSE).collect::<Vec<_>>());
        let s = scanned(100_000);
        assert_eq!(s[..SCAN_DENSE], (1..=SCAN_DENSE).collect::<Vec<_>>()[..]);
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(s.last(), Some(&100_000));
        assert_eq!(s.len(), SCAN_DENSE + 40);
        // 2,000·50^(1/40) = 2,205.48…: the first size beyond the dense ones.
        assert_eq!(s[SCAN_DENSE], 2_205);
    }
}
