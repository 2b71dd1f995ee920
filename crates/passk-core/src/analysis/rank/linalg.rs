//! Small dense linear algebra for the graph and spectral rankings (m × m, m the series):
//! products, scorio's power iteration for a stationary distribution, a linear solve by
//! Gaussian elimination, and the eigen-decomposition of a symmetric matrix by Jacobi
//! rotations (in place of numpy's `eigh`).

use super::ranking::{RankError, Stop, StopReason};

/// `A x`.
pub(crate) fn mat_vec(a: &[Vec<f64>], x: &[f64]) -> Vec<f64> {
    a.iter()
        .map(|row| row.iter().zip(x).map(|(r, v)| r * v).sum())
        .collect()
}

/// `xᵀ A` (as a column).
pub(crate) fn vec_mat(x: &[f64], a: &[Vec<f64>]) -> Vec<f64> {
    let m = a.first().map_or(0, Vec::len);
    (0..m)
        .map(|j| x.iter().zip(a).map(|(v, row)| v * row[j]).sum())
        .collect()
}

/// `‖a − b‖₁`.
pub(crate) fn l1_dist(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum()
}

/// Refuses a power iteration's settings scorio refuses: `max_iter` ≥ 1, `tol` > 0 and finite.
///
/// # Errors
/// [`RankError::Other`] naming the setting.
pub(crate) fn check_iteration(max_iter: u32, tol: f64) -> Result<(), RankError> {
    if max_iter < 1 {
        return Err(RankError::Other("max_iter must be 1 or more".to_string()));
    }
    if !(tol.is_finite() && tol > 0.0) {
        return Err(RankError::Other(format!(
            "tol must be positive and finite, got {tol}"
        )));
    }
    Ok(())
}

/// The stationary distribution of the row-stochastic `p` by scorio's power iteration
/// (`rank/rank_centrality.py:_stationary_distribution_power`, and
/// `rank/graph.py:_power_stationary_distribution_row_stochastic`): π₀ uniform,
/// π ← πᵀP / Σ(πᵀP) until ‖π_new − π‖₁ < `tol` (answering π_new) or `max_iter` steps
/// (answering the last π).
///
/// # Errors
/// [`RankError::Other`] when an iterate loses its mass or is not finite (where scorio falls
/// back to uniform scores): it cannot for a stochastic matrix.
pub(crate) fn power_stationary(
    p: &[Vec<f64>],
    max_iter: u32,
    tol: f64,
) -> Result<(Vec<f64>, Stop), RankError> {
    let m = p.len();
    let mut pi = vec![1.0 / m as f64; m];
    for it in 1..=max_iter {
        let mut next = vec_mat(&pi, p);
        let s: f64 = next.iter().sum();
        if s.is_nan() || s <= 0.0 || next.iter().any(|v| !v.is_finite()) {
            return Err(RankError::Other(
                "the power iteration lost its probability mass".to_string(),
            ));
        }
        next.iter_mut().for_each(|v| *v /= s);
        if l1_dist(&next, &pi) < tol {
            let stop = Stop {
                reason: StopReason::Converged,
                iterations: it,
            };
            return Ok((next, stop));
        }
        pi = next;
    }
    let stop = Stop {
        reason: StopReason::MaxIterations,
        iterations: max_iter,
    };
    Ok((pi, stop))
}

/// The solution of `a x = b` by Gaussian elimination with partial pivoting; `None` when a
/// pivot is zero or not finite (a singular matrix).
pub(crate) fn solve(a: Vec<Vec<f64>>, b: Vec<f64>) -> Option<Vec<f64>> {
    solve_rel(a, b, 0.0)
}

/// [`solve`], also `None` when a pivot is at most `rel` times the largest |a_ij| (singular
/// to working precision).
pub(crate) fn solve_rel(mut a: Vec<Vec<f64>>, mut b: Vec<f64>, rel: f64) -> Option<Vec<f64>> {
    let n = b.len();
    if a.len() != n || a.iter().any(|r| r.len() != n) {
        return None;
    }
    let floor = if rel > 0.0 {
        rel * a.iter().flatten().fold(0.0_f64, |s, x| s.max(x.abs()))
    } else {
        0.0
    };
    for k in 0..n {
        let piv = (k..n).max_by(|x, y| a[*x][k].abs().total_cmp(&a[*y][k].abs()))?;
        if a[piv][k].abs() <= floor || !a[piv][k].is_finite() {
            return None;
        }
        a.swap(k, piv);
        b.swap(k, piv);
        let (top, bottom) = a.split_at_mut(k + 1);
        let pivot = &top[k];
        let bk = b[k];
        for (row, bi) in bottom.iter_mut().zip(b.iter_mut().skip(k + 1)) {
            let f = row[k] / pivot[k];
            if f != 0.0 {
                for (x, p) in row[k..].iter_mut().zip(&pivot[k..]) {
                    *x -= f * p;
                }
                *bi -= f * bk;
            }
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|j| a[i][j] * x[j]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// The most sweeps of Jacobi rotations (convergence is quadratic: a handful suffice).
pub(crate) const JACOBI_SWEEPS: u32 = 60;

/// The eigenvalues (ascending) and unit eigenvectors (`vectors[k]` belongs to `values[k]`)
/// of the symmetric `a`, by cyclic Jacobi rotations (Numerical Recipes' `jacobi`: a rotation
/// is skipped once its element is below rounding of both diagonal elements, after four
/// sweeps), with the sweeps taken and whether every off-diagonal element vanished.
pub(crate) fn symmetric_eigen(a: &[Vec<f64>]) -> (Vec<f64>, Vec<Vec<f64>>, Stop) {
    let n = a.len();
    let mut a: Vec<Vec<f64>> = a.to_vec();
    let mut v: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    let mut stop = Stop {
        reason: StopReason::MaxIterations,
        iterations: JACOBI_SWEEPS,
    };
    for sweep in 1..=JACOBI_SWEEPS {
        let off: f64 = (0..n)
            .flat_map(|p| (p + 1..n).map(move |q| (p, q)))
            .map(|(p, q)| a[p][q].abs())
            .sum();
        if off == 0.0 || !off.is_finite() {
            stop = Stop {
                reason: StopReason::Converged,
                iterations: sweep - 1,
            };
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                rotate(&mut a, &mut v, p, q, sweep > 4);
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|x, y| a[*x][*x].total_cmp(&a[*y][*y]));
    let values = order.iter().map(|k| a[*k][*k]).collect();
    let vectors = order
        .iter()
        .map(|k| (0..n).map(|r| v[r][*k]).collect())
        .collect();
    (values, vectors, stop)
}

/// One Jacobi rotation zeroing `a[p][q]` (and `a[q][p]`), accumulated into `v`'s columns.
fn rotate(a: &mut [Vec<f64>], v: &mut [Vec<f64>], p: usize, q: usize, late: bool) {
    let apq = a[p][q];
    let g = 100.0 * apq.abs();
    let (app, aqq) = (a[p][p], a[q][q]);
    if late && app.abs() + g == app.abs() && aqq.abs() + g == aqq.abs() {
        a[p][q] = 0.0;
        a[q][p] = 0.0;
        return;
    }
    if apq == 0.0 {
        return;
    }
    let h = aqq - app;
    let t = if h.abs() + g == h.abs() {
        apq / h
    } else {
        let theta = 0.5 * h / apq;
        let t = 1.0 / (theta.abs() + (theta * theta + 1.0).sqrt());
        if theta < 0.0 {
            -t
        } else {
            t
        }
    };
    let c = 1.0 / (t * t + 1.0).sqrt();
    let s = t * c;
    let mut col_p = vec![0.0; a.len()];
    let mut col_q = vec![0.0; a.len()];
    for (k, row) in a.iter_mut().enumerate() {
        if k == p || k == q {
            continue;
        }
        let (akp, akq) = (row[p], row[q]);
        row[p] = c * akp - s * akq;
        row[q] = s * akp + c * akq;
        col_p[k] = row[p];
        col_q[k] = row[q];
    }
    for (k, (x, y)) in col_p.iter().zip(&col_q).enumerate() {
        if k != p && k != q {
            a[p][k] = *x;
            a[q][k] = *y;
        }
    }
    a[p][p] = app - t * apq;
    a[q][q] = aqq + t * apq;
    a[p][q] = 0.0;
    a[q][p] = 0.0;
    for row in v.iter_mut() {
        let (vkp, vkq) = (row[p], row[q]);
        row[p] = c * vkp - s * vkq;
        row[q] = s * vkp + c * vkq;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_by_hand() {
        // 2x + y = 5, x + 3y = 10: x = 1, y = 3 (a zero first pivot needs the swap).
        let x = solve(vec![vec![0.0, 1.0], vec![2.0, 1.0]], vec![3.0, 5.0]).expect("regular");
        assert_eq!(x, vec![1.0, 3.0]);
        let y = solve(vec![vec![2.0, 1.0], vec![1.0, 3.0]], vec![5.0, 10.0]).expect("regular");
        assert!((y[0] - 1.0).abs() < 1e-15 && (y[1] - 3.0).abs() < 1e-15);
        assert_eq!(
            solve(vec![vec![1.0, 2.0], vec![2.0, 4.0]], vec![1.0, 2.0]),
            None
        );
        assert_eq!(solve(vec![vec![1.0]], vec![1.0, 2.0]), None);
    }

    #[test]
    fn eigen_by_hand() {
        // [[2, 1], [1, 2]]: 1 on (1, −1)/√2, 3 on (1, 1)/√2.
        let (w, v, stop) = symmetric_eigen(&[vec![2.0, 1.0], vec![1.0, 2.0]]);
        assert_eq!(stop.reason, StopReason::Converged);
        assert!((w[0] - 1.0).abs() < 1e-15 && (w[1] - 3.0).abs() < 1e-15);
        assert!((v[0][0] + v[0][1]).abs() < 1e-15 && (v[1][0] - v[1][1]).abs() < 1e-15);
        // A 4 × 4: A v = λ v for each pair, to rounding.
        let a = vec![
            vec![4.0, 1.0, -2.0, 2.0],
            vec![1.0, 2.0, 0.0, 1.0],
            vec![-2.0, 0.0, 3.0, -2.0],
            vec![2.0, 1.0, -2.0, -1.0],
        ];
        let (w, v, _) = symmetric_eigen(&a);
        for (l, x) in w.iter().zip(&v) {
            let ax = mat_vec(&a, x);
            assert!(ax.iter().zip(x).all(|(p, q)| (p - l * q).abs() < 1e-13));
            assert!((x.iter().map(|t| t * t).sum::<f64>() - 1.0).abs() < 1e-14);
        }
        assert!(w.windows(2).all(|p| p[0] <= p[1]));
        // Trace 8 kept.
        assert!((w.iter().sum::<f64>() - 8.0).abs() < 1e-13);
    }

    #[test]
    fn power_by_hand() {
        // Two states, leave 0 w.p. 0.2, leave 1 w.p. 0.6: π = (0.75, 0.25).
        let p = [vec![0.8, 0.2], vec![0.6, 0.4]];
        let (pi, stop) = power_stationary(&p, 1000, 1e-15).expect("stochastic");
        assert_eq!(stop.reason, StopReason::Converged);
        assert!((pi[0] - 0.75).abs() < 1e-15 && (pi[1] - 0.25).abs() < 1e-15);
        let (_, stop) = power_stationary(&p, 2, 1e-15).expect("stochastic");
        assert_eq!(stop.reason, StopReason::MaxIterations);
        assert!(power_stationary(&[vec![0.0, 0.0], vec![0.0, 0.0]], 5, 1e-12).is_err());
    }
}
