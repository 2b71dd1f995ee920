//! Every estimator's dataset value at one budget k, in one pass over the grouped tasks.
//!
//! This is what the report rows, the charts and the bootstrap evaluate. It uses the sweeps of
//! [`super::sweep`]; the per-task functions of `pass_at_k`, `beta_binomial`, `zoibb` and
//! `interval` are the reference it is tested against.

use super::kernels::{
    naive_means, prior_moments, recip_len, unbiased_block, Sums, Tables, Totals, Values, LANES,
    MOMENT_LANES,
};
use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::interval::{Interval, Prior};
use crate::estimators::kind::{unbiased_else, Estimator};
use crate::estimators::linmix::linmix_weight;
use crate::estimators::unbiased::ShortTasks;
use crate::eval::sweep::{sweep_down, sweep_up, Block};

use crate::eval::fits::Fits;
use crate::num::gamma::ln_gamma_ratio;
use crate::num::normal::two_sided_z;
use crate::num::recips::Recips;

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

impl AtK {
    /// The backtest's six base values at this budget: naive, BB, ZOIBB, LinMix and the two
    /// scaled families' (`scaled(0)`, `scaled(1)`); NaN where an estimator has none.
    pub fn bases(&self, scaled: impl Fn(usize) -> f64) -> [f64; 6] {
        let nan = f64::NAN;
        [
            self.naive,
            self.bb.unwrap_or(nan),
            self.zoibb.unwrap_or(nan),
            self.linmix.unwrap_or(nan),
            scaled(0),
            scaled(1),
        ]
    }

    /// The value a series is ranked and banded by at this budget: the unbiased estimate
    /// where every task has n ≥ k, else BB (see [`unbiased_else`]).
    pub fn ranked(&self) -> Option<(f64, Estimator)> {
        unbiased_else(self.combinatorial.ok(), Estimator::Bb, || {
            self.bb.filter(|v| v.is_finite())
        })
    }
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
    /// 1/m, the denominators of the unbiased steps; its length, [`recip_len`], is every
    /// reciprocal table's.
    unit: Recips<1>,
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
            unit: Recips::new([0.0], recip_len(groups)),
        }
    }

    /// The fits, if any.
    pub fn fits(&self) -> Option<&Fits> {
        self.fits.as_ref()
    }

    /// Every estimator at budget k ≥ 1 (an empty dataset gives NaN values).
    pub fn at_k(&self, k: u64) -> AtK {
        self.batch(&[k], Values::All)[0]
    }

    /// Every estimator at each budget, in the given order: the budgets share each pass over
    /// the tasks, [`LANES`] at a time (their sweeps run side by side, which a CPU overlaps).
    pub fn at_ks(&self, ks: &[u64]) -> Vec<AtK> {
        self.batch(ks, Values::All)
    }

    /// As [`at_ks`](Self::at_ks) for pass@k only (the chart's curves): the pass^k values
    /// (`*_hat`, `interval_hat`) are left NaN, which halves the work.
    pub fn pass_at_ks(&self, ks: &[u64]) -> Vec<AtK> {
        self.batch(ks, Values::PassAtK)
    }

    fn batch(&self, ks: &[u64], values: Values) -> Vec<AtK> {
        let mut out = Vec::with_capacity(ks.len());
        for i in 0..Self::runs(ks) {
            out.extend(self.run_of(ks, i, values));
        }
        Self::set_naive(&mut out, &self.naive_of(ks, values));
        out
    }

    /// Into how many runs [`at_ks`](Self::at_ks) computes `ks`: one per [`LANES`] budgets, each
    /// on its own ([`at_ks_run`](Self::at_ks_run)), so that they can be computed side by side.
    pub fn runs(ks: &[u64]) -> usize {
        ks.len().div_ceil(LANES)
    }

    /// [`at_ks`](Self::at_ks)'s rows of run `i` < [`runs`](Self::runs) (`ks[LANES i..]`, at most
    /// LANES of them), the naive plug-ins left NaN: [`at_ks_naive`](Self::at_ks_naive) and
    /// [`set_naive`](Self::set_naive) fill them. The runs in order, so filled, are `at_ks`, bit
    /// for bit.
    pub fn at_ks_run(&self, ks: &[u64], i: usize) -> Vec<AtK> {
        self.run_of(ks, i, Values::All)
    }

    /// The naive plug-ins (pass@k, pass^k) at every budget of `ks`, for
    /// [`set_naive`](Self::set_naive).
    pub fn at_ks_naive(&self, ks: &[u64]) -> Vec<(f64, f64)> {
        self.naive_of(ks, Values::All)
    }

    /// Fills the rows' naive plug-ins (`naive`: the budgets' [`at_ks_naive`](Self::at_ks_naive)).
    pub fn set_naive(rows: &mut [AtK], naive: &[(f64, f64)]) {
        debug_assert_eq!(rows.len(), naive.len(), "a row per budget");
        for (a, &(n, n_hat)) in rows.iter_mut().zip(naive) {
            (a.naive, a.naive_hat) = (n, n_hat);
        }
    }

    fn run_of(&self, ks: &[u64], i: usize, values: Values) -> Vec<AtK> {
        let Some(run) = ks.chunks(LANES).nth(i) else {
            return Vec::new();
        };
        let mut kk = [run[0]; LANES];
        kk[..run.len()].copy_from_slice(run);
        let mut rows = self.chunk(kk, values).to_vec();
        rows.truncate(run.len());
        rows
    }

    /// The naive plug-ins walk every budget at once (consecutive ones by multiplication).
    fn naive_of(&self, ks: &[u64], values: Values) -> Vec<(f64, f64)> {
        naive_means(self.groups, ks, values)
    }

    fn chunk(&self, ks: [u64; LANES], values: Values) -> [AtK; LANES] {
        let g = self.groups;
        let kf = ks.map(|k| k as f64);
        let short = ks.map(|k| g.tasks_below(k));
        let defined: [bool; LANES] =
            std::array::from_fn(|i| short[i] == 0 && ks[i] > 0 && !g.is_empty());
        let mut totals: [Totals; LANES] = std::array::from_fn(|_| Totals::default());
        let tables = Tables::new(
            self.config.prior,
            self.fits.as_ref(),
            kf,
            self.unit.table_len(),
        );
        for (i, block) in g.blocks().enumerate() {
            let mut acc = [Sums::default(); LANES];
            if defined.iter().any(|&d| d) {
                unbiased_block(block, ks, &self.unit, values, &mut acc);
            }
            self.prior_block(block, kf, &tables, values, &mut acc);
            if let Some(f) = &self.fits {
                self.fitted_block(block, (f, self.z_weights[i]), kf, &tables, values, &mut acc);
            }
            for (t, a) in totals.iter_mut().zip(acc) {
                t.add(a);
            }
        }
        let n = g.tasks() as f64;
        let z = two_sided_z(self.config.confidence);
        let interval =
            |mean: f64, var: f64| Interval::clipped(mean / n, var.max(0.0).sqrt() / n, z);
        let fitted = |s: f64| self.fits.map(|_| s / n);
        std::array::from_fn(|i| {
            let mut acc = totals[i].total();
            if values == Values::PassAtK {
                let nan = f64::NAN;
                (acc.comb_hat, acc.bb_hat, acc.zoibb_hat) = (nan, nan, nan);
                (acc.int_hat_mean, acc.int_hat_var) = (nan, nan);
            }
            let k = ks[i];
            let comb = |v: f64| {
                if defined[i] {
                    Ok(v / n)
                } else {
                    Err(ShortTasks {
                        k,
                        tasks: if short[i] > 0 { short[i] } else { g.tasks() },
                    })
                }
            };
            AtK {
                k,
                combinatorial: comb(acc.comb),
                combinatorial_hat: comb(acc.comb_hat),
                // Set by `set_naive` (from `naive_means`).
                naive: f64::NAN,
                naive_hat: f64::NAN,
                bb: fitted(acc.bb),
                bb_hat: fitted(acc.bb_hat),
                zoibb: fitted(acc.zoibb),
                zoibb_hat: fitted(acc.zoibb_hat),
                linmix: fitted(acc.linmix),
                interval: interval(acc.int_mean, acc.int_var),
                interval_hat: interval(acc.int_hat_mean, acc.int_hat_var),
            }
        })
    }

    /// The credible-interval moments: per task p ~ Beta(α0 + c, β0 + n − c); pass^k's only
    /// for [`Values::All`].
    #[inline(always)]
    fn prior_block(
        &self,
        block: Block<'_>,
        k: [f64; LANES],
        tables: &Tables,
        values: Values,
        acc: &mut [Sums; LANES],
    ) {
        let (up, down) = &tables.prior;
        let prior = self.config.prior;
        prior_moments::<false>(block, k, prior, up, acc);
        if values == Values::All {
            prior_moments::<true>(block, k, prior, down, acc);
        }
    }

    /// BB, ZOIBB and LinMix, pass@k and pass^k; lanes BB at each k, then ZOIBB.
    #[inline(always)]
    fn fitted_block(
        &self,
        block: Block<'_>,
        (f, zw): (&Fits, BoundaryWeights),
        k: [f64; LANES],
        tables: &Tables,
        values: Values,
        acc: &mut [Sums; LANES],
    ) {
        let n = block[0].0.n();
        // Lane i < LANES: BB at k[i]; lane LANES + i: ZOIBB at k[i].
        let lane = |i: usize| -> (f64, f64, f64) {
            if i < LANES {
                (f.bb.a, f.bb.b, k[i])
            } else {
                (f.zoibb.a, f.zoibb.b, k[i - LANES])
            }
        };
        let lanes: [(f64, f64, f64); MOMENT_LANES] = std::array::from_fn(lane);
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
        let mut blk = [[0.0; LANES]; 2];
        let (up, down) = &tables.fitted;
        sweep_up(
            block,
            |c| lanes.map(|(a, b, k)| ln_gamma_ratio(b + (n - c) as f64, a + c as f64, k)),
            // x/(x+k) with x = b + m, m = n − c − 1.
            |c| {
                let m = n - c - 1;
                let inv = up.at(m);
                std::array::from_fn(|i| ((lanes[i].1 + m as f64) * inv[i], lanes[i].2 * inv[i]))
            },
            |t, w, _, q| {
                let w = w as f64;
                for i in 0..LANES {
                    blk[0][i] += w * q[i];
                    blk[1][i] += w * mix(t, q[i + LANES]);
                }
            },
        );
        if values == Values::All {
            sweep_down(
                block,
                |c| lanes.map(|(a, b, k)| ln_gamma_ratio(a + c as f64, b + (n - c) as f64, k)),
                // x/(x+k) with x = a + m, m = c − 1.
                |c| {
                    let m = c - 1;
                    let inv = down.at(m);
                    std::array::from_fn(|i| (lanes[i].0 + m as f64) * inv[i])
                },
                |t, w, r| {
                    let w = w as f64;
                    for i in 0..LANES {
                        acc[i].bb_hat += w * r[i];
                        acc[i].zoibb_hat += w * mix(t, r[i + LANES]);
                    }
                },
            );
        }
        let lw = linmix_weight(n, self.config.linmix[0], self.config.linmix[1]);
        for i in 0..LANES {
            let (b, z) = (blk[0][i], blk[1][i]);
            acc[i].bb += b;
            acc[i].zoibb += z;
            acc[i].linmix += lw * z + (1.0 - lw) * b;
        }
    }
}
