//! Scores from a strict preference relation by topological levels: the series nothing is
//! preferred to score L, the next layer L − 1, and so on (scorio's
//! `rank/voting.py:_topological_level_scores`), used by Schulze, Ranked Pairs and Kemeny–Young.

/// Level scores of `adj` (`adj[i][j]`: i ranks above j): the series with no remaining
/// predecessor share the current score (starting at L, the number of series), are removed,
/// and the score drops by one. Should a cycle be left, its series all share the current score
/// (scorio's fallback; the callers give acyclic relations).
pub(crate) fn level_scores(adj: &[Vec<bool>]) -> Vec<f64> {
    let l = adj.len();
    let mut indeg: Vec<usize> = (0..l)
        .map(|j| {
            (0..l)
                .filter(|i| adj[*i].get(j).copied().unwrap_or(false))
                .count()
        })
        .collect();
    let mut remaining = vec![true; l];
    let mut scores = vec![0.0; l];
    let mut current = l as f64;
    while remaining.iter().any(|r| *r) {
        let nodes: Vec<usize> = (0..l).filter(|i| remaining[*i] && indeg[*i] == 0).collect();
        if nodes.is_empty() {
            for i in 0..l {
                if remaining[i] {
                    scores[i] = current;
                }
            }
            break;
        }
        for u in &nodes {
            scores[*u] = current;
            remaining[*u] = false;
        }
        current -= 1.0;
        for u in &nodes {
            for (v, d) in indeg.iter_mut().enumerate() {
                if adj[*u].get(v).copied().unwrap_or(false) {
                    *d = d.saturating_sub(1);
                }
            }
        }
    }
    scores
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_by_hand() {
        // 0 above 1 and 2, 1 above 3; 2 and 1 on one level: scores 4, 3, 3, 2.
        let mut a = vec![vec![false; 4]; 4];
        a[0][1] = true;
        a[0][2] = true;
        a[1][3] = true;
        assert_eq!(level_scores(&a), vec![4.0, 3.0, 3.0, 2.0]);
        // A cycle 1 → 2 → 1 under 0: 0 scores 3, the cycle ties at 2.
        let mut c = vec![vec![false; 3]; 3];
        c[0][1] = true;
        c[1][2] = true;
        c[2][1] = true;
        assert_eq!(level_scores(&c), vec![3.0, 2.0, 2.0]);
    }
}
