//! Tanh-sinh (double-exponential) quadrature of a positive integrand given by its logarithm,
//! on pieces of [0, 1], with the gradient of the integral's logarithm in the integrand's
//! parameters.
//!
//! Tanh-sinh clusters its nodes double-exponentially at both ends of each piece, so algebraic
//! end-point singularities (x^(a−1) at 0, (1 − x)^(b−1) at 1) and a narrow peak placed at a
//! piece's end (split there) are integrated to full precision with a few hundred nodes. Each
//! node is kept as its distance δ from the nearer end, never as 1 − x, so x and 1 − x are both
//! exact to the last bits down to δ ≈ 10^-275.

use crate::num::libm_math::LibmMath;
use crate::num::prec::TAIL_NEGLIGIBLE;

/// The finest level: step 2^-MAX_LEVEL in t.
const MAX_LEVEL: u32 = 7;
/// The level every evaluation starts at (step 1/8).
const FIRST_LEVEL: u32 = 3;
/// The range of t: δ(T_MAX) ≈ 10^-275, above the smallest normal double.
pub(crate) const T_MAX: f64 = 6.0;
/// Stop when two levels differ by less than this share of the integral: the error of the
/// finer level, which roughly squares at each halving, is then about 10^-14 (the tests hold
/// every integral to 10^-10 against mpmath and the exact series).
pub const LEVEL_REL: f64 = 1e-7;

/// A looser stop for an optimiser's search (the error of the level accepted is then about
/// 10^-10 relative): the fits search with it and evaluate their optimum with [`LEVEL_REL`].
pub const SEARCH_REL: f64 = 1e-5;

/// One node of the rule on [−1, 1], on the side t > 0: its distance from the end and weight.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// 1 − tanh(π/2·sinh t), computed without cancellation.
    pub(crate) delta: f64,
    /// (π/2)·cosh t / cosh²(π/2·sinh t).
    pub(crate) weight: f64,
}

pub(crate) fn node(t: f64) -> Node {
    let u = core::f64::consts::FRAC_PI_2 * t.libm_sinh();
    let e = (-2.0 * u).libm_exp();
    Node {
        delta: 2.0 * e / (1.0 + e),
        weight: core::f64::consts::FRAC_PI_2 * t.libm_cosh() * 4.0 * e / ((1.0 + e) * (1.0 + e)),
    }
}

/// What an integrand gives at a node: ln g(x) and the gradient of ln g in `G` parameters.
pub type LogValue<const G: usize> = (f64, [f64; G]);

/// The integral of one piece or of several: ln ∫ g and ∫ g·∇ln g / ∫ g (the gradient of the
/// integral's logarithm), and the level the rule stopped at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LogIntegral<const G: usize> {
    /// ln ∫ g.
    pub ln: f64,
    /// ∇ ln ∫ g.
    pub grad: [f64; G],
    /// The finest level used (step 2^-level).
    pub level: u32,
}

/// A running sum of g and g·∇ln g, scaled by e^-reference.
#[derive(Debug, Clone, Copy)]
struct Acc<const G: usize> {
    reference: f64,
    sum: f64,
    grad: [f64; G],
}

impl<const G: usize> Acc<G> {
    fn new() -> Self {
        Acc {
            reference: f64::NEG_INFINITY,
            sum: 0.0,
            grad: [0.0; G],
        }
    }

    fn add(&mut self, w: f64, v: LogValue<G>) {
        let (ln, d) = v;
        if ln.is_nan() || ln == f64::NEG_INFINITY || w == 0.0 {
            return;
        }
        if ln > self.reference {
            let r = (self.reference - ln).libm_exp();
            self.sum *= r;
            for g in &mut self.grad {
                *g *= r;
            }
            self.reference = ln;
        }
        let e = w * super::fast_exp::exp(ln - self.reference);
        self.sum += e;
        for (g, di) in self.grad.iter_mut().zip(d) {
            *g += e * di;
        }
    }

    fn merge(&mut self, o: &Acc<G>, scale: f64) {
        if o.sum == 0.0 {
            return;
        }
        let mut o = *o;
        o.sum *= scale;
        for g in &mut o.grad {
            *g *= scale;
        }
        if o.reference > self.reference {
            std::mem::swap(self, &mut o);
        }
        let r = (o.reference - self.reference).libm_exp();
        self.sum += r * o.sum;
        for (g, og) in self.grad.iter_mut().zip(o.grad) {
            *g += r * og;
        }
    }

    fn ln(&self) -> f64 {
        self.reference + self.sum.libm_ln()
    }
}

/// The end behaviour of an integrand on [0, 1]: g(x) ~ x^(e0 − 1) as x → 0 and
/// (1 − x)^(e1 − 1) as x → 1. The rule adds the mass beyond its outermost nodes as
/// g(x_out)·δ_out/e (exact to first order in δ_out ≤ 10^-275).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ends {
    /// The exponent at 0.
    pub e0: f64,
    /// The exponent at 1.
    pub e1: f64,
}

/// The nodes of every level, computed once per call site.
#[derive(Debug, Clone)]
pub struct TanhSinh {
    /// Nodes at t = j·2^-MAX_LEVEL, j = 1…, t ≤ T_MAX (the last at T_MAX, a node of every
    /// level).
    nodes: Vec<Node>,
}

impl Default for TanhSinh {
    fn default() -> Self {
        TanhSinh::new()
    }
}

impl TanhSinh {
    /// The rule's nodes.
    pub fn new() -> TanhSinh {
        let step = (-(MAX_LEVEL as f64)).libm_exp2();
        let count = (T_MAX / step) as usize;
        TanhSinh {
            nodes: (1..=count).map(|j| node(j as f64 * step)).collect(),
        }
    }

    /// ln ∫₀¹ g(x) dx and its gradient, the interval split at `splits` (points inside (0, 1),
    /// increasing: a narrow peak of g should sit at one). `g(x, 1 − x)` returns ln g and
    /// ∇ ln g.
    ///
    /// # Formula
    /// On each piece [A, B] with half-width h = (B − A)/2: ∫ ≈ step·h·Σ_t w(t)·[g(A + h·δ(t)) +
    /// g(B − h·δ(t))] (t = 0 once), levels halving the step from 1/8 until two agree to
    /// 10^-7 relative (at most 1/128), plus the end remainders of [`Ends`].
    pub fn integrate<const G: usize>(
        &self,
        splits: &[f64],
        ends: Ends,
        g: impl FnMut(f64, f64) -> LogValue<G>,
    ) -> LogIntegral<G> {
        self.integrate_to(LEVEL_REL, splits, ends, g)
    }

    /// [`TanhSinh::integrate`], stopping when two levels agree to `rel` ([`LEVEL_REL`] or
    /// [`SEARCH_REL`]).
    pub fn integrate_to<const G: usize>(
        &self,
        rel: f64,
        splits: &[f64],
        ends: Ends,
        g: impl FnMut(f64, f64) -> LogValue<G>,
    ) -> LogIntegral<G> {
        self.integrate_curved_to(rel, splits, ends, G, g)
    }

    /// [`TanhSinh::integrate_to`] where the components of the vector from index `curved` on
    /// are quadratic in ln x near the ends, not linear (products of two gradients): their
    /// mass beyond the outermost node is taken so (`end_mass`).
    pub fn integrate_curved_to<const G: usize>(
        &self,
        rel: f64,
        splits: &[f64],
        ends: Ends,
        curved: usize,
        mut g: impl FnMut(f64, f64) -> LogValue<G>,
    ) -> LogIntegral<G> {
        let mut bounds = Vec::with_capacity(splits.len() + 2);
        bounds.push((0.0, 1.0));
        for &s in splits {
            if s > bounds.last().map_or(0.0, |b| b.0) && s < 1.0 {
                bounds.push((s, 1.0 - s));
            }
        }
        bounds.push((1.0, 0.0));
        let pieces: Vec<[(f64, f64); 2]> = bounds.windows(2).map(|w| [w[0], w[1]]).collect();
        // Per piece: the sums of its nodes so far, and per side the last node worth
        // evaluating (the first level finds where the terms fall below 2^-64 of the sum
        // twice running: beyond, the transformed integrand only decays).
        let mut levels: Vec<Acc<G>> = vec![Acc::new(); pieces.len()];
        let mut cuts = vec![[self.nodes.len(); 2]; pieces.len()];
        let mut previous = f64::NAN;
        let mut level = FIRST_LEVEL;
        let mut total = loop {
            let stride = 1usize << (MAX_LEVEL - level);
            let first = level == FIRST_LEVEL;
            for (p, piece) in pieces.iter().enumerate() {
                let [(a, ac), (b, bc)] = *piece;
                let half = 0.5 * (b - a);
                let acc = &mut levels[p];
                if first {
                    acc.add(core::f64::consts::FRAC_PI_2, g(a + half, ac - half));
                }
                for (side, cut) in cuts[p].iter_mut().enumerate() {
                    // At 0 and 1 the gradient's integrand can be singular where g is not
                    // (∂ln g/∂s ∝ 1/(1 − x) at s = 1): those ends are never cut unless g
                    // vanishes there faster than (1 − x)².
                    let end_e = match (side, p) {
                        (0, 0) => ends.e0,
                        (1, q) if q + 1 == pieces.len() => ends.e1,
                        _ => f64::INFINITY,
                    };
                    let mut small = 0;
                    for j in (stride..=*cut).step_by(stride) {
                        if !first && (j / stride).is_multiple_of(2) {
                            continue;
                        }
                        let nd = self.nodes[j - 1];
                        let d = half * nd.delta;
                        // The last node closes a trapezoid: the mass beyond it is added below.
                        let w = if j == self.nodes.len() {
                            0.5 * nd.weight
                        } else {
                            nd.weight
                        };
                        let v = if side == 0 {
                            g(a + d, ac - d)
                        } else {
                            g(b - d, bc + d)
                        };
                        acc.add(w, v);
                        if first && end_e > 2.0 {
                            let term = w * (v.0 - acc.reference).libm_exp();
                            small = if term < TAIL_NEGLIGIBLE * acc.sum {
                                small + 1
                            } else {
                                0
                            };
                            if small == 2 {
                                *cut = j;
                                break;
                            }
                        }
                    }
                }
            }
            let step = (-(level as f64)).libm_exp2();
            let mut sum = Acc::<G>::new();
            for (p, piece) in pieces.iter().enumerate() {
                let half = 0.5 * (piece[1].0 - piece[0].0);
                sum.merge(&levels[p], step * half);
            }
            let ln = sum.ln();
            let done = (ln - previous).abs() < rel || level == MAX_LEVEL;
            previous = ln;
            if done {
                break sum;
            }
            level += 1;
        };
        let h = (-(level as f64)).libm_exp2();
        let (first, final_) = (pieces[0], pieces[pieces.len() - 1]);
        let half_first = 0.5 * (first[1].0 - first[0].0);
        let half_final = 0.5 * (final_[1].0 - final_[0].0);
        for (w, v) in end_mass_curved(h, half_first, ends.e0, false, curved, &mut g)
            .into_iter()
            .chain(end_mass_curved(
                h, half_final, ends.e1, true, curved, &mut g,
            ))
        {
            total.add(w, v);
        }
        let mut grad = total.grad;
        for gi in &mut grad {
            *gi /= total.sum;
        }
        LogIntegral {
            ln: total.ln(),
            grad,
            level,
        }
    }
}

/// The mass beyond the outermost node at t = T_MAX of a piece of half-width `half` touching 0
/// (or 1, `at_one`), for a rule of step `h` and an integrand g ~ x^(e − 1) at that end: two
/// (weight, ln g and ∇ln g) terms to add to the sum.
///
/// # Formula
/// ∫₀^x g ≈ g(x)·x/e at the outermost node x, and the trapezoid's Euler–Maclaurin term
/// −h²/12·f′(T), where the transformed integrand f(t) ∝ cosh t·δ(t)^e decays as f′/f =
/// tanh T − e·π·cosh T (it matters only for e ≲ 0.1, where f(T) ≈ 10^-275·e is not
/// negligible). ∇ln g ≈ α·ln x + β near the end: ∫₀^x g·∇ln g = g(x)·x/e·(∇ln g(x) − α/e), α
/// from ∇ln g at x and x/2; the Euler–Maclaurin term of f·∇ln g adds −h²/12·f·α·d(ln x)/dt =
/// …·α·π·cosh T.
pub(crate) fn end_mass<const G: usize>(
    h: f64,
    half: f64,
    e: f64,
    at_one: bool,
    g: &mut impl FnMut(f64, f64) -> LogValue<G>,
) -> [(f64, LogValue<G>); 2] {
    end_mass_curved(h, half, e, at_one, G, g)
}

/// [`end_mass`] with the components from index `curved` on quadratic in ln x near the end.
///
/// # Formula
/// v ≈ v(x) + α·L + β·L², L = ln(t/x), from v at x, x/2 and x/4; under g ∝ t^(e − 1) on
/// [0, x], E[L] = −1/e and E[L²] = 2/e², so ∫₀^x g·v = g(x)·x/e·(v(x) − α/e + 2β/e²); the
/// Euler–Maclaurin term takes the slope α at x, as for the linear components.
fn end_mass_curved<const G: usize>(
    h: f64,
    half: f64,
    e: f64,
    at_one: bool,
    curved: usize,
    g: &mut impl FnMut(f64, f64) -> LogValue<G>,
) -> [(f64, LogValue<G>); 2] {
    let last = node(T_MAX);
    let (tanh_t, cosh_t) = (T_MAX.libm_sinh() / T_MAX.libm_cosh(), T_MAX.libm_cosh());
    let x = half * last.delta;
    let em = h * h / 12.0 * (e * core::f64::consts::PI * cosh_t - tanh_t) * half;
    let at = |x: f64| if at_one { (1.0 - x, x) } else { (x, 1.0 - x) };
    let (v, d) = {
        let (x, xc) = at(x);
        g(x, xc)
    };
    let (_, d_half) = {
        let (x, xc) = at(0.5 * x);
        g(x, xc)
    };
    let d_quarter = if curved < G {
        let (x, xc) = at(0.25 * x);
        g(x, xc).1
    } else {
        d
    };
    let (mut tail, mut edge) = (d, d);
    let rate = e * core::f64::consts::PI * cosh_t - tanh_t;
    let u = core::f64::consts::LN_2;
    for i in 0..G {
        let (alpha, beta) = if i < curved {
            ((d[i] - d_half[i]) / u, 0.0)
        } else {
            let beta = (d_quarter[i] - 2.0 * d_half[i] + d[i]) / (2.0 * u * u);
            ((d[i] - d_half[i]) / u + beta * u, beta)
        };
        tail[i] += -alpha / e + 2.0 * beta / (e * e);
        edge[i] += alpha * core::f64::consts::PI * cosh_t / rate;
    }
    [(x / e, (v, tail)), (em * last.weight, (v, edge))]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beta_ln(a: f64, b: f64) -> f64 {
        crate::num::beta::ln_beta(a, b)
    }

    #[test]
    fn beta_integrals_with_singular_ends_are_exact() {
        let rule = TanhSinh::new();
        for &(a, b) in &[
            (0.05, 0.3),
            (0.5, 0.5),
            (1.0, 1.0),
            (3.0, 40.0),
            (0.02, 5.0),
        ] {
            let r = rule.integrate(&[], Ends { e0: a, e1: b }, |x, xc| {
                (
                    (a - 1.0) * x.libm_ln() + (b - 1.0) * xc.libm_ln(),
                    [x.libm_ln()],
                )
            });
            let want = beta_ln(a, b);
            assert!(
                (r.ln - want).abs() < 1e-11 * want.abs().max(1.0),
                "{a} {b}: {} {want}",
                r.ln
            );
            // d/da ln B(a, b) = ψ(a) − ψ(a + b).
            use crate::num::gamma::digamma;
            let dw = digamma(a) - digamma(a + b);
            assert!(
                (r.grad[0] - dw).abs() < 1e-9 * dw.abs().max(1.0),
                "{a} {b}: {:?} {dw}",
                r.grad
            );
        }
    }

    #[test]
    fn a_narrow_peak_at_a_split_is_integrated() {
        // x^c (1 − x)^m with n = 10^5: B(c + 1, m + 1), peak at c/n.
        let rule = TanhSinh::new();
        for &(c, m) in &[(1.0, 99_999.0), (30_000.0, 70_000.0), (99_990.0, 10.0)] {
            let r = rule.integrate(
                &[c / (c + m)],
                Ends {
                    e0: c + 1.0,
                    e1: m + 1.0,
                },
                |x, xc| (c * x.libm_ln() + m * xc.libm_ln(), []),
            );
            let want = beta_ln(c + 1.0, m + 1.0);
            assert!((r.ln - want).abs() < 1e-10, "{c} {m}: {} {want}", r.ln);
        }
    }
}
