//! How much the order of the series depends on the method: Kendall's τ-b between every two
//! methods' scores, Kendall's W over all of them, and the pairs of series whose order some
//! method reverses.

use serde::{Deserialize, Serialize};

use super::ranking::TIE_TOL;
use crate::analysis::bradley_terry::kendall_tau_b;

/// One pair of series whose order depends on the method.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DisputedPair {
    /// The series the most methods put first (index in the input).
    pub first: usize,
    /// The other series.
    pub second: usize,
    /// The methods (their indices) that put `first` ahead.
    pub agree: Vec<usize>,
    /// The methods that put `second` ahead.
    pub reverse: Vec<usize>,
    /// The methods that tie them.
    pub tie: Vec<usize>,
}

/// The agreement between methods.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Agreement {
    /// `tau_b[a][b]`: Kendall's τ-b between methods a and b (NaN where a method ties every
    /// series).
    pub tau_b: Vec<Vec<f64>>,
    /// Kendall's W (coefficient of concordance, corrected for ties) over every method.
    pub w: f64,
    /// The pairs of series that not every method orders the same way (a tie counts as a
    /// different order), most disputed first, then nearest the top (by the series' mean rank
    /// over the methods, which also puts first the better of an evenly split pair).
    pub disputed: Vec<DisputedPair>,
}

/// Average ranks (1 best; tied scores, within [`TIE_TOL`] of their group's first, share the
/// mean of their places).
pub fn average_ranks(scores: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]));
    let mut ranks = vec![0.0; scores.len()];
    let mut start = 0;
    while start < order.len() {
        let lead = scores[order[start]];
        let mut end = start + 1;
        while end < order.len() && (scores[order[end]] - lead).abs() <= TIE_TOL {
            end += 1;
        }
        let mean = (start + 1 + end) as f64 / 2.0;
        for i in &order[start..end] {
            ranks[*i] = mean;
        }
        start = end;
    }
    ranks
}

/// The agreement of the methods whose scores (higher better, one list per method, each over
/// the same series in the same order) are `scores`.
///
/// # Formula
/// τ-b as [`kendall_tau_b`]. With m methods ranking n series by average ranks R_li,
/// S = Σ_i (Σ_l R_li − m(n + 1)/2)², T_l = Σ_groups (t³ − t) over method l's ties:
/// W = 12·S / (m²(n³ − n) − m·Σ_l T_l) (Kendall and Babington Smith 1939; 1 when every
/// method gives the same order, NaN below two series or when every method ties all).
pub fn agreement(scores: &[Vec<f64>]) -> Agreement {
    let m = scores.len();
    let n = scores.first().map_or(0, Vec::len);
    let tau_b = (0..m)
        .map(|a| {
            (0..m)
                .map(|b| kendall_tau_b(&scores[a], &scores[b]))
                .collect()
        })
        .collect();
    let ranks: Vec<Vec<f64>> = scores.iter().map(|s| average_ranks(s)).collect();
    let (mf, nf) = (m as f64, n as f64);
    let s: f64 = (0..n)
        .map(|i| {
            let total: f64 = ranks.iter().map(|r| r[i]).sum();
            let d = total - mf * (nf + 1.0) / 2.0;
            d * d
        })
        .sum();
    let ties: f64 = ranks.iter().map(|r| tie_term(r)).sum();
    let w = 12.0 * s / (mf * mf * (nf * nf * nf - nf) - mf * ties);
    // Each series' mean rank over the methods: what orders the disputed pairs and turns an
    // evenly split pair, so that the answer does not depend on the order of the series.
    let mean_rank: Vec<f64> = (0..n)
        .map(|i| ranks.iter().map(|r| r[i]).sum::<f64>() / mf)
        .collect();
    let mut disputed = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (mut above, mut below, mut tie) = (Vec::new(), Vec::new(), Vec::new());
            for (l, r) in ranks.iter().enumerate() {
                if r[i] < r[j] {
                    above.push(l);
                } else if r[i] > r[j] {
                    below.push(l);
                } else {
                    tie.push(l);
                }
            }
            if [above.len(), below.len(), tie.len()].contains(&m) {
                continue;
            }
            let i_first = above.len() > below.len()
                || (above.len() == below.len() && mean_rank[i] <= mean_rank[j]);
            disputed.push(if i_first {
                DisputedPair {
                    first: i,
                    second: j,
                    agree: above,
                    reverse: below,
                    tie,
                }
            } else {
                DisputedPair {
                    first: j,
                    second: i,
                    agree: below,
                    reverse: above,
                    tie,
                }
            });
        }
    }
    // Most disputed first; among as disputed, the pair nearer the top first.
    disputed.sort_by(|a, b| {
        let dissent = |d: &DisputedPair| d.reverse.len() + d.tie.len();
        let height = |d: &DisputedPair| mean_rank[d.first] + mean_rank[d.second];
        dissent(b)
            .cmp(&dissent(a))
            .then(height(a).total_cmp(&height(b)))
    });
    Agreement { tau_b, w, disputed }
}

/// Σ over groups of tied average ranks of t³ − t.
fn tie_term(ranks: &[f64]) -> f64 {
    let mut sorted = ranks.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mut total = 0.0;
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i + 1;
        while j < sorted.len() && sorted[j] == sorted[i] {
            j += 1;
        }
        let t = (j - i) as f64;
        total += t * t * t - t;
        i = j;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        assert_eq!(
            average_ranks(&[3.0, 1.0, 3.0, 0.0]),
            vec![1.5, 3.0, 1.5, 4.0]
        );
        // Three methods, three series; the third swaps series 1 and 2.
        let a = agreement(&[
            vec![3.0, 2.0, 1.0],
            vec![30.0, 20.0, 10.0],
            vec![3.0, 1.0, 2.0],
        ]);
        // Rank sums 3, 7, 8; mean 6: S = 9 + 1 + 4 = 14; W = 12·14/(9·24) = 7/9.
        assert!((a.w - 7.0 / 9.0).abs() < 1e-15);
        assert_eq!(a.tau_b[0][1], 1.0);
        assert!((a.tau_b[0][2] - 1.0 / 3.0).abs() < 1e-15);
        assert_eq!(a.disputed.len(), 1);
        let d = &a.disputed[0];
        assert_eq!(
            (d.first, d.second, &d.agree[..], &d.reverse[..]),
            (1, 2, &[0, 1][..], &[2][..])
        );
        // Identical orders: W = 1, nothing disputed.
        let same = agreement(&[vec![1.0, 2.0], vec![5.0, 9.0]]);
        assert_eq!((same.w, same.disputed.len()), (1.0, 0));
    }

    #[test]
    fn the_order_of_the_series_changes_nothing() {
        // Four series, three methods: (0, 1) split evenly by two methods and tied by one,
        // (2, 3) reversed by one.
        let scores = vec![
            vec![4.0, 3.0, 2.0, 1.0],
            vec![3.0, 4.0, 1.0, 2.0],
            vec![3.5, 3.5, 2.0, 1.0],
        ];
        let perm = [2usize, 0, 3, 1];
        let permuted: Vec<Vec<f64>> = scores
            .iter()
            .map(|s| perm.iter().map(|p| s[*p]).collect())
            .collect();
        let (a, b) = (agreement(&scores), agreement(&permuted));
        let named = |d: &DisputedPair, map: &dyn Fn(usize) -> usize| {
            (
                map(d.first),
                map(d.second),
                d.agree.clone(),
                d.reverse.clone(),
                d.tie.clone(),
            )
        };
        let want: Vec<_> = a.disputed.iter().map(|d| named(d, &|i| i)).collect();
        let got: Vec<_> = b.disputed.iter().map(|d| named(d, &|i| perm[i])).collect();
        assert_eq!(got, want);
        assert_eq!((want[0].0, want[0].1), (0, 1));
        assert_eq!(a.w, b.w);
    }
}
