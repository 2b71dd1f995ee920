//! The posterior moments of the threshold scores A_j = 1{j ≥ r} (G-Pass@k_τ, strict maj@k,
//! each point of TailPass@k's profile) at every threshold of one budget, for one task, in
//! O(k): one pass down a recurrence over consecutive terms, with no O(k²) Bernstein product.
//!
//! With J₁, J₂ | p iid Binomial(k, p) and p ~ Beta(a, b), a task's latent score is
//! g_r(p) = P(J ≥ r | p), so E\[g_r\] = P(J₁ ≥ r) and E\[g_r²\] = P(J₁ ≥ r, J₂ ≥ r) =
//! P(min(J₁, J₂) ≥ r), a tail sum of P(min = r) = 2·P(J₁ = r, J₂ ≥ r) − P(J₁ = J₂ = r),
//! every term positive. Given J₁ = r, J₂ ~ BetaBinomial(k, a + r, b + k − r) (the urn after
//! the first k draws), and the chance σ(r) that it reaches r obeys, from the Beta
//! function's contiguous relations,
//! σ(r) = σ(r+1) + ρ(r)·(a(b+k−r−1) + r(b−1)) / ((a+r)(b+2k−2r−1)), ρ(r) = P(J₂ = r | J₁ = r):
//! an increment ≥ 0 whenever b ≥ 1, so the sum from σ(k) = ρ(k) downward keeps its digits.

use crate::num::dd::running_ratio_products;
use crate::num::libm_math::LibmMath;
use crate::num::sum::Neumaier;

/// The threshold scores of one budget, prepared once for every task.
#[derive(Debug, Clone, PartialEq)]
pub struct AtLeast {
    k: usize,
    /// H(r) = C(k, r)²/C(2k, 2r), r = 0..=k: P(J₁ = J₂ = r | J₁ + J₂ = 2r).
    central: Vec<f64>,
}

impl AtLeast {
    /// The budget k ≥ 1 (O(k): H from its consecutive ratios, in double-double).
    ///
    /// # Formula
    /// H(0) = 1, H(r+1)/H(r) = (k−r)(2r+1) / ((r+1)(2k−2r−1)), and H(k − r) = H(r).
    pub fn new(k: u64) -> AtLeast {
        let k = k.max(1) as usize;
        let half = k / 2;
        let k64 = k as u64;
        let up = running_ratio_products(
            (0..half as u64).map(|r| ((k64 - r) * (2 * r + 1), (r + 1) * (2 * k64 - 2 * r - 1))),
        );
        let central = (0..=k).map(|r| up[r.min(k - r)]).collect();
        AtLeast { k, central }
    }

    /// The budget k.
    pub fn k(&self) -> u64 {
        self.k as u64
    }

    /// E\[g_r\] and Var\[g_r\] at each threshold r of `rs` (1 ≤ r ≤ k; others give (NaN, NaN))
    /// for one task whose success rate is Beta(a, b), given `pmf` and `pmf2`, the
    /// Beta-binomial pmfs of degree k and 2k there
    /// ([`beta_binomial_pmf`](crate::estimators::bernstein::beta_binomial_pmf)).
    ///
    /// # Formula
    /// With m_r = Σ_{j≥r} π_j and ℓ_r = Σ_{j<r} π_j = 1 − m_r: where m_r ≤ ½,
    /// Var = P(min(J₁, J₂) ≥ r) − m_r²; otherwise Var = P(max(J₁, J₂) < r) − ℓ_r², the same
    /// recurrence on the mirrored task (k − J ~ BetaBinomial(k, b, a)) at k − r + 1: the
    /// smaller of the two pairs of terms, so that a mean near 1 keeps its variance's digits.
    pub fn task(&self, a: f64, b: f64, pmf: &[f64], pmf2: &[f64], rs: &[u64]) -> Vec<(f64, f64)> {
        let mut scratch = Scratch::default();
        let mut out = Vec::new();
        self.task_into(a, b, (pmf, pmf2), rs, &mut scratch, &mut out);
        out
    }

    /// [`task`](Self::task) into `out`, with the buffers of `scratch` (reused from task to
    /// task).
    pub fn task_into(
        &self,
        a: f64,
        b: f64,
        (pmf, pmf2): (&[f64], &[f64]),
        rs: &[u64],
        scratch: &mut Scratch,
        out: &mut Vec<(f64, f64)>,
    ) {
        let k = self.k;
        out.clear();
        if pmf.len() != k + 1 || pmf2.len() != 2 * k + 1 {
            out.resize(rs.len(), (f64::NAN, f64::NAN));
            return;
        }
        let Scratch {
            upper,
            lower,
            up,
            down,
            below,
            above,
        } = scratch;
        // The upper tails m_r and lower ℓ_r at every threshold, each summed from its own end.
        upper.clear();
        upper.resize(k + 2, 0.0);
        let mut s = Neumaier::default();
        for j in (0..=k).rev() {
            s.add(pmf[j]);
            upper[j] = s.total();
        }
        lower.clear();
        lower.resize(k + 2, 0.0);
        let mut s = Neumaier::default();
        for (j, p) in pmf.iter().enumerate() {
            lower[j] = s.total();
            s.add(*p);
        }
        lower[k + 1] = s.total();
        let valid = |r: u64| (1..=k as u64).contains(&r);
        // Which side each threshold is taken from, and so how far down each recurrence runs.
        let upper_side = |r: usize| upper[r] <= 0.5;
        let (mut lo_up, mut lo_down) = (k + 1, k + 1);
        for &r in rs.iter().filter(|&&r| valid(r)) {
            let r = r as usize;
            if upper_side(r) {
                lo_up = lo_up.min(r);
            } else {
                lo_down = lo_down.min(k - r + 1);
            }
        }
        // P(min(J₁, J₂) ≥ r) from lo_up on, and for the mirrored task from lo_down on.
        let tails = Tails::new(a, b, pmf2, below, above);
        up.clear();
        up.resize(k + 1, 0.0);
        self.both_at_least(a, b, |s| tails.upper(s), lo_up, up);
        down.clear();
        down.resize(k + 1, 0.0);
        self.both_at_least(b, a, |s| tails.lower(s), lo_down, down);
        out.extend(rs.iter().map(|&r| {
            if !valid(r) {
                return (f64::NAN, f64::NAN);
            }
            let r = r as usize;
            let m = upper[r];
            let v = if upper_side(r) {
                up[r] - m * m
            } else {
                let l = lower[r];
                down[k - r + 1] - l * l
            };
            (m, v.max(0.0))
        }));
    }

    /// P(min(J₁, J₂) ≥ r) into `out[r]` for r = lo..=k, for the task (a, b) whose pmf of
    /// degree 2k at s is `pmf2(s)` = m·2^e (read through a closure, so that the mirrored
    /// task reads it backward). The sums run on a scale of their own, so that terms far in a
    /// tail, below the smallest normal double, keep their digits until they no longer count.
    fn both_at_least(
        &self,
        a: f64,
        b: f64,
        pmf2: impl Fn(usize) -> (f64, i32),
        lo: usize,
        out: &mut [f64],
    ) {
        let k = self.k;
        let kf = k as f64;
        let mut tail = Neumaier::default();
        // w(r) = P(J₁ = r, J₂ ≥ r) = π_r·σ(r), carried down from w(k) = P(J₁ = J₂ = k).
        // Every running value is held as x·2^scale.
        let mut w = 0.0;
        let mut scale: i32 = i32::MIN;
        for r in (lo..=k).rev() {
            let (m, e) = pmf2(2 * r);
            if m > 0.0 && e > scale.saturating_add(RESCALE) {
                // The terms have grown past the running scale: take it up to theirs.
                let by = scale.saturating_sub(e);
                w = times_pow2(w, by);
                tail = tail.scaled(|x| times_pow2(x, by));
                scale = e;
            }
            let both = times_pow2(m * self.central[r], e.saturating_sub(scale));
            if r == k {
                w = both;
            } else {
                let rf = r as f64;
                // π_r/π_{r+1}, and σ's increment over ρ(r) (ρ(r)·π_r = P(J₁ = J₂ = r)),
                // over one division: (a + r) is common to both denominators.
                let (d1, d2) = (kf - rf, b + 2.0 * kf - 2.0 * rf - 1.0);
                let inv = 1.0 / ((a + rf) * d1 * d2);
                let back = (rf + 1.0) * (b + kf - rf - 1.0) * d2 * inv;
                let inc = (a * (b + kf - rf - 1.0) + rf * (b - 1.0)) * d1 * inv;
                w = w * back + both * inc;
            }
            tail.add(2.0 * w - both);
            out[r] = if scale == i32::MIN {
                0.0
            } else {
                times_pow2(tail.total(), scale)
            };
        }
    }
}

/// How far (in powers of two) the running scale may trail the terms before it is raised.
const RESCALE: i32 = 256;

/// x·2^e, in steps that neither overflow nor underflow on the way (0 for e far below).
fn times_pow2(x: f64, e: i32) -> f64 {
    if x == 0.0 || e == 0 {
        return x;
    }
    if e < -2200 {
        return 0.0;
    }
    let mut x = x;
    let mut e = e;
    while e > 0 {
        let step = e.min(1000);
        x *= 2f64.pow_int(step);
        e -= step;
    }
    while e < 0 {
        let step = e.max(-1000);
        x *= 2f64.pow_int(step);
        e -= step;
    }
    x
}

/// The pmf of degree 2k as m·2^e: the values as computed where they are normal doubles,
/// and past the last normal one at either end, carried on from it by the pmf's consecutive
/// ratios with an exponent aside (a normal double's digits are all there; one below the
/// smallest normal has lost some, and the recurrence would carry the loss up).
struct Tails<'p> {
    pmf2: &'p [f64],
    /// The first and last index with a normal value.
    first: usize,
    last: usize,
    /// The values below `first` (index s at s) and above `last` (index s at s − last − 1).
    below: &'p [(f64, i32)],
    above: &'p [(f64, i32)],
}

/// The buffers of [`AtLeast::task_into`], reused from task to task.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    upper: Vec<f64>,
    lower: Vec<f64>,
    up: Vec<f64>,
    down: Vec<f64>,
    below: Vec<(f64, i32)>,
    above: Vec<(f64, i32)>,
}

impl<'p> Tails<'p> {
    fn new(
        a: f64,
        b: f64,
        pmf2: &'p [f64],
        below: &'p mut Vec<(f64, i32)>,
        above: &'p mut Vec<(f64, i32)>,
    ) -> Tails<'p> {
        let normal = |x: &f64| *x >= f64::MIN_POSITIVE;
        let m = pmf2.len() - 1;
        let first = pmf2.iter().position(normal).unwrap_or(0);
        let last = pmf2.iter().rposition(normal).unwrap_or(m);
        // P(j+1)/P(j) = (m−j)(a+j) / ((j+1)(b+m−j−1)).
        let ratio = |j: usize| {
            let (jf, mf) = (j as f64, m as f64);
            ((mf - jf) * (a + jf)) / ((jf + 1.0) * (b + mf - jf - 1.0))
        };
        let carry = |(x, e): (f64, i32), f: f64| -> (f64, i32) {
            let y = x * f;
            if y != 0.0 && y < 2f64.pow_int(-600) {
                (y * 2f64.pow_int(600), e - 600)
            } else {
                (y, e)
            }
        };
        above.clear();
        let mut v = (pmf2[last], 0);
        for j in last..m {
            v = carry(v, ratio(j));
            above.push(v);
        }
        below.clear();
        below.resize(first, (0.0, 0));
        let mut v = (pmf2[first], 0);
        for j in (0..first).rev() {
            v = carry(v, 1.0 / ratio(j));
            below[j] = v;
        }
        Tails {
            pmf2,
            first,
            last,
            below,
            above,
        }
    }

    /// The value at s.
    fn upper(&self, s: usize) -> (f64, i32) {
        if s < self.first {
            self.below[s]
        } else if s > self.last {
            self.above[s - self.last - 1]
        } else {
            (self.pmf2[s], 0)
        }
    }

    /// The value at 2k − s (the mirrored task's pmf).
    fn lower(&self, s: usize) -> (f64, i32) {
        self.upper(self.pmf2.len() - 1 - s)
    }
}
