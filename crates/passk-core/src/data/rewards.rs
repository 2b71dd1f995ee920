//! A task's graded outcomes: its samples tallied by reward (0/0.5/1 rubrics, partial credit,
//! −1/1), for Bayes@N and for pass@k by a threshold.

use std::fmt;

/// Why a tally of rewards is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RewardsError {
    /// No samples.
    NoSamples,
    /// A reward that is NaN or infinite (its position in the input).
    NotFinite(usize),
    /// A value with a count of zero (its position in the input).
    EmptyValue(usize),
    /// More samples than a count holds.
    Overflow,
}

impl fmt::Display for RewardsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RewardsError::NoSamples => write!(f, "no samples"),
            RewardsError::NotFinite(i) => write!(f, "reward {} is not a finite number", i + 1),
            RewardsError::EmptyValue(i) => write!(f, "reward value {} has no samples", i + 1),
            RewardsError::Overflow => write!(f, "too many samples to count"),
        }
    }
}

impl std::error::Error for RewardsError {}

/// A task's samples tallied by reward: (reward, samples) with distinct finite rewards,
/// lowest first.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "Vec<(f64, u64)>", into = "Vec<(f64, u64)>")]
pub struct Rewards(Box<[(f64, u64)]>);

impl Rewards {
    /// The tally of one reward per sample.
    ///
    /// # Errors
    /// [`RewardsError::NoSamples`] for none, [`RewardsError::NotFinite`] for a NaN or
    /// infinite reward.
    pub fn of_samples(rewards: &[f64]) -> Result<Rewards, RewardsError> {
        if let Some(i) = rewards.iter().position(|r| !r.is_finite()) {
            return Err(RewardsError::NotFinite(i));
        }
        Rewards::tally(rewards.iter().map(|&r| (r, 1)).collect())
    }

    /// A validated tally: (reward, samples) pairs in any order; equal rewards are added up
    /// (`-0.0` is `0.0`).
    ///
    /// # Errors
    /// [`RewardsError::NoSamples`], [`RewardsError::NotFinite`], [`RewardsError::EmptyValue`]
    /// for a pair with no samples, [`RewardsError::Overflow`].
    pub fn tally(mut pairs: Vec<(f64, u64)>) -> Result<Rewards, RewardsError> {
        if pairs.is_empty() {
            return Err(RewardsError::NoSamples);
        }
        for (i, (r, m)) in pairs.iter_mut().enumerate() {
            if !r.is_finite() {
                return Err(RewardsError::NotFinite(i));
            }
            if *m == 0 {
                return Err(RewardsError::EmptyValue(i));
            }
            // One zero, so that equal rewards compare equal bit for bit.
            *r += 0.0;
        }
        pairs.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        let mut out: Vec<(f64, u64)> = Vec::with_capacity(pairs.len());
        for (r, m) in pairs {
            match out.last_mut() {
                Some(last) if last.0 == r => {
                    last.1 = last.1.checked_add(m).ok_or(RewardsError::Overflow)?;
                }
                _ => out.push((r, m)),
            }
        }
        out.iter()
            .try_fold(0u64, |s, p| s.checked_add(p.1))
            .ok_or(RewardsError::Overflow)?;
        Ok(Rewards(out.into_boxed_slice()))
    }

    /// The (reward, samples) pairs, lowest reward first.
    pub fn values(&self) -> &[(f64, u64)] {
        &self.0
    }

    /// Samples in all.
    pub fn n(&self) -> u64 {
        self.0.iter().map(|p| p.1).sum()
    }

    /// The highest reward.
    pub fn max(&self) -> f64 {
        self.0.last().map_or(f64::NAN, |p| p.0)
    }

    /// Samples whose reward is at least `threshold`.
    pub fn at_least(&self, threshold: f64) -> u64 {
        self.0
            .iter()
            .filter(|p| p.0 >= threshold)
            .map(|p| p.1)
            .sum()
    }

    /// Both tallies together (the samples of two runs of one task).
    ///
    /// # Errors
    /// [`RewardsError::Overflow`].
    pub fn merge(&self, other: &Rewards) -> Result<Rewards, RewardsError> {
        Rewards::tally(self.0.iter().chain(other.0.iter()).copied().collect())
    }
}

// Every reward is finite (checked in `tally`), so equality is an equivalence.
impl Eq for Rewards {}

impl TryFrom<Vec<(f64, u64)>> for Rewards {
    type Error = RewardsError;
    fn try_from(v: Vec<(f64, u64)>) -> Result<Self, Self::Error> {
        Rewards::tally(v)
    }
}

impl From<Rewards> for Vec<(f64, u64)> {
    fn from(r: Rewards) -> Self {
        r.0.into_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_are_tallied_lowest_first_and_merged() {
        let r = Rewards::of_samples(&[1.0, 0.5, -0.0, 1.0, 0.0]).unwrap();
        assert_eq!(r.values(), &[(0.0, 2), (0.5, 1), (1.0, 2)]);
        assert_eq!((r.n(), r.max(), r.at_least(0.5)), (5, 1.0, 3));
        let both = r
            .merge(&Rewards::of_samples(&[0.25, 1.0]).unwrap())
            .unwrap();
        assert_eq!(both.values(), &[(0.0, 2), (0.25, 1), (0.5, 1), (1.0, 3)]);
        let json = serde_json::to_string(&both).unwrap();
        assert_eq!(serde_json::from_str::<Rewards>(&json).unwrap(), both);
    }

    #[test]
    fn bad_tallies_are_refused_with_the_reason() {
        assert_eq!(Rewards::of_samples(&[]), Err(RewardsError::NoSamples));
        assert_eq!(
            Rewards::of_samples(&[1.0, f64::NAN]),
            Err(RewardsError::NotFinite(1))
        );
        assert_eq!(
            Rewards::tally(vec![(1.0, 0)]),
            Err(RewardsError::EmptyValue(0))
        );
        assert_eq!(
            Rewards::tally(vec![(1.0, u64::MAX), (0.0, 1)]),
            Err(RewardsError::Overflow)
        );
        assert!(serde_json::from_str::<Rewards>("[[1.0, 0]]").is_err());
        assert_eq!(
            RewardsError::NotFinite(2).to_string(),
            "reward 3 is not a finite number"
        );
    }
}
