//! Majority Judgment: each task grades a series by its passes c; series compare by median
//! grade, ties broken by removing medians in turn.

use super::outcomes::Outcomes;
use super::preferences::check;
use super::ranking::{RankError, Ranking};

/// Ranks the series by Majority Judgment over tasks (scorio 0.2.3
/// `rank/voting.py:majority_judgment`).
///
/// # Formula
/// Series l's grades are its counts c_l,t over the M tasks. Its majority-value sequence takes
/// the lower median of its grades (the ((t − 1) div 2)-th smallest of t), removes one copy of
/// it, and repeats until none is left. Series compare by these sequences lexicographically,
/// larger first (scorio compares medians round by round and stops at the first difference);
/// equal sequences tie. The scores are levels: the best class L, the next L − 1, and so on.
/// Higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task,
/// [`RankError::UnequalN`] when the tasks' n differ (the grades 0…N are one scale only for one
/// N, as in scorio's tensor).
pub fn majority_judgment(o: &Outcomes) -> Result<Ranking, RankError> {
    check(o)?;
    o.common_n().ok_or(RankError::UnequalN)?;
    let l = o.series();
    let sequences: Vec<Vec<u64>> = o.c.iter().map(|row| majority_values(row)).collect();
    let mut order: Vec<usize> = (0..l).collect();
    order.sort_by(|a, b| sequences[*b].cmp(&sequences[*a]));
    let mut scores = vec![0.0; l];
    let mut current = l as f64;
    for (pos, i) in order.iter().enumerate() {
        if pos > 0 && sequences[*i] != sequences[order[pos - 1]] {
            current -= 1.0;
        }
        scores[*i] = current;
    }
    Ok(Ranking::of_scores(scores))
}

/// The lower medians of `grades`, each removed in turn. Removing the lower median of a sorted
/// list leaves a lower block and an upper block whose sizes differ by at most one, and the next
/// lower median is the last of the lower block or the first of the upper: two pointers.
fn majority_values(grades: &[u64]) -> Vec<u64> {
    let mut a = grades.to_vec();
    a.sort_unstable();
    let t = a.len();
    let mut out = Vec::with_capacity(t);
    if t == 0 {
        return out;
    }
    let mid = (t - 1) / 2;
    out.push(a[mid]);
    // Lower block a[..lo], upper block a[hi..].
    let (mut lo, mut hi) = (mid, mid + 1);
    while lo > 0 || hi < t {
        let remaining = lo + (t - hi);
        if (remaining - 1) / 2 < lo {
            lo -= 1;
            out.push(a[lo]);
        } else {
            out.push(a[hi]);
            hi += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_values_by_hand() {
        // 1 2 3 4 5: median 3, then of 1 2 4 5 the lower 2, of 1 4 5 the 4, of 1 5 the 1, 5.
        assert_eq!(majority_values(&[5, 3, 1, 4, 2]), vec![3, 2, 4, 1, 5]);
        // 1 2 3 4: 2, then of 1 3 4 the 3, of 1 4 the 1, then 4.
        assert_eq!(majority_values(&[4, 3, 2, 1]), vec![2, 3, 1, 4]);
        // Against removing the lower median from a list, one by one.
        let g = [7, 0, 3, 3, 9, 1, 3, 8, 2];
        let mut v = g.to_vec();
        v.sort_unstable();
        let mut slow = Vec::new();
        while !v.is_empty() {
            slow.push(v.remove((v.len() - 1) / 2));
        }
        assert_eq!(majority_values(&g), slow);
    }

    #[test]
    fn majority_judgment_by_hand() {
        // n = 4, three tasks. A grades 4 1 1 → sequence 1 1 4; B grades 2 2 0 → 2 0 2;
        // C grades 1 4 1 → 1 1 4 (A's). B first (median 2), then A and C tied: 3, 2, 2.
        let o = Outcomes::from_counts(
            vec![4; 3],
            vec![vec![4, 1, 1], vec![2, 2, 0], vec![1, 4, 1]],
        );
        let r = majority_judgment(&o).unwrap();
        assert_eq!(r.scores, vec![2.0, 3.0, 2.0]);
        assert_eq!(r.ranks, vec![2.0, 1.0, 2.0]);
        let u = Outcomes::from_counts(vec![4, 5], vec![vec![1, 1], vec![2, 2]]);
        assert_eq!(majority_judgment(&u), Err(RankError::UnequalN));
    }
}
