//! The counts of one task (n samples drawn, c passed), validated on construction.

use std::fmt;

/// Largest sample count (n, c or k) passk accepts: 10^12.
pub const MAX_COUNT: u64 = 1_000_000_000_000;

/// Why a task's counts are not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountsError {
    /// n = 0: nothing was sampled.
    NoSamples,
    /// c > n: more passing samples than samples drawn.
    CorrectExceedsSamples {
        /// Samples that passed.
        c: u64,
        /// Samples drawn.
        n: u64,
    },
    /// A count above [`MAX_COUNT`].
    TooLarge(u64),
}

impl fmt::Display for CountsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountsError::NoSamples => write!(f, "n = 0: at least one sample is needed"),
            CountsError::CorrectExceedsSamples { c, n } => {
                write!(f, "c > n: {c} passing out of only {n} samples")
            }
            CountsError::TooLarge(v) => write!(f, "{v} is above the limit of 10^12"),
        }
    }
}

impl std::error::Error for CountsError {}

/// The counts of one task: n samples drawn, c of them passed. Serialised as `[n, c]`, and
/// validated when read back.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "(u64, u64)", try_from = "(u64, u64)")]
pub struct Counts {
    n: u64,
    c: u64,
}

impl Counts {
    /// 0 of 1: the zero rate, as a constant.
    pub const ZERO_RATE: Counts = Counts { n: 1, c: 0 };

    /// Validated counts.
    ///
    /// # Errors
    /// [`CountsError::NoSamples`] for n = 0, [`CountsError::CorrectExceedsSamples`] for c > n,
    /// [`CountsError::TooLarge`] above 10^12.
    pub fn new(n: u64, c: u64) -> Result<Self, CountsError> {
        if n > MAX_COUNT {
            return Err(CountsError::TooLarge(n));
        }
        if n == 0 {
            return Err(CountsError::NoSamples);
        }
        if c > n {
            return Err(CountsError::CorrectExceedsSamples { c, n });
        }
        Ok(Counts { n, c })
    }

    /// Samples drawn.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Samples that passed.
    pub fn c(&self) -> u64 {
        self.c
    }

    /// The observed success rate c/n.
    pub fn rate(&self) -> f64 {
        self.c as f64 / self.n as f64
    }

    /// `n·2^32 + c`, ordered as the counts are, when n < 2^32: a sort key.
    pub(crate) fn packed(self) -> Option<u64> {
        (self.n < 1 << 32).then_some(self.n << 32 | self.c)
    }

    /// The counts of a [`packed`](Self::packed) key.
    pub(crate) fn from_packed(key: u64) -> Counts {
        Counts {
            n: key >> 32,
            c: key & 0xffff_ffff,
        }
    }
}

impl From<Counts> for (u64, u64) {
    fn from(t: Counts) -> (u64, u64) {
        (t.n, t.c)
    }
}

impl TryFrom<(u64, u64)> for Counts {
    type Error = CountsError;
    fn try_from((n, c): (u64, u64)) -> Result<Counts, CountsError> {
        Counts::new(n, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_validated() {
        assert_eq!(Counts::new(0, 0), Err(CountsError::NoSamples));
        assert_eq!(
            Counts::new(10, 11),
            Err(CountsError::CorrectExceedsSamples { c: 11, n: 10 })
        );
        assert!(Counts::new(MAX_COUNT + 1, 0).is_err());
        assert!(Counts::new(MAX_COUNT, MAX_COUNT).is_ok());
    }
}
