//! Symmetric positive-definite systems by Cholesky: the Newton steps and Fisher intervals of
//! the paired-comparison fits (`analysis::bradley_terry`, `analysis::rank::newton_fit`).

/// Solves A x = b for a symmetric positive-definite A (Cholesky); None if it is not.
pub(crate) fn solve_spd(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let s: f64 = a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>();
            if i == j {
                if s.is_nan() || s <= 0.0 {
                    return None;
                }
                l[i][i] = s.sqrt();
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    let mut y = vec![0.0; n];
    for i in 0..n {
        y[i] = (b[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        x[i] = (y[i] - (i + 1..n).map(|k| l[k][i] * x[k]).sum::<f64>()) / l[i][i];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_and_refuses_what_is_not_positive_definite() {
        // [[4, 2], [2, 3]] x = [2, 1]: x = (1/2, 0).
        let x = solve_spd(&[vec![4.0, 2.0], vec![2.0, 3.0]], &[2.0, 1.0]).unwrap();
        assert_eq!(x, vec![0.5, 0.0]);
        assert!(solve_spd(&[vec![1.0, 1.0], vec![1.0, 1.0]], &[1.0, 1.0]).is_none());
        assert!(solve_spd(&[vec![f64::NAN]], &[1.0]).is_none());
    }
}
