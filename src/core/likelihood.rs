//! The Beta-Binomial marginal likelihood of a dataset, split into the pieces that BB and
//! ZOIBB share: interior tasks (0 < c < n) and the probabilities of c = 0 and c = n.

use super::dataset::Groups;
use super::special::{digamma_diff, ln_gamma, ln_gamma_ratio, ln_poch};
use super::sum::Neumaier;

/// Largest max n for which the likelihood is evaluated by tail sums.
const TAILS_MAX_N: u64 = 2_000_000;

/// ln C(n, k) for n up to 10^12, without cancellation.
pub fn ln_choose(n: u64, k: u64) -> f64 {
    let k = k.min(n - k.min(n));
    if k == 0 {
        return 0.0;
    }
    ln_poch((n - k + 1) as f64, k as f64) - ln_gamma(k as f64 + 1.0)
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

/// The likelihood pieces at one (a, b).
#[derive(Debug, Clone, Default)]
pub struct Pieces {
    /// Σ_interior w·[ln B(a+c, b+n−c) − ln B(a, b)] (without ln C).
    pub interior: f64,
    /// Its gradient in (a, b).
    pub interior_grad: [f64; 2],
    /// For each zero group: ln P(c = 0 | n) = ln B(a, b+n)/B(a, b) and its gradient.
    pub zero: Vec<(f64, [f64; 2])>,
    /// For each full group: ln P(c = n | n) = ln B(a+n, b)/B(a, b) and its gradient.
    pub full: Vec<(f64, [f64; 2])>,
}

impl BbData {
    /// Prepares the statistics of grouped counts.
    pub fn new(g: &Groups) -> BbData {
        let mut interior = Vec::new();
        let mut zero = Vec::new();
        let mut full = Vec::new();
        let mut lc = Neumaier::default();
        let mut iw = 0.0;
        for (t, w) in g.iter() {
            let w = w as f64;
            if t.c() == 0 {
                zero.push((t.n(), w));
            } else if t.c() == t.n() {
                full.push((t.n(), w));
            } else {
                interior.push((t.n(), t.c(), w));
                lc.add(w * ln_choose(t.n(), t.c()));
                iw += w;
            }
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
        // Tail sums cost 3 logarithms per j < max n; the grouped form ~20 per group.
        let tails =
            (max_n <= TAILS_MAX_N && max_n as f64 <= 8.0 * g.len() as f64 + 4096.0).then(|| {
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
        let (mut ll, mut ga, mut gb) = (Neumaier::default(), 0.0, 0.0);
        let mut zero = Vec::with_capacity(self.zero.len());
        let mut full = Vec::with_capacity(self.full.len());
        let (mut zi, mut fi) = (0, 0);
        let (mut la0, mut da0, mut db0) = (Neumaier::default(), 0.0, 0.0);
        let (mut la1, mut da1, mut db1) = (Neumaier::default(), 0.0, 0.0);
        let (has_zero, has_full) = (!self.zero.is_empty(), !self.full.is_empty());
        for j in 0..self.max_n as usize {
            let jf = j as f64;
            let (xa, xb, xab) = (a + jf, b + jf, a + b + jf);
            let (lna, lnb, lnab) = (xa.ln(), xb.ln(), xab.ln());
            let (ia, ib, iab) = (1.0 / xa, 1.0 / xb, 1.0 / xab);
            ll.add(tc[j] * lna + tf[j] * lnb - tn[j] * lnab);
            ga += tc[j] * ia - tn[j] * iab;
            gb += tf[j] * ib - tn[j] * iab;
            // ln(b+j) − ln(a+b+j) as log1p(−a/(a+b+j)): exact when the answer is ~1e-12.
            if has_zero {
                la0.add(libm::log1p(-a * iab));
                da0 -= iab;
                db0 += ib - iab;
            }
            if has_full {
                la1.add(libm::log1p(-b * iab));
                da1 += ia - iab;
                db1 -= iab;
            }
            let n_here = j as u64 + 1;
            while zi < self.zero.len() && self.zero[zi].0 == n_here {
                zero.push((la0.total(), [da0, db0]));
                zi += 1;
            }
            while fi < self.full.len() && self.full[fi].0 == n_here {
                full.push((la1.total(), [da1, db1]));
                fi += 1;
            }
        }
        Pieces {
            interior: ll.total(),
            interior_grad: [ga, gb],
            zero,
            full,
        }
    }

    fn pieces_by_groups(&self, a: f64, b: f64) -> Pieces {
        let (mut ll, mut ga, mut gb) = (Neumaier::default(), 0.0, 0.0);
        for &(n, c, w) in &self.interior {
            let (nf, cf, ff) = (n as f64, c as f64, (n - c) as f64);
            let dab = digamma_diff(a + b, nf);
            ll.add(w * (ln_poch(a, cf) + ln_poch(b, ff) - ln_poch(a + b, nf)));
            ga += w * (digamma_diff(a, cf) - dab);
            gb += w * (digamma_diff(b, ff) - dab);
        }
        let zero = self
            .zero
            .iter()
            .map(|&(n, _)| {
                let nf = n as f64;
                let dab = digamma_diff(a + b, nf);
                (ln_gamma_ratio(b, a, nf), [-dab, digamma_diff(b, nf) - dab])
            })
            .collect();
        let full = self
            .full
            .iter()
            .map(|&(n, _)| {
                let nf = n as f64;
                let dab = digamma_diff(a + b, nf);
                (ln_gamma_ratio(a, b, nf), [digamma_diff(a, nf) - dab, -dab])
            })
            .collect();
        Pieces {
            interior: ll.total(),
            interior_grad: [ga, gb],
            zero,
            full,
        }
    }

    /// The BB log marginal likelihood (with ln C(n,c)) and its gradient in (a, b).
    pub fn bb_loglik(&self, a: f64, b: f64) -> (f64, [f64; 2]) {
        let p = self.pieces(a, b);
        let mut ll = Neumaier::default();
        ll.add(self.ln_choose_sum);
        ll.add(p.interior);
        let mut g = p.interior_grad;
        for (side, pieces) in [(&self.zero, &p.zero), (&self.full, &p.full)] {
            for (&(_, w), &(l, d)) in side.iter().zip(pieces) {
                ll.add(w * l);
                g[0] += w * d[0];
                g[1] += w * d[1];
            }
        }
        (ll.total(), g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::pass_at_k::Counts;

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
        let tails = BbData::new(&g);
        assert!(tails.tails.is_some());
        let mut groups = tails.clone();
        groups.tails = None;
        for &(a, b) in &[(0.5, 2.0), (1e-3, 40.0), (3e4, 2e5), (1.0, 1.0)] {
            let want = naive_ll(&data, a, b);
            let (l1, g1) = tails.bb_loglik(a, b);
            let (l2, g2) = groups.bb_loglik(a, b);
            assert!(((l1 - want) / want).abs() < 1e-11, "tails {l1} vs {want}");
            assert!(((l2 - want) / want).abs() < 1e-11, "groups {l2} vs {want}");
            for i in 0..2 {
                assert!(
                    (g1[i] - g2[i]).abs() <= 1e-8 * (1.0 + g1[i].abs()),
                    "grad {g1:?} vs {g2:?}"
                );
            }
            // Gradient against a central difference of the value.
            let h = 1e-6 * a;
            let fd = (tails.bb_loglik(a + h, b).0 - tails.bb_loglik(a - h, b).0) / (2.0 * h);
            assert!(
                (fd - g1[0]).abs() <= 1e-5 * (1.0 + fd.abs()),
                "d/da {fd} vs {}",
                g1[0]
            );
        }
        assert!((ln_choose(10, 3) - 120f64.ln()).abs() < 1e-14);
    }
}
