//! The standard errors of a series' unbiased pass@k at many budgets, swept along c like every
//! other dataset value ([`super::sweep`]): the tasks standard error (sd over tasks, ddof 1,
//! over √T, by a weighted Welford update per group) and the sampling one (√(Σ V̂_i)/T); and the
//! cluster-robust one from the groups of tasks an input names.
//!
//! The per-task functions of [`crate::estimators::stderr`] are the reference they are
//! tested against.

use super::kernels::{recip_len, unbiased_pass_at_k, LANES, MOMENT_LANES};
use super::sweep::sweep_up;

use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::stderr::{clustered_se, sampling_se_of, tasks_se_of, SeError};
use crate::estimators::unbiased::{ln_all_fail, ShortTasks};
use crate::num::excess::ln_gamma_ratio_excess;
use crate::num::recips::Recips;
use crate::num::sum::Neumaier;

/// Both standard errors of the unbiased pass@k at one budget.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StdErrorsAt {
    /// The budget.
    pub k: u64,
    /// Over tasks: sd(Ĝ_i, ddof 1)/√T.
    pub tasks: Result<f64, SeError>,
    /// Over the samples drawn: √(Σ V̂_i)/T.
    pub sampling: Result<f64, SeError>,
}

/// A weighted running mean and sum of squared deviations (Welford, West's weighted form).
#[derive(Debug, Default, Clone, Copy)]
struct Welford {
    mean: f64,
    m2: f64,
}

/// Both standard errors at each budget of `ks`, in the given order; the budgets share each
/// pass over the tasks, [`LANES`] at a time.
///
/// # Formula
/// Per group (multiplicity w, running weight LANES): δ = Ĝ − mean, mean += (w/LANES)·δ,
/// M2 += w·δ·(Ĝ − mean); tasks = √(M2/(T−1))/√T. V̂ = Ĝ′²·Q″ with Ĝ′ = C(n−c, k)/C(n, k) and
/// Q″ = 1 − C(n−c, 2k)·C(n, k)²/(C(n, 2k)·C(n−c, k)²) carried along c by the positive steps
/// s = k²/(n−k−c)² (f = (n−2k−c)(n−c)/(n−k−c)²), anchored by
/// [`ln_gamma_ratio_excess`]; sampling = √(Σ w·V̂)/T.
///
/// # Errors
/// Each value as [`crate::estimators::stderr::tasks_se`] and
/// [`crate::estimators::stderr::sampling_se`].
pub fn swept_std_errors(g: &Groups, ks: &[u64]) -> Vec<StdErrorsAt> {
    // Only the budgets where the unbiased value is defined are swept.
    let (n_min, nonempty) = (g.n_min(), !g.is_empty());
    let defined: Vec<u64> = ks
        .iter()
        .copied()
        .filter(|&k| nonempty && k >= 1 && k <= n_min)
        .collect();
    let mut swept = Vec::with_capacity(defined.len());
    let unit = Recips::new([0.0], recip_len(g));
    for chunk in defined.chunks(LANES) {
        let mut kk = [chunk[0]; LANES];
        kk[..chunk.len()].copy_from_slice(chunk);
        swept.extend(chunk_std_errors(g, kk, &unit).into_iter().take(chunk.len()));
    }
    ks.iter()
        .map(|&k| match swept.iter().find(|s| s.k == k) {
            Some(s) => *s,
            None => {
                let short = g.tasks_below(k);
                let why = SeError::Undefined(ShortTasks {
                    k,
                    tasks: if short > 0 { short } else { g.tasks() },
                });
                StdErrorsAt {
                    k,
                    tasks: Err(why),
                    sampling: Err(why),
                }
            }
        })
        .collect()
}

fn chunk_std_errors(g: &Groups, ks: [u64; LANES], unit: &Recips<1>) -> [StdErrorsAt; LANES] {
    let kf = ks.map(|k| k as f64);
    let mut welford = [Welford::default(); LANES];
    let mut var = [Neumaier::default(); LANES];
    let mut weight = 0.0;
    for block in g.blocks() {
        let n = block[0].0.n();
        let lane_ok: [bool; LANES] = ks.map(|k| k >= 1 && k <= n);
        let wide: [bool; LANES] = ks.map(|k| k >= 1 && 2 * k <= n);
        let mut sums = [0.0; LANES];
        sweep_up::<MOMENT_LANES>(
            block,
            |c| {
                std::array::from_fn(|i| {
                    let k = ks[i % LANES];
                    if i < LANES {
                        Counts::new(n, c)
                            .ok()
                            .and_then(|t| ln_all_fail(t, k).ok())
                            .unwrap_or(f64::NAN)
                    } else if wide[i - LANES] && n - c >= 2 * k {
                        -ln_gamma_ratio_excess((n - c - 2 * k + 1) as f64, c as f64, k as f64)
                    } else {
                        f64::NEG_INFINITY
                    }
                })
            },
            |c| {
                let d = (n - c) as f64;
                let inv = unit.at(n - c)[0];
                std::array::from_fn(|i| {
                    let k = kf[i % LANES];
                    if i < LANES {
                        // C(n−c−1, k)/C(n−c, k) = (n−c−k)/(n−c).
                        ((d - k) * inv, k * inv)
                    } else if d >= 2.0 * k {
                        let a = d - k;
                        let inv2 = 1.0 / (a * a);
                        ((d - 2.0 * k) * d * inv2, k * k * inv2)
                    } else {
                        (0.0, 0.0)
                    }
                })
            },
            |_, w, r, q| {
                let wf = w as f64;
                weight += wf;
                let share = wf / weight;
                for i in 0..LANES {
                    if !lane_ok[i] {
                        continue;
                    }
                    let s = &mut welford[i];
                    let delta = q[i] - s.mean;
                    s.mean += share * delta;
                    s.m2 += wf * delta * (q[i] - s.mean);
                    if wide[i] {
                        sums[i] += wf * r[i] * r[i] * q[i + LANES];
                    }
                }
            },
        );
        for (v, s) in var.iter_mut().zip(sums) {
            v.add(s);
        }
    }
    let t = g.tasks();
    std::array::from_fn(|i| {
        let k = ks[i];
        let short = g.tasks_below(k);
        let undefined = short > 0 || k == 0 || g.is_empty();
        let why = SeError::Undefined(ShortTasks {
            k,
            tasks: if short > 0 { short } else { t },
        });
        let tasks = if undefined {
            Err(why)
        } else if t < 2 {
            Err(SeError::OneTask)
        } else {
            Ok(tasks_se_of(welford[i].m2, t))
        };
        let few = g.tasks_below(2 * k);
        let sampling = if undefined {
            Err(why)
        } else if few > 0 {
            Err(SeError::FewSamples { k, tasks: few })
        } else {
            Ok(sampling_se_of(var[i].total(), t))
        };
        StdErrorsAt { k, tasks, sampling }
    })
}

/// The cluster-robust standard error at each budget, the tasks partitioned into `clusters`
/// (each cluster's grouped counts): from each cluster's size and mean unbiased pass@k.
///
/// # Errors
/// [`SeError::Undefined`] where the series' unbiased pass@k is; [`SeError::OneGroup`] for
/// fewer than two clusters.
pub fn clustered(clusters: &[Groups], ks: &[u64]) -> Vec<Result<f64, SeError>> {
    ks.iter()
        .map(|&k| {
            let means = clusters
                .iter()
                .filter(|c| !c.is_empty())
                .map(|c| unbiased_pass_at_k(c, k).map(|m| (c.tasks(), m)))
                .collect::<Result<Vec<_>, _>>();
            match means {
                Err(_) => {
                    let tasks: u64 = clusters.iter().map(|c| c.tasks_below(k)).sum();
                    let all: u64 = clusters.iter().map(|c| c.tasks()).sum();
                    Err(SeError::Undefined(ShortTasks {
                        k,
                        tasks: if tasks > 0 { tasks } else { all },
                    }))
                }
                Ok(m) => clustered_se(&m),
            }
        })
        .collect()
}
