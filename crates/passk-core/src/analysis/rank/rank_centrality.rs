//! Rank Centrality: the stationary distribution of a random walk toward the winners
//! (scorio 0.2.3, `rank/rank_centrality.py:rank_centrality`; Negahban, Oh & Shah 2017).

use super::digraph::strongly_connected;
use super::linalg::{check_iteration, power_stationary};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking, Stop, StopReason};
use super::win_probability::checked_pairwise;

/// How Rank Centrality counts a tie (scorio's `tie_handling`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieHandling {
    /// A tie is half a win for each side (scorio's default, `"half"`).
    #[default]
    Half,
    /// Only decisive outcomes count (`"ignore"`).
    Ignore,
}

/// Rank Centrality's settings; the default is scorio's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankCentralityOptions {
    /// How ties count (half a win each).
    pub tie_handling: TieHandling,
    /// A pseudocount ≥ 0 added to every directed win count (0).
    pub smoothing: f64,
    /// The teleportation probability in [0, 1) (0).
    pub teleport: f64,
    /// The most power iterations (10,000).
    pub max_iter: u32,
    /// Stop once an iteration moves the distribution less than this in L1 (1e-12).
    pub tol: f64,
}

impl Default for RankCentralityOptions {
    fn default() -> Self {
        RankCentralityOptions {
            tie_handling: TieHandling::Half,
            smoothing: 0.0,
            teleport: 0.0,
            max_iter: 10_000,
            tol: 1e-12,
        }
    }
}

/// Rank Centrality, as scorio's `rank/rank_centrality.py:rank_centrality`: the same chain
/// and scorio's power iteration for its stationary distribution (same start, update and
/// stopping rule), so the scores are scorio's to rounding and within about `tol` of the
/// exact distribution.
///
/// Series with unequal n per task are compared sample by sample on each task.
///
/// # Formula
/// Wins `w_ij = W_ij + T_ij/2` (or `W_ij` ignoring ties) plus the smoothing; a pair is an
/// edge when `w_ij + w_ji > 0`; `d_max` the largest number of edges at a series. For i ≠ j on
/// an edge, `P_ij = w_ji / (w_ij + w_ji) / d_max` (the walk moves toward the winner),
/// `P_ii = 1 − Σ_{j≠i} P_ij`; with teleport t, `P ← (1 − t) P + t/m`. Scores: the stationary
/// π of P (from uniform by π ← πP/Σ until `‖Δπ‖₁ < tol`), higher is better; uniform when no
/// pair is an edge (stop [`StopReason::Exact`]).
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task;
/// [`RankError::NotConnected`] when ties are ignored with neither smoothing nor teleport and
/// the walk's positive moves do not connect every series both ways (scorio's `ValueError`);
/// [`RankError::Other`] for a smoothing negative or not finite, a teleport outside [0, 1),
/// `max_iter` 0 or a `tol` not positive.
pub fn rank_centrality(o: &Outcomes, opts: RankCentralityOptions) -> Result<Ranking, RankError> {
    if !(opts.smoothing.is_finite() && opts.smoothing >= 0.0) {
        return Err(RankError::Other(format!(
            "smoothing must be >= 0, got {}",
            opts.smoothing
        )));
    }
    let t = opts.teleport;
    if !(t.is_finite() && (0.0..1.0).contains(&t)) {
        return Err(RankError::Other(format!(
            "teleport must be in [0, 1), got {t}"
        )));
    }
    check_iteration(opts.max_iter, opts.tol)?;
    let (wins, ties) = checked_pairwise(o)?;
    let m = wins.len();
    let half = opts.tie_handling == TieHandling::Half;
    let w: Vec<Vec<f64>> = (0..m)
        .map(|i| {
            (0..m)
                .map(|j| {
                    let won = if half {
                        wins[i][j] + 0.5 * ties[i][j]
                    } else {
                        wins[i][j]
                    };
                    won + opts.smoothing
                })
                .collect()
        })
        .collect();
    let denom = |i: usize, j: usize| w[i][j] + w[j][i];
    let adj: Vec<Vec<bool>> = (0..m)
        .map(|i| (0..m).map(|j| i != j && denom(i, j) > 0.0).collect())
        .collect();
    let d_max = adj
        .iter()
        .map(|row| row.iter().filter(|e| **e).count())
        .max()
        .unwrap_or(0);
    let p_ji: Vec<Vec<f64>> = (0..m)
        .map(|i| {
            (0..m)
                .map(|j| {
                    if adj[i][j] {
                        w[j][i] / denom(i, j)
                    } else {
                        0.0
                    }
                })
                .collect()
        })
        .collect();
    if t == 0.0 && opts.smoothing == 0.0 && !half {
        let support: Vec<Vec<bool>> = p_ji
            .iter()
            .map(|row| row.iter().map(|v| *v > 0.0).collect())
            .collect();
        if !strongly_connected(&support) {
            return Err(RankError::NotConnected);
        }
    }
    if d_max == 0 {
        let mut out = Ranking::of_scores(vec![1.0 / m as f64; m]);
        out.stop = Some(Stop {
            reason: StopReason::Exact,
            iterations: 0,
        });
        return Ok(out);
    }
    let mut p: Vec<Vec<f64>> = p_ji
        .iter()
        .zip(&adj)
        .map(|(row, edges)| {
            row.iter()
                .zip(edges)
                .map(|(v, e)| if *e { v / d_max as f64 } else { 0.0 })
                .collect()
        })
        .collect();
    for (i, row) in p.iter_mut().enumerate() {
        row[i] = 1.0 - row.iter().sum::<f64>();
    }
    if t > 0.0 {
        for row in &mut p {
            for v in row.iter_mut() {
                *v = (1.0 - t) * *v + t * (1.0 / m as f64);
            }
        }
    }
    let (pi, stop) = power_stationary(&p, opts.max_iter, opts.tol)?;
    let mut out = Ranking::of_scores(pi);
    out.stop = Some(stop);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_series_by_hand() {
        // One task, n = 4, c = 3 and 1: w01 = 2 + 1 = 3, w10 = 0 + 1 = 1, d_max = 1.
        // P01 = w10/4 = 1/4, P10 = w01/4 = 3/4: π0·1/4 = π1·3/4, π = (3/4, 1/4).
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let r = rank_centrality(&o, RankCentralityOptions::default()).expect("ranks");
        assert!((r.scores[0] - 0.75).abs() < 1e-15 && (r.scores[1] - 0.25).abs() < 1e-15);
        assert_eq!(r.ranks, vec![1.0, 2.0]);
        // Ignoring ties, series 1 never wins: its walk never leaves series 0.
        let ignore = RankCentralityOptions {
            tie_handling: TieHandling::Ignore,
            ..RankCentralityOptions::default()
        };
        assert_eq!(rank_centrality(&o, ignore), Err(RankError::NotConnected));
        // Smoothing 1: w01 = 3, w10 = 1; the same chain as with half ties.
        let smooth = RankCentralityOptions {
            smoothing: 1.0,
            ..ignore
        };
        let r = rank_centrality(&o, smooth).expect("ranks");
        assert!((r.scores[0] - 0.75).abs() < 1e-15);
        // No samples at all: no edge, uniform (ignoring ties, not connected, as scorio).
        let empty = Outcomes::from_counts(vec![0], vec![vec![0], vec![0]]);
        let r = rank_centrality(&empty, RankCentralityOptions::default()).expect("ranks");
        assert_eq!(r.scores, vec![0.5, 0.5]);
        assert_eq!(
            rank_centrality(&empty, ignore),
            Err(RankError::NotConnected)
        );
        // Teleport 0.5 on the first chain: P = 0.5 P + 0.25, P01 = 3/8, P10 = 5/8;
        // π = (5/8, 3/8).
        let tele = RankCentralityOptions {
            teleport: 0.5,
            ..RankCentralityOptions::default()
        };
        let r = rank_centrality(&o, tele).expect("ranks");
        assert!((r.scores[0] - 0.625).abs() < 1e-15, "{:?}", r.scores);
    }

    #[test]
    fn refusals() {
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let with = |f: fn(&mut RankCentralityOptions)| {
            let mut p = RankCentralityOptions::default();
            f(&mut p);
            rank_centrality(&o, p)
        };
        assert!(matches!(
            with(|p| p.smoothing = -1.0),
            Err(RankError::Other(_))
        ));
        assert!(matches!(
            with(|p| p.teleport = 1.0),
            Err(RankError::Other(_))
        ));
        assert!(matches!(with(|p| p.max_iter = 0), Err(RankError::Other(_))));
        let none = Outcomes::from_counts(vec![], vec![vec![], vec![]]);
        assert_eq!(
            rank_centrality(&none, RankCentralityOptions::default()),
            Err(RankError::NoTasks)
        );
    }
}
