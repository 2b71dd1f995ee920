//! Which distribution the scaled success rate's X follows.

use std::fmt;

/// Which distribution X follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Distribution {
    /// X ~ Beta(a, b): s = 1 is BB.
    ScaledBeta,
    /// X ~ Kumaraswamy(a, b), density a·b·x^(a−1)(1 − x^a)^(b−1).
    Kumaraswamy,
}

impl Distribution {
    /// Both families.
    pub const ALL: [Distribution; 2] = [Distribution::ScaledBeta, Distribution::Kumaraswamy];

    /// The report's key.
    pub fn key(self) -> &'static str {
        match self {
            Distribution::ScaledBeta => "scaled_beta",
            Distribution::Kumaraswamy => "kumaraswamy",
        }
    }
}

impl fmt::Display for Distribution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Distribution::ScaledBeta => "scaled Beta",
            Distribution::Kumaraswamy => "Kumaraswamy",
        })
    }
}
