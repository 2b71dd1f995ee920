//! PageRank on the tied-split win-probability graph of the series (scorio 0.2.3,
//! `rank/graph.py:pagerank`).

use super::linalg::{check_iteration, l1_dist, mat_vec};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking, Stop, StopReason};
use super::win_probability::{checked_pairwise, win_probabilities};

/// PageRank's settings; the default is scorio's.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRankOptions {
    /// The damping factor d, in (0, 1) (0.85).
    pub damping: f64,
    /// The most power iterations (100).
    pub max_iter: u32,
    /// Stop once an iteration moves the scores less than this in L1 (1e-6).
    pub tol: f64,
    /// The teleportation vector e (one non-negative weight per series, normalised to sum 1);
    /// `None` is uniform.
    pub teleport: Option<Vec<f64>>,
}

impl Default for PageRankOptions {
    fn default() -> Self {
        PageRankOptions {
            damping: 0.85,
            max_iter: 100,
            tol: 1e-6,
            teleport: None,
        }
    }
}

/// PageRank of the series on their pairwise win probabilities, as scorio's
/// `rank/graph.py:pagerank`: the same matrix, start, update and stopping rule, so the scores
/// are scorio's to rounding. With scorio's default `tol` (1e-6) the answer stands up to about
/// 1e-6 from the fixed point; a smaller `tol` reaches it.
///
/// Series with unequal n per task are compared sample by sample on each task (a natural
/// generalisation of scorio's tensor, which needs one n).
///
/// # Formula
/// `P̂_ij = (W_ij + T_ij/2) / (W_ij + W_ji + T_ij)` (0.5 on the diagonal). `A_ij = P̂_ij`
/// (i ≠ j), `A_ii = Σ_{k≠i} P̂_ik`; every column of A sums to m − 1, and `Q = A / (m − 1)`.
/// From `r₀ = 1/m`, `r ← d Q r + (1 − d) e` until `‖r_new − r‖₁ < tol` (answering r_new) or
/// `max_iter` steps (answering the last). Scores r (higher is better), stop as it stopped.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task,
/// [`RankError::Other`] for a damping outside (0, 1), `max_iter` 0, a `tol` not positive, or a
/// teleport of the wrong length, negative, not finite or summing to 0.
pub fn pagerank(o: &Outcomes, opts: &PageRankOptions) -> Result<Ranking, RankError> {
    let d = opts.damping;
    if !(d.is_finite() && d > 0.0 && d < 1.0) {
        return Err(RankError::Other(format!(
            "damping must be in (0, 1), got {d}"
        )));
    }
    check_iteration(opts.max_iter, opts.tol)?;
    let (wins, ties) = checked_pairwise(o)?;
    let m = wins.len();
    let e = match &opts.teleport {
        None => vec![1.0 / m as f64; m],
        Some(t) => teleport(t, m)?,
    };
    let mut a = win_probabilities(&wins, &ties);
    for (i, row) in a.iter_mut().enumerate() {
        row[i] = 0.0;
        row[i] = row.iter().sum();
    }
    let q: Vec<Vec<f64>> = a
        .iter()
        .map(|row| row.iter().map(|v| v / (m - 1) as f64).collect())
        .collect();
    let mut r = vec![1.0 / m as f64; m];
    let mut stop = Stop {
        reason: StopReason::MaxIterations,
        iterations: opts.max_iter,
    };
    for it in 1..=opts.max_iter {
        let qr = mat_vec(&q, &r);
        let next: Vec<f64> = qr
            .iter()
            .zip(&e)
            .map(|(x, ei)| d * x + (1.0 - d) * ei)
            .collect();
        let moved = l1_dist(&next, &r);
        r = next;
        if moved < opts.tol {
            stop = Stop {
                reason: StopReason::Converged,
                iterations: it,
            };
            break;
        }
    }
    let mut out = Ranking::of_scores(r);
    out.stop = Some(stop);
    Ok(out)
}

/// The teleportation vector normalised, after scorio's checks.
fn teleport(t: &[f64], m: usize) -> Result<Vec<f64>, RankError> {
    if t.len() != m {
        return Err(RankError::Other(format!(
            "teleport must have one weight per series ({m}), got {}",
            t.len()
        )));
    }
    if t.iter().any(|v| !v.is_finite() || *v < 0.0) {
        return Err(RankError::Other(
            "teleport must be finite and non-negative".to_string(),
        ));
    }
    let s: f64 = t.iter().sum();
    if s <= 0.0 {
        return Err(RankError::Other(
            "teleport must sum to a positive value".to_string(),
        ));
    }
    Ok(t.iter().map(|v| v / s).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_series_by_hand() {
        // One task, n = 4, c = 3 and 1: P̂01 = 3/4, P̂10 = 1/4. A = [[3/4, 3/4], [1/4, 1/4]]
        // (m − 1 = 1, Q = A). r = d Q r + (1 − d)/2 with Σr = 1: Q r = (3/4, 1/4), so the fixed
        // point is r = 0.85 (3/4, 1/4) + 0.075 = (0.7125, 0.2875), reached at the first step
        // (Q r = (3/4, 1/4) for any r summing to 1), confirmed at the second.
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let r = pagerank(&o, &PageRankOptions::default()).expect("ranks");
        assert!((r.scores[0] - 0.7125).abs() < 1e-15 && (r.scores[1] - 0.2875).abs() < 1e-15);
        assert_eq!(r.ranks, vec![1.0, 2.0]);
        assert_eq!(
            r.stop.map(|s| (s.reason, s.iterations)),
            Some((StopReason::Converged, 2))
        );
    }

    #[test]
    fn refusals() {
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let bad = |f: fn(&mut PageRankOptions)| {
            let mut p = PageRankOptions::default();
            f(&mut p);
            matches!(pagerank(&o, &p), Err(RankError::Other(_)))
        };
        assert!(bad(|p| p.damping = 1.0));
        assert!(bad(|p| p.damping = f64::NAN));
        assert!(bad(|p| p.max_iter = 0));
        assert!(bad(|p| p.tol = 0.0));
        assert!(bad(|p| p.teleport = Some(vec![1.0])));
        assert!(bad(|p| p.teleport = Some(vec![1.0, -1.0])));
        assert!(bad(|p| p.teleport = Some(vec![0.0, 0.0])));
        let one = Outcomes::from_counts(vec![4], vec![vec![3]]);
        assert_eq!(
            pagerank(&one, &PageRankOptions::default()),
            Err(RankError::TooFew)
        );
        // A teleport all on series 1: r = 0.85 (3/4, 1/4) + 0.15 (0, 1).
        let p = PageRankOptions {
            teleport: Some(vec![0.0, 2.0]),
            ..PageRankOptions::default()
        };
        let r = pagerank(&o, &p).expect("ranks");
        assert!((r.scores[0] - 0.6375).abs() < 1e-15);
    }
}
