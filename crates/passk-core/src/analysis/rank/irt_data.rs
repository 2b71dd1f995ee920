//! What the item response fits read off the counts before and after fitting: whether a
//! finite maximum likelihood exists, scorio's starting point, and the series no exchangeable
//! model can tell apart.

use super::irt_items::IrtModel;
use super::irt_newton::Params;
use crate::num::libm_math::LibmMath;

/// Whether the series–task graph (l → m when l passed some sample of m, m → l when l failed
/// some) is strongly connected: the condition for a finite joint maximum likelihood (no
/// complete or quasi-separation; scorio tests the same by a linear programme).
pub(crate) fn connected(k: &[Vec<f64>], n: &[f64]) -> bool {
    let (nl, nm) = (k.len(), n.len());
    let reach = |forward: bool| {
        let mut seen = vec![false; nl + nm];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            let next: Vec<usize> = if v < nl {
                (0..nm)
                    .filter(|m| {
                        if forward {
                            k[v][*m] > 0.0
                        } else {
                            k[v][*m] < n[*m]
                        }
                    })
                    .map(|m| nl + m)
                    .collect()
            } else {
                let m = v - nl;
                (0..nl)
                    .filter(|l| {
                        if forward {
                            k[*l][m] < n[m]
                        } else {
                            k[*l][m] > 0.0
                        }
                    })
                    .collect()
            };
            for w in next {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        seen.iter().all(|s| *s)
    };
    reach(true) && reach(false)
}

/// scorio's start: per cell p = clip((k + ½)/(n + 1)), θ = logit(mean_m p), b = −logit(mean_l
/// p), centred; u = 0.
pub(crate) fn start(k: &[Vec<f64>], n: &[f64]) -> Params {
    let (nl, nm) = (k.len(), n.len());
    let p = |l: usize, m: usize| ((k[l][m] + 0.5) / (n[m] + 1.0)).clamp(1e-6, 1.0 - 1e-6);
    let logit = |x: f64| (x / (1.0 - x)).libm_ln();
    let theta = (0..nl)
        .map(|l| logit((0..nm).map(|m| p(l, m)).sum::<f64>() / nm as f64))
        .collect();
    let mut b: Vec<f64> = (0..nm)
        .map(|m| -logit((0..nl).map(|l| p(l, m)).sum::<f64>() / nl as f64))
        .collect();
    let mean = b.iter().sum::<f64>() / nm as f64;
    b.iter_mut().for_each(|x| *x -= mean);
    Params {
        theta,
        b,
        u: vec![0.0; nm],
    }
}

/// Scores of series that no exchangeable model can tell apart, averaged (scorio's
/// `average_equivalent_scores` / `_average_item_exchangeable_scores`): under Rasch, series
/// with equal totals; under 2PL, identical rows, and for two series rows that are each
/// other's permutation pairwise ({(k_0m, k_1m)} = {(k_1m, k_0m)}). Larger 2PL orbits are not
/// searched (at a unique optimum their abilities agree anyway, to the fit's precision).
pub(crate) fn average_equivalent(theta: &mut [f64], k: &[Vec<f64>], model: IrtModel) {
    let nl = k.len();
    let key = |l: usize| -> Vec<u64> {
        match model {
            IrtModel::Rasch => vec![k[l].iter().sum::<f64>() as u64],
            IrtModel::TwoPl => k[l].iter().map(|x| *x as u64).collect(),
        }
    };
    let mut done = vec![false; nl];
    for l in 0..nl {
        if done[l] {
            continue;
        }
        let group: Vec<usize> = (l..nl).filter(|j| !done[*j] && key(*j) == key(l)).collect();
        let mean = group.iter().map(|j| theta[*j]).sum::<f64>() / group.len() as f64;
        for j in group {
            theta[j] = mean;
            done[j] = true;
        }
    }
    if model == IrtModel::TwoPl && nl == 2 {
        let mut a: Vec<(u64, u64)> = k[0]
            .iter()
            .zip(&k[1])
            .map(|(x, y)| (*x as u64, *y as u64))
            .collect();
        let mut b: Vec<(u64, u64)> = a.iter().map(|(x, y)| (*y, *x)).collect();
        a.sort_unstable();
        b.sort_unstable();
        if a == b {
            let mean = (theta[0] + theta[1]) / 2.0;
            theta.iter_mut().for_each(|t| *t = mean);
        }
    }
}
