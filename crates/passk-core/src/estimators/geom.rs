//! The geometric blends of the scorio package (`eval/geom.py`, scorio 0.2.3; "Geom@k:
//! Stable Evaluation and Fast Rank Recovery for LLM Reasoning"): Geom@k, the per-task
//! geometric mean of pass@k and pass^k averaged over tasks; Geom_ds@k, the geometric mean of
//! the dataset's pass@k and pass^k; and GeoSpectrum*@k, that of the dataset's pass@k and
//! mG-Pass@k (the threshold spectrum of the upper-half weights). Each with its Bayesian
//! interval by the first-order delta method over the exact posterior moments and covariance.

use crate::data::groups::Groups;
use crate::estimators::count_posterior::{Joint, Posterior};
use crate::estimators::count_score::{CountScore, GENERAL_K_MAX};
use crate::estimators::interval::{task_moments, Interval, Metric, Prior};
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
    let kf = k as f64;
    if k == 1 {
        return task_moments(a, b, 1.0, Metric::PassAtK).1;
    }
    let lp = ln_gamma_ratio(a, b, kf);
    let lq = ln_gamma_ratio(b, a, kf);
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

/// Geom@k, Geom_ds@k and GeoSpectrum*@k of a dataset at budget k ≤ the smallest n, each
/// task's rate Beta(α0 + c, β0 + n − c) a posteriori.
///
/// # Formula
/// Geom@k = (1/T)·Σ_i √(P_i U_i), P_i and U_i the unbiased pass@k and pass^k of task i;
/// Geom_ds@k = √(P̄ Ū); GeoSpectrum*@k = √(P̄ · mG-Pass@k) (`mg` passed in). Intervals: per
/// task (Geom) or of the dataset's means, variances Σv_i/T² and covariance Σc_i/T² (the
/// others), through [`delta`]; μ ± zσ clipped to [0, 1].
///
/// # Errors
/// None: None when a task has fewer than k samples or the dataset is empty.
pub fn blends(g: &Groups, k: u64, mg: f64, prior: Prior, level: f64) -> Option<Blends> {
    let t_count = g.tasks() as f64;
    if g.tasks() == 0 {
        return None;
    }
    let mg_score = CountScore::mg_pass(k).ok()?;
    let pass_score = CountScore::pass(k).ok()?;
    let general = k <= GENERAL_K_MAX;
    let mg_post = general.then(|| Posterior::new(&[&mg_score])).flatten();
    let joint = general
        .then(|| Joint::new(&pass_score, &mg_score))
        .flatten();
    let mut sums = [(); 11].map(|_| Neumaier::default());
    let (p_bar, u_bar, geom, mp, vp, mu, vu, cpu, mm, vm, cpm) = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    // Geom@k's posterior: each task's blend of its posterior means, and its variance.
    let (mut geom_mean, mut geom_var) = (Neumaier::default(), Neumaier::default());
    for (t, w) in g.iter() {
        let wf = w as f64;
        let p = pass_at_k(t, k).ok()?;
        let u = pass_hat_k(t, k).ok()?;
        sums[p_bar].add(wf * p);
        sums[u_bar].add(wf * u);
        sums[geom].add(wf * half_blend(p, u));
        let a = prior.alpha + t.c() as f64;
        let b = prior.beta + (t.n() - t.c()) as f64;
        let (m_p, v_p) = task_moments(a, b, k as f64, Metric::PassAtK);
        let (m_u, v_u) = if k == 1 {
            (m_p, v_p)
        } else {
            task_moments(a, b, k as f64, Metric::PassHatK)
        };
        let c_pu = pass_unanimous_cov(a, b, k);
        let (m_geom, v_geom) = delta(m_p, v_p, m_u, v_u, c_pu);
        sums[mp].add(wf * m_p);
        sums[vp].add(wf * v_p);
        sums[mu].add(wf * m_u);
        sums[vu].add(wf * v_u);
        sums[cpu].add(wf * c_pu);
        geom_mean.add(wf * m_geom);
        geom_var.add(wf * v_geom);
        if let (Some(post), Some(joint)) = (&mg_post, &joint) {
            // One pair of pmfs for mG-Pass@k's moments and its covariance with pass@k.
            let pmfs = post.pmfs(a, b);
            let (m_m, v_m) = post.task_with(a, b, &pmfs)[0];
            sums[mm].add(wf * m_m);
            sums[vm].add(wf * v_m);
            sums[cpm].add(wf * joint.covariance(&pmfs.1, m_p, m_m));
        }
    }
    let s: Vec<f64> = sums.iter().map(Neumaier::total).collect();
    let t2 = t_count * t_count;
    let z = two_sided_z(level);
    let (ds_mu, ds_var) = delta(
        s[mp] / t_count,
        s[vp] / t2,
        s[mu] / t_count,
        s[vu] / t2,
        s[cpu] / t2,
    );
    let spectrum_iv = (mg_post.is_some() && joint.is_some()).then(|| {
        let (m, v) = delta(
            s[mp] / t_count,
            s[vp] / t2,
            s[mm] / t_count,
            s[vm] / t2,
            s[cpm] / t2,
        );
        interval(m, v, z)
    });
    Some(Blends {
        geom: Blend {
            value: s[geom] / t_count,
            interval: Some(interval(
                geom_mean.total() / t_count,
                geom_var.total() / t2,
                z,
            )),
        },
        geom_ds: Blend {
            value: half_blend(s[p_bar] / t_count, s[u_bar] / t_count),
            interval: Some(interval(ds_mu, ds_var, z)),
        },
        spectrum: Blend {
            value: half_blend(s[p_bar] / t_count, mg),
            interval: spectrum_iv,
        },
    })
}
