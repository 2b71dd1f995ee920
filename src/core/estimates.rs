//! Every estimator's dataset value at one budget k, in one pass over the grouped tasks.
//!
//! This is what the report rows, the charts and the bootstrap evaluate. It uses the sweeps of
//! [`super::sweep`]; the per-task functions of `pass_at_k`, `beta_binomial`, `zoibb` and
//! `interval` are the reference it is tested against.

use super::beta_binomial::BbFit;
use super::dataset::Groups;
use super::interval::{Interval, Prior};
use super::math::Det;
use super::pass_at_k::{ln_all_fail, pass_hat_k, Counts, ShortTasks};
use super::special::{ln_gamma_ratio, two_sided_z};
use super::sum::Neumaier;
use super::sweep::{sweep_down, sweep_up, Block, Recips};
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
    naive_logs: Vec<(f64, f64)>,
    /// 1/m, the denominators of the unbiased steps.
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
            naive_logs: naive_logs(groups),
            unit: Recips::new([0.0], groups.n_max() + 1),
        }
    }

    /// The fits, if any.
    pub fn fits(&self) -> Option<&Fits> {
        self.fits.as_ref()
    }

    /// Every estimator at budget k ≥ 1 (an empty dataset gives NaN values).
    pub fn at_k(&self, k: u64) -> AtK {
        self.chunk([k; W], Family::All)[0]
    }

    /// Every estimator at each budget, in the given order: the budgets share each pass over
    /// the tasks, [`W`] at a time (their sweeps run side by side, which a CPU overlaps).
    pub fn at_ks(&self, ks: &[u64]) -> Vec<AtK> {
        self.batch(ks, Family::All)
    }

    /// As [`at_ks`](Self::at_ks) for pass@k only (the chart's curves): the pass^k values
    /// (`*_hat`, `interval_hat`) are left NaN, which halves the work.
    pub fn pass_at_ks(&self, ks: &[u64]) -> Vec<AtK> {
        self.batch(ks, Family::PassAtK)
    }

    fn batch(&self, ks: &[u64], family: Family) -> Vec<AtK> {
        let mut out = Vec::with_capacity(ks.len());
        for chunk in ks.chunks(W) {
            let mut kk = [chunk[0]; W];
            kk[..chunk.len()].copy_from_slice(chunk);
            out.extend(self.chunk(kk, family).into_iter().take(chunk.len()));
        }
        out
    }

    fn chunk(&self, ks: [u64; W], family: Family) -> [AtK; W] {
        let g = self.groups;
        let kf = ks.map(|k| k as f64);
        let short = ks.map(|k| g.tasks_below(k));
        let defined: [bool; W] =
            std::array::from_fn(|i| short[i] == 0 && ks[i] > 0 && !g.is_empty());
        let mut totals: [Totals; W] = std::array::from_fn(|_| Totals::default());
        let tables = Tables::new(self.config.prior, self.fits.as_ref(), kf, g.n_max());
        let mut first = 0;
        for (i, block) in g.blocks().enumerate() {
            let mut acc = [Sums::default(); W];
            if defined.iter().any(|&d| d) {
                unbiased_block(block, ks, &self.unit, family, &mut acc);
            }
            naive_block(
                block,
                &self.naive_logs[first..first + block.len()],
                kf,
                family,
                &mut acc,
            );
            self.prior_block(block, kf, &tables, family, &mut acc);
            if let Some(f) = &self.fits {
                self.fitted_block(block, (f, self.z_weights[i]), kf, &tables, family, &mut acc);
            }
            for (t, a) in totals.iter_mut().zip(acc) {
                t.add(a);
            }
            first += block.len();
        }
        let n = g.tasks() as f64;
        let z = two_sided_z(self.config.confidence);
        let interval = |mean: f64, var: f64| {
            let mu = mean / n;
            let sd = var.max(0.0).sqrt() / n;
            Interval {
                mean: mu,
                sd,
                lo: (mu - z * sd).clamp(0.0, 1.0),
                hi: (mu + z * sd).clamp(0.0, 1.0),
            }
        };
        let fitted = |s: f64| self.fits.map(|_| s / n);
        std::array::from_fn(|i| {
            let mut acc = totals[i].total();
            if family == Family::PassAtK {
                let nan = f64::NAN;
                (acc.comb_hat, acc.naive_hat, acc.bb_hat, acc.zoibb_hat) = (nan, nan, nan, nan);
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
                naive: acc.naive / n,
                naive_hat: acc.naive_hat / n,
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

    /// The credible-interval moments: per task p ~ Beta(α0 + c, β0 + n − c); lanes k and 2k.
    /// The pass^k moments only for [`Family::All`].
    #[inline(always)]
    fn prior_block(
        &self,
        block: Block<'_>,
        k: [f64; W],
        tables: &Tables,
        family: Family,
        acc: &mut [Sums; W],
    ) {
        let n = block[0].0.n();
        let Prior { alpha, beta } = self.config.prior;
        let kk: [f64; W2] = std::array::from_fn(|i| if i < W { k[i] } else { 2.0 * k[i - W] });
        let (up, down) = &tables.prior;
        sweep_up(
            block,
            |c| {
                let (x, d) = (beta + (n - c) as f64, alpha + c as f64);
                kk.map(|k| ln_gamma_ratio(x, d, k))
            },
            // x/(x+k) with x = β0 + m, m = n − c − 1.
            |c| {
                let m = n - c - 1;
                let inv = up.at(m);
                let x = beta + m as f64;
                std::array::from_fn(|i| (x * inv[i], kk[i] * inv[i]))
            },
            |_, w, r, q| {
                let w = w as f64;
                for i in 0..W {
                    acc[i].int_mean += w * q[i];
                    acc[i].int_var += w * (r[i + W] - r[i] * r[i]).max(0.0);
                }
            },
        );
        if family == Family::PassAtK {
            return;
        }
        sweep_down(
            block,
            |c| {
                let (x, d) = (alpha + c as f64, beta + (n - c) as f64);
                kk.map(|k| ln_gamma_ratio(x, d, k))
            },
            // x/(x+k) with x = α0 + m, m = c − 1.
            |c| {
                let m = c - 1;
                let inv = down.at(m);
                let x = alpha + m as f64;
                inv.map(|r| x * r)
            },
            |_, w, r| {
                let w = w as f64;
                for i in 0..W {
                    acc[i].int_hat_mean += w * r[i];
                    acc[i].int_hat_var += w * (r[i + W] - r[i] * r[i]).max(0.0);
                }
            },
        );
    }

    /// BB, ZOIBB and LinMix, pass@k and pass^k; lanes BB at each k, then ZOIBB.
    #[inline(always)]
    fn fitted_block(
        &self,
        block: Block<'_>,
        (f, zw): (&Fits, BoundaryWeights),
        k: [f64; W],
        tables: &Tables,
        family: Family,
        acc: &mut [Sums; W],
    ) {
        let n = block[0].0.n();
        // Lane i < W: BB at k[i]; lane W + i: ZOIBB at k[i].
        let lane = |i: usize| -> (f64, f64, f64) {
            if i < W {
                (f.bb.a, f.bb.b, k[i])
            } else {
                (f.zoibb.a, f.zoibb.b, k[i - W])
            }
        };
        let lanes: [(f64, f64, f64); W2] = std::array::from_fn(lane);
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
        let mut blk = [[0.0; W]; 2];
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
                for i in 0..W {
                    blk[0][i] += w * q[i];
                    blk[1][i] += w * mix(t, q[i + W]);
                }
            },
        );
        if family == Family::All {
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
                    for i in 0..W {
                        acc[i].bb_hat += w * r[i];
                        acc[i].zoibb_hat += w * mix(t, r[i + W]);
                    }
                },
            );
        }
        let lw = linmix_weight(n, self.config.linmix[0], self.config.linmix[1]);
        for i in 0..W {
            let (b, z) = (blk[0][i], blk[1][i]);
            acc[i].bb += b;
            acc[i].zoibb += z;
            acc[i].linmix += lw * z + (1.0 - lw) * b;
        }
    }
}

/// The step denominators of one chunk of budgets, shared by every n-block: for the
/// credible-interval lanes (k and 2k) and for the fitted lanes (BB and ZOIBB), upwards
/// (b + k + m) and downwards (a + k + m).
struct Tables {
    prior: (Recips<W2>, Recips<W2>),
    fitted: (Recips<W2>, Recips<W2>),
}

impl Tables {
    fn new(prior: Prior, fits: Option<&Fits>, k: [f64; W], len: u64) -> Tables {
        let kk: [f64; W2] = std::array::from_fn(|i| if i < W { k[i] } else { 2.0 * k[i - W] });
        let prior = (
            Recips::new(kk.map(|k| prior.beta + k), len),
            Recips::new(kk.map(|k| prior.alpha + k), len),
        );
        let fitted = match fits {
            Some(f) => {
                let ab = |i: usize| {
                    if i < W {
                        (f.bb.a, f.bb.b, k[i])
                    } else {
                        (f.zoibb.a, f.zoibb.b, k[i - W])
                    }
                };
                (
                    Recips::new(std::array::from_fn(|i| ab(i).1 + ab(i).2), len),
                    Recips::new(std::array::from_fn(|i| ab(i).0 + ab(i).2), len),
                )
            }
            None => (Recips::new([1.0; W2], 0), Recips::new([1.0; W2], 0)),
        };
        Tables { prior, fitted }
    }
}

/// Which values a pass computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// pass@k and pass^k.
    All,
    /// pass@k only.
    PassAtK,
}

/// Budgets evaluated side by side in one pass over the tasks.
pub const W: usize = 4;
const W2: usize = 2 * W;

/// Sums of every estimator over the tasks of one n-block (plain: a block holds at most n + 1
/// groups), folded into compensated totals between blocks.
#[derive(Default, Clone, Copy)]
struct Sums {
    comb: f64,
    comb_hat: f64,
    naive: f64,
    naive_hat: f64,
    bb: f64,
    bb_hat: f64,
    zoibb: f64,
    zoibb_hat: f64,
    linmix: f64,
    int_mean: f64,
    int_var: f64,
    int_hat_mean: f64,
    int_hat_var: f64,
}

impl Sums {
    const LEN: usize = 13;

    fn to_array(self) -> [f64; Self::LEN] {
        [
            self.comb,
            self.comb_hat,
            self.naive,
            self.naive_hat,
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

    fn from_array(a: [f64; Self::LEN]) -> Sums {
        Sums {
            comb: a[0],
            comb_hat: a[1],
            naive: a[2],
            naive_hat: a[3],
            bb: a[4],
            bb_hat: a[5],
            zoibb: a[6],
            zoibb_hat: a[7],
            linmix: a[8],
            int_mean: a[9],
            int_var: a[10],
            int_hat_mean: a[11],
            int_hat_var: a[12],
        }
    }
}

/// Compensated totals of [`Sums`] over blocks.
#[derive(Default)]
struct Totals([Neumaier; Sums::LEN]);

impl Totals {
    fn add(&mut self, s: Sums) {
        for (t, v) in self.0.iter_mut().zip(s.to_array()) {
            t.add(v);
        }
    }

    fn total(&self) -> Sums {
        Sums::from_array(std::array::from_fn(|i| self.0[i].total()))
    }
}

/// The mean unbiased pass@k alone (the fast path of
/// [`mean_pass_at_k`](super::pass_at_k::mean_pass_at_k)).
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
    let mut totals = Totals::default();
    let unit = Recips::new([0.0], g.n_max() + 1);
    for block in g.blocks() {
        let mut acc = [Sums::default(); W];
        unbiased_block(block, [k; W], &unit, Family::PassAtK, &mut acc);
        totals.add(acc[0]);
    }
    Ok(totals.total().comb / g.tasks() as f64)
}

/// The unbiased pass@k and pass^k of one block at each budget (lanes with k > n give NaN,
/// discarded by the caller).
#[inline(always)]
fn unbiased_block(
    block: Block<'_>,
    ks: [u64; W],
    unit: &Recips<1>,
    family: Family,
    acc: &mut [Sums; W],
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
            for i in 0..W {
                acc[i].comb += w as f64 * q[i];
            }
        },
    );
    if family == Family::PassAtK {
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
                    .dln()
            })
        },
        // C(c−1, k)/C(c, k) = (c−k)/c.
        |c| {
            let inv = unit.at(c)[0];
            kf.map(|k| (c as f64 - k) * inv)
        },
        |_, w, r| {
            for i in 0..W {
                acc[i].comb_hat += w as f64 * r[i];
            }
        },
    );
}

/// ln(1 − c/n) and ln(c/n) of each group, the k-independent part of the naive plug-ins.
fn naive_logs(g: &Groups) -> Vec<(f64, f64)> {
    g.iter()
        .map(|(t, _)| {
            let p = t.rate();
            ((-p).dln_1p(), p.dln())
        })
        .collect()
}

/// The naive plug-ins 1 − (1 − c/n)^k and (c/n)^k.
#[inline(always)]
fn naive_block(
    block: Block<'_>,
    logs: &[(f64, f64)],
    k: [f64; W],
    family: Family,
    acc: &mut [Sums; W],
) {
    for (&(t, w), &(l_fail, l_pass)) in block.iter().zip(logs) {
        let w = w as f64;
        if t.c() == t.n() {
            for a in acc.iter_mut() {
                a.naive += w;
                a.naive_hat += w;
            }
        } else if t.c() > 0 {
            for (a, &k) in acc.iter_mut().zip(&k) {
                a.naive += w * -(k * l_fail).dexp_m1();
                if family == Family::All {
                    a.naive_hat += w * (k * l_pass).dexp();
                }
            }
        }
    }
}
