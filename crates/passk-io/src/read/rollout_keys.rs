//! How rollout files are read where the user chooses: the keys, and the slack of the default
//! threshold.

/// What the note of a reward threshold says between the reward read and the threshold
/// ("a sample passes when its reward ≥ 0.999999 (…)"): `FileRead::read_at_threshold` looks
/// for it.
pub const THRESHOLD_NOTE: &str = " ≥ ";

/// Below the largest reward by at most this, a reward counts as the largest (the default
/// threshold: rewards written as 0.9999999 and 1.0 are the same grade).
pub const THRESHOLD_SLACK: f64 = 1e-6;

/// The keys a rollout file is read by: the user's (`ReadOptions`), else the known ones.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RolloutKeys {
    /// The problem's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The reward (or the verdict, when it holds only true/false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward: Option<String>,
    /// The training step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
}
