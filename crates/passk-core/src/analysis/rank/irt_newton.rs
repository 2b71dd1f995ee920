//! The engine of the item response fits: the penalised binomial negative log-likelihood of
//! abilities θ, difficulties b and log-discriminations u = ln a (scorio's objective), minimised
//! under Σ b = 0 by Newton steps (Fisher scoring where the observed Hessian is not positive),
//! each step a bordered (KKT) system solved through the items' 1×1 or 2×2 blocks, and the
//! covariance of the estimates from the same system at the optimum.
//!
//! The Hessian's structure: θ_l and θ_l' share no cell (the θθ block is diagonal), and an
//! item's parameters y_m = (b_m[, u_m]) meet only that item's cells (block diagonal), so
//! eliminating the items leaves an (L + 1) × (L + 1) system in (dθ, λ), λ the multiplier of
//! Σ b = 0: O(L²·M) a step, never the dense (L + 2M)² matrix.

use super::irt_items::sigmoid;
use super::linalg::solve_rel;
use crate::num::libm_math::LibmMath;

/// What is fitted: the counts, the model and its penalties.
pub(crate) struct Problem<'a> {
    /// `k[l][m]`: passes of series l on (informative) task m.
    pub k: &'a [Vec<f64>],
    /// Samples per task.
    pub n: &'a [f64],
    /// Whether discriminations are free (2PL) or all 1 (Rasch).
    pub two_pl: bool,
    /// Gaussian prior variance of each θ (MAP), or none (ML).
    pub prior_var: Option<f64>,
    /// Gaussian prior variance of each b, or none.
    pub prior_b_var: Option<f64>,
    /// The L2 penalty weight on ln a (2PL).
    pub reg: f64,
}

/// The parameters: θ (L), b (M), u = ln a (M, zeros and unused under Rasch).
#[derive(Clone, Debug)]
pub(crate) struct Params {
    pub theta: Vec<f64>,
    pub b: Vec<f64>,
    pub u: Vec<f64>,
}

/// ln(1 + e^x) without overflow.
fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).libm_exp().libm_ln_1p()
    } else {
        x.libm_exp().libm_ln_1p()
    }
}

impl Problem<'_> {
    fn series(&self) -> usize {
        self.k.len()
    }
    fn items(&self) -> usize {
        self.n.len()
    }
    /// Parameters per item: 1 (b) or 2 (b, u).
    fn per_item(&self) -> usize {
        if self.two_pl {
            2
        } else {
            1
        }
    }

    /// The objective: Σ n·ln(1 + e^η) − k·η + reg·Σ u² + Σ θ²/(2·var) + Σ b²/(2·var_b),
    /// η = e^u (θ − b).
    pub fn objective(&self, p: &Params) -> f64 {
        let mut f = 0.0;
        for (l, row) in self.k.iter().enumerate() {
            for (m, k) in row.iter().enumerate() {
                let eta = p.u[m].libm_exp() * (p.theta[l] - p.b[m]);
                f += self.n[m] * softplus(eta) - k * eta;
            }
        }
        if self.two_pl {
            f += self.reg * p.u.iter().map(|u| u * u).sum::<f64>();
        }
        if let Some(v) = self.prior_var {
            f += p.theta.iter().map(|t| t * t).sum::<f64>() / (2.0 * v);
        }
        if let Some(v) = self.prior_b_var {
            f += p.b.iter().map(|b| b * b).sum::<f64>() / (2.0 * v);
        }
        f
    }

    /// Gradient and Hessian blocks at `p` (`fisher`: the expected information, no residual
    /// terms).
    pub fn blocks(&self, p: &Params, fisher: bool) -> Blocks {
        let (nl, nm, q) = (self.series(), self.items(), self.per_item());
        let mut bl = Blocks {
            g_theta: vec![0.0; nl],
            g_y: vec![[0.0; 2]; nm],
            d: vec![0.0; nl],
            c: vec![vec![[0.0; 2]; nl]; nm],
            b: vec![[[0.0; 2]; 2]; nm],
            q,
        };
        for (l, row) in self.k.iter().enumerate() {
            for (m, k) in row.iter().enumerate() {
                let a = p.u[m].libm_exp();
                let eta = a * (p.theta[l] - p.b[m]);
                let pr = sigmoid(eta);
                let r = self.n[m] * pr - k;
                let w = self.n[m] * pr * (1.0 - pr);
                let rr = if fisher { 0.0 } else { r };
                bl.g_theta[l] += r * a;
                bl.g_y[m][0] -= r * a;
                bl.d[l] += w * a * a;
                bl.c[m][l][0] = -w * a * a;
                bl.b[m][0][0] += w * a * a;
                if self.two_pl {
                    bl.g_y[m][1] += r * eta;
                    bl.c[m][l][1] = w * a * eta + rr * a;
                    bl.b[m][0][1] -= w * a * eta + rr * a;
                    bl.b[m][1][1] += w * eta * eta + rr * eta;
                }
            }
        }
        for m in 0..nm {
            bl.b[m][1][0] = bl.b[m][0][1];
            if self.two_pl {
                bl.g_y[m][1] += 2.0 * self.reg * p.u[m];
                bl.b[m][1][1] += 2.0 * self.reg;
            }
        }
        if let Some(v) = self.prior_var {
            for l in 0..nl {
                bl.g_theta[l] += p.theta[l] / v;
                bl.d[l] += 1.0 / v;
            }
        }
        if let Some(v) = self.prior_b_var {
            for m in 0..nm {
                bl.g_y[m][0] += p.b[m] / v;
                bl.b[m][0][0] += 1.0 / v;
            }
        }
        bl
    }
}

/// Gradient and Hessian in blocks: θθ diagonal `d`, item-θ `c[m][l]`, item-item `b[m]`.
pub(crate) struct Blocks {
    pub g_theta: Vec<f64>,
    pub g_y: Vec<[f64; 2]>,
    d: Vec<f64>,
    c: Vec<Vec<[f64; 2]>>,
    b: Vec<[[f64; 2]; 2]>,
    q: usize,
}

/// The eliminated system: per item B⁻¹ and W = B⁻¹·G (G = [C, e_b]), and the Schur matrix
/// S = E − Gᵀ B⁻¹ G in (θ, λ).
pub(crate) struct Reduced {
    binv: Vec<[[f64; 2]; 2]>,
    w: Vec<Vec<[f64; 2]>>,
    s: Vec<Vec<f64>>,
}

/// The inverse of a positive definite q × q block (q = 1, 2), or none.
fn inv_block(b: &[[f64; 2]; 2], q: usize) -> Option<[[f64; 2]; 2]> {
    if q == 1 {
        return (b[0][0] > 0.0 && b[0][0].is_finite()).then(|| [[1.0 / b[0][0], 0.0], [0.0, 0.0]]);
    }
    let det = b[0][0] * b[1][1] - b[0][1] * b[1][0];
    (b[0][0] > 0.0 && det > 0.0 && det.is_finite()).then(|| {
        [
            [b[1][1] / det, -b[0][1] / det],
            [-b[1][0] / det, b[0][0] / det],
        ]
    })
}

impl Blocks {
    /// Eliminate the items; none when an item block is not positive definite.
    pub fn reduce(&self) -> Option<Reduced> {
        let nl = self.d.len();
        let mut s = vec![vec![0.0; nl + 1]; nl + 1];
        for (l, dl) in self.d.iter().enumerate() {
            s[l][l] = *dl;
        }
        let mut binv = Vec::with_capacity(self.b.len());
        let mut w = Vec::with_capacity(self.b.len());
        for (m, bm) in self.b.iter().enumerate() {
            let bi = inv_block(bm, self.q)?;
            // Columns of G_m: C_m[l] for θ_l, e_b = (1, 0) for λ.
            let col = |j: usize| if j < nl { self.c[m][j] } else { [1.0, 0.0] };
            let wm: Vec<[f64; 2]> = (0..=nl)
                .map(|j| {
                    let g = col(j);
                    [
                        bi[0][0] * g[0] + bi[0][1] * g[1],
                        bi[1][0] * g[0] + bi[1][1] * g[1],
                    ]
                })
                .collect();
            for (i, si) in s.iter_mut().enumerate() {
                let gi = col(i);
                for (sij, wj) in si.iter_mut().zip(&wm) {
                    *sij -= gi[0] * wj[0] + gi[1] * wj[1];
                }
            }
            binv.push(bi);
            w.push(wm);
        }
        Some(Reduced { binv, w, s })
    }

    /// The Newton step (dθ, dy) of the bordered system that also restores Σ b = 0 from
    /// `b_sum`; none when singular.
    pub fn step(&self, red: &Reduced, b_sum: f64) -> Option<(Vec<f64>, Vec<[f64; 2]>)> {
        let nl = self.d.len();
        // S v = [−g_θ; −Σb] + Wᵀ g_y.
        let mut rhs: Vec<f64> = self.g_theta.iter().map(|g| -g).collect();
        rhs.push(-b_sum);
        for (wm, gy) in red.w.iter().zip(&self.g_y) {
            for (j, r) in rhs.iter_mut().enumerate() {
                *r += wm[j][0] * gy[0] + wm[j][1] * gy[1];
            }
        }
        let v = solve(red.s.clone(), rhs)?;
        let dy = (0..self.g_y.len())
            .map(|m| {
                let (bi, gy, wm) = (&red.binv[m], &self.g_y[m], &red.w[m]);
                let mut d = [
                    -(bi[0][0] * gy[0] + bi[0][1] * gy[1]),
                    -(bi[1][0] * gy[0] + bi[1][1] * gy[1]),
                ];
                for (j, vj) in v.iter().enumerate() {
                    d[0] -= wm[j][0] * vj;
                    d[1] -= wm[j][1] * vj;
                }
                d
            })
            .collect();
        Some((v[..nl].to_vec(), dy))
    }

    /// Variances under Σ b = 0 (the x-block of the inverse bordered matrix): of each θ, and of
    /// each item's (b, u); none when singular.
    pub fn variances(&self, red: &Reduced) -> Option<(Vec<f64>, Vec<[f64; 2]>)> {
        let nl = self.d.len();
        let mut sinv = vec![vec![0.0; nl + 1]; nl + 1];
        for j in 0..=nl {
            let mut e = vec![0.0; nl + 1];
            e[j] = 1.0;
            let col = solve(red.s.clone(), e)?;
            for i in 0..=nl {
                sinv[i][j] = col[i];
            }
        }
        let theta = (0..nl).map(|l| sinv[l][l]).collect();
        // var(y_m) = B⁻¹ + W S⁻¹ Wᵀ (diagonal entries).
        let items = red
            .w
            .iter()
            .zip(&red.binv)
            .map(|(wm, bi)| {
                let mut v = [bi[0][0], bi[1][1]];
                for (i, si) in sinv.iter().enumerate() {
                    for (j, sij) in si.iter().enumerate() {
                        v[0] += wm[i][0] * sij * wm[j][0];
                        v[1] += wm[i][1] * sij * wm[j][1];
                    }
                }
                v
            })
            .collect();
        Some((theta, items))
    }
}

/// A pivot at most this share of the largest entry makes the reduced system singular.
const SINGULAR_REL: f64 = 1e-14;

/// `a x = b` by Gaussian elimination with partial pivoting; none when singular.
fn solve(a: Vec<Vec<f64>>, b: Vec<f64>) -> Option<Vec<f64>> {
    solve_rel(a, b, SINGULAR_REL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_pivots() {
        let x = solve(vec![vec![0.0, 1.0], vec![2.0, 0.0]], vec![3.0, 4.0]).unwrap();
        assert_eq!(x, vec![2.0, 3.0]);
        assert!(solve(vec![vec![1.0, 1.0], vec![1.0, 1.0]], vec![1.0, 2.0]).is_none());
    }
}
