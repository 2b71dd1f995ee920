//! The second moments behind a group's Hessian, kept as the upper triangle of a symmetric
//! 3×3 matrix (row by row), and the Hessian of ln ∫ g they give: E[∇²ln g] + Cov[∇ln g] —
//! for the grid's walk, the exact series and the per-group rule alike.

/// dd += t·d·dᵀ on its upper triangle, row by row.
pub(super) fn add_outer(dd: &mut [f64; 6], t: f64, d: [f64; 3]) {
    dd[0] += t * d[0] * d[0];
    dd[1] += t * d[0] * d[1];
    dd[2] += t * d[0] * d[2];
    dd[3] += t * d[1] * d[1];
    dd[4] += t * d[1] * d[2];
    dd[5] += t * d[2] * d[2];
}

/// The index of entry (i, j) of a symmetric 3×3 matrix in its upper triangle, row by row.
pub(super) fn upper(i: usize, j: usize) -> usize {
    [[0, 1, 2], [1, 3, 4], [2, 4, 5]][i][j]
}

/// `base` + Cov: base[i][j] + (dd_ij/total − mean_i·mean_j), with `dd` the upper triangle of
/// Σ t·d·dᵀ, `total` = Σ t and `mean` = Σ t·d / total (d about any fixed point: the
/// covariance does not depend on it, and cancels least about the mean's neighbourhood).
pub(super) fn hessian(
    base: [[f64; 3]; 3],
    dd: &[f64],
    total: f64,
    mean: [f64; 3],
) -> [[f64; 3]; 3] {
    std::array::from_fn(|i| {
        std::array::from_fn(|j| base[i][j] + (dd[upper(i, j)] / total - mean[i] * mean[j]))
    })
}
