//! Kemeny–Young: the orders of the series that agree with the most pairwise task preferences,
//! found exactly by dynamic programming over subsets.

use super::levels::level_scores;
use super::outcomes::Outcomes;
use super::preferences::{check, twice_preference_counts, TiePolicy};
use super::ranking::{RankError, Ranking, Stop, StopReason};

/// The most series [`kemeny_young`] takes: the dynamic programme keeps three tables of 2^L
/// entries (24 MiB at L = 20) and does about 2^L · L²/4 additions (10^8 at L = 20, well under a
/// second); each series more doubles both. scorio's MILP proves optimality by branch and bound
/// and solves up to L(L − 1)/2 more programmes for the ties, with no stated limit.
pub const KEMENY_MAX_SERIES: usize = 20;

/// Ranks the series by Kemeny–Young over tasks (scorio 0.2.3 `rank/voting.py:kemeny_young`;
/// defaults `tie_policy="half"`, `tie_aware=True`), exactly.
///
/// # Formula
/// With P the pairwise preference counts, a total order σ agrees with
/// K(σ) = Σ_{i above j in σ} P_ij task preferences; the Kemeny orders maximise K.
/// Tie-aware (`tie_aware = true`, scorio's default): i is forced above j when i is above j in
/// every Kemeny order, and the scores are the topological levels of the forced relation (L for
/// series nothing is forced above, then L − 1, …). Otherwise one Kemeny order: s_i = the number
/// of series below i (the order found first here, preferring at each place from the bottom the
/// lowest-indexed series; where the optimum is not unique, scorio's solver may pick another).
/// Higher is better.
///
/// scorio solves the linear-ordering integer programme with `scipy.optimize.milp` (one more
/// per pair for the ties). Here F(S), the best agreement of S arranged above the rest, is
/// max_{x∈S} F(S∖x) + Σ_{s∈S∖x} P_sx, and G(S) the same for S arranged below; the optimum is
/// F(all), and j can be above i in some Kemeny order iff some S ∋ j, S ∌ i has
/// F(S) + G(S̄) + Σ_{s∈S, t∉S} P_st = F(all). The sums are of 2P, integers: exact.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] without a task,
/// [`RankError::TooLarge`] over [`KEMENY_MAX_SERIES`] series.
pub fn kemeny_young(o: &Outcomes, ties: TiePolicy, tie_aware: bool) -> Result<Ranking, RankError> {
    check(o)?;
    let l = o.series();
    if l > KEMENY_MAX_SERIES {
        return Err(RankError::TooLarge {
            size: l as u64,
            limit: KEMENY_MAX_SERIES as u64,
        });
    }
    let w = twice_preference_counts(o, ties);
    let full: usize = (1 << l) - 1;
    // into[S][x] without the table: Σ_{s∈S} w[s][x], and out of x into S: Σ_{s∈S} w[x][s].
    let sum_into = |set: usize, x: usize| -> u64 { bits(set).map(|s| w[s][x]).sum() };
    let sum_from = |x: usize, set: usize| -> u64 { bits(set).map(|s| w[x][s]).sum() };
    let mut top = vec![0u64; full + 1];
    let mut bottom = vec![0u64; full + 1];
    for set in 1..=full {
        let (mut best_t, mut best_b) = (0u64, 0u64);
        for x in bits(set) {
            let rest = set & !(1 << x);
            best_t = best_t.max(top[rest] + sum_into(rest, x));
            best_b = best_b.max(bottom[rest] + sum_from(x, rest));
        }
        top[set] = best_t;
        bottom[set] = best_b;
    }
    let best = top[full];
    let scores = if tie_aware {
        // can_above[j]: the series i with j above i in some Kemeny order.
        let mut can_above = vec![0usize; l];
        let mut cross = vec![0u64; full + 1];
        for set in 1..full {
            let x = set.trailing_zeros() as usize;
            let rest = set & !(1 << x);
            // Moving x from the bottom side to the top side.
            cross[set] = cross[rest] + sum_from(x, full & !set) - sum_into(rest, x);
            if top[set] + bottom[full & !set] + cross[set] == best {
                for j in bits(set) {
                    can_above[j] |= full & !set;
                }
            }
        }
        let forced: Vec<Vec<bool>> = (0..l)
            .map(|i| {
                (0..l)
                    .map(|j| i != j && can_above[j] & (1 << i) == 0)
                    .collect()
            })
            .collect();
        level_scores(&forced)
    } else {
        // Walk back from the full set: the bottom-most place first.
        let mut scores = vec![0.0; l];
        let (mut set, mut below) = (full, 0.0);
        while set != 0 {
            let pick = bits(set).find(|x| {
                let rest = set & !(1 << x);
                top[rest] + sum_into(rest, *x) == top[set]
            });
            let Some(x) = pick else { break };
            scores[x] = below;
            below += 1.0;
            set &= !(1 << x);
        }
        scores
    };
    let mut r = Ranking::of_scores(scores);
    r.stop = Some(Stop {
        reason: StopReason::Exact,
        iterations: 0,
    });
    Ok(r)
}

/// The members of `set`, ascending.
fn bits(mut set: usize) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let b = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kemeny_by_hand() {
        // The Ranked Pairs example: P_AB = 3, P_BA = 2, P_BC = 4, P_CB = 1, P_CA = 3,
        // P_AC = 2. Orders: ABC 3+4+2 = 9, BCA 4+2+3 = 9, CAB 3+3+1 = 7, ACB 3+2+1 = 6,
        // BAC 2+4+2 = 8, CBA 1+3+2 = 6. Kemeny orders ABC and BCA: only B above C is forced;
        // A and B have nothing forced above them (level 3), C is below B (level 2).
        let o = Outcomes::from_counts(
            vec![3; 5],
            vec![
                vec![3, 3, 1, 1, 2],
                vec![2, 2, 3, 3, 1],
                vec![1, 1, 2, 2, 3],
            ],
        );
        let r = kemeny_young(&o, TiePolicy::Half, true).unwrap();
        assert_eq!(r.scores, vec![3.0, 3.0, 2.0]);
        assert_eq!(r.ranks, vec![1.0, 1.0, 3.0]);
        // One order: from the bottom, A first (F({B, C}) + P_BA + P_CA = 4 + 2 + 3 = 9, the
        // optimum), then C, then B: BCA, scores 0, 2, 1.
        let t = kemeny_young(&o, TiePolicy::Half, false).unwrap();
        assert_eq!(t.scores, vec![0.0, 2.0, 1.0]);
    }

    #[test]
    fn kemeny_limit() {
        let big = Outcomes::from_counts(vec![1], vec![vec![0]; KEMENY_MAX_SERIES + 1]);
        assert_eq!(
            kemeny_young(&big, TiePolicy::Half, true),
            Err(RankError::TooLarge {
                size: 21,
                limit: 20
            })
        );
    }
}
