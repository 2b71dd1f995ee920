//! The geometric blends of the scorio package (`eval/geom.py`, scorio 0.2.3; "Geom@k:
//! Stable Evaluation and Fast Rank Recovery for LLM Reasoning"): Geom@k, the per-task
//! geometric mean of pass@k and pass^k averaged over tasks; Geom_ds@k, the geometric mean of
//! the dataset's pass@k and pass^k; and GeoSpectrum*@k, that of the dataset's pass@k and
//! mG-Pass@k (the threshold spectrum of the upper-half weights). Each with its Bayesian
//! interval by the first-order delta method over the exact posterior moments and covariance.

use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::count_posterior::{Joint, Posterior};
use crate::estimators::count_score::{CountScore, GENERAL_K_MAX};
use crate::estimators::interval::{Interval, PassMoments, Prior};
use crate::estimators::unbiased::{pass_at_k, pass_hat_k};
use crate::num::gamma::ln_gamma_ratio;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;

/// The three blends of a series at one budget: value and interval each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Blends {
    /// Geom@k (per task, then averaged).
    pub geom: Blend,
    /// Geom_ds@k (of the dataset's means).
    pub geom_ds: Blend,
    /// GeoSpectrum*@k.
    pub spectrum: Blend,
}

/// One blend: the unbiased value and the Bayesian interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Blend {
    /// The blend of the unbiased finite-sample estimates.
    pub value: f64,
    /// Its Bayesian interval (None for k > [`GENERAL_K_MAX`], where GeoSpectrum* has no
    /// interval; the other two have one at any k).
    pub interval: Option<Interval>,
}

/// √(x·y), 0 when either is 0 (scorio's `_weighted_geometric_mean` with both powers ½).
pub fn half_blend(x: f64, y: f64) -> f64 {
    x.sqrt() * y.sqrt()
}

/// The mean and variance of √(X·Y) to first order (scorio's `_geometric_delta_mean_variance`
/// with both powers ½).
///
/// # Formula
/// μ = √(m_x m_y); σ² = g_x² v_x + g_y² v_y + 2 g_x g_y c, g_x = ½√(m_y/m_x),
/// g_y = ½√(m_x/m_y); (0, 0) when μ = 0.
pub fn delta(mx: f64, vx: f64, my: f64, vy: f64, cov: f64) -> (f64, f64) {
    let mean = half_blend(mx, my);
    if mean == 0.0 {
        return (0.0, 0.0);
    }
    let gx = 0.5 * (1.0 / mx.sqrt()) * my.sqrt();
    let gy = 0.5 * mx.sqrt() * (1.0 / my.sqrt());
    let v = gx * gx * vx + gy * gy * vy + 2.0 * gx * gy * cov;
    (mean, v.max(0.0))
}

/// The posterior covariance of a task's latent pass@k and pass^k, p ~ Beta(a, b).
///
/// # Formula
/// Cov = E\[pᵏ\]·E\[(1−p)ᵏ\] − E\[pᵏ(1−p)ᵏ\] (≥ 0), the last E\[pᵏ\]·E_{Beta(b, a+k)}\[qᵏ\],
/// taken as exp(l)·(−expm1(l_mix − l)) from the logs (scorio's
/// `_positive_difference_from_logs`); Var\[pass@1\] when k = 1 (one score).
pub fn pass_unanimous_cov(a: f64, b: f64, k: u64) -> f64 {
    pass_unanimous_cov_of(a, b, k, &PassMoments::new(a, b, k))
}

/// [`pass_unanimous_cov`] from the task's moments and their logs (`m`, at the same a, b, k).
pub fn pass_unanimous_cov_of(a: f64, b: f64, k: u64, m: &PassMoments) -> f64 {
    if k == 1 {
        return m.pass.1;
    }
    let kf = k as f64;
    // ln E[pᵏ] and ln E[(1−p)ᵏ].
    let (lp, lq) = (m.ln_all, m.ln_none);
    let mixed = lp + ln_gamma_ratio(b, a + kf, kf);
    let larger = lp + lq;
    let diff = (mixed - larger).min(0.0);
    let c = larger.libm_exp() * -diff.libm_exp_m1();
    if c.is_finite() {
        c
    } else {
        0.0
    }
}

fn interval(mu: f64, var: f64, z: f64) -> Interval {
    Interval::clipped(mu, var.max(0.0).sqrt(), z)
}

/// The sums over tasks behind the three blends at one budget, task by task: each task's
/// closed-form moments of pass@k and pass^k, and, where GeoSpectrum*@k has an interval,
/// mG-Pass@k's moments and its covariance with pass@k (from the caller's shared pmfs).
#[derive(Debug, Clone, Default)]
pub struct BlendSums {
    sums: [Neumaier; 11],
    geom_mean: Neumaier,
    geom_var: Neumaier,
    spectrum: bool,
}

const P_BAR: usize = 0;
const U_BAR: usize = 1;
const GEOM: usize = 2;
const MP: usize = 3;
const VP: usize = 4;
const MU: usize = 5;
const VU: usize = 6;
const CPU: usize = 7;
const MM: usize = 8;
const VM: usize = 9;
const CPM: usize = 10;

impl BlendSums {
    /// Sums for budget k; `spectrum`: whether GeoSpectrum*@k gets an interval (mG-Pass@k's
    /// moments passed to [`add`](Self::add)).
    pub fn new(spectrum: bool) -> BlendSums {
        BlendSums {
            spectrum,
            ..BlendSums::default()
        }
    }

    /// One distinct task `t` (its multiplicity `w`) at budget k ≤ n, its rate Beta(a, b) a
    /// posteriori; `mg`: mG-Pass@k's posterior moments there and their covariance with
    /// pass@k's (when the spectrum has an interval). None when k > n.
    /// `both`: pass@k's and pass^k's posterior moments there, with their logs ([`PassMoments`]).
    pub fn add(
        &mut self,
        t: Counts,
        w: u64,
        (a, b): (f64, f64),
        k: u64,
        both: &PassMoments,
        mg: Option<((f64, f64), f64)>,
    ) -> Option<()> {
        let [(m_p, v_p), (m_u, v_u)] = [both.pass, both.hat];
        let wf = w as f64;
        let s = &mut self.sums;
        let p = pass_at_k(t, k).ok()?;
        let u = pass_hat_k(t, k).ok()?;
        s[P_BAR].add(wf * p);
        s[U_BAR].add(wf * u);
        s[GEOM].add(wf * half_blend(p, u));
        let c_pu = pass_unanimous_cov_of(a, b, k, both);
        let (m_geom, v_geom) = delta(m_p, v_p, m_u, v_u, c_pu);
        s[MP].add(wf * m_p);
        s[VP].add(wf * v_p);
        s[MU].add(wf * m_u);
        s[VU].add(wf * v_u);
        s[CPU].add(wf * c_pu);
        self.geom_mean.add(wf * m_geom);
        self.geom_var.add(wf * v_geom);
        if let Some(((m_m, v_m), c_pm)) = mg.filter(|_| self.spectrum) {
            s[MM].add(wf * m_m);
            s[VM].add(wf * v_m);
            s[CPM].add(wf * c_pm);
        }
        Some(())
    }

    /// The blends of `tasks` tasks (the multiplicities summed), mG-Pass@k's unbiased value
    /// `mg`, at the two-sided `level`.
    pub fn finish(&self, tasks: u64, mg: f64, level: f64) -> Blends {
        let t_count = tasks as f64;
        let s: Vec<f64> = self.sums.iter().map(Neumaier::total).collect();
        let t2 = t_count * t_count;
        let z = two_sided_z(level);
        let (ds_mu, ds_var) = delta(
            s[MP] / t_count,
            s[VP] / t2,
            s[MU] / t_count,
            s[VU] / t2,
            s[CPU] / t2,
        );
        let spectrum_iv = self.spectrum.then(|| {
            let (m, v) = delta(
                s[MP] / t_count,
                s[VP] / t2,
                s[MM] / t_count,
                s[VM] / t2,
                s[CPM] / t2,
            );
            interval(m, v, z)
        });
        Blends {
            geom: Blend {
                value: s[GEOM] / t_count,
                interval: Some(interval(
                    self.geom_mean.total() / t_count,
                    self.geom_var.total() / t2,
                    z,
                )),
            },
            geom_ds: Blend {
                value: half_blend(s[P_BAR] / t_count, s[U_BAR] / t_count),
                interval: Some(interval(ds_mu, ds_var, z)),
            },
            spectrum: Blend {
                value: half_blend(s[P_BAR] / t_count, mg),
                interval: spectrum_iv,
            },
        }
    }
}

/// Geom@k, Geom_ds@k and GeoSpectrum*@k of a dataset at budget k ≤ the smallest n, each
/// task's rate Beta(α0 + c, β0 + n − c) a posteriori.
///
/// # Formula
/// Geom@k = (1/T)·Σ_i √(P_i U_i), P_i and U_i the unbiased pass@k and pass^k of task i;
/// Geom_ds@k = √(P̄ Ū); GeoSpectrum*@k = √(P̄ · mG-Pass@k) (`mg` passed in). Intervals: per
/// task (Geom) or of the dataset's means, variances Σv_i/T² and covariance Σc_i/T² (the
/// others), through [`delta`]; μ ± zσ clipped to [0, 1]. GeoSpectrum*@k's needs
/// mG-Pass@k's moments: none for k > [`GENERAL_K_MAX`].
///
/// # Errors
/// None: None when a task has fewer than k samples or the dataset is empty.
pub fn blends(g: &Groups, k: u64, mg: f64, prior: Prior, level: f64) -> Option<Blends> {
    if g.tasks() == 0 {
        return None;
    }
    let scores = (k <= GENERAL_K_MAX)
        .then(|| CountScore::mg_pass(k).ok().zip(CountScore::pass(k).ok()))
        .flatten();
    let mg_post = scores.as_ref().and_then(|(mg, _)| Posterior::new(&[mg]));
    let joint = scores.as_ref().and_then(|(mg, pass)| Joint::new(pass, mg));
    let mut sums = BlendSums::new(mg_post.is_some() && joint.is_some());
    for (t, w) in g.iter() {
        let a = prior.alpha + t.c() as f64;
        let b = prior.beta + (t.n() - t.c()) as f64;
        let both = PassMoments::new(a, b, k);
        let mg_moments = match (&mg_post, &joint) {
            (Some(post), Some(joint)) => {
                // One pair of pmfs for mG-Pass@k's moments and its covariance with pass@k.
                let pmfs = post.pmfs(a, b);
                let (m_m, v_m) = post.task_with(a, b, &pmfs)[0];
                Some(((m_m, v_m), joint.covariance(&pmfs.1, both.pass.0, m_m)))
            }
            _ => None,
        };
        sums.add(t, w, (a, b), k, &both, mg_moments)?;
    }
    Some(sums.finish(g.tasks(), mg, level))
}
