//! The per-block kernels behind `eval::estimates::Estimates`: reciprocal tables, running
//! sums of every estimator, the unbiased and naive blocks, and the credible
//! interval's moments.

use super::fits::Fits;
use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::interval::Prior;
use crate::estimators::unbiased::{ln_all_fail, pass_hat_k, ShortTasks};
use crate::eval::sweep::{sweep_down, sweep_down_pair, sweep_up, Block};

use crate::num::excess::ln_gamma_ratio_excess;
use crate::num::gamma::ln_gamma_ratio;
use crate::num::libm_math::LibmMath;
use crate::num::recips::Recips;
use crate::num::sum::Neumaier;

/// The step denominators of one chunk of budgets, shared by every n-block: for the
/// credible-interval lanes (k) and for the fitted lanes (BB and ZOIBB), upwards (b + k + m)
/// and downwards (a + k + m).
pub(super) struct Tables {
    pub(super) prior: (Recips<LANES>, Recips<LANES>),
    pub(super) fitted: (Recips<MOMENT_LANES>, Recips<MOMENT_LANES>),
}

impl Tables {
    pub(super) fn new(prior: Prior, fits: Option<&Fits>, k: [f64; LANES], len: u64) -> Tables {
        let prior = (
            Recips::new(k.map(|k| prior.beta + k), len),
            Recips::new(k.map(|k| prior.alpha + k), len),
        );
        let fitted = match fits {
            Some(f) => {
                let ab = |i: usize| {
                    if i < LANES {
                        (f.bb.a, f.bb.b, k[i])
                    } else {
                        (f.zoibb.a, f.zoibb.b, k[i - LANES])
                    }
                };
                (
                    Recips::new(std::array::from_fn(|i| ab(i).1 + ab(i).2), len),
                    Recips::new(std::array::from_fn(|i| ab(i).0 + ab(i).2), len),
                )
            }
            None => (
                Recips::new([1.0; MOMENT_LANES], 0),
                Recips::new([1.0; MOMENT_LANES], 0),
            ),
        };
        Tables { prior, fitted }
    }
}

/// The length of the reciprocal tables of a pass over `g`: n_max + 1 when the sweeps walk
/// more steps than twice that (several n-blocks over overlapping ranges of c, each entry then
/// serving many steps), else 0 — each step divides (the same quotient, bit for bit), as a
/// table whose entries would be used about once costs its divisions and its memory for
/// nothing (one n = 10,000 block: 24 lanes × 10⁴ divisions and 2 MB per chunk of budgets).
pub(super) fn recip_len(g: &Groups) -> u64 {
    let steps = g
        .blocks()
        .map(|b| b[b.len() - 1].0.c() - b[0].0.c() + 1)
        .fold(0u64, u64::saturating_add);
    let len = g.n_max().saturating_add(1);
    if steps >= len.saturating_mul(2) {
        len
    } else {
        0
    }
}

/// Which values a pass computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Values {
    /// pass@k and pass^k.
    All,
    /// pass@k only.
    PassAtK,
}

/// Budgets evaluated side by side in one pass over the tasks.
pub const LANES: usize = 4;
pub(super) const MOMENT_LANES: usize = 2 * LANES;

/// Sums of every estimator over the tasks of one n-block (plain: a block holds at most n + 1
/// groups), folded into compensated totals between blocks.
#[derive(Default, Clone, Copy)]
pub(super) struct Sums {
    pub(super) comb: f64,
    pub(super) comb_hat: f64,
    pub(super) bb: f64,
    pub(super) bb_hat: f64,
    pub(super) zoibb: f64,
    pub(super) zoibb_hat: f64,
    pub(super) linmix: f64,
    pub(super) int_mean: f64,
    pub(super) int_var: f64,
    pub(super) int_hat_mean: f64,
    pub(super) int_hat_var: f64,
}

impl Sums {
    pub(super) const LEN: usize = 11;

    pub(super) fn to_array(self) -> [f64; Self::LEN] {
        [
            self.comb,
            self.comb_hat,
            self.bb,
            self.bb_hat,
            self.zoibb,
            self.zoibb_hat,
            self.linmix,
            self.int_mean,
            self.int_var,
            self.int_hat_mean,
            self.int_hat_var,
        ]
    }

    pub(super) fn from_array(a: [f64; Self::LEN]) -> Sums {
        Sums {
            comb: a[0],
            comb_hat: a[1],
            bb: a[2],
            bb_hat: a[3],
            zoibb: a[4],
            zoibb_hat: a[5],
            linmix: a[6],
            int_mean: a[7],
            int_var: a[8],
            int_hat_mean: a[9],
            int_hat_var: a[10],
        }
    }
}

/// Compensated totals of [`Sums`] over blocks.
#[derive(Default)]
pub(super) struct Totals([Neumaier; Sums::LEN]);

impl Totals {
    pub(super) fn add(&mut self, s: Sums) {
        for (t, v) in self.0.iter_mut().zip(s.to_array()) {
            t.add(v);
        }
    }

    pub(super) fn total(&self) -> Sums {
        Sums::from_array(std::array::from_fn(|i| self.0[i].total()))
    }
}

/// The mean unbiased pass@k alone (the fast path of
/// [`mean_pass_at_k`](crate::estimators::unbiased::mean_pass_at_k)).
///
/// # Errors
/// [`ShortTasks`] when some task has n < k, k = 0 or the dataset is empty.
pub fn unbiased_pass_at_k(g: &Groups, k: u64) -> Result<f64, ShortTasks> {
    let short = g.tasks_below(k);
    if short > 0 || k == 0 || g.is_empty() {
        return Err(ShortTasks {
            k,
            tasks: if short > 0 { short } else { g.tasks() },
        });
    }
    let mut total = Neumaier::default();
    let unit = Recips::new([0.0], recip_len(g));
    for block in g.blocks() {
        let mut acc = [Sums::default(); 1];
        unbiased_block(block, [k], &unit, Values::PassAtK, &mut acc);
        total.add(acc[0].comb);
    }
    Ok(total.total() / g.tasks() as f64)
}

/// The unbiased pass@k and pass^k of one block at each budget (lanes with k > n give NaN,
/// discarded by the caller).
#[inline(always)]
pub(super) fn unbiased_block<const L: usize>(
    block: Block<'_>,
    ks: [u64; L],
    unit: &Recips<1>,
    values: Values,
    acc: &mut [Sums; L],
) {
    let n = block[0].0.n();
    let kf = ks.map(|k| k as f64);
    sweep_up(
        block,
        |c| {
            ks.map(|k| {
                Counts::new(n, c)
                    .ok()
                    .and_then(|t| ln_all_fail(t, k).ok())
                    .unwrap_or(f64::NAN)
            })
        },
        |c| {
            // C(n−c−1, k)/C(n−c, k) = (n−c−k)/(n−c).
            let inv = unit.at(n - c)[0];
            let d = (n - c) as f64;
            kf.map(|k| ((d - k) * inv, k * inv))
        },
        |_, w, _, q| {
            for i in 0..L {
                acc[i].comb += w as f64 * q[i];
            }
        },
    );
    if values == Values::PassAtK {
        return;
    }
    sweep_down(
        block,
        |c| {
            ks.map(|k| {
                Counts::new(n, c)
                    .ok()
                    .and_then(|t| pass_hat_k(t, k).ok())
                    .unwrap_or(f64::NAN)
                    .libm_ln()
            })
        },
        // C(c−1, k)/C(c, k) = (c−k)/c.
        |c| {
            let inv = unit.at(c)[0];
            kf.map(|k| (c as f64 - k) * inv)
        },
        |_, w, r| {
            for i in 0..L {
                acc[i].comb_hat += w as f64 * r[i];
            }
        },
    );
}

/// The moments of X = (1−p)^k (`HAT` false: pass@k, swept up in c) or X = p^k (`HAT`
/// true: pass^k, swept down). Lanes i < LANES carry m₁ = E\[X\] at k\[i\]; lanes LANES + i carry
/// V = m₁²/E\[X²\] and its complement Q = 1 − V (see [`moment_variance`]). With (x, d) the
/// Beta parameters of X's base (β, α for pass@k), a step to the next c has
/// x′ = x0 + m, m = n − c − 1 (up) or c − 1 (down), and multiplies m₁ by x′/(x′+k) and V
/// by x′(x′+2k)/(x′+k)², whose complement k²/(x′+k)² is formed directly.
#[inline(always)]
pub(super) fn prior_moments<const HAT: bool>(
    block: Block<'_>,
    k: [f64; LANES],
    Prior { alpha, beta }: Prior,
    table: &Recips<LANES>,
    acc: &mut [Sums; LANES],
) {
    let n = block[0].0.n();
    let (x0, d0) = if HAT { (alpha, beta) } else { (beta, alpha) };
    // x's count at c: c for pass^k, n − c for pass@k.
    let own = |c: u64| if HAT { c } else { n - c };
    let anchor = |c: u64| -> [f64; MOMENT_LANES] {
        let (x, d) = (x0 + own(c) as f64, d0 + (n - own(c)) as f64);
        std::array::from_fn(|i| {
            if i < LANES {
                ln_gamma_ratio(x, d, k[i])
            } else {
                -ln_gamma_ratio_excess(x, d, k[i - LANES])
            }
        })
    };
    let step = |c: u64| -> [(f64, f64); MOMENT_LANES] {
        let m = own(c) - 1;
        let (x, inv) = (x0 + m as f64, table.at(m));
        std::array::from_fn(|i| {
            let j = i % LANES;
            if i < LANES {
                (x * inv[j], k[j] * inv[j])
            } else {
                let v = inv[j] * inv[j];
                (x * (x + 2.0 * k[j]) * v, k[j] * k[j] * v)
            }
        })
    };
    let visit = |_: Counts, w: u64, r: &[f64; MOMENT_LANES], q: &[f64; MOMENT_LANES]| {
        let w = w as f64;
        for i in 0..LANES {
            let var = w * moment_variance(r[i], r[i + LANES], q[i + LANES]);
            if HAT {
                acc[i].int_hat_mean += w * r[i];
                acc[i].int_hat_var += var;
            } else {
                acc[i].int_mean += w * q[i];
                acc[i].int_var += var;
            }
        }
    };
    if HAT {
        sweep_down_pair(block, anchor, step, visit);
    } else {
        sweep_up(block, anchor, step, visit);
    }
}

/// Var\[X\] = E\[X²\] − m₁² from m₁ = E\[X\], V = m₁²/E\[X²\] and Q = 1 − V carried without
/// cancellation: m₁·(m₁/V)·Q (m₁/V = E\[X²\]/m₁ ≤ 1); 0 where m₁ underflows.
#[inline(always)]
pub(super) fn moment_variance(m1: f64, v: f64, q: f64) -> f64 {
    if m1 > 0.0 && v > 0.0 {
        (m1 * (m1 / v) * q).max(0.0)
    } else {
        0.0
    }
}

/// Budgets walked by multiplication from a fresh evaluation in [`naive_means`]; then the
/// powers are evaluated afresh, so a run of consecutive budgets carries at most this many
/// roundings.
const NAIVE_RUN: usize = 64;

/// The naive plug-ins' dataset means at each budget: (1 − (1 − c/n)^k, (c/n)^k) averaged over
/// the tasks (pass^k's NaN for [`Values::PassAtK`]).
///
/// # Formula
/// With x = 1 − c/n: x^k = e^{k ln x} and 1 − x^k = −expm1(k ln x), evaluated afresh at the
/// first budget, after a gap of more than one and every [`NAIVE_RUN`] budgets; from k to k + 1
/// x^{k+1} = x^k·x and 1 − x^{k+1} = (1 − x^k) + x^k·(c/n), a sum of positive terms (no
/// cancellation however small the pass@k), and (c/n)^{k+1} = (c/n)^k·(c/n). Sums run per
/// n-block, compensated over blocks.
pub(super) fn naive_means(g: &Groups, ks: &[u64], values: Values) -> Vec<(f64, f64)> {
    let hat = values == Values::All;
    let fresh: Vec<bool> = (0..ks.len())
        .map(|i| i % NAIVE_RUN == 0 || ks[i].checked_sub(ks[i - 1]) != Some(1))
        .collect();
    let kf: Vec<f64> = ks.iter().map(|&k| k as f64).collect();
    let mut totals = vec![(Neumaier::default(), Neumaier::default()); ks.len()];
    let mut block_sums = vec![(0.0, 0.0); ks.len()];
    for block in g.blocks() {
        block_sums.fill((0.0, 0.0));
        for &(t, w) in block {
            let w = w as f64;
            if t.c() == t.n() {
                for s in block_sums.iter_mut() {
                    s.0 += w;
                    s.1 += w;
                }
                continue;
            } else if t.c() == 0 {
                // Every naive value is 0.
                continue;
            }
            let p = t.rate();
            let x = (t.n() - t.c()) as f64 / t.n() as f64;
            let (l_fail, l_pass) = ((-p).libm_ln_1p(), p.libm_ln());
            let (mut r, mut q, mut h) = (0.0, 0.0, 0.0);
            for (i, s) in block_sums.iter_mut().enumerate() {
                if fresh[i] {
                    let e = (kf[i] * l_fail).libm_exp_m1();
                    (r, q) = (1.0 + e, -e);
                    if hat {
                        h = (kf[i] * l_pass).libm_exp();
                    }
                } else {
                    q += r * p;
                    r *= x;
                    h *= p;
                }
                s.0 += w * q;
                s.1 += w * h;
            }
        }
        for (t, s) in totals.iter_mut().zip(&block_sums) {
            t.0.add(s.0);
            t.1.add(s.1);
        }
    }
    let n = g.tasks() as f64;
    totals
        .iter()
        .map(|(a, b)| (a.total() / n, if hat { b.total() / n } else { f64::NAN }))
        .collect()
}
