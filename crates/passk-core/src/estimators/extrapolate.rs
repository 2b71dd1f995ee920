//! Extrapolation of pass@k in log k: logit(pass@k) ≈ α + β·ln k (a heuristic).

use crate::num::libm_math::LibmMath;
/// A least-squares line through (ln k, logit p).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LogitLine {
    /// Intercept α.
    pub alpha: f64,
    /// Slope β.
    pub beta: f64,
    /// Number of points used.
    pub points: usize,
}

/// Fewest usable points for a fit.
pub const MIN_POINTS: usize = 3;

impl LogitLine {
    /// Fits logit(p) = α + β·ln k by ordinary least squares over the points with 0 < p < 1.
    /// None with fewer than [`MIN_POINTS`] usable points or no spread in k.
    pub fn fit(points: &[(u64, f64)]) -> Option<LogitLine> {
        let usable: Vec<(f64, f64)> = points
            .iter()
            .filter(|(k, p)| *k >= 1 && *p > 0.0 && *p < 1.0 && p.is_finite())
            .map(|&(k, p)| ((k as f64).libm_ln(), (p / (1.0 - p)).libm_ln()))
            .collect();
        if usable.len() < MIN_POINTS {
            return None;
        }
        let m = usable.len() as f64;
        let mx = usable.iter().map(|p| p.0).sum::<f64>() / m;
        let my = usable.iter().map(|p| p.1).sum::<f64>() / m;
        let sxx: f64 = usable.iter().map(|p| (p.0 - mx).pow_int(2)).sum();
        let sxy: f64 = usable.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
        if sxx <= 0.0 {
            return None;
        }
        let beta = sxy / sxx;
        Some(LogitLine {
            alpha: my - beta * mx,
            beta,
            points: usable.len(),
        })
    }

    /// The extrapolated pass@k, 1/(1 + exp(−(α + β ln k))).
    pub fn predict(&self, k: f64) -> f64 {
        let z = self.alpha + self.beta * k.libm_ln();
        if z >= 0.0 {
            1.0 / (1.0 + (-z).libm_exp())
        } else {
            let e = z.libm_exp();
            e / (1.0 + e)
        }
    }
}

/// The budgets 1, 2, 4, … up to `n_min`, where the fit takes its points.
pub fn doubling_budgets(n_min: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut k = 1u64;
    while k <= n_min {
        out.push(k);
        k = match k.checked_mul(2) {
            Some(v) => v,
            None => break,
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_an_exact_logit_line() {
        let truth = LogitLine {
            alpha: -1.5,
            beta: 0.7,
            points: 0,
        };
        let pts: Vec<(u64, f64)> = [1u64, 2, 4, 8, 16]
            .iter()
            .map(|&k| (k, truth.predict(k as f64)))
            .collect();
        let fit = LogitLine::fit(&pts).unwrap();
        assert!((fit.alpha + 1.5).abs() < 1e-12 && (fit.beta - 0.7).abs() < 1e-12);
        assert_eq!(fit.points, 5);
    }

    #[test]
    fn too_few_points() {
        assert!(LogitLine::fit(&[(1, 0.2), (2, 1.0), (4, 0.0), (8, 0.5)]).is_none());
        assert_eq!(doubling_budgets(10), vec![1, 2, 4, 8]);
        assert!(doubling_budgets(0).is_empty());
    }
}
