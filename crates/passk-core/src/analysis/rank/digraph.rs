//! Reachability in the comparison graph of the series: strong connectivity (scorio's
//! `rank/rank_centrality.py:_is_strongly_connected`) and the connected components of a
//! symmetric weighting (HodgeRank's Laplacian splits along them).

/// Whether every vertex reaches every other along the edges `adj[i][j]` (i → j), and back.
pub(crate) fn strongly_connected(adj: &[Vec<bool>]) -> bool {
    let m = adj.len();
    if m == 0 {
        return true;
    }
    let reach_all = |rev: bool| {
        let mut seen = vec![false; m];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in 0..m {
                let edge = if rev { adj[j][i] } else { adj[i][j] };
                if edge && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|s| *s)
    };
    reach_all(false) && reach_all(true)
}

/// The connected components of the undirected graph with an edge where `w[i][j] > 0` or
/// `w[j][i] > 0`, each listed in increasing order, ordered by their first vertex.
pub(crate) fn components(w: &[Vec<f64>]) -> Vec<Vec<usize>> {
    let m = w.len();
    let mut label = vec![usize::MAX; m];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for start in 0..m {
        if label[start] != usize::MAX {
            continue;
        }
        let id = out.len();
        label[start] = id;
        let mut members = vec![start];
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for j in 0..m {
                if label[j] == usize::MAX && (w[i][j] > 0.0 || w[j][i] > 0.0) {
                    label[j] = id;
                    members.push(j);
                    stack.push(j);
                }
            }
        }
        members.sort_unstable();
        out.push(members);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // 0 → 1 → 2 → 0 is strongly connected; drop 2 → 0 and it is not.
        let mut adj = vec![vec![false; 3]; 3];
        adj[0][1] = true;
        adj[1][2] = true;
        adj[2][0] = true;
        assert!(strongly_connected(&adj));
        adj[2][0] = false;
        assert!(!strongly_connected(&adj));
        assert!(strongly_connected(&[]));
        // Edges 0–2 and 1–3: two components.
        let mut w = vec![vec![0.0; 4]; 4];
        w[0][2] = 1.0;
        w[3][1] = 2.0;
        assert_eq!(components(&w), vec![vec![0, 2], vec![1, 3]]);
    }
}
