//! Why a search ended (its termination reason, as argmin reports it).

use std::fmt;

/// Why the optimiser stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerminationReason {
    /// The projected gradient fell below the tolerance: a (possibly boundary) maximum.
    GradientTolerance,
    /// No step improved the objective any more (converged to working precision).
    NoImprovement,
    /// The iteration limit was reached first.
    MaxIterations,
    /// The next Newton step promised to gain less than the search's tolerance (a search
    /// that needs its optimum to a set number of nats, not to working precision).
    GainTolerance,
}

impl TerminationReason {
    /// Whether this counts as converged.
    pub fn converged(&self) -> bool {
        !matches!(self, TerminationReason::MaxIterations)
    }
}

impl fmt::Display for TerminationReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TerminationReason::GradientTolerance => "projected gradient below tolerance",
            TerminationReason::NoImprovement => "no further improvement at working precision",
            TerminationReason::MaxIterations => "iteration limit reached",
            TerminationReason::GainTolerance => "the next step would gain less than the tolerance",
        })
    }
}
