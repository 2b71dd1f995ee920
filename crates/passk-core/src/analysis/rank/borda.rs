//! Borda count over tasks: each task ranks the series by c, positional points summed.

use super::outcomes::Outcomes;
use super::preferences::check;
use super::ranking::{RankError, Ranking};

/// How a task ranks series with the same c (scipy's `rankdata` `method`, rank 1 the most
/// passes), for the Borda points of Nanson and Baldwin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RankTies {
    /// The mean of the places the tied series take (scorio's default `"average"`).
    #[default]
    Average,
    /// The best of those places (`"min"`).
    Min,
    /// The worst of those places (`"max"`).
    Max,
    /// One place per distinct c, no gaps (`"dense"`).
    Dense,
    /// Distinct places, tied series in their input order (`"ordinal"`).
    Ordinal,
}

/// The Borda points of the series `active` (indices into `o.c`, any order): per task, A − r
/// where A = `active.len()` and r is the series' rank among `active` by descending c under
/// `ties`, summed over tasks (scorio's per-round Borda of `nanson` and `baldwin`). Every value
/// is a multiple of ½, exact in f64.
pub(crate) fn borda_points(o: &Outcomes, active: &[usize], ties: RankTies) -> Vec<f64> {
    let a = active.len();
    let mut points = vec![0.0; a];
    let mut order: Vec<usize> = (0..a).collect();
    for t in 0..o.tasks() {
        let c = |p: usize| o.c[active[p]][t];
        // Descending c; equal c by position in `active` (rankdata's stable 'ordinal').
        order.sort_by(|x, y| c(*y).cmp(&c(*x)).then(active[*x].cmp(&active[*y])));
        let (mut start, mut dense) = (0, 0.0);
        while start < a {
            let mut end = start + 1;
            while end < a && c(order[end]) == c(order[start]) {
                end += 1;
            }
            dense += 1.0;
            let (g, e) = (start as f64, (end - start) as f64);
            for (k, p) in order[start..end].iter().enumerate() {
                let r = match ties {
                    RankTies::Average => g + (e + 1.0) / 2.0,
                    RankTies::Min => g + 1.0,
                    RankTies::Max => g + e,
                    RankTies::Dense => dense,
                    RankTies::Ordinal => g + k as f64 + 1.0,
                };
                points[*p] += a as f64 - r;
            }
            start = end;
        }
    }
    points
}

/// Ranks the series by their Borda count over tasks (scorio 0.2.3 `rank/voting.py:borda`).
///
/// # Formula
/// With r_lt the rank of series l on task t by descending c among all L series, tied series
/// taking the mean of their places,
/// s_l = Σ_t (L − r_lt). Higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task.
pub fn borda(o: &Outcomes) -> Result<Ranking, RankError> {
    check(o)?;
    let all: Vec<usize> = (0..o.series()).collect();
    Ok(Ranking::of_scores(borda_points(o, &all, RankTies::Average)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borda_by_hand() {
        // scorio's example: task 1 c = (3, 2, 0) → points 2, 1, 0; task 2 c = (1, 1, 3) →
        // ranks 2.5, 2.5, 1 → points 0.5, 0.5, 2. Sums 2.5, 1.5, 2.0; ranks 1, 3, 2.
        let o = Outcomes::from_counts(vec![3; 2], vec![vec![3, 1], vec![2, 1], vec![0, 3]]);
        let r = borda(&o).unwrap();
        assert_eq!(r.scores, vec![2.5, 1.5, 2.0]);
        assert_eq!(r.ranks, vec![1.0, 3.0, 2.0]);
        // The other tie rules on task 2 (1, 1, 3): min ranks 2, 2, 1 → 1, 1, 2; max 3, 3, 1 →
        // 0, 0, 2; dense 2, 2, 1 → 1, 1, 2; ordinal 2, 3, 1 → 1, 0, 2.
        let all = [0, 1, 2];
        let t2 = Outcomes::from_counts(vec![3], vec![vec![1], vec![1], vec![3]]);
        assert_eq!(borda_points(&t2, &all, RankTies::Min), vec![1.0, 1.0, 2.0]);
        assert_eq!(borda_points(&t2, &all, RankTies::Max), vec![0.0, 0.0, 2.0]);
        assert_eq!(
            borda_points(&t2, &all, RankTies::Dense),
            vec![1.0, 1.0, 2.0]
        );
        assert_eq!(
            borda_points(&t2, &all, RankTies::Ordinal),
            vec![1.0, 0.0, 2.0]
        );
        // Among the active series 2 and 0 only (in that order): c = 3, 1 → 1, 0.
        assert_eq!(
            borda_points(&t2, &[2, 0], RankTies::Average),
            vec![1.0, 0.0]
        );
    }
}
