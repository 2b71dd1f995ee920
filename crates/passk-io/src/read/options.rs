//! Choices about reading that no file says: how answers are compared, which metric counts,
//! what partial credit is, and how rollout files are read.

use super::rollout_keys::RolloutKeys;

/// Choices about reading that no file says: how answers are compared, which metric counts,
/// what partial credit is.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ReadOptions {
    /// Compare answers ignoring case (majority voting).
    #[serde(default)]
    pub fold_case: bool,
    /// The lm-evaluation-harness metric to count by, instead of `pass@1`, then
    /// `exact_match`, then `acc`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    /// What inspect_ai's partial credit `P` counts as: correct (`Some(true)`), incorrect
    /// (`Some(false)`), or neither, its samples rejected (None).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial: Option<bool>,
    /// The reward at or above which a rollout passes (None: the largest reward in the file),
    /// as the user wrote it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threshold: Option<String>,
    /// Whether a sample cut off at the length limit (`finish_reason: "length"`, verifiers'
    /// `is_truncated`) is an errored sample rather than a plain failure.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated_errors: bool,
    /// The keys a rollout file is read by, where the user chose them.
    #[serde(default, skip_serializing_if = "is_default")]
    pub keys: RolloutKeys,
}

fn is_default(k: &RolloutKeys) -> bool {
    *k == RolloutKeys::default()
}

impl ReadOptions {
    /// The threshold the user gave, if it is a finite number.
    pub fn threshold_value(&self) -> Option<f64> {
        self.threshold
            .as_deref()
            .and_then(|t| t.trim().parse::<f64>().ok())
            .filter(|t| t.is_finite())
    }
}
