//! The listwise events of scorio's `rank/listwise.py:_extract_winners_losers_events` from
//! counts: per (task, sample) the series that passed win and the rest lose; an event where
//! all pass or all fail is dropped.

use std::collections::BTreeMap;

use super::outcomes::Outcomes;

/// How often each winner set occurs (`true` for a winner), summed over tasks and samples.
///
/// # Formula
/// Sample t of a task is a pass for a series when t < c (c ones then n − c zeros), so the
/// winners at t are {i : c_i > t}. With the task's distinct counts v_1 < … < v_r, the
/// samples t ∈ [v_a, v_{a+1}) share the winners {i : c_i > v_a} (a < r): that set occurs
/// v_{a+1} − v_a times; t < v_1 (all pass) and t ≥ v_r (none) are dropped.
pub(crate) fn winner_sets(o: &Outcomes) -> BTreeMap<Vec<bool>, f64> {
    let mut out = BTreeMap::new();
    for k in 0..o.tasks() {
        let col: Vec<u64> = o.c.iter().map(|row| row[k]).collect();
        let mut levels = col.clone();
        levels.sort_unstable();
        levels.dedup();
        for pair in levels.windows(2) {
            let winners: Vec<bool> = col.iter().map(|c| *c > pair[0]).collect();
            *out.entry(winners).or_insert(0.0) += (pair[1] - pair[0]) as f64;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // n = 5, c = 3, 1, 3, 0: t = 0 → {0, 1, 2}; t = 1, 2 → {0, 2}; t = 3, 4 → none.
        // A second task n = 2, c = 2, 2, 2, 2: all pass, dropped.
        let o = Outcomes::from_counts(
            vec![5, 2],
            vec![vec![3, 2], vec![1, 2], vec![3, 2], vec![0, 2]],
        );
        let s = winner_sets(&o);
        assert_eq!(s.len(), 2);
        assert_eq!(s[&vec![true, true, true, false]], 1.0);
        assert_eq!(s[&vec![true, false, true, false]], 2.0);
    }
}
