//! The hypergeometric distribution of the passing samples among k drawn without replacement
//! from n of which c pass: its log-pmf by Loader's saddle-point form (accurate to a few ulps
//! at n = 10^9), and one pass over the pmf from its mode outward, stopping where the rest is
//! negligible.
//!
//! G-Pass@k_τ (a tail of it) and the exact variance of the unbiased pass@k (Hoeffding's sum
//! over the overlap of two draws) both walk it.

use super::dd;
use super::gamma::stirling_correction;
use super::prec::TAIL_NEGLIGIBLE;
use super::recips::Recips;
use crate::num::libm_math::LibmMath;
use std::fmt;

/// Why a hypergeometric distribution is not defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HypergeomError {
    /// c > n: more successes than the population holds.
    SuccessesExceedPopulation {
        /// Successes.
        c: u64,
        /// Population.
        n: u64,
    },
    /// k > n: more draws than the population holds.
    DrawsExceedPopulation {
        /// Draws.
        k: u64,
        /// Population.
        n: u64,
    },
}

impl fmt::Display for HypergeomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HypergeomError::SuccessesExceedPopulation { c, n } => {
                write!(f, "c = {c} successes exceed the population n = {n}")
            }
            HypergeomError::DrawsExceedPopulation { k, n } => {
                write!(f, "k = {k} draws exceed the population n = {n}")
            }
        }
    }
}

impl std::error::Error for HypergeomError {}

/// Up to this many draws the pmf at the walk's anchor is an explicit product of k factors
/// (multiplications by tabulated reciprocals, cheaper than Loader's logarithms).
pub const PRODUCT_MAX: u64 = 64;

/// X = the successes among k draws without replacement from n items, c of them successes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hypergeom {
    n: u64,
    c: u64,
    k: u64,
}

/// bd0(x, m) = x·ln(x/m) + m − x, the deviance term of Loader's form, by its series when x is
/// near m (where the plain form cancels).
fn bd0(x: f64, m: f64) -> f64 {
    if (x - m).abs() < 0.1 * (x + m) {
        let mut v = (x - m) / (x + m);
        let mut s = (x - m) * v;
        if s.abs() < f64::MIN_POSITIVE {
            return s;
        }
        let mut ej = 2.0 * x * v;
        v *= v;
        for j in 1..1000 {
            ej *= v;
            let s1 = s + ej / (2 * j + 1) as f64;
            if s1 == s {
                return s1;
            }
            s = s1;
        }
        return s;
    }
    x * (x / m).libm_ln() + m - x
}

/// ln of the Binomial(m, p) pmf at x (q = 1 − p given separately), Loader's form.
fn ln_binom(x: f64, m: f64, p: f64, q: f64) -> f64 {
    if x < 0.0 || x > m {
        return f64::NEG_INFINITY;
    }
    if p == 0.0 {
        return if x == 0.0 { 0.0 } else { f64::NEG_INFINITY };
    }
    if q == 0.0 {
        return if x == m { 0.0 } else { f64::NEG_INFINITY };
    }
    if x == 0.0 {
        if m == 0.0 {
            return 0.0;
        }
        return if p < 0.1 {
            -bd0(m, m * q) - m * p
        } else {
            m * q.libm_ln()
        };
    }
    if x == m {
        return if q < 0.1 {
            -bd0(m, m * p) - m * q
        } else {
            m * p.libm_ln()
        };
    }
    let lc = stirling_correction(m)
        - stirling_correction(x)
        - stirling_correction(m - x)
        - bd0(x, m * p)
        - bd0(m - x, m * q);
    let lf = (2.0 * std::f64::consts::PI).libm_ln() + x.libm_ln() + (-x / m).libm_ln_1p();
    lc - 0.5 * lf
}

/// Whether the terms after t, falling geometrically at the ratio r = t/prev < 1 (or faster),
/// add less than [`TAIL_NEGLIGIBLE`] of `sum`: t·r/(1 − r) ≤ TAIL_NEGLIGIBLE·sum, tested as
/// t² ≤ TAIL_NEGLIGIBLE·sum·(prev − t) while t² is a normal number, else in ratios.
#[inline(always)]
fn negligible(t: f64, prev: f64, sum: f64) -> bool {
    if t.is_nan() || t >= prev {
        return false;
    }
    if t > 1e-150 {
        t * t <= TAIL_NEGLIGIBLE * sum * (prev - t)
    } else {
        let r = t / prev;
        (t / sum) * r <= TAIL_NEGLIGIBLE * (1.0 - r)
    }
}

impl Hypergeom {
    /// The distribution of the successes among k of n items, c of them successes.
    ///
    /// # Errors
    /// [`HypergeomError`] when c > n or k > n.
    pub fn new(n: u64, c: u64, k: u64) -> Result<Self, HypergeomError> {
        if c > n {
            return Err(HypergeomError::SuccessesExceedPopulation { c, n });
        }
        if k > n {
            return Err(HypergeomError::DrawsExceedPopulation { k, n });
        }
        Ok(Hypergeom { n, c, k })
    }

    /// The passing items c.
    pub fn c(&self) -> u64 {
        self.c
    }

    /// The values X can take: max(0, k − (n − c)) ..= min(c, k).
    pub fn support(&self) -> (u64, u64) {
        (self.k.saturating_sub(self.n - self.c), self.c.min(self.k))
    }

    /// The mode ⌊(k+1)(c+1)/(n+2)⌋ (in integers), inside the support.
    pub fn mode(&self) -> u64 {
        let m = (self.k as u128 + 1) * (self.c as u128 + 1) / (self.n as u128 + 2);
        let (lo, hi) = self.support();
        (m as u64).clamp(lo, hi)
    }

    /// ln P(X = j); −∞ outside the support.
    ///
    /// # Formula
    /// C(c, j)·C(n−c, k−j)/C(n, k) as three binomial pmfs at p = k/n in Loader's saddle-point
    /// form (Stirling corrections and the deviance bd0): b(j; c)·b(k−j; n−c)/b(k; n), with no
    /// difference of large log-gamma values.
    pub fn ln_pmf(&self, j: u64) -> f64 {
        let (lo, hi) = self.support();
        if j < lo || j > hi {
            return f64::NEG_INFINITY;
        }
        let (n, c, k) = (self.n as f64, self.c as f64, self.k as f64);
        let (p, q) = (k / n, (n - k) / n);
        ln_binom(j as f64, c, p, q) + ln_binom(k - j as f64, n - c, p, q) - ln_binom(k, n, p, q)
    }

    /// P(X = j) as the product C(k, j)·(c)_j·(n−c)_{k−j}/(n)_k of falling factorials, by
    /// multiplications with the reciprocals 1/m of `inv`; None when it leaves the normal range.
    fn pmf_product(&self, j: u64, inv: &Recips<1>) -> Option<f64> {
        let (n, c, k) = (self.n, self.c, self.k);
        let r = n - c;
        let mut p = 1.0;
        for i in 0..j {
            p *= ((c - i) * (k - i)) as f64 * inv.at(i + 1)[0] * inv.at(n - i)[0];
        }
        for i in 0..k - j {
            p *= (r - i) as f64 * inv.at(n - j - i)[0];
        }
        (p.is_normal() && p > 1e-290).then_some(p)
    }

    /// P(X = j): the product for k ≤ [`PRODUCT_MAX`] (when it stays in range), else
    /// exp([`Hypergeom::ln_pmf`]); below [`dd::DD_BELOW`], where those lose |ln p|·ε, the
    /// double-double product ([`dd::hypergeom_pmf`], k ≤ its bound).
    pub fn pmf(&self, j: u64, inv: &Recips<1>) -> f64 {
        let (lo, hi) = self.support();
        if j < lo || j > hi {
            return 0.0;
        }
        let p = (self.k <= PRODUCT_MAX)
            .then(|| self.pmf_product(j, inv))
            .flatten()
            .unwrap_or_else(|| self.ln_pmf(j).libm_exp());
        if p < dd::DD_BELOW {
            if let Some(q) = dd::hypergeom_pmf(self.n, self.c, self.k, j) {
                return q;
            }
        }
        p
    }

    /// P(X = j+1)/P(X = j).
    #[inline(always)]
    fn up(&self, j: u64, inv: &Recips<1>) -> f64 {
        let (c, k, r) = (self.c, self.k, self.n - self.c);
        ((c - j) as f64) * ((k - j) as f64) * inv.at(j + 1)[0] * inv.at(r + j + 1 - k)[0]
    }

    /// P(X = j−1)/P(X = j).
    #[inline(always)]
    fn down(&self, j: u64, inv: &Recips<1>) -> f64 {
        let (c, k, r) = (self.c, self.k, self.n - self.c);
        (j as f64) * ((r + j - k) as f64) * inv.at(c - j + 1)[0] * inv.at(k - j + 1)[0]
    }

    /// Visits P(X = j) for j from `lo` up to the top of the support, in one pass outward from
    /// the mode (or from `lo` when it lies above the mode), computing each term from its
    /// neighbour by one rational factor (multiplied by the reciprocals 1/m of `inv`, a table
    /// `Recips::new([0.0], len)`; any length, an empty one divides).
    ///
    /// `visit(j, P(X = j))` returns the term's contribution to the caller's sum (≥ 0, a
    /// log-concave function of j, such as P itself or P·(1 + (j − h)⁺)). Upwards the walk goes
    /// at least to `keep` and stops once the contributions left (bounded by the geometric
    /// series of the current ratio) are below [`TAIL_NEGLIGIBLE`] of the sum of those from
    /// `keep` on; downwards once they are below that share of everything visited. Terms that
    /// underflow are zero.
    pub fn walk(&self, inv: &Recips<1>, lo: u64, keep: u64, visit: impl FnMut(u64, f64) -> f64) {
        let (s_lo, s_hi) = self.support();
        let lo = lo.max(s_lo);
        if lo > s_hi {
            return;
        }
        let j0 = self.mode().clamp(lo, s_hi);
        self.walk_from(inv, (j0, self.pmf(j0, inv)), lo, keep, visit);
    }

    /// The walk's starting point for a walk from `lo`: the mode, clamped into [lo, top].
    pub fn start(&self, lo: u64) -> Option<u64> {
        let (s_lo, s_hi) = self.support();
        let lo = lo.max(s_lo);
        (lo <= s_hi).then(|| self.mode().clamp(lo, s_hi))
    }

    /// Moves a known P(X = j) to P(X = j′) by |j′ − j| ratios (both in the support).
    pub fn shift(&self, inv: &Recips<1>, (j, p): (u64, f64), to: u64) -> f64 {
        let mut p = p;
        for i in j..to {
            p *= self.up(i, inv);
        }
        for i in (to + 1..=j).rev() {
            p *= self.down(i, inv);
        }
        p
    }

    /// P(X = j) with c′ > c passing items (same n and k) from P(X = j) here, by c′ − c factors
    /// (c+1)/(c+1−j)·(n−c−k+j)/(n−c); None unless j ≤ c and k − j ≤ n − c′ (j stays in the
    /// support all the way).
    pub fn at_more_passing(&self, inv: &Recips<1>, (j, p): (u64, f64), c2: u64) -> Option<f64> {
        let (n, k) = (self.n, self.k);
        if j > self.c || c2 < self.c || k - j.min(k) > n - c2.min(n) || j > k {
            return None;
        }
        let mut p = p;
        for c in self.c..c2 {
            p *= (c + 1) as f64 * inv.at(c + 1 - j)[0] * (n - c + j - k) as f64 * inv.at(n - c)[0];
        }
        Some(p)
    }

    /// [`Hypergeom::walk`] from a known anchor `(j0, P(X = j0))`, j0 in [lo, top] (a caller
    /// that carries the anchor from task to task saves its evaluation).
    pub fn walk_from(
        &self,
        inv: &Recips<1>,
        (j0, p0): (u64, f64),
        lo: u64,
        keep: u64,
        mut visit: impl FnMut(u64, f64) -> f64,
    ) {
        let (s_lo, s_hi) = self.support();
        let lo = lo.max(s_lo);
        // A tail above the support is empty: keep the one at its top accurate instead.
        let keep = keep.min(s_hi);
        let first = visit(j0, p0);
        let (mut kept, mut all) = (if j0 >= keep { first } else { 0.0 }, first);
        // Upwards.
        let (mut p, mut prev) = (p0, first);
        for j in j0 + 1..=s_hi {
            p *= self.up(j - 1, inv);
            let t = visit(j, p);
            if j >= keep {
                kept += t;
            }
            all += t;
            if p == 0.0 {
                break;
            }
            // The rest, bounded by t·r/(1 − r) with r = t/prev < 1, below the share kept.
            if j >= keep && negligible(t, prev, kept) {
                break;
            }
            prev = t;
        }
        // Downwards.
        let (mut p, mut prev) = (p0, first);
        let mut j = j0;
        while j > lo {
            p *= self.down(j, inv);
            j -= 1;
            let t = visit(j, p);
            all += t;
            if p == 0.0 {
                break;
            }
            if negligible(t, prev, all) {
                break;
            }
            prev = t;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::prec::{close, CLOSED_FORM_REL};

    /// C(a, b) as a float, by the exact integer product (small a only).
    fn binom(a: u64, b: u64) -> f64 {
        if b > a {
            return 0.0;
        }
        let mut v = 1u128;
        for i in 0..b as u128 {
            v = v * (a as u128 - i) / (i + 1);
        }
        v as f64
    }

    #[test]
    fn pmf_matches_the_counting_formula() {
        for &(n, c, k) in &[
            (10u64, 3u64, 5u64),
            (40, 17, 20),
            (60, 60, 7),
            (60, 0, 7),
            (33, 30, 31),
        ] {
            let h = Hypergeom::new(n, c, k).unwrap();
            let (lo, hi) = h.support();
            let mut total = 0.0;
            for j in lo..=hi {
                let want = binom(c, j) * binom(n - c, k - j) / binom(n, k);
                let got = h.ln_pmf(j).libm_exp();
                assert!(
                    close(got, want, 1e-13, 0.0),
                    "{n} {c} {k} {j}: {got} vs {want}"
                );
                total += got;
            }
            assert!(close(total, 1.0, CLOSED_FORM_REL, 0.0));
            let mut walked = 0.0;
            let inv = Recips::new([0.0], n + 1);
            for j in lo..=hi {
                let want = binom(c, j) * binom(n - c, k - j) / binom(n, k);
                assert!(close(h.pmf(j, &inv), want, 1e-13, 0.0));
            }
            h.walk(&inv, 0, 0, |_, p| {
                walked += p;
                p
            });
            assert!(close(walked, 1.0, CLOSED_FORM_REL, 0.0), "{walked}");
        }
        assert!(Hypergeom::new(5, 6, 1).is_err() && Hypergeom::new(5, 1, 6).is_err());
    }
}
