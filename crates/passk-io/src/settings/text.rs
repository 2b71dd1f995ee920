//! The analysis settings as the page's fields hold them.

/// The analysis settings as the page's fields hold them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SettingsText {
    /// Budgets of the results table.
    pub k_list: String,
    /// Thresholds of the Cover rows.
    pub tau_list: String,
    /// Thresholds of the G-Pass@k_τ columns.
    pub g_tau_list: String,
    /// Largest k of the Pass@k chart (empty: automatic).
    pub k_max: String,
    /// LinMix m_low, m_high.
    pub linmix: String,
    /// Prior α0, β0 of the credible interval.
    pub prior: String,
    /// Confidence level of the interval.
    pub confidence: String,
    /// CV folds.
    pub folds: String,
    /// Bootstrap resamples.
    pub bootstrap: String,
    /// Seed.
    pub seed: String,
}

impl Default for SettingsText {
    fn default() -> Self {
        SettingsText {
            k_list: "1, 2, 5, 10, 20, 50, 100, 200, 500, 1000".into(),
            tau_list: "0.2, 0.8".into(),
            g_tau_list: "0.5, 0.75, 1.0".into(),
            k_max: String::new(),
            linmix: "10, 50".into(),
            prior: "1, 1".into(),
            confidence: "0.95".into(),
            folds: "10".into(),
            bootstrap: "0".into(),
            seed: "0".into(),
        }
    }
}
