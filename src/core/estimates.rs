//! Every estimator's dataset value at one budget k, in one pass over the grouped tasks.
//!
//! This is what the report rows, the charts and the bootstrap evaluate. It uses the sweeps of
//! [`super::sweep`]; the per-task functions of `pass_at_k`, `beta_binomial`, `zoibb` and
//! `interval` are the reference it is tested against.

use super::beta_binomial::BbFit;
use super::dataset::Groups;
use super::interval::{Interval, Prior};
use super::pass_at_k::{ln_all_fail, pass_hat_k, Counts, ShortTasks};
use super::special::{ln_gamma_ratio, two_sided_z};
use super::sum::Neumaier;
use super::sweep::{bb_fail_step, bb_pass_step, sweep_down, sweep_up, Block};
use super::zoibb::{linmix_weight, ZoibbFit};

/// The fitted priors of a series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fits {
    /// Beta-Binomial.
    pub bb: BbFit,
    /// Zero/one-inflated Beta-Binomial.
    pub zoibb: ZoibbFit,
}

/// The settings the estimates depend on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// LinMix (m_low, m_high).
    pub linmix: [f64; 2],
    /// Prior of the credible interval.
    pub prior: Prior,
    /// Two-sided level of the interval.
    pub confidence: f64,
}

/// Every estimator at one k.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AtK {
    /// The budget.
    pub k: u64,
    /// Unbiased pass@k, undefined when some task has n < k.
    pub combinatorial: Result<f64, ShortTasks>,
    /// Unbiased pass^k.
    pub combinatorial_hat: Result<f64, ShortTasks>,
    /// Naive plug-in pass@k.
    pub naive: f64,
    /// Naive plug-in pass^k.
    pub naive_hat: f64,
    /// BB posterior-predictive pass@k (None without fits).
    pub bb: Option<f64>,
    /// BB pass^k.
    pub bb_hat: Option<f64>,
    /// ZOIBB pass@k.
    pub zoibb: Option<f64>,
    /// ZOIBB pass^k.
    pub zoibb_hat: Option<f64>,
    /// LinMix pass@k.
    pub linmix: Option<f64>,
    /// Credible interval of pass@k.
    pub interval: Interval,
    /// Credible interval of pass^k.
    pub interval_hat: Interval,
}

/// ZOIBB's posterior weights (atom, Beta part) at c = 0 and c = n for one n-block.
type BoundaryWeights = [(f64, f64); 2];

/// A series prepared for repeated evaluation at many k: its groups, fits and, per n-block,
/// the k-independent ZOIBB mixture weights.
#[derive(Debug, Clone)]
pub struct Estimates<'a> {
    groups: &'a Groups,
    fits: Option<Fits>,
    config: Config,
    z_weights: Vec<BoundaryWeights>,
}

impl<'a> Estimates<'a> {
    /// Prepares the evaluation.
    pub fn new(groups: &'a Groups, fits: Option<Fits>, config: Config) -> Self {
        let z_weights = match &fits {
            Some(f) => groups
                .blocks()
                .map(|b| {
                    let n = b[0].0.n();
                    let at = |c| {
                        Counts::new(n, c)
                            .map(|t| f.zoibb.weights(t))
                            .unwrap_or((0.0, 1.0))
                    };
                    [at(0), at(n)]
                })
                .collect(),
            None => Vec::new(),
        };
        Estimates {
            groups,
            fits,
            config,
            z_weights,
        }
    }

    /// The fits, if any.
    pub fn fits(&self) -> Option<&Fits> {
        self.fits.as_ref()
    }

    /// Every estimator at budget k ≥ 1 (an empty dataset gives NaN values).
    pub fn at_k(&self, k: u64) -> AtK {
        let g = self.groups;
        let kf = k as f64;
        let short = g.tasks_below(k);
        let defined = short == 0 && k > 0 && !g.is_empty();
        let undefined = ShortTasks {
            k,
            tasks: if short > 0 { short } else { g.tasks() },
        };
        let mut acc = Sums::default();
        for (i, block) in g.blocks().enumerate() {
            if defined {
                unbiased_block(block, k, &mut acc);
            }
            naive_block(block, kf, &mut acc);
            self.prior_block(block, kf, &mut acc);
            if let Some(f) = &self.fits {
                self.fitted_block(block, f, self.z_weights[i], kf, &mut acc);
            }
        }
        let n = g.tasks() as f64;
        let z = two_sided_z(self.config.confidence);
        let interval = |mean: &Neumaier, var: &Neumaier| {
            let mu = mean.total() / n;
            let sd = var.total().max(0.0).sqrt() / n;
            Interval {
                mean: mu,
                sd,
                lo: (mu - z * sd).clamp(0.0, 1.0),
                hi: (mu + z * sd).clamp(0.0, 1.0),
            }
        };
        let fitted = |s: &Neumaier| self.fits.map(|_| s.total() / n);
        AtK {
            k,
            combinatorial: if defined {
                Ok(acc.comb.total() / n)
            } else {
                Err(undefined)
            },
            combinatorial_hat: if defined {
                Ok(acc.comb_hat.total() / n)
            } else {
                Err(undefined)
            },
            naive: acc.naive.total() / n,
            naive_hat: acc.naive_hat.total() / n,
            bb: fitted(&acc.bb),
            bb_hat: fitted(&acc.bb_hat),
            zoibb: fitted(&acc.zoibb),
            zoibb_hat: fitted(&acc.zoibb_hat),
            linmix: fitted(&acc.linmix),
            interval: interval(&acc.int_mean, &acc.int_var),
            interval_hat: interval(&acc.int_hat_mean, &acc.int_hat_var),
        }
    }

    /// The credible-interval moments: per task p ~ Beta(α0 + c, β0 + n − c).
    fn prior_block(&self, block: Block<'_>, k: f64, acc: &mut Sums) {
        let n = block[0].0.n();
        let Prior { alpha, beta } = self.config.prior;
        let bn = beta + n as f64;
        sweep_up(
            block,
            |c| {
                let (x, d) = (beta + (n - c) as f64, alpha + c as f64);
                [ln_gamma_ratio(x, d, k), ln_gamma_ratio(x, d, 2.0 * k)]
            },
            |c| [bb_fail_step(bn, c, k), bb_fail_step(bn, c, 2.0 * k)],
            |_, w, r, q| {
                let w = w as f64;
                acc.int_mean.add(w * q[0]);
                acc.int_var.add(w * (r[1] - r[0] * r[0]).max(0.0));
            },
        );
        sweep_down(
            block,
            |c| {
                let (x, d) = (alpha + c as f64, beta + (n - c) as f64);
                [ln_gamma_ratio(x, d, k), ln_gamma_ratio(x, d, 2.0 * k)]
            },
            |c| [bb_pass_step(alpha, c, k), bb_pass_step(alpha, c, 2.0 * k)],
            |_, w, r| {
                let w = w as f64;
                acc.int_hat_mean.add(w * r[0]);
                acc.int_hat_var.add(w * (r[1] - r[0] * r[0]).max(0.0));
            },
        );
    }

    /// BB, ZOIBB and LinMix, pass@k and pass^k.
    fn fitted_block(
        &self,
        block: Block<'_>,
        f: &Fits,
        zw: BoundaryWeights,
        k: f64,
        acc: &mut Sums,
    ) {
        let n = block[0].0.n();
        let (ba, bb) = (f.bb.a, f.bb.b);
        let (za, zb) = (f.zoibb.a, f.zoibb.b);
        let nf = n as f64;
        // The atom's weight and the Beta part's at a boundary task; (0, 1) inside.
        let mix = |t: Counts, beta_value: f64| {
            if t.c() == 0 {
                zw[0].1 * beta_value
            } else if t.c() == n {
                zw[1].0 + zw[1].1 * beta_value
            } else {
                beta_value
            }
        };
        let (mut blk_bb, mut blk_z) = (Neumaier::default(), Neumaier::default());
        sweep_up(
            block,
            |c| {
                let f = (n - c) as f64;
                [
                    ln_gamma_ratio(bb + f, ba + c as f64, k),
                    ln_gamma_ratio(zb + f, za + c as f64, k),
                ]
            },
            |c| [bb_fail_step(bb + nf, c, k), bb_fail_step(zb + nf, c, k)],
            |t, w, _, q| {
                let w = w as f64;
                blk_bb.add(w * q[0]);
                blk_z.add(w * mix(t, q[1]));
            },
        );
        sweep_down(
            block,
            |c| {
                let f = (n - c) as f64;
                [
                    ln_gamma_ratio(ba + c as f64, bb + f, k),
                    ln_gamma_ratio(za + c as f64, zb + f, k),
                ]
            },
            |c| [bb_pass_step(ba, c, k), bb_pass_step(za, c, k)],
            |t, w, r| {
                let w = w as f64;
                acc.bb_hat.add(w * r[0]);
                acc.zoibb_hat.add(w * mix(t, r[1]));
            },
        );
        let (b, z) = (blk_bb.total(), blk_z.total());
        let lw = linmix_weight(n, self.config.linmix[0], self.config.linmix[1]);
        acc.bb.add(b);
        acc.zoibb.add(z);
        acc.linmix.add(lw * z + (1.0 - lw) * b);
    }
}

/// Compensated sums of every estimator over the tasks.
#[derive(Default)]
struct Sums {
    comb: Neumaier,
    comb_hat: Neumaier,
    naive: Neumaier,
    naive_hat: Neumaier,
    bb: Neumaier,
    bb_hat: Neumaier,
    zoibb: Neumaier,
    zoibb_hat: Neumaier,
    linmix: Neumaier,
    int_mean: Neumaier,
    int_var: Neumaier,
    int_hat_mean: Neumaier,
    int_hat_var: Neumaier,
}

/// The unbiased pass@k and pass^k of one block (every task has n ≥ k).
fn unbiased_block(block: Block<'_>, k: u64, acc: &mut Sums) {
    let n = block[0].0.n();
    let kf = k as f64;
    sweep_up(
        block,
        |c| {
            [Counts::new(n, c)
                .ok()
                .and_then(|t| ln_all_fail(t, k).ok())
                .unwrap_or(f64::NAN)]
        },
        |c| {
            // C(n−c−1, k)/C(n−c, k) = (n−c−k)/(n−c).
            let d = (n - c) as f64;
            [((d - kf) / d, kf / d)]
        },
        |_, w, _, q| acc.comb.add(w as f64 * q[0]),
    );
    sweep_down(
        block,
        |c| {
            let v = Counts::new(n, c)
                .ok()
                .and_then(|t| pass_hat_k(t, k).ok())
                .unwrap_or(f64::NAN);
            [v.ln()]
        },
        // C(c−1, k)/C(c, k) = (c−k)/c.
        |c| [(c as f64 - kf) / c as f64],
        |_, w, r| acc.comb_hat.add(w as f64 * r[0]),
    );
}

/// The naive plug-ins 1 − (1 − c/n)^k and (c/n)^k.
fn naive_block(block: Block<'_>, k: f64, acc: &mut Sums) {
    for &(t, w) in block {
        let w = w as f64;
        let p = t.rate();
        let (at, hat) = if t.c() == t.n() {
            (1.0, 1.0)
        } else if t.c() == 0 {
            (0.0, 0.0)
        } else {
            (-(k * (-p).ln_1p()).exp_m1(), (k * p.ln()).exp())
        };
        acc.naive.add(w * at);
        acc.naive_hat.add(w * hat);
    }
}
