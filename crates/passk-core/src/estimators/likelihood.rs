//! The Beta-Binomial marginal likelihood of a dataset, split into the pieces that BB and
//! ZOIBB share: interior tasks (0 < c < n) and the probabilities of c = 0 and c = n.

use crate::data::counts::Counts;
use crate::data::groups::minus_sorted;
use crate::data::groups::Groups;
use crate::num::gamma::{digamma_diff, ln_choose, ln_gamma_ratio, ln_poch, trigamma_diff};
use crate::num::libm_math::LibmMath;
use crate::num::sum::Neumaier;

/// Largest max n for which the likelihood is evaluated by tail sums.
const TAILS_MAX_N: u64 = 2_000_000;

/// Calls `visit(counts, multiplicity, ln C(n, c))` for each group of one n-block, in
/// increasing c: ln C is carried along c by the ratios (n−j)/(j+1), multiplied together and
/// taken in logs only when the product leaves [10^-250, 10^250] or at a group; a gap of more
/// than 64 gets a fresh evaluation.
pub fn for_ln_choose(block: &[(Counts, u64)], mut visit: impl FnMut(Counts, u64, f64)) {
    let mut last: Option<(u64, f64)> = None;
    for &(t, w) in block {
        let (n, c) = (t.n(), t.c());
        let lnc = match last {
            Some((c0, l0)) if c - c0 <= 64 => {
                let (mut acc, mut prod) = (l0, 1.0f64);
                for j in c0..c {
                    prod *= (n - j) as f64 / (j + 1) as f64;
                    if !(1e-250..=1e250).contains(&prod) {
                        acc += prod.libm_ln();
                        prod = 1.0;
                    }
                }
                acc + prod.libm_ln()
            }
            _ => ln_choose(n, c),
        };
        visit(t, w, lnc);
        last = Some((c, lnc));
    }
}

/// Sufficient statistics of a dataset for the BB and ZOIBB likelihoods.
#[derive(Debug, Clone)]
pub struct BbData {
    /// Interior groups (0 < c < n): (n, c, weight).
    interior: Vec<(u64, u64, f64)>,
    /// Groups with c = 0: (n, weight), n ascending.
    pub zero: Vec<(u64, f64)>,
    /// Groups with c = n: (n, weight), n ascending.
    pub full: Vec<(u64, f64)>,
    /// Σ over interior tasks of ln C(n, c).
    ln_choose_sum: f64,
    /// Total weight of interior tasks.
    pub interior_weight: f64,
    /// Number of tasks.
    pub tasks: f64,
    /// Tail counts over interior tasks (T_c, T_f, T_n for j < max n), when affordable.
    tails: Option<[Vec<f64>; 3]>,
    max_n: u64,
}

/// A value with its gradient and Hessian in (a, b).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct D2 {
    /// The value.
    pub v: f64,
    /// ∂/∂a, ∂/∂b.
    pub g: [f64; 2],
    /// ∂²/∂a², ∂²/∂a∂b, ∂²/∂b².
    pub h: [f64; 3],
}

impl D2 {
    /// Value, gradient and Hessian in (u, v) = (ln a, ln b) at (a, b), by the chain rule.
    ///
    /// # Formula
    /// f_u = a·ℓ_a, f_uu = a²·ℓ_aa + a·ℓ_a, f_uv = a·b·ℓ_ab (and likewise in v).
    pub fn in_log_params(&self, a: f64, b: f64) -> (f64, [f64; 2], [[f64; 2]; 2]) {
        let g = [a * self.g[0], b * self.g[1]];
        let h = [
            [a * a * self.h[0] + g[0], a * b * self.h[1]],
            [a * b * self.h[1], b * b * self.h[2] + g[1]],
        ];
        (self.v, g, h)
    }

    /// self + w·other.
    pub fn add_scaled(&mut self, w: f64, o: &D2) {
        self.v += w * o.v;
        for i in 0..2 {
            self.g[i] += w * o.g[i];
        }
        for i in 0..3 {
            self.h[i] += w * o.h[i];
        }
    }
}

/// The likelihood pieces at one (a, b).
#[derive(Debug, Clone, Default)]
pub struct Pieces {
    /// Σ_interior w·[ln B(a+c, b+n−c) − ln B(a, b)] (without ln C), with derivatives.
    pub interior: D2,
    /// For each zero group: ln P(c = 0 | n) = ln B(a, b+n)/B(a, b), with derivatives.
    pub zero: Vec<D2>,
    /// For each full group: ln P(c = n | n) = ln B(a+n, b)/B(a, b), with derivatives.
    pub full: Vec<D2>,
}

impl BbData {
    /// Prepares the statistics of grouped counts, choosing the cheaper evaluation: tail sums
    /// (about 5 logarithms per j < max n) or the grouped form (about 25 per group).
    pub fn new(g: &Groups) -> BbData {
        let tails = g.n_max() <= TAILS_MAX_N && g.n_max() as f64 <= 5.0 * g.len() as f64 + 64.0;
        BbData::with_path(g, tails)
    }

    /// [`BbData::new`] with the evaluation chosen: tail sums (`tails`, when max n allows) or
    /// the grouped form.
    pub fn with_path(g: &Groups, tails: bool) -> BbData {
        let mut interior = Vec::new();
        let mut zero = Vec::new();
        let mut full = Vec::new();
        let mut lc = Neumaier::default();
        let mut iw = 0.0;
        for block in g.blocks() {
            let mut block_lc = 0.0;
            for_ln_choose(block, |t, w, lnc| {
                let w = w as f64;
                if t.c() == 0 {
                    zero.push((t.n(), w));
                } else if t.c() == t.n() {
                    full.push((t.n(), w));
                } else {
                    interior.push((t.n(), t.c(), w));
                    block_lc += w * lnc;
                    iw += w;
                }
            });
            lc.add(block_lc);
        }
        let merge = |v: Vec<(u64, f64)>| {
            let mut out: Vec<(u64, f64)> = Vec::new();
            let mut v = v;
            v.sort_by_key(|x| x.0);
            for (n, w) in v {
                match out.last_mut() {
                    Some(last) if last.0 == n => last.1 += w,
                    _ => out.push((n, w)),
                }
            }
            out
        };
        let (zero, full) = (merge(zero), merge(full));
        let max_n = g.n_max();
        let tails = (tails && max_n <= TAILS_MAX_N).then(|| {
            let len = max_n as usize;
            let (mut tc, mut tf, mut tn) =
                (vec![0.0; len + 1], vec![0.0; len + 1], vec![0.0; len + 1]);
            for &(n, c, w) in &interior {
                tc[c as usize] += w;
                tf[(n - c) as usize] += w;
                tn[n as usize] += w;
            }
            // T(j) = Σ w·[value > j]: suffix sums shifted by one.
            for v in [&mut tc, &mut tf, &mut tn] {
                let mut acc = 0.0;
                for j in (0..=len).rev() {
                    let here = v[j];
                    v[j] = acc;
                    acc += here;
                }
                v.truncate(len);
            }
            [tc, tf, tn]
        });
        BbData {
            interior,
            zero,
            full,
            ln_choose_sum: lc.total(),
            interior_weight: iw,
            tasks: g.tasks() as f64,
            tails,
            max_n,
        }
    }

    /// The statistics of these tasks without those of `part` (a sub-multiset of them, such
    /// as a CV fold), whose largest n is `n_max`, by subtraction in O(max n + distinct n):
    /// the tail counts are whole numbers, so the difference is exact. None unless both are
    /// evaluated by tail sums.
    pub fn minus(&self, part: &BbData, n_max: u64) -> Option<BbData> {
        let (Some(all), Some(sub)) = (&self.tails, &part.tails) else {
            return None;
        };
        let len = (n_max as usize).min(self.max_n as usize);
        let tails = std::array::from_fn(|i| {
            (0..len)
                .map(|j| all[i][j] - sub[i].get(j).copied().unwrap_or(0.0))
                .collect()
        });
        let less = |a: &[(u64, f64)], b: &[(u64, f64)]| {
            minus_sorted(a, b, |w, h| Some(w - h).filter(|&w| w > 0.0))
        };
        Some(BbData {
            interior: Vec::new(),
            zero: less(&self.zero, &part.zero),
            full: less(&self.full, &part.full),
            ln_choose_sum: self.ln_choose_sum - part.ln_choose_sum,
            interior_weight: self.interior_weight - part.interior_weight,
            tasks: self.tasks - part.tasks,
            tails: Some(tails),
            max_n: len as u64,
        })
    }

    /// Whether the likelihood is evaluated by tail sums.
    pub fn by_tails(&self) -> bool {
        self.tails.is_some()
    }

    /// Σ over interior tasks of ln C(n, c).
    pub fn ln_choose_sum(&self) -> f64 {
        self.ln_choose_sum
    }

    /// Whether every task has n = 1 (then only a/(a+b) is identified).
    pub fn all_n_one(&self) -> bool {
        self.max_n <= 1
    }

    /// The likelihood pieces at (a, b).
    pub fn pieces(&self, a: f64, b: f64) -> Pieces {
        match &self.tails {
            Some(t) => self.pieces_by_tails(t, a, b),
            None => self.pieces_by_groups(a, b),
        }
    }

    fn pieces_by_tails(&self, t: &[Vec<f64>; 3], a: f64, b: f64) -> Pieces {
        let [tc, tf, tn] = t;
        let mut ll = Neumaier::default();
        let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
        let mut zero = Vec::with_capacity(self.zero.len());
        let mut full = Vec::with_capacity(self.full.len());
        let (mut zi, mut fi) = (0, 0);
        let (mut l0, mut l1) = (Neumaier::default(), Neumaier::default());
        let (mut d0, mut d1) = (D2::default(), D2::default());
        let (has_zero, has_full) = (!self.zero.is_empty(), !self.full.is_empty());
        for j in 0..self.max_n as usize {
            let jf = j as f64;
            let (xa, xb, xab) = (a + jf, b + jf, a + b + jf);
            let (ia, ib, iab) = (1.0 / xa, 1.0 / xb, 1.0 / xab);
            let (ia2, ib2, iab2) = (ia * ia, ib * ib, iab * iab);
            let (wc, wf, wn) = (tc[j], tf[j], tn[j]);
            if wc != 0.0 || wf != 0.0 || wn != 0.0 {
                ll.add(wc * xa.libm_ln() + wf * xb.libm_ln() - wn * xab.libm_ln());
                ga += wc * ia - wn * iab;
                gb += wf * ib - wn * iab;
                haa += wn * iab2 - wc * ia2;
                hbb += wn * iab2 - wf * ib2;
                hab += wn * iab2;
            }
            // ln(b+j) − ln(a+b+j) as log1p(−a/(a+b+j)): exact when the answer is ~1e-12.
            if has_zero {
                l0.add((-a * iab).libm_ln_1p());
                d0.g[0] -= iab;
                d0.g[1] += ib - iab;
                d0.h[0] += iab2;
                d0.h[1] += iab2;
                d0.h[2] += iab2 - ib2;
            }
            if has_full {
                l1.add((-b * iab).libm_ln_1p());
                d1.g[0] += ia - iab;
                d1.g[1] -= iab;
                d1.h[0] += iab2 - ia2;
                d1.h[1] += iab2;
                d1.h[2] += iab2;
            }
            let n_here = j as u64 + 1;
            while zi < self.zero.len() && self.zero[zi].0 == n_here {
                zero.push(D2 {
                    v: l0.total(),
                    ..d0
                });
                zi += 1;
            }
            while fi < self.full.len() && self.full[fi].0 == n_here {
                full.push(D2 {
                    v: l1.total(),
                    ..d1
                });
                fi += 1;
            }
        }
        Pieces {
            interior: D2 {
                v: ll.total(),
                g: [ga, gb],
                h: [haa, hab, hbb],
            },
            zero,
            full,
        }
    }

    fn pieces_by_groups(&self, a: f64, b: f64) -> Pieces {
        let mut ll = Neumaier::default();
        let mut d = D2::default();
        for &(n, c, w) in &self.interior {
            let (nf, cf, ff) = (n as f64, c as f64, (n - c) as f64);
            let dab = digamma_diff(a + b, nf);
            let tab = trigamma_diff(a + b, nf);
            ll.add(w * (ln_poch(a, cf) + ln_poch(b, ff) - ln_poch(a + b, nf)));
            d.g[0] += w * (digamma_diff(a, cf) - dab);
            d.g[1] += w * (digamma_diff(b, ff) - dab);
            d.h[0] += w * (trigamma_diff(a, cf) - tab);
            d.h[1] -= w * tab;
            d.h[2] += w * (trigamma_diff(b, ff) - tab);
        }
        d.v = ll.total();
        // ln P(c = 0 | n) = ln Γ(b+n) − ln Γ(b) − [ln Γ(a+b+n) − ln Γ(a+b)]; c = n mirrors it.
        let side = |x: f64, y: f64, n: u64, swap: bool| {
            let nf = n as f64;
            let (dab, tab) = (digamma_diff(x + y, nf), trigamma_diff(x + y, nf));
            let (dy, ty) = (digamma_diff(y, nf), trigamma_diff(y, nf));
            // Derivatives in (x, y) = (a, b) for c = 0 and (b, a) for c = n.
            let (gx, gy, hxx, hxy, hyy) = (-dab, dy - dab, -tab, -tab, ty - tab);
            let v = ln_gamma_ratio(y, x, nf);
            if swap {
                D2 {
                    v,
                    g: [gy, gx],
                    h: [hyy, hxy, hxx],
                }
            } else {
                D2 {
                    v,
                    g: [gx, gy],
                    h: [hxx, hxy, hyy],
                }
            }
        };
        let zero = self
            .zero
            .iter()
            .map(|&(n, _)| side(a, b, n, false))
            .collect();
        let full = self
            .full
            .iter()
            .map(|&(n, _)| side(b, a, n, true))
            .collect();
        Pieces {
            interior: d,
            zero,
            full,
        }
    }

    /// The BB log marginal likelihood (with ln C(n,c)), its gradient and Hessian in (a, b).
    pub fn bb_loglik(&self, a: f64, b: f64) -> D2 {
        let p = self.pieces(a, b);
        let mut ll = Neumaier::default();
        ll.add(self.ln_choose_sum);
        ll.add(p.interior.v);
        let mut d = p.interior;
        for (side, pieces) in [(&self.zero, &p.zero), (&self.full, &p.full)] {
            for (&(_, w), piece) in side.iter().zip(pieces) {
                ll.add(w * piece.v);
                d.add_scaled(w, &D2 { v: 0.0, ..*piece });
            }
        }
        d.v = ll.total();
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::counts::Counts;
    use crate::num::gamma::ln_gamma;

    /// ln C(n,c) + ln B(a+c, b+n−c) − ln B(a, b) straight from lnΓ.
    fn naive_ll(data: &[(u64, u64)], a: f64, b: f64) -> f64 {
        let lg = ln_gamma;
        data.iter()
            .map(|&(n, c)| {
                let (n, c) = (n as f64, c as f64);
                lg(n + 1.0) - lg(c + 1.0) - lg(n - c + 1.0) + lg(a + c) + lg(b + n - c)
                    - lg(a + b + n)
                    - lg(a)
                    - lg(b)
                    + lg(a + b)
            })
            .sum()
    }

    #[test]
    fn a_fold_subtracted_is_the_fold_left_out() {
        let c = |n, c| Counts::new(n, c).unwrap();
        let all: Vec<Counts> = (0..400u64)
            .map(|i| {
                let n = 3 + i % 17;
                c(n, (i * i) % (n + 1))
            })
            .collect();
        let g = Groups::new(all.iter().copied());
        let whole = BbData::new(&g);
        assert!(whole.by_tails());
        for f in 0..4 {
            let held = Groups::new(all.iter().skip(f).step_by(4).copied());
            let train = g.minus(&held);
            let test = BbData::with_path(&held, true);
            let got = whole.minus(&test, train.n_max()).unwrap();
            let want = BbData::with_path(&train, true);
            assert_eq!(
                (got.zero.clone(), got.full.clone()),
                (want.zero.clone(), want.full.clone())
            );
            assert_eq!(got.interior_weight, want.interior_weight);
            assert_eq!(got.tasks, want.tasks);
            assert_eq!(got.tails, want.tails);
            assert!(
                (got.ln_choose_sum - want.ln_choose_sum).abs() < 1e-9 * want.ln_choose_sum.abs()
            );
            for (a, b) in [(0.5, 2.0), (3.0, 0.7)] {
                let (p, q) = (got.pieces(a, b), want.pieces(a, b));
                assert_eq!(p.interior, q.interior);
                assert_eq!(p.zero, q.zero);
                assert_eq!(p.full, q.full);
            }
        }
        // The grouped form has no tail counts to subtract.
        let grouped = BbData::with_path(&g, false);
        assert!(grouped.minus(&grouped, 1).is_none());
    }

    #[test]
    fn both_evaluation_paths_agree_with_log_gamma() {
        let data = [
            (10u64, 3u64),
            (10, 0),
            (10, 10),
            (7, 2),
            (128, 117),
            (128, 0),
            (50, 50),
            (3, 1),
        ];
        let g = Groups::new(data.iter().map(|&(n, c)| Counts::new(n, c).unwrap()));
        let tails = BbData::with_path(&g, true);
        assert!(tails.tails.is_some());
        let groups = BbData::with_path(&g, false);
        assert!(groups.tails.is_none());
        for &(a, b) in &[(0.5, 2.0), (1e-3, 40.0), (3e4, 2e5), (1.0, 1.0)] {
            let want = naive_ll(&data, a, b);
            let (d1, d2) = (tails.bb_loglik(a, b), groups.bb_loglik(a, b));
            assert!(
                ((d1.v - want) / want).abs() < 1e-11,
                "tails {} vs {want}",
                d1.v
            );
            assert!(
                ((d2.v - want) / want).abs() < 1e-11,
                "groups {} vs {want}",
                d2.v
            );
            for i in 0..2 {
                assert!(
                    (d1.g[i] - d2.g[i]).abs() <= 1e-8 * (1.0 + d1.g[i].abs()),
                    "grad {d1:?} vs {d2:?}"
                );
            }
            for i in 0..3 {
                assert!(
                    (d1.h[i] - d2.h[i]).abs() <= 1e-7 * (1.0 + d1.h[i].abs()),
                    "hess {d1:?} vs {d2:?}"
                );
            }
            // Gradient and Hessian against central differences.
            let (ha, hb) = (1e-6 * a, 1e-6 * b);
            let fd_a = (tails.bb_loglik(a + ha, b).v - tails.bb_loglik(a - ha, b).v) / (2.0 * ha);
            assert!(
                (fd_a - d1.g[0]).abs() <= 1e-5 * (1.0 + fd_a.abs()),
                "d/da {fd_a} vs {}",
                d1.g[0]
            );
            let at = |a, b| tails.bb_loglik(a, b).g;
            let fd_aa = (at(a + ha, b)[0] - at(a - ha, b)[0]) / (2.0 * ha);
            let fd_ab = (at(a, b + hb)[0] - at(a, b - hb)[0]) / (2.0 * hb);
            let fd_bb = (at(a, b + hb)[1] - at(a, b - hb)[1]) / (2.0 * hb);
            for (fd, an) in [(fd_aa, d1.h[0]), (fd_ab, d1.h[1]), (fd_bb, d1.h[2])] {
                assert!(
                    (fd - an).abs() <= 1e-4 * (1.0 + fd.abs()),
                    "hessian {fd} vs {an} at ({a}, {b})"
                );
            }
        }
        assert!((ln_choose(10, 3) - 120f64.libm_ln()).abs() < 1e-14);
    }
}
