//! Synthetic datasets drawn from a zero/one-inflated Beta prior (for the backtest, the
//! benchmark and the tests).

use super::counts::Counts;
use crate::data::dataset::Dataset;

use crate::data::task::Task;
use crate::num::rng::SplitMix64;
use crate::num::sample::{beta, binomial};

/// The prior of synthetic success rates: π0·δ0 + π1·δ1 + (1 − π0 − π1)·Beta(a, b).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InflatedBeta {
    /// Weight of the atom at 0.
    pub pi0: f64,
    /// Weight of the atom at 1.
    pub pi1: f64,
    /// a of the Beta part.
    pub a: f64,
    /// b of the Beta part.
    pub b: f64,
}

impl InflatedBeta {
    /// π0·δ0 + π1·δ1 + (1 − π0 − π1)·Beta(a, b).
    pub fn new(pi0: f64, pi1: f64, a: f64, b: f64) -> Self {
        InflatedBeta { pi0, pi1, a, b }
    }

    /// One success rate.
    pub fn draw(&self, rng: &mut SplitMix64) -> f64 {
        let u = rng.uniform();
        if u < self.pi0 {
            0.0
        } else if u < self.pi0 + self.pi1 {
            1.0
        } else {
            beta(rng, self.a, self.b)
        }
    }
}

/// A synthetic series: `tasks` tasks, n uniform in `n_lo..=n_hi`, p from `prior`,
/// c ~ Binomial(n, p); task ids `t0`, `t1`, …
pub fn synthetic(
    name: &str,
    tasks: usize,
    n_lo: u64,
    n_hi: u64,
    prior: InflatedBeta,
    seed: u64,
) -> Dataset {
    let mut rng = SplitMix64::new(seed);
    let (lo, hi) = (n_lo.max(1), n_hi.max(n_lo.max(1)));
    let tasks = (0..tasks)
        .map(|i| {
            let n = lo + rng.below(hi - lo + 1);
            let p = prior.draw(&mut rng);
            let c = binomial(&mut rng, n, p);
            Task::new(
                Some(format!("t{i}")),
                Counts::new(n, c).unwrap_or(Counts::ZERO_RATE),
            )
        })
        .collect();
    Dataset {
        name: name.to_string(),
        tasks,
        meta: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synthetic_is_seeded() {
        let p = InflatedBeta::new(0.2, 0.1, 1.0, 2.0);
        let a = synthetic("s", 100, 5, 9, p, 3);
        assert_eq!(a, synthetic("s", 100, 5, 9, p, 3));
        assert!(a.tasks.iter().all(|t| (5..=9).contains(&t.counts.n())));
    }
}
