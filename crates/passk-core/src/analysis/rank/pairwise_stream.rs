//! The stream of induced matches that scorio's sequential ratings (Elo, Glicko, TrueSkill)
//! play: one event per (trial, task), trial by trial, and in each event every pair of series.

use super::outcomes::Outcomes;
use super::ranking::RankError;

/// What a tied pair — both passed (1, 1) or both failed (0, 0) — counts as (scorio's
/// `rank/_types.py:PairwiseTieHandling`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairwiseTies {
    /// Ties are no match.
    Skip,
    /// Both kinds of tie are draws.
    Draw,
    /// (1, 1) is a draw, (0, 0) no match.
    CorrectDrawOnly,
}

impl PairwiseTies {
    /// Series i's score against j (1, ½, 0) when i passed `a` and j passed `b`; `None` when
    /// the pair plays no match.
    pub(crate) fn score(self, a: bool, b: bool) -> Option<f64> {
        match (a, b) {
            (true, false) => Some(1.0),
            (false, true) => Some(0.0),
            (true, true) if self != PairwiseTies::Skip => Some(0.5),
            (false, false) if self == PairwiseTies::Draw => Some(0.5),
            _ => None,
        }
    }

    /// Whether an event where no series passed plays a match.
    pub(crate) fn plays_all_fail(self) -> bool {
        self == PairwiseTies::Draw
    }
}

/// Refuses fewer than two series (`TooFew`) and no task (`NoTasks`).
pub(crate) fn check(o: &Outcomes) -> Result<(), RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 || o.c.iter().any(|row| row.len() != o.tasks()) {
        return Err(RankError::NoTasks);
    }
    Ok(())
}

/// A finite option, or an error naming it.
pub(crate) fn finite(name: &str, x: f64) -> Result<f64, RankError> {
    if x.is_finite() {
        Ok(x)
    } else {
        Err(RankError::Other(format!("{name} must be finite")))
    }
}

/// Plays scorio's event order from counts: `for t in 0..N { for q in 0..M { event } trial_end }`,
/// where in event (t, q) series s passed iff t < c[s][q] (c ones then n − c zeros). A task
/// whose n is below the largest has no event at its trials t ≥ n (scorio's tensor needs one n:
/// this is the natural generalisation). `event(Some(passed))` is one event, `event(None)` the
/// end of a trial. With `skip_idle`, events where no series passed are left out (the methods
/// where those change nothing).
pub(crate) fn for_each_event(
    o: &Outcomes,
    skip_idle: bool,
    mut event: impl FnMut(Option<&[bool]>),
) {
    let m = o.series();
    let n_max = o.n.iter().copied().max().unwrap_or(0);
    // The trials at which each task still has an event: t < n, and with `skip_idle` t below
    // its largest count.
    let last: Vec<u64> = (0..o.tasks())
        .map(|q| {
            let top = o.c.iter().map(|row| row[q]).max().unwrap_or(0);
            if skip_idle {
                o.n[q].min(top)
            } else {
                o.n[q]
            }
        })
        .collect();
    // The tasks with events left, in task order: each trial visits those alone (at n = 10,000
    // most of the trials × tasks have none).
    let mut active: Vec<usize> = (0..o.tasks()).filter(|q| last[*q] > 0).collect();
    let mut passed = vec![false; m];
    for t in 0..n_max {
        active.retain(|q| t < last[*q]);
        for &q in &active {
            for (s, row) in o.c.iter().enumerate() {
                passed[s] = t < row[q];
            }
            event(Some(&passed));
        }
        event(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_in_scorio_order() {
        // n = 2, 1; c = [[2, 0], [1, 1]]: (t0,q0) = [1,1], (t0,q1) = [0,1], (t1,q0) = [1,0].
        let o = Outcomes::from_counts(vec![2, 1], vec![vec![2, 0], vec![1, 1]]);
        let mut seen = Vec::new();
        let mut trials = 0;
        for_each_event(&o, false, |p| match p {
            Some(p) => seen.push(p.to_vec()),
            None => trials += 1,
        });
        assert_eq!(
            seen,
            vec![vec![true, true], vec![false, true], vec![true, false]]
        );
        assert_eq!(trials, 2);
        assert_eq!(PairwiseTies::CorrectDrawOnly.score(false, false), None);
        assert_eq!(PairwiseTies::Draw.score(false, false), Some(0.5));
        assert_eq!(PairwiseTies::Skip.score(true, true), None);
    }
}
