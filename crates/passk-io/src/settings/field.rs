//! The fields of the analysis settings, by name.

use super::text::SettingsText;

/// One field of the analysis settings: its key in errors and links, its `data-testid`, its
/// label, and its text in [`SettingsText`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// The k list of the results table.
    KList,
    /// The τ list of the Cover rows.
    TauList,
    /// The τ list of the G-Pass@k_τ columns.
    GTauList,
    /// The chart's k_max.
    KMax,
    /// LinMix m_low, m_high.
    LinMix,
    /// The credible prior.
    Prior,
    /// The interval's level.
    Confidence,
    /// CV folds.
    Folds,
    /// Bootstrap resamples.
    Bootstrap,
    /// The seed.
    Seed,
}

impl Field {
    /// Every field, in the panel's order.
    pub const ALL: [Field; 10] = [
        Field::KList,
        Field::TauList,
        Field::GTauList,
        Field::KMax,
        Field::LinMix,
        Field::Prior,
        Field::Confidence,
        Field::Folds,
        Field::Bootstrap,
        Field::Seed,
    ];

    /// The key (`k_list`, `tau_list`, …), as errors and messages name it.
    pub fn key(self) -> &'static str {
        match self {
            Field::KList => "k_list",
            Field::TauList => "tau_list",
            Field::GTauList => "g_tau_list",
            Field::KMax => "k_max",
            Field::LinMix => "linmix",
            Field::Prior => "prior",
            Field::Confidence => "confidence",
            Field::Folds => "folds",
            Field::Bootstrap => "bootstrap",
            Field::Seed => "seed",
        }
    }

    /// Its element id and `data-testid` on the page (`k-list`, …).
    pub fn testid(self) -> &'static str {
        match self {
            Field::KList => "k-list",
            Field::TauList => "tau-list",
            Field::GTauList => "g-tau-list",
            Field::KMax => "k-max",
            f => f.key(),
        }
    }

    /// Its label on the page.
    pub fn label(self) -> &'static str {
        match self {
            Field::KList => "k list (table)",
            Field::TauList => "τ list (Cover@τ)",
            Field::GTauList => "τ list (G-Pass@k_τ)",
            Field::KMax => "k_max (chart)",
            Field::LinMix => "LinMix m_low, m_high",
            Field::Prior => "credible prior α0, β0",
            Field::Confidence => "confidence",
            Field::Folds => "CV folds",
            Field::Bootstrap => "bootstrap resamples",
            Field::Seed => "seed",
        }
    }

    /// Whether it sits among the estimator settings (behind "Estimator settings").
    pub fn advanced(self) -> bool {
        !matches!(
            self,
            Field::KList | Field::TauList | Field::GTauList | Field::KMax
        )
    }

    /// Its text.
    pub fn text(self, t: &SettingsText) -> &String {
        match self {
            Field::KList => &t.k_list,
            Field::TauList => &t.tau_list,
            Field::GTauList => &t.g_tau_list,
            Field::KMax => &t.k_max,
            Field::LinMix => &t.linmix,
            Field::Prior => &t.prior,
            Field::Confidence => &t.confidence,
            Field::Folds => &t.folds,
            Field::Bootstrap => &t.bootstrap,
            Field::Seed => &t.seed,
        }
    }

    /// Its text, to edit.
    pub fn text_mut(self, t: &mut SettingsText) -> &mut String {
        match self {
            Field::KList => &mut t.k_list,
            Field::TauList => &mut t.tau_list,
            Field::GTauList => &mut t.g_tau_list,
            Field::KMax => &mut t.k_max,
            Field::LinMix => &mut t.linmix,
            Field::Prior => &mut t.prior,
            Field::Confidence => &mut t.confidence,
            Field::Folds => &mut t.folds,
            Field::Bootstrap => &mut t.bootstrap,
            Field::Seed => &mut t.seed,
        }
    }
}
